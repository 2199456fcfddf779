"""The users' side, driven by a test: slash commands, buttons, menus, forms, autocomplete,
and waiting for the bot's answers."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from typing import Any

from tests.fakediscord.events import Events
from tests.fakediscord.model import (
    APPLICATION_COMMAND,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    BOOLEAN,
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    DIRECT_MESSAGE_POLLS,
    DM,
    GUILD_FORUM,
    GUILD_MESSAGE_POLLS,
    INTEGER,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    USER,
    Acknowledgement,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
)


class Driver(Events):
    """What users do, as INTERACTION_CREATE dispatches, and the bot's answers awaited."""

    async def reply(self, interaction: FakeInteraction, timeout: float = 10.0) -> FakeMessage:
        """Wait for the interaction's first real answer and return it."""
        await self.wait_until(lambda: interaction.messages(), timeout)
        return interaction.reply()

    async def acknowledged(
        self, interaction: FakeInteraction, timeout: float = 10.0
    ) -> Acknowledgement:
        await self.wait_until(lambda: interaction.ack, timeout)
        assert interaction.ack is not None
        return interaction.ack

    def command(
        self, name: str, channel: FakeChannel | None = None
    ) -> tuple[dict[str, Any], int | None]:
        """The command ``name`` as a user in ``channel`` (default: the guild's first channel)
        sees it, and its guild id: the guild's own commands first, then global ones. A DM
        shows only global commands whose contexts include the bot's DM (Discord's default
        for a global command without ``contexts`` is every context); Discord's client offers
        nothing else there, so LookupError means the user could never send it."""
        where = channel or self.channel
        if where.type != DM:
            guild = self.commands(where.guild_id)
            if name in guild:
                return guild[name], where.guild_id
        registered = self.commands()
        if name in registered:
            command = registered[name]
            context = CONTEXT_BOT_DM if where.type == DM else CONTEXT_GUILD
            contexts = command.get("contexts")
            if contexts is None or context in contexts:
                return command, None
            raise LookupError(f"/{name} is not offered in {where.name} (contexts {contexts})")
        raise LookupError(f"command /{name} is not registered with Discord")

    async def slash(
        self,
        user: FakeUser,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: FakeChannel | int | None = None,
        delayed: float = 0.0,
    ) -> FakeInteraction:
        """Dispatch ``/name`` typed by ``user`` with ``options``, as Discord's client sends it;
        ``delayed`` seconds after Discord created it (a slow gateway: its 3 s run from then).

        Raises ValueError for what Discord's client would not let a user send (an unknown
        option, a missing required one, a value outside the choices or bounds).
        """
        top, _, sub = name.partition(" ")
        where = self._resolve_channel(channel)
        command, guild_id = self.command(top, where)
        typed_in = where.guild_id if where.type != DM else None
        subcommands = [o["name"] for o in command.get("options", []) if o["type"] == SUB_COMMAND]
        if subcommands and not sub:
            # Discord's client sends a group only with one of its subcommands.
            raise ValueError(f"/{top} is used as /{top} <{'|'.join(subcommands)}>")
        if sub:
            data = self._subcommand_data(command, sub, guild_id, dict(options or {}), typed_in)
        else:
            data = self._command_data(
                command, guild_id, dict(options or {}), focused=None, typed_in=typed_in
            )
        return await self._interact(APPLICATION_COMMAND, user, channel, data, delayed=delayed)

    def _subcommand_data(
        self,
        command: dict[str, Any],
        sub: str,
        guild_id: int | None,
        options: dict[str, Any],
        typed_in: int | None,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """``/group sub`` as Discord sends it: the group's id and name, the subcommand as
        its one option, carrying the subcommand's own options (one ``focused``, for an
        autocomplete request)."""
        declared = {o["name"]: o for o in command.get("options", []) if o["type"] == SUB_COMMAND}
        if sub not in declared:
            raise LookupError(f"/{command['name']} has no subcommand {sub!r}")
        inner = self._command_data(
            {**declared[sub], "id": command["id"], "name": f"{command['name']} {sub}"},
            guild_id,
            options,
            focused=focused,
            typed_in=typed_in,
        )
        option = {"name": sub, "type": SUB_COMMAND, "options": inner["options"]}
        return {**inner, "name": command["name"], "options": [option]}

    async def submit_modal(
        self, user: FakeUser, opened_by: FakeInteraction, values: Mapping[str, str]
    ) -> FakeInteraction:
        """``user`` fills in and submits the modal the bot answered ``opened_by`` with:
        ``values`` by text input ``custom_id``. Raises ValueError for what Discord's client
        would not submit (another user's modal, a required box left empty, a length outside
        the box's bounds, a box the modal does not have)."""
        if opened_by.ack is None or opened_by.ack.type != MODAL:
            raise ValueError(f"interaction {opened_by.id} was not answered with a modal")
        if user.id != opened_by.user.id:
            raise ValueError("a modal is shown only to the user who opened it")
        modal = opened_by.ack.data
        inputs = {}
        components = []
        for top in modal["components"]:
            if top["type"] == 18:
                box = top["component"]
                inputs[box["custom_id"]] = box
                components.append(
                    {"type": 18, "id": top.get("id"), "component": self._filled(box, values)}
                )
            elif top["type"] == 1:
                boxes = [self._filled(box, values) for box in top["components"]]
                inputs.update({box["custom_id"]: box for box in top["components"]})
                components.append({"type": 1, "components": boxes})
        unknown = set(values) - set(inputs)
        if unknown:
            raise ValueError(f"the modal has no text inputs {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        message = opened_by.payload.get("message")
        found = self.messages.get(int(message["id"])) if message else None
        return await self._interact(MODAL_SUBMIT, user, opened_by.channel_id, data, message=found)

    @staticmethod
    def _filled(box: dict[str, Any], values: Mapping[str, str]) -> dict[str, Any]:
        value = values.get(box["custom_id"], "")
        if box.get("required", True) and not value:
            raise ValueError(f"text input {box['custom_id']!r} is required")
        low, high = box.get("min_length", 0), box.get("max_length", 4000)
        if value and not low <= len(value) <= high:
            raise ValueError(f"text input {box['custom_id']!r} takes {low}-{high} characters")
        return {"type": 4, "id": box.get("id"), "custom_id": box["custom_id"], "value": value}

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        focused: str,
        options: Mapping[str, Any],
        *,
        channel: FakeChannel | int | None = None,
    ) -> FakeInteraction:
        """Dispatch an autocomplete request for option ``focused`` (its partial text in
        options) of ``/name`` (``group sub``: a subcommand's, nested in it as Discord sends
        it)."""
        top, _, sub = name.partition(" ")
        where = self._resolve_channel(channel)
        command, guild_id = self.command(top, where)
        typed_in = where.guild_id if where.type != DM else None
        if sub:
            data = self._subcommand_data(command, sub, guild_id, dict(options), typed_in, focused)
        else:
            data = self._command_data(
                command, guild_id, dict(options), focused=focused, typed_in=typed_in
            )
        interaction = await self._interact(AUTOCOMPLETE, user, channel, data)
        await self.acknowledged(interaction)
        return interaction

    async def click(
        self, user: FakeUser, message: FakeMessage, label_or_id: str
    ) -> FakeInteraction:
        """``user`` presses the button with that label (or custom_id) on ``message``."""
        current = self._visible_message(user, message)
        buttons = current.buttons()
        matching = [b for b in buttons if label_or_id in (b.get("label"), b.get("custom_id"))]
        if not matching:
            raise LookupError(f"no button {label_or_id!r} on message {current.id}: {buttons}")
        button = matching[0]
        if button.get("disabled"):
            raise ValueError(f"button {label_or_id!r} is disabled")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(
            MESSAGE_COMPONENT, user, current.channel_id, data, message=current
        )

    async def click_as_shown(
        self, user: FakeUser, shown: FakeMessage, button: dict[str, Any]
    ) -> FakeInteraction:
        """``user`` presses ``button`` of ``shown``, the message as their client still shows
        it: a press that raced Postal's edit removing its buttons (Discord delivers it)."""
        data = {"custom_id": button["custom_id"], "component_type": 2}
        current = self.messages[shown.id]
        return await self._interact(
            MESSAGE_COMPONENT, user, current.channel_id, data, message=current
        )

    def _visible_message(self, user: FakeUser, message: FakeMessage) -> FakeMessage:
        """``message`` as it is now; LookupError if deleted, ValueError if ``user`` cannot
        see it (someone else's ephemeral message)."""
        current = self.messages.get(message.id)
        if current is None:
            raise LookupError(f"message {message.id} does not exist (deleted?)")
        if current.visible_to is not None and current.visible_to != user.id:
            raise ValueError(f"{user.name} cannot see ephemeral message {current.id}")
        return current

    async def choose(
        self, user: FakeUser, message: FakeMessage, values: list[str], *, menu: int | str = 0
    ) -> FakeInteraction:
        """``user`` picks ``values`` in a select menu of ``message`` (its index, custom_id or
        placeholder). Raises ValueError for what Discord's client would not let them send:
        a value that is not an option, too many or too few values."""
        current = self._visible_message(user, message)
        selects = current.selects()
        if isinstance(menu, int):
            found = selects[menu : menu + 1]
        else:
            found = [s for s in selects if menu in (s.get("custom_id"), s.get("placeholder"))]
        if not found:
            raise LookupError(f"no select menu {menu!r} on message {current.id}")
        select = found[0]
        if select.get("disabled"):
            raise ValueError(f"select menu {menu!r} is disabled")
        offered = [o["value"] for o in select.get("options") or []]
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise ValueError(f"{unknown} are not options of {select['custom_id']}: {offered}")
        if not select.get("min_values", 1) <= len(values) <= select.get("max_values", 1):
            raise ValueError(f"{len(values)} values for select menu {select['custom_id']}")
        data = {
            "custom_id": select["custom_id"],
            "component_type": select["type"],
            "values": values,
        }
        return await self._interact(
            MESSAGE_COMPONENT, user, current.channel_id, data, message=current
        )

    async def poll_vote(
        self, user: FakeUser, message: FakeMessage, answer_id: int, *, remove: bool = False
    ) -> None:
        """``user`` votes for (``remove``: takes back their vote for) answer ``answer_id`` of
        ``message``'s poll, as Discord's client does: MESSAGE_POLL_VOTE_ADD (or _REMOVE:
        user_id, channel_id, message_id, guild_id in a server, answer_id) is sent to
        sessions that asked for GUILD_MESSAGE_POLLS (DIRECT_MESSAGE_POLLS for a poll in a
        DM). Raises ValueError for what the client would not let them do (no poll, an
        ended one, no such answer, a second answer of a single-choice poll, taking back a
        vote not cast)."""
        current = self._visible_message(user, message)
        poll = current.poll
        if poll is None or current.poll_ended:
            raise ValueError(f"message {current.id} has no open poll")
        if answer_id not in [answer["answer_id"] for answer in poll["answers"]]:
            raise ValueError(f"the poll has no answer {answer_id}")
        mine = current.poll_votes.setdefault(user.id, set())
        if remove:
            if answer_id not in mine:
                raise ValueError(f"{user.name} has not voted for answer {answer_id}")
            mine.discard(answer_id)
        elif mine and not poll["allow_multiselect"]:
            raise ValueError(f"{user.name} voted already: a single-choice poll takes one answer")
        else:
            mine.add(answer_id)
        channel = self.channels[current.channel_id]
        event = {
            "user_id": str(user.id),
            "channel_id": str(channel.id),
            "message_id": str(current.id),
            "answer_id": answer_id,
        }
        intent = DIRECT_MESSAGE_POLLS
        if channel.guild_id is not None and channel.type != DM:
            event["guild_id"] = str(channel.guild_id)
            intent = GUILD_MESSAGE_POLLS
        name = "MESSAGE_POLL_VOTE_REMOVE" if remove else "MESSAGE_POLL_VOTE_ADD"
        self._dispatch(name, event, intent=intent)
        await self._notify()

    async def user_command(
        self, user: FakeUser, name: str, target: FakeUser, *, channel: FakeChannel | None = None
    ) -> FakeInteraction:
        """``user`` right-clicks ``target`` and picks the user command ``name`` (Apps menu)."""
        command, guild_id = self.command(name, channel)
        if command.get("type") != 2:
            raise LookupError(f"{name!r} is not a user command")
        data: dict[str, Any] = {
            "id": command["id"],
            "name": name,
            "type": 2,
            "target_id": str(target.id),
            "resolved": {"users": {str(target.id): target.payload()}},
        }
        member = self._member(target)
        del member["user"]
        data["resolved"]["members"] = {str(target.id): member}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return await self._interact(APPLICATION_COMMAND, user, channel, data)

    def _command_data(
        self,
        command: dict[str, Any],
        guild_id: int | None,
        options: dict[str, Any],
        *,
        focused: str | None,
        typed_in: int | None,
    ) -> dict[str, Any]:
        """The command's data as Discord sends it (``typed_in``: the server it is typed in,
        None in a DM: whose members Discord resolves for a user option)."""
        declared = {o["name"]: o for o in command.get("options", [])}
        unknown = set(options) - set(declared)
        if unknown:
            raise ValueError(f"/{command['name']} has no options {sorted(unknown)}")
        sent: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, option in declared.items():
            if name not in options:
                if option.get("required") and focused is None:
                    raise ValueError(f"/{command['name']} needs option {name!r}")
                continue
            value = options[name]
            entry: dict[str, Any] = {"name": name, "type": option["type"]}
            if name == focused:
                entry.update(value=str(value), focused=True)
            else:
                entry["value"] = self._option_value(
                    command["name"], option, value, resolved, guild_id, typed_in
                )
            sent.append(entry)
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "options": sent,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(
        self,
        command: str,
        option: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        guild_id: int | None,
        typed_in: int | None,
    ) -> Any:
        kind = option["type"]
        where = f"/{command} {option['name']}"
        if kind == USER:
            if not isinstance(value, FakeUser):
                raise ValueError(f"{where} takes a FakeUser, got {value!r}")
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            # Discord resolves a member only for a user who is one of the server the
            # command is typed in (a user of another server, or anyone in a DM, comes as a
            # user alone).
            if typed_in is not None and value.is_member_of(typed_in):
                member = self._member(value)
                del member["user"]
                resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if kind == ROLE:
            # Discord's role picker lists the roles of the server the command is typed in
            # (a global command's too), its @everyone as well (its id is the server's).
            server = typed_in if typed_in is not None else guild_id
            everyone = value == server
            ours = value in self.roles and self.roles[value][0] == server
            if not isinstance(value, int) or not (everyone or ours):
                raise ValueError(
                    f"{where} takes a role of the server (add_role, or the server's id for "
                    f"@everyone), got {value!r}"
                )
            shown = self._role(value) if everyone else self.role(value)
            resolved.setdefault("roles", {})[str(value)] = shown
            return str(value)
        if kind == STRING and not isinstance(value, str):
            raise ValueError(f"{where} takes text, got {value!r}")
        if kind == INTEGER and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"{where} takes an integer, got {value!r}")
        if kind == BOOLEAN and not isinstance(value, bool):
            raise ValueError(f"{where} takes true/false, got {value!r}")
        choices = option.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"{where} must be one of {[c['value'] for c in choices]}")
        length_range = (option.get("min_length", 0), option.get("max_length", 6000))
        if kind == STRING and not length_range[0] <= len(value) <= length_range[1]:
            raise ValueError(f"{where}: {value!r} is not {length_range[0]}-{length_range[1]} long")
        if kind in (INTEGER, NUMBER):
            if "min_value" in option and value < option["min_value"]:
                raise ValueError(f"{where}: {value} is below {option['min_value']}")
            if "max_value" in option and value > option["max_value"]:
                raise ValueError(f"{where}: {value} is above {option['max_value']}")
        return value

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel | int | None,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        delayed: float = 0.0,
    ) -> FakeInteraction:
        where = self._resolve_channel(channel)
        if where.type == GUILD_FORUM:
            # A forum has no message box: commands are typed in its posts (threads).
            raise ValueError(f"nobody can type a command in forum channel {where.name}")
        self.archive_idle_threads()
        if not user.is_member_of(where.guild_id):
            # A server's channels are its members': nobody else sees them, nor types there.
            raise ValueError(f"{user.name} is no member of the server of {where.name}")
        if not self.can_read(user, where):
            # Discord's docs (Threads): a private thread is seen only by its members and
            # by those who may Manage Threads; nobody else can type in it.
            raise ValueError(f"{user.name} cannot see private thread {where.name}")
        if where.archived and kind in (APPLICATION_COMMAND, AUTOCOMPLETE):
            # Discord's docs (Threads): users cannot use application commands in archived
            # threads (the client offers none until someone posts there).
            raise ValueError(f"nobody can use a command in archived thread {where.name}")
        # Interaction ids are snowflakes of their creation time, as Discord's are: bots read
        # the interaction's age from them.
        interaction_id = self._snowflake(time.time() - delayed)
        token = secrets.token_urlsafe(24)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(where.guild_id or self.guild_id)},
            "app_permissions": str(self.channel_permissions(where)),
            # discord.py 2.7 reads this key unconditionally.
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if where.type == DM:
            payload.update(channel_id=str(where.id), channel=where.payload(), user=user.payload())
            payload["context"] = 1
        else:
            payload.update(
                guild_id=str(where.guild_id),
                guild_locale=self.guild_locale(where.guild_id),
                guild={
                    "id": str(where.guild_id),
                    "locale": self.guild_locale(where.guild_id),
                    "features": [],
                },
                channel_id=str(where.id),
                channel=where.payload(),
                member=self._member(user),
                context=0,
            )
        if message is not None:
            payload["message"] = message.payload(self.base_url)
        interaction = FakeInteraction(
            interaction_id, token, kind, user, where.id, payload, time.monotonic() - delayed
        )
        self.interactions[interaction_id] = interaction
        self._dispatch("INTERACTION_CREATE", payload)
        return interaction
