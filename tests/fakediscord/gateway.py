"""The gateway: one websocket session per shard (HELLO, IDENTIFY, READY, heartbeats,
dispatches)."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fakediscord.model import PRIVILEGED_INTENTS

if TYPE_CHECKING:
    from tests.fakediscord.world import World


class GatewaySession:
    """One gateway connection: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, dispatches."""

    def __init__(self, fake: World, ws: web.WebSocketResponse) -> None:
        self.fake = fake
        self.ws = ws
        self.sequence = 0
        self.ready = False
        self.shard = (0, 1)  # [shard_id, num_shards] from IDENTIFY
        self.intents = 0  # from IDENTIFY: events an intent gates go only where asked for
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session's shard receives the events of ``guild_id`` (None: DMs),
        by Discord's formula ``(guild_id >> 22) % num_shards``."""
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)

    def send_dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self.ready:
            self.sequence += 1
            self._outbox.put_nowait({"op": 0, "t": event, "s": self.sequence, "d": data})

    async def _pump(self) -> None:
        while True:
            payload = await self._outbox.get()
            await self.ws.send_str(json.dumps(payload))

    async def run(self) -> None:
        hello = {"op": 10, "d": {"heartbeat_interval": self.fake.heartbeat_interval_ms}}
        await self.ws.send_str(json.dumps(hello))
        pump = asyncio.create_task(self._pump())
        try:
            async for frame in self.ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op = message.get("op")
                if op == 1:
                    self.fake.heartbeats += 1
                    self._outbox.put_nowait({"op": 11})
                    await self.fake._notify()
                elif op == 2:
                    await self._identify(message["d"])
                elif op == 6:
                    # Sessions are not resumable here: ask for a fresh IDENTIFY.
                    self._outbox.put_nowait({"op": 9, "d": False})
        finally:
            pump.cancel()
            if self in self.fake._sockets:
                self.fake._sockets.remove(self)

    async def _admitted(self, shard: Any) -> bool:
        """Whether the session-start limits let this IDENTIFY through: one too soon after
        its bucket's last gets an Invalid Session (not resumable), as Discord answers it;
        one past the day's session starts closes the connection (the token is reset). Both
        are violations: Postal paces its IDENTIFYs."""
        fake, limit = self.fake, self.fake.identify_limit
        if limit.remaining <= 0:
            fake.violations.append(f"IDENTIFY with no session starts left (of {limit.total})")
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return False
        first = shard[0] if isinstance(shard, list) and shard else 0
        refused = limit.admit(first if isinstance(first, int) else 0)
        if refused is None:
            return True
        fake.violations.append(refused)
        self._outbox.put_nowait({"op": 9, "d": False})
        await fake._notify()
        return False

    async def _identify(self, data: dict[str, Any]) -> None:
        fake = self.fake
        fake.identify_payloads.append(data)
        if data.get("token") != fake.token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        if not await self._admitted(data.get("shard", [0, 1])):
            return
        intents = int(data.get("intents", 0))
        privileged = [name for bit, name in PRIVILEGED_INTENTS.items() if intents & bit]
        if privileged and not fake.privileged_intents_enabled:
            fake.violations.append(f"privileged intents requested: {privileged}")
            await self.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard", [0, 1])
        if not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            await self.ws.close(code=4010, message=b"Invalid shard.")
            return
        if shard[1] < fake.required_shards:
            await self.ws.close(code=4011, message=b"Sharding required.")
            return
        if fake.close_on_identify is not None:
            await self.ws.close(code=fake.close_on_identify, message=b"Closed by the test.")
            return
        self.shard = (shard[0], shard[1])
        self.intents = intents
        self.ready = True
        fake._sockets.append(self)
        owned = [guild_id for guild_id in fake.guild_names if self.owns(guild_id)]
        self.send_dispatch(
            "READY",
            {
                "v": 10,
                "user": fake.bot_user.payload(),
                "guilds": [{"id": str(guild_id), "unavailable": True} for guild_id in owned],
                "session_id": secrets.token_hex(16),
                "resume_gateway_url": fake.gateway_url,
                "shard": list(self.shard),
                "application": {"id": str(fake.application_id), "flags": 0},
            },
        )
        for guild_id in owned:
            self.send_dispatch("GUILD_CREATE", fake.guild_payload(guild_id))
        await fake._notify()
