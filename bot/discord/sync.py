"""Sync slash commands with Discord only when their definitions changed.

Discord rate-limits command registration, so the bot hashes what it would register (the
target and every command's JSON) and skips the upload when the hash matches the last one.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

_log = logging.getLogger(__name__)


class CommandSyncError(Exception):
    """Discord refused to register the slash commands; the message says where and why."""


async def command_definitions(
    tree: app_commands.CommandTree[discord.Client], guild_id: int | None
) -> list[dict[str, Any]]:
    """The JSON of every command ``tree`` registers for ``guild_id`` (None: global), with
    their translations, by name: what is hashed and what is uploaded (translating every
    string into every locale is most of a start's work, done once)."""
    guild = None if guild_id is None else discord.Object(guild_id)
    translator = tree.translator
    definitions = [
        await command.get_translated_payload(tree, translator)
        if translator is not None
        else command.to_dict(tree)
        for command in tree.get_commands(guild=guild)
    ]
    return sorted(definitions, key=lambda definition: str(definition["name"]))


def definitions_hash(definitions: list[dict[str, Any]], guild_id: int | None) -> str:
    """A hash of ``definitions`` registered for ``guild_id`` (None: global), translations
    included: a changed catalog is a change to register."""
    target = "global" if guild_id is None else f"guild:{guild_id}"
    text = json.dumps({"target": target, "commands": definitions}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


async def upload(
    tree: app_commands.CommandTree[discord.Client],
    guild_id: int | None,
    definitions: list[dict[str, Any]],
) -> int:
    """Register ``definitions`` (Discord's bulk overwrite, as ``CommandTree.sync`` does)
    to ``guild_id``, else globally; returns how many Discord kept. Raises
    ``discord.HTTPException`` if Discord refuses."""
    client = tree.client
    if client.application_id is None:
        raise app_commands.MissingApplicationID
    if guild_id is None:
        synced = await client.http.bulk_upsert_global_commands(
            client.application_id, payload=definitions
        )
    else:
        synced = await client.http.bulk_upsert_guild_commands(
            client.application_id, guild_id, payload=definitions
        )
    return len(synced)


async def sync_if_changed(
    tree: app_commands.CommandTree[discord.Client],
    guild_id: int | None,
    load_hash: Callable[[], Awaitable[str | None]],
    save_hash: Callable[[str], Awaitable[None]],
    *,
    register: bool = True,
) -> bool:
    """Register the commands (to ``guild_id``, else globally) unless unchanged since the last
    sync; returns whether it synced. With ``register`` False the tree is only made
    ready (another process of the deployment registers). Raises ``CommandSyncError`` if
    Discord refuses."""
    if guild_id is not None:
        tree.copy_global_to(guild=discord.Object(guild_id))
    if not register:
        _log.info("slash commands are registered by the process holding shard 0")
        return False
    definitions = await command_definitions(tree, guild_id)
    digest = definitions_hash(definitions, guild_id)
    if await load_hash() == digest:
        _log.info("slash commands unchanged; not syncing")
        return False
    try:
        synced = await upload(tree, guild_id, definitions)
    except discord.HTTPException as error:
        where = "globally" if guild_id is None else f"to DEV_GUILD_ID {guild_id}"
        hint = " (is the bot a member of that server?)" if guild_id is not None else ""
        raise CommandSyncError(
            f"Discord refused to register the slash commands {where}: "
            f"{error.status} {error.text or error.response.reason}{hint}"
        ) from error
    await save_hash(digest)
    _log.info(
        "synced %d slash commands %s",
        synced,
        "globally" if guild_id is None else f"to guild {guild_id}",
    )
    return True
