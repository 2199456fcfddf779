"""Discord's checks of what a bot sends: commands, options and their translations,
messages, files, forms, autocomplete choices, mentions. A broken rule is a violation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tests.fake_components import (
    IS_COMPONENTS_V2,
    ComponentError,
    check_message_components,
)
from tests.fakediscord.model import (
    ATTACHMENT_SIZE_LIMIT,
    COMMAND_NAME,
    DISCORD_LOCALES,
    INTEGER,
    MAX_ATTACHMENTS,
    MENTION,
    MENTION_EVERYONE,
    NUMBER,
    POLL_ANSWER_LIMIT,
    POLL_ANSWERS,
    POLL_HOURS,
    POLL_QUESTION_LIMIT,
    ROLE_MENTION,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    FakeFile,
    FakeInteraction,
    FakeMessage,
)
from tests.fakediscord.recording import Recording


class Checks(Recording):
    """Discord's validation of commands, messages, forms and files."""

    def _check_command(self, command: dict[str, Any]) -> None:
        name = command.get("name", "")
        if command.get("type", 1) in (2, 3):
            # User and message commands (the Apps menu): any name of 1-32 characters, no
            # description, no options.
            if not 1 <= len(name) <= 32:
                raise self._violation(400, 50035, f"Invalid context menu name {name!r}")
            if command.get("description") or command.get("options"):
                raise self._violation(400, 50035, f"{name!r}: context menus take no description")
            self._check_localized(name, command, menu=True)
            return
        if not COMMAND_NAME.match(name) or name != name.lower():
            raise self._violation(400, 50035, f"Invalid command name {name!r}")
        if not 1 <= len(command.get("description", "")) <= 100:
            raise self._violation(400, 50035, f"/{name}: description must be 1-100 characters")
        self._check_localized(f"/{name}", command)
        self._check_options(name, command.get("options", []))

    def _check_localized(self, label: str, item: dict[str, Any], *, menu: bool = False) -> None:
        """A command's, option's or choice's translations, checked as Discord checks them:
        known locale keys only; names by the name rules (a context menu's: 1-32 of any
        characters), descriptions and choice names 1-100 characters."""
        for key in ("name_localizations", "description_localizations"):
            localized = item.get(key) or {}
            unknown = sorted(set(localized) - DISCORD_LOCALES)
            if unknown:
                raise self._violation(400, 50035, f"{label}: {key} has unknown locales {unknown}")
            for locale, text in localized.items():
                where = f"{label} {key}[{locale}]"
                if not isinstance(text, str):
                    raise self._violation(400, 50035, f"{where}: not a string")
                if key == "description_localizations" or "value" in item:
                    if not 1 <= len(text) <= 100:
                        raise self._violation(400, 50035, f"{where}: must be 1-100 characters")
                elif menu:
                    if not 1 <= len(text) <= 32:
                        raise self._violation(400, 50035, f"{where}: must be 1-32 characters")
                elif not COMMAND_NAME.match(text) or text != text.lower():
                    raise self._violation(400, 50035, f"{where}: invalid name {text!r}")

    def _check_options(self, name: str, options: list[dict[str, Any]]) -> None:
        if len(options) > 25:
            raise self._violation(400, 50035, f"/{name}: more than 25 options")
        seen_optional = False
        for option in options:
            label = f"/{name} {option.get('name')}"
            if not COMMAND_NAME.match(option.get("name", "")):
                raise self._violation(400, 50035, f"{label}: invalid option name")
            if not 1 <= len(option.get("description", "")) <= 100:
                raise self._violation(400, 50035, f"{label}: description must be 1-100 characters")
            self._check_localized(label, option)
            for choice in option.get("choices") or []:
                self._check_localized(f"{label} choice {choice.get('name')!r}", choice)
            if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
                self._check_options(f"{name} {option.get('name')}", option.get("options", []))
            if option.get("required"):
                if seen_optional:
                    raise self._violation(400, 50035, f"{label}: required after optional")
            else:
                seen_optional = True
            if len(option.get("choices") or []) > 25:
                raise self._violation(400, 50035, f"{label}: more than 25 choices")
            if option.get("choices") and option.get("autocomplete"):
                raise self._violation(400, 50035, f"{label}: choices and autocomplete together")
            # Only string, integer and number options take choices; a boolean's two values
            # are drawn by the client itself, so no bot names or translates them.
            if option.get("choices") and option.get("type") not in (STRING, INTEGER, NUMBER):
                raise self._violation(400, 50035, f"{label}: choices on a {option.get('type')}")

    def _check_modal(self, modal: dict[str, Any]) -> None:
        """Discord's limits on a modal: a title of 1-45 characters, a custom_id of 1-100,
        1-5 components, each a Label (label 1-45, description up to 100) around a text
        input, or (deprecated: a violation) an action row holding one (label 1-45); a text
        input's lengths within 0-4000 / 1-4000 and its placeholder up to 100."""
        title, custom_id = modal.get("title") or "", modal.get("custom_id") or ""
        if not 1 <= len(title) <= 45:
            raise self._violation(400, 50035, f"modal title {title!r}: 1-45 characters")
        if not 1 <= len(custom_id) <= 100:
            raise self._violation(400, 50035, f"modal custom_id {custom_id!r}: 1-100 characters")
        components = modal.get("components") or []
        if not 1 <= len(components) <= 5:
            raise self._violation(
                400, 50035, f"a modal holds 1-5 components, not {len(components)}"
            )
        for top in components:
            if top.get("type") == 18:
                label, box = top.get("label") or "", top.get("component") or {}
                if len(top.get("description") or "") > 100:
                    raise self._violation(400, 50035, "label description: at most 100 characters")
            elif top.get("type") == 1 and len(top.get("components") or []) == 1:
                # Accepted still, but deprecated in Discord's component reference: a text
                # input goes in a Label, whose label replaces the input's own.
                self.violations.append(
                    "a text input in an action row in a modal (deprecated: use a Label)"
                )
                box = top["components"][0]
                label = box.get("label") or ""
            else:
                raise self._violation(400, 50035, f"component {top} cannot go in a modal")
            if not 1 <= len(label) <= 45:
                raise self._violation(400, 50035, f"label {label!r}: 1-45 characters")
            if box.get("type") != 4 or not 1 <= len(box.get("custom_id") or "") <= 100:
                raise self._violation(400, 50035, f"not a text input: {box}")
            if (
                not 0 <= box.get("min_length", 0) <= 4000
                or not 1 <= box.get("max_length", 4000) <= 4000
            ):
                raise self._violation(400, 50035, "text input lengths: 0-4000 and 1-4000")
            if len(box.get("placeholder") or "") > 100:
                raise self._violation(400, 50035, "text input placeholder: at most 100 characters")

    def _check_choices(self, interaction: FakeInteraction, choices: list[dict[str, Any]]) -> None:
        if len(choices) > 25:
            raise self._violation(400, 50035, f"{len(choices)} autocomplete choices (max 25)")
        for choice in choices:
            name, value = choice.get("name", ""), choice.get("value")
            if not 1 <= len(name) <= 100:
                raise self._violation(400, 50035, f"autocomplete choice name {name!r}: 1-100 chars")
            if isinstance(value, str) and len(value) > 100:
                raise self._violation(400, 50035, f"autocomplete choice value {value!r}: max 100")

    def _check_archive_duration(self, minutes: object) -> None:
        if minutes not in (60, 1440, 4320, 10080):
            raise self._violation(400, 50035, f"auto_archive_duration {minutes!r}")

    def _check_files(self, files: Iterable[FakeFile]) -> None:
        files = list(files)
        if len(files) > MAX_ATTACHMENTS:  # Discord's, which discord.py checks before sending
            raise self._violation(400, 50035, f"{len(files)} files (max {MAX_ATTACHMENTS})")
        total = sum(len(f.content) for f in files)
        if total > ATTACHMENT_SIZE_LIMIT:
            raise self._violation(413, 40005, f"Request entity too large: {total} bytes")

    def _check_message(
        self,
        body: dict[str, Any],
        files: list[FakeFile],
        *,
        edit: bool,
        existing: FakeMessage | None = None,
    ) -> None:
        content = body.get("content") or ""
        if len(content) > 2000:
            raise self._violation(400, 50035, f"content is {len(content)} characters (max 2000)")
        embeds = body.get("embeds") or []
        flags = int(body.get("flags") or 0)
        was_layout = existing is not None and existing.layout
        if was_layout and "flags" in body and not flags & IS_COMPONENTS_V2:
            raise self._violation(400, 50035, "IS_COMPONENTS_V2 cannot be removed from a message")
        layout = bool(flags & IS_COMPONENTS_V2) or was_layout
        if layout and existing is not None and not was_layout:
            # Discord: a message upgraded to the flag by an edit must reset what it used
            # (content to null, embeds to an empty list) in that same edit.
            kept_content = existing.content and ("content" not in body or body["content"])
            kept_embeds = existing.embeds and ("embeds" not in body or body["embeds"])
            if kept_content or kept_embeds:
                raise self._violation(
                    400,
                    50035,
                    "IS_COMPONENTS_V2 set by an edit: its content and embeds must be reset",
                )
        if layout and (content or embeds or body.get("poll") or body.get("sticker_ids")):
            raise self._violation(
                400,
                50035,
                "content, embeds, stickers and polls cannot be used with IS_COMPONENTS_V2",
            )
        # Discord: "After creation, the poll message cannot be edited" (any of it).
        if edit and existing is not None and existing.poll is not None:
            raise self._violation(400, 520003, "Cannot edit a poll message")
        if body.get("poll") is not None:
            if edit:
                raise self._violation(400, 520003, "Cannot edit a poll message")
            self._check_poll(body["poll"])
        if len(embeds) > 10:
            raise self._violation(400, 50035, f"{len(embeds)} embeds (max 10)")
        total = 0
        for embed in embeds:
            limits = {"title": 256, "description": 4096}
            for key, limit in limits.items():
                if len(embed.get(key) or "") > limit:
                    raise self._violation(400, 50035, f"embed {key} longer than {limit}")
            fields = embed.get("fields") or []
            if len(fields) > 25:
                raise self._violation(400, 50035, "more than 25 embed fields")
            for item in fields:
                if len(item.get("name", "")) > 256 or len(item.get("value", "")) > 1024:
                    raise self._violation(400, 50035, "embed field too long")
            footer = (embed.get("footer") or {}).get("text") or ""
            if len(footer) > 2048:
                raise self._violation(400, 50035, "embed footer longer than 2048")
            total += (
                len(embed.get("title") or "") + len(embed.get("description") or "") + len(footer)
            )
            total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
        if total > 6000:
            raise self._violation(400, 50035, f"embeds hold {total} characters (max 6000)")
        components = body.get("components")
        if components is not None or (layout and not was_layout):
            names = {f.filename for f in files}
            if existing is not None and "attachments" not in body:
                names |= {f.filename for f in existing.files}
            elif existing is not None:
                kept = {
                    int(a["id"]) for a in body.get("attachments") or [] if int(a["id"]) > 10_000
                }
                names |= {f.filename for f in existing.files if f.id in kept}
            try:
                check_message_components(components or [], v2=layout, filenames=names)
            except ComponentError as error:
                raise self._violation(400, 50035, str(error)) from error
        shown = content or embeds or files or body.get("components") or body.get("poll")
        if not edit and not shown:
            raise self._violation(400, 50006, "Cannot send an empty message")

    def _check_poll(self, poll: dict[str, Any]) -> None:
        """Discord's Poll Create Request: a question of 1-300 characters (text only), 1-10
        answers of 1-55 characters, a duration of 1-768 hours, the default layout."""
        question = (poll.get("question") or {}).get("text") or ""
        if not 1 <= len(question) <= POLL_QUESTION_LIMIT:
            raise self._violation(400, 50035, f"poll question: 1-{POLL_QUESTION_LIMIT} characters")
        answers = poll.get("answers") or []
        if not 1 <= len(answers) <= POLL_ANSWERS:
            raise self._violation(
                400, 50035, f"a poll has 1-{POLL_ANSWERS} answers, not {len(answers)}"
            )
        for answer in answers:
            text = (answer.get("poll_media") or {}).get("text") or ""
            if not 1 <= len(text) <= POLL_ANSWER_LIMIT:
                raise self._violation(
                    400, 50035, f"poll answer {text!r}: 1-{POLL_ANSWER_LIMIT} characters"
                )
        hours = poll.get("duration", 24)
        # A whole number; discord.py sends 6.0 (JSON Schema's integer takes it, as Discord).
        whole = isinstance(hours, int | float) and float(hours).is_integer()
        if hours is not None and (not whole or not 1 <= hours <= POLL_HOURS):
            raise self._violation(400, 50035, f"poll duration {hours!r}: 1-{POLL_HOURS} hours")
        if poll.get("layout_type") not in (None, 1):
            raise self._violation(400, 50035, "poll layout_type: only 1 (default)")

    def _check_attachment_refs(self, message: FakeMessage) -> None:
        names = {f.filename for f in message.files}
        for embed in message.embeds:
            for key in ("image", "thumbnail"):
                url = (embed.get(key) or {}).get("url", "")
                if (
                    url.startswith("attachment://")
                    and url.removeprefix("attachment://") not in names
                ):
                    self.violations.append(f"embed {key} refers to missing {url}")

    def _role_mentions(self, content: str, allowed: dict[str, Any] | None) -> list[int]:
        """The roles ``content`` pings: those ``allowed`` lets it (all without allowed
        mentions, or with "roles" parsed), and of those only the mentionable ones unless the
        bot may Mention @everyone, @here, and All Roles (Discord's rule)."""
        mentioned = [int(m) for m in ROLE_MENTION.findall(content)]
        if allowed is not None and "roles" not in (allowed.get("parse") or []):
            permitted = {int(r) for r in allowed.get("roles") or []}
            mentioned = [m for m in mentioned if m in permitted]
        if self.bot_permissions & MENTION_EVERYONE:
            return mentioned
        return [m for m in mentioned if m in self.mentionable_roles]

    def _mentions(self, content: str, allowed: dict[str, Any] | None) -> list[int]:
        mentioned = [int(m) for m in MENTION.findall(content)]
        if allowed is None:
            return mentioned
        if "users" in (allowed.get("parse") or []):
            return mentioned
        permitted = {int(u) for u in allowed.get("users") or []}
        return [m for m in mentioned if m in permitted]
