"""REST routes of login, application commands, and interaction answers: callbacks,
follow-ups and the interaction webhook's messages."""

from __future__ import annotations

import secrets
import time
from typing import Any

from aiohttp import web

from tests.fake_components import (
    IS_COMPONENTS_V2,
)
from tests.fakediscord.channels import Channels
from tests.fakediscord.model import (
    ACK_DEADLINE_SECONDS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    Acknowledgement,
    DiscordError,
    FakeInteraction,
    FakeMessage,
    json_response,
)


class Answers(Channels):
    """Login, command registration, and the answers to interactions."""

    async def _unknown_route(self, request: web.Request) -> web.Response:
        self.violations.append(f"unexpected call {request.method} {request.path}")
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    async def _get_me(self, request: web.Request) -> web.Response:
        me = self.bot_user.payload()
        me.update(verified=True, mfa_enabled=False, email=None, locale="en-US")
        return json_response(me)

    async def _get_user(self, request: web.Request) -> web.Response:
        """GET /users/{id}: a user Discord knows (any of the fake's), else Unknown User."""
        text = request.match_info["user"]
        user = self.users.get(int(text)) if text.isdigit() else None
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def _get_invite(self, request: web.Request) -> web.Response:
        """GET /invites/{code}: the invite's server (partial) and channel, as Discord gives
        them to anyone; a code it does not know, or one expired or revoked: 10006."""
        found = self.invites.get(request.match_info["code"])
        if found is None or not found[2]:
            raise DiscordError(404, 10006, "Unknown Invite")
        guild_id, channel_id, _ = found
        channel = self.channels[channel_id]
        guild: dict[str, Any] = {
            "id": str(guild_id),
            "name": self.guild_names[guild_id],
            "icon": None,
            "splash": None,
            "banner": None,
            "description": None,
            "features": [],
            "verification_level": 0,
            "vanity_url_code": None,
            "nsfw_level": 0,
            "premium_subscription_count": 0,
        }
        return json_response(
            {
                "type": 0,
                "code": request.match_info["code"],
                "guild": guild,
                "channel": {"id": str(channel.id), "name": channel.name, "type": channel.type},
                "expires_at": None,
            }
        )

    async def _get_member(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/members/{id}: a member of the server (its roles), else 10007."""
        guild, text = request.match_info["guild"], request.match_info["user"]
        user = self.users.get(int(text)) if text.isdigit() else None
        known = guild.isdigit() and int(guild) in self.guild_names
        if user is None or not known or not user.is_member_of(int(guild)):
            raise DiscordError(404, 10007, "Unknown Member")  # a member who left included
        return json_response(self._member(user))

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.application_id),
                "name": "Postal",
                "icon": None,
                "description": "Correspondence chess and xiangqi",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "team": None,
                "verify_key": secrets.token_hex(32),
                "flags": 0,
                "interactions_endpoint_url": None,
            }
        )

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = self.identify_limit.payload()
        shards = self.recommended_shards
        return json_response(
            {"url": self.gateway_url, "shards": shards, "session_start_limit": limit}
        )

    async def _get_global_commands(self, request: web.Request) -> web.Response:
        return json_response(self.global_commands)

    async def _get_guild_commands(self, request: web.Request) -> web.Response:
        return json_response(self.guild_commands.get(int(request.match_info["guild"]), []))

    async def _put_global_commands(self, request: web.Request) -> web.Response:
        self.global_commands = self._register(await self._json_body(request), None)
        self.command_puts.append("global")
        return json_response(self.global_commands)

    async def _put_guild_commands(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"])
        if guild_id not in self.guild_names:
            # Not a violation: a wrong DEV_GUILD_ID is the operator's mistake to report.
            raise DiscordError(403, 50001, "Missing Access")
        self.guild_commands[guild_id] = self._register(await self._json_body(request), guild_id)
        self.command_puts.append(f"guild:{guild_id}")
        return json_response(self.guild_commands[guild_id])

    def _register(
        self, commands: list[dict[str, Any]], guild_id: int | None
    ) -> list[dict[str, Any]]:
        if len(commands) > 100:
            raise self._violation(400, 30032, "Maximum number of application commands reached")
        registered = []
        for command in commands:
            self._check_command(command)
            stored = dict(command)
            stored.update(
                id=str(self.new_id()), application_id=str(self.application_id), version="1"
            )
            stored.setdefault("type", 1)
            stored.setdefault("options", [])
            stored.setdefault("description", "")
            if guild_id is not None:
                stored["guild_id"] = str(guild_id)
            registered.append(stored)
        return registered

    def _interaction(self, interaction_id: str, token: str) -> FakeInteraction:
        interaction = self.interactions.get(int(interaction_id))
        if interaction is None or interaction.token != token:
            raise self._violation(404, 10062, f"Unknown interaction {interaction_id}")
        return interaction

    def _interaction_by_token(self, token: str) -> FakeInteraction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        raise self._violation(404, 10015, "Unknown Webhook")

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request.match_info["id"], request.match_info["token"])
        body, files = await self._read_body(request)
        elapsed = time.monotonic() - interaction.dispatched_at
        if interaction.ack is not None:
            raise self._violation(
                400, 40060, f"Interaction {interaction.id} has already been acknowledged"
            )
        if elapsed > ACK_DEADLINE_SECONDS:
            raise self._violation(
                404,
                10062,
                f"Unknown interaction {interaction.id}: acknowledged after {elapsed:.2f}s",
            )
        kind = body.get("type")
        data = body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            # A modal's submission cannot open another modal; it may update the message
            # only when the modal was opened from one of its components.
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if "message" in interaction.payload else set()),
        }[interaction.type]
        if kind not in allowed:
            raise self._violation(
                400,
                50035,
                f"callback type {kind} is not valid for interaction type {interaction.type}",
            )
        if kind == AUTOCOMPLETE_RESULT:
            self._check_choices(interaction, data.get("choices", []))
        if kind == MODAL:
            self._check_modal(data)
        if kind == DEFERRED_CHANNEL_MESSAGE and int(data.get("flags", 0)) & IS_COMPONENTS_V2:
            # Discord: EPHEMERAL is the only flag a deferred response may carry; the layout
            # flag goes on the follow-up that fills the message (it would be dropped here).
            raise self._violation(
                400, 50035, "IS_COMPONENTS_V2 on a deferred response (only EPHEMERAL is valid)"
            )
        interaction.ack = Acknowledgement(kind, elapsed, data)
        interaction.acked.set()
        message: FakeMessage | None = None
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            flags = int(data.get("flags", 0))
            if kind == DEFERRED_CHANNEL_MESSAGE:
                flags |= LOADING
                message = self._new_message(
                    interaction.channel_id, {"flags": flags}, [], interaction
                )
            else:
                message = self._new_message(interaction.channel_id, data, files, interaction)
            interaction.original = message
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            if "message" not in interaction.payload:
                raise self._violation(400, 50035, "an update needs a message to update")
            message = self._component_message(interaction)
            if kind == UPDATE_MESSAGE:
                self._apply_edit(message, data, files)
            interaction.original = message
        result: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        interaction.note_answer()
        if message is not None:
            result["interaction"]["response_message_id"] = str(message.id)
            result["resource"] = {"type": kind, "message": message.payload(self.base_url)}
        else:
            result["resource"] = {"type": kind}
        return json_response(result)

    def _component_message(self, interaction: FakeInteraction) -> FakeMessage:
        message_id = int(interaction.payload["message"]["id"])
        return self.messages[message_id]

    def _followup_interaction(self, request: web.Request) -> FakeInteraction:
        if int(request.match_info["app"]) != self.application_id:
            raise self._violation(404, 10015, "Unknown Webhook: wrong application id")
        interaction = self._interaction_by_token(request.match_info["token"])
        if time.monotonic() - interaction.dispatched_at > self.interaction_token_seconds:
            raise self._violation(
                401, 50027, f"Invalid Webhook Token: interaction {interaction.id} is too old"
            )
        if interaction.ack is None:
            message = f"follow-up to interaction {interaction.id} before acknowledging it"
            if request.method == "GET":
                # Asking whether an answer landed (its outcome unknown) is no misuse: there
                # is none yet, so no webhook either.
                raise DiscordError(404, 10015, f"Unknown Webhook: {message}")
            raise self._violation(404, 10015, message)
        return interaction

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        body, files = await self._read_body(request)
        original = interaction.original
        if original is not None and original.loading:
            # Discord: the first follow-up after a deferred response fills in the
            # "thinking" message, which keeps the visibility chosen when deferring. That is
            # kept for backwards compatibility and deprecated (Edit Original Interaction
            # Response is the way); a component layout "must" go that way.
            if int(body.get("flags") or 0) & IS_COMPONENTS_V2:
                raise self._violation(
                    400,
                    50035,
                    f"interaction {interaction.id}: a component layout after a deferral "
                    "must be sent by editing the original response, not as a follow-up",
                )
            self.violations.append(
                f"interaction {interaction.id}: a deferred response completed by a follow-up "
                "(deprecated: edit the original response)"
            )
            self._check_message(body, files, edit=False, existing=original)
            self._apply_edit(original, body, files)
            interaction.note_answer()
            return json_response(original.payload(self.base_url))
        message = self._new_message(interaction.channel_id, body, files, interaction)
        interaction.followups.append(message)
        interaction.note_answer()
        return json_response(message.payload(self.base_url))

    def _webhook_message(self, request: web.Request, interaction: FakeInteraction) -> FakeMessage:
        key = request.match_info["message"]
        if key == "@original":
            if interaction.original is None:
                raise self._violation(404, 10008, "Unknown Message: no original response")
            return interaction.original
        message = self.messages.get(int(key))
        if message is None or (
            message.interaction_id != interaction.id and message is not interaction.original
        ):
            raise self._violation(404, 10008, f"Unknown Message {key}")
        return message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        return json_response(self._webhook_message(request, interaction).payload(self.base_url))

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        message = self._webhook_message(request, interaction)
        body, files = await self._read_body(request)
        self._apply_edit(message, body, files)
        interaction.note_answer()
        return json_response(message.payload(self.base_url))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._followup_interaction(request)
        message = self._webhook_message(request, interaction)
        if message.loading and not message.ephemeral:
            # Everyone in the channel saw "Postal is thinking…" vanish: the answer was meant
            # to be private, so the acknowledgement should have been an ephemeral one.
            self.flashes.append(interaction.id)
            if interaction.id not in self._flashes_expected:
                self.violations.append(
                    f"interaction {interaction.id}: a public 'thinking' message was deleted"
                )
        del self.messages[message.id]
        if message is interaction.original:
            interaction.original = None
        return web.Response(status=204)
