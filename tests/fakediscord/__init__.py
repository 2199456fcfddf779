"""A loopback fake of Discord's REST API and gateway, for end-to-end tests with real discord.py.

``FakeDiscord`` is an aiohttp application on 127.0.0.1 (random port). An unmodified discord.py
client logs into it when ``discord.http.Route.BASE`` is ``fake.api_base`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` is ``fake.gateway_url``. The fake plays
one guild (``add_guild`` adds more, each with its GUILD_CREATE) with text, announcement,
voice and forum channels, threads (public, private, announcement; archived and locked ones;
only members, creators and moderators unarchive one by editing it) and DMs, registers
application commands, dispatches interactions the way Discord does (slash commands, user
context menus, buttons, select menus, forms, autocomplete; never a guild-only command from a
DM) and records every call the bot makes. Component layouts are checked by
``tests.fake_components`` (components v2: no content or embeds beside them, 40 components,
4,000 characters, the flag never on a deferred response; menus of 1-25 options; form limits).

It enforces the rules of Discord that a bot can break: one acknowledgement per interaction
within 3 seconds, message and embed sizes, component counts, ``custom_id`` length, autocomplete
choice counts, file sizes, permissions per channel (the bot's overwrites, inherited by
threads, reported in ``app_permissions``), a message addressed through the channel it is in,
messages refused in forum channels (a forum post is a thread made with its first message,
which has the post's id), thread creation per channel type, archived and locked threads,
privileged intents, and the pace of session starts (one IDENTIFY per rate-limit bucket,
``shard_id % max_concurrency``, per 5 s, whichever connection sends it; one too soon gets an
Invalid Session; ``session_start_limit.remaining`` counts them down, and none left closes the
gateway with 4004: ``tests.fakediscord.identify``). A broken rule is answered with
Discord's error and appended to ``violations``; the test fixture fails the test when that
list is not empty. A public "thinking…" message that the bot deletes (it flashed before a
private answer) is a violation, unless the test expects it (``expect_flash``: a wrong guess
that the answer is public). The first follow-up after a deferral fills the "thinking…"
message and keeps its visibility, whatever flag it carries, as Discord does; that path is
deprecated (a violation) and refused for a component layout, which must edit the original
response (Discord's documentation).

Posting in a channel and editing messages in it are limited as Discord limits them
(``POST_MESSAGE_LIMIT``, ``EDIT_MESSAGE_LIMIT``: 5 per 5 s per channel each): past the limit a
429 with ``retry_after`` and the X-RateLimit-* headers, in one bucket hash for both though
they are counted apart, as Discord does. Edits of messages older than an hour (on the fake's
wall clock; message ids are snowflakes of it) have a tighter limit besides
(``OLD_EDIT_LIMIT``, 3 per 6 s per channel): a 429 with code 30046 and no X-RateLimit
headers, its ``retry_after`` left out when ``old_edit_retry_after`` is False. Not a
violation (discord.py waits and retries, as it must); ``rate_limited()`` lists those 429s.
``quicken_windows`` shortens those windows (and the IDENTIFY window), their counts kept, for
tests not about them.

A fault mode (``Faults``) makes a chosen fraction of the bot's REST calls fail the ways
Discord does: 5xx, 429 with ``retry_after`` (per route, or global with ``X-RateLimit-Global``),
and connections reset before or after the request took effect. ``fail_next`` scripts one
failure. Create Message honours ``nonce`` + ``enforce_nonce`` (a repeat within
``nonce_memory_seconds`` returns the first message), so a retry after a lost answer does not
post twice. Every call is recorded with the time it started (``max_rate``).

Payload shapes follow Discord's API documentation (v10); nothing here imports discord.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.fakediscord.driver import Driver
from tests.fakediscord.gateway import GatewaySession
from tests.fakediscord.limits import (
    EDIT_MESSAGE_LIMIT,
    FAULT_KINDS,
    GLOBAL_LIMIT,
    OLD_EDIT_LIMIT,
    OLD_EDITS_REFUSED,
    OLD_MESSAGE,
    POST_MESSAGE_LIMIT,
    SCRIPTED_FAULTS,
    Faults,
    RouteLimit,
)
from tests.fakediscord.model import (
    ACK_DEADLINE_SECONDS,
    ANNOUNCEMENT_THREAD,
    APPLICATION_COMMAND,
    ATTACH_FILES,
    ATTACHMENT,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    BOOLEAN,
    BOT_PERMISSIONS,
    CHANNEL,
    CHANNEL_MESSAGE,
    COMMAND_NAME,
    CONNECT,
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    CONTEXT_PRIVATE_CHANNEL,
    CREATE_EVENTS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    DISCORD_EPOCH_MS,
    DISCORD_LOCALES,
    DM,
    EMBED_LINKS,
    EPHEMERAL,
    GUILD_ANNOUNCEMENT,
    GUILD_FORUM,
    GUILD_TEXT,
    GUILD_VOICE,
    INTEGER,
    INTERACTION_TOKEN_SECONDS,
    LOADING,
    MANAGE_GUILD,
    MANAGE_THREADS,
    MENTION,
    MENTIONABLE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    NUMBER,
    PING,
    PRIVATE_THREAD,
    PRIVILEGED_INTENTS,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    ROLE,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    THREAD_FROM_MESSAGE,
    THREAD_LOCKED,
    THREAD_TYPES,
    UPDATE_MESSAGE,
    USE_APPLICATION_COMMANDS,
    USER,
    VIEW_CHANNEL,
    Acknowledgement,
    Call,
    DiscordError,
    FakeChannel,
    FakeFile,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    SentBody,
)

__all__ = [
    "ACK_DEADLINE_SECONDS",
    "ANNOUNCEMENT_THREAD",
    "APPLICATION_COMMAND",
    "ATTACHMENT",
    "ATTACHMENT_SIZE_LIMIT",
    "ATTACH_FILES",
    "AUTOCOMPLETE",
    "AUTOCOMPLETE_RESULT",
    "BOOLEAN",
    "BOT_PERMISSIONS",
    "CHANNEL",
    "CHANNEL_MESSAGE",
    "COMMAND_NAME",
    "CONNECT",
    "CONTEXT_BOT_DM",
    "CONTEXT_GUILD",
    "CONTEXT_PRIVATE_CHANNEL",
    "CREATE_EVENTS",
    "CREATE_PRIVATE_THREADS",
    "CREATE_PUBLIC_THREADS",
    "DEFERRED_CHANNEL_MESSAGE",
    "DEFERRED_UPDATE",
    "DISCORD_EPOCH_MS",
    "DISCORD_LOCALES",
    "DM",
    "EDIT_MESSAGE_LIMIT",
    "EMBED_LINKS",
    "EPHEMERAL",
    "FAULT_KINDS",
    "GLOBAL_LIMIT",
    "GUILD_ANNOUNCEMENT",
    "GUILD_FORUM",
    "GUILD_TEXT",
    "GUILD_VOICE",
    "INTEGER",
    "INTERACTION_TOKEN_SECONDS",
    "LOADING",
    "MANAGE_GUILD",
    "MANAGE_THREADS",
    "MENTION",
    "MENTIONABLE",
    "MESSAGE_COMPONENT",
    "MODAL",
    "MODAL_SUBMIT",
    "NUMBER",
    "OLD_EDITS_REFUSED",
    "OLD_EDIT_LIMIT",
    "OLD_MESSAGE",
    "PING",
    "POST_MESSAGE_LIMIT",
    "PRIVATE_THREAD",
    "PRIVILEGED_INTENTS",
    "PUBLIC_THREAD",
    "READ_MESSAGE_HISTORY",
    "ROLE",
    "SCRIPTED_FAULTS",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "STRING",
    "SUB_COMMAND",
    "SUB_COMMAND_GROUP",
    "THREAD_FROM_MESSAGE",
    "THREAD_LOCKED",
    "THREAD_TYPES",
    "UPDATE_MESSAGE",
    "USER",
    "USE_APPLICATION_COMMANDS",
    "VIEW_CHANNEL",
    "Acknowledgement",
    "Call",
    "DiscordError",
    "Driver",
    "FakeChannel",
    "FakeDiscord",
    "FakeFile",
    "FakeInteraction",
    "FakeMessage",
    "FakeUser",
    "Faults",
    "GatewaySession",
    "RouteLimit",
    "SentBody",
]


class FakeDiscord(Driver):
    """A loopback Discord: REST under ``/api/v10`` and a gateway at ``/gateway``.

    ``bot_permissions`` are the bot's permissions in every guild channel (the @everyone role);
    ``token`` is the only token it accepts.
    """

    async def start(self) -> None:
        """Listen on a random loopback port."""
        app = web.Application(middlewares=[self._record], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        api = "/api/v10"
        routes: list[tuple[str, str, Callable[..., Any]]] = [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/users/{user}", self._get_user),
            ("GET", "/guilds/{guild}/members/{user}", self._get_member),
            ("GET", "/invites/{code}", self._get_invite),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway_bot),
            ("GET", "/applications/{app}/commands", self._get_global_commands),
            ("PUT", "/applications/{app}/commands", self._put_global_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", self._get_guild_commands),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._put_guild_commands),
            ("POST", "/interactions/{id}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._get_webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._edit_webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._delete_webhook_message),
            ("GET", "/channels/{channel}", self._get_channel),
            ("GET", "/channels/{channel}/messages", self._get_messages),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("GET", "/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._edit_message),
            ("PATCH", "/channels/{channel}", self._edit_channel),
            ("GET", "/channels/{channel}/thread-members/{user}", self._get_thread_member),
            ("PUT", "/channels/{channel}/thread-members/{user}", self._add_thread_member),
            ("DELETE", "/channels/{channel}/thread-members/{user}", self._remove_thread_member),
            ("POST", "/channels/{channel}/threads", self._create_thread),
            ("POST", "/channels/{channel}/messages/{message}/threads", self._create_thread),
            ("POST", "/users/@me/channels", self._open_dm),
            ("POST", "/channels/{channel}/polls/{message}/expire", self._expire_poll),
            ("POST", "/guilds/{guild}/scheduled-events", self._create_scheduled_event),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, api + path, handler)
        app.router.add_route("*", api + "/{tail:.*}", self._unknown_route)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        for session in list(self._sockets):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if not self.gateway_up:
            self.gateway_refused += 1
            await self._notify()
            return web.Response(status=503, text="upstream connect error")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = GatewaySession(self, ws)
        await session.run()
        return ws
