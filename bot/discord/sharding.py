"""Several processes, each with some of the shards: what a process connects, what it is
called in the database, and which one registers the slash commands.

Discord sends a server's events on one shard, ``(guild_id >> 22) % shard_count``, and
direct messages on shard 0; every shard must be connected by exactly one process for every
server to be served. The REST API is not sharded: any process may post in any channel or
answer any interaction with the bot token, so work that another process started (an outbox
row, a time-out) can be finished by whichever process claims it.
"""

from __future__ import annotations

from typing import Any

from bot.config import Settings
from bot.store import ALL_SHARDS


def shard_options(settings: Settings) -> dict[str, Any]:
    """``AutoShardedClient``'s shard arguments: none means as many shards as Discord
    recommends (GET /gateway/bot), all in this process."""
    options: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids is not None:
        options["shard_ids"] = list(settings.shard_ids)
    return options


def process_name(settings: Settings) -> str:
    """This process's name in the database's claims: its shards, which no other process of
    the deployment holds. A process started again under the same name is the same process
    back (its previous run is over), so it may end the claims that run left."""
    if settings.shard_ids is None:
        return "shards:all"
    return f"shards:{','.join(map(str, settings.shard_ids))}/{settings.shard_count}"


def leased_shards(settings: Settings) -> list[int]:
    """The shards this process leases before serving them (``bot.service.shards``): its
    ``SHARD_IDS``, or ``ALL_SHARDS`` without them."""
    return [ALL_SHARDS] if settings.shard_ids is None else list(settings.shard_ids)


def registers_commands(settings: Settings) -> bool:
    """Whether this process registers the slash commands: the one holding shard 0 (or all
    shards). A deployment has exactly one such process, so registration happens once per
    deployment without a lock that a killed process could leave behind; the stored hash of
    the definitions keeps restarts from registering again what did not change."""
    return settings.shard_ids is None or 0 in settings.shard_ids
