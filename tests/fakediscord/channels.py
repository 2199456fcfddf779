"""REST routes of channels, messages, threads and DMs."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from typing import Any

from aiohttp import web

from tests.fake_components import (
    IS_COMPONENTS_V2,
    text_of,
)
from tests.fakediscord.checks import Checks
from tests.fakediscord.model import (
    ATTACH_FILES,
    CONNECT,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DM,
    EPHEMERAL,
    GUILD_FORUM,
    GUILD_TEXT,
    GUILD_VOICE,
    LOADING,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SEND_POLLS,
    THREAD_FROM_MESSAGE,
    THREAD_LOCKED,
    VIEW_CHANNEL,
    DiscordError,
    FakeChannel,
    FakeFile,
    FakeInteraction,
    FakeMessage,
    SentBody,
    json_response,
    now_iso,
)


class Channels(Checks):
    """Channels, threads, DMs and their messages, as Discord's REST API serves them."""

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None and int(request.match_info["channel"]) in self.deleted_channels:
            # Not a violation: a channel deleted under the bot is the bot's to handle.
            raise DiscordError(404, 10003, "Unknown Channel")
        if channel is None:
            raise self._violation(404, 10003, f"Unknown Channel {request.match_info['channel']}")
        if channel.guild_id is not None and channel.guild_id not in self.bot_guild_ids:
            # A channel of a server Postal is not in: Discord answers Missing Access.
            raise self._violation(403, 50001, f"Missing Access to {channel.name}")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, files = await self._read_body(request)
        if channel.type == DM:
            assert channel.recipient is not None
            if not channel.recipient.accepts_dms:
                # Not a violation: bots cannot know in advance; they must handle it.
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            permissions = self.channel_permissions(channel)
            if not permissions & VIEW_CHANNEL:
                raise DiscordError(403, 50001, "Missing Access")
            if channel.type == GUILD_FORUM:
                # Messages go in a forum's posts, never in the forum itself.
                raise self._violation(400, 50008, "Cannot send messages in a non-text channel")
            if not self._admits_bot(channel, permissions):
                raise DiscordError(403, 50001, "Missing Access")
            needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
            if not permissions & needed:
                raise DiscordError(403, 50013, "Missing Permissions")
            if files and not permissions & ATTACH_FILES:
                raise DiscordError(403, 50013, "Missing Permissions")
            if body.get("poll") is not None and not permissions & SEND_POLLS:
                raise DiscordError(403, 50013, "Missing Permissions")
            if channel.is_thread:
                self._unarchive_to_send(channel, permissions)
        nonce = body.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            raise self._violation(400, 50035, f"nonce {nonce!r} is longer than 25 characters")
        if nonce is not None and body.get("enforce_nonce"):
            seen = self._nonces.get(str(nonce))
            if seen is not None and time.monotonic() - seen[1] < self.nonce_memory_seconds:
                earlier = self.messages.get(seen[0])
                if earlier is not None:
                    # Discord: "that message will be returned and no new message created".
                    self.nonce_repeats += 1
                    return json_response(earlier.payload(self.base_url))
        message = self._new_message(channel.id, body, files, None)
        if nonce is not None:
            self._nonces[str(nonce)] = (message.id, time.monotonic())
        return json_response(message.payload(self.base_url))

    def _admits_bot(self, channel: FakeChannel, permissions: int) -> bool:
        """A private thread admits only its members and moderators (Manage Threads); a
        voice channel's text chat only those who may Connect to it."""
        if channel.type == GUILD_VOICE:
            return bool(permissions & CONNECT)
        if channel.type != PRIVATE_THREAD:
            return True
        return self.bot_user.id in channel.member_ids or bool(permissions & MANAGE_THREADS)

    async def _get_thread_member(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        user_id = int(request.match_info["user"])
        if not thread.is_thread:
            raise self._violation(400, 50024, "Cannot execute action on this channel type")
        if not self.channel_permissions(thread) & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if user_id not in thread.member_ids:
            raise DiscordError(404, 10007, "Unknown Member")
        member = {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": now_iso()}
        return json_response({**member, "flags": 0})

    async def _add_thread_member(self, request: web.Request) -> web.Response:
        """PUT a member into a thread (Discord's Add Thread Member): the bot must be able to
        send in it, and it must not be archived; the user must be Discord's; 204."""
        thread = self._thread_for_members(request)
        if not self.channel_permissions(thread) & SEND_MESSAGES_IN_THREADS:
            raise DiscordError(403, 50013, "Missing Permissions")
        self._not_archived(thread)
        text = request.match_info["user"]
        if not text.isdigit() or int(text) not in self.users:
            raise DiscordError(404, 10013, "Unknown User")
        thread.member_ids.add(int(text))
        await self._notify()
        return web.Response(status=204)

    async def _remove_thread_member(self, request: web.Request) -> web.Response:
        """DELETE a member from a thread (Discord's Remove Thread Member): it needs Manage
        Threads, unless the thread is private and the bot created it; the thread must not
        be archived; 204. Someone not in the thread is 404 10007 Unknown Member (as Get
        Thread Member answers: stricter than Discord may be, which the bot must take)."""
        thread = self._thread_for_members(request)
        creator = thread.type == PRIVATE_THREAD and thread.owner_id == self.bot_user.id
        if not self.channel_permissions(thread) & MANAGE_THREADS and not creator:
            raise DiscordError(403, 50013, "Missing Permissions")
        self._not_archived(thread)
        text = request.match_info["user"]
        if not text.isdigit() or int(text) not in thread.member_ids:
            raise DiscordError(404, 10007, "Unknown Member")
        thread.member_ids.discard(int(text))
        await self._notify()
        return web.Response(status=204)

    def _thread_for_members(self, request: web.Request) -> FakeChannel:
        """The thread whose members a request changes: a thread (else 400 50024) the bot
        can see (else 403 50001)."""
        thread = self._channel(request)
        if not thread.is_thread:
            raise self._violation(400, 50024, "Cannot execute action on this channel type")
        permissions = self.channel_permissions(thread)
        if not permissions & VIEW_CHANNEL or not self._admits_bot(thread, permissions):
            raise DiscordError(403, 50001, "Missing Access")
        return thread

    @staticmethod
    def _not_archived(thread: FakeChannel) -> None:
        """Nobody is added to or taken out of an archived thread (400 50083)."""
        if thread.archived:
            raise DiscordError(400, 50083, "Thread is archived")

    def _unarchive_to_send(self, thread: FakeChannel, permissions: int) -> None:
        """Sending in an archived thread unarchives it, unless a moderator locked it
        (then only Manage Threads may); a locked thread takes no messages otherwise
        (Discord's docs, "Locked Threads": no creating or updating messages; 160005)."""
        moderator = bool(permissions & MANAGE_THREADS)
        if thread.locked and not moderator:
            if thread.archived:
                raise DiscordError(400, 50083, "Thread is archived")
            raise DiscordError(400, THREAD_LOCKED, "Thread is locked")
        if thread.archived:
            self.set_thread_state(thread, archived=False)

    def _channel_message(self, request: web.Request) -> tuple[FakeChannel, FakeMessage]:
        """The message addressed by the path; 404 unless it is in that very channel (a
        thread's message is not reachable through its parent, nor the other way)."""
        channel = self._channel(request)
        message = self.messages.get(int(request.match_info["message"]))
        if message is None or message.ephemeral or message.channel_id != channel.id:
            raise DiscordError(404, 10008, "Unknown Message")
        permissions = self.channel_permissions(channel)
        if not permissions & VIEW_CHANNEL or not self._admits_bot(channel, permissions):
            raise DiscordError(403, 50001, "Missing Access")
        return channel, message

    async def _get_messages(self, request: web.Request) -> web.Response:
        """GET /channels/{id}/messages: the channel's latest messages, newest first,
        ``limit`` of them (1 to 100, 50 by default), those ``before`` or ``after`` a
        message id if asked. Without View Channel (or a private thread's membership) it is
        refused; without Read Message History Discord lists none (its docs, "Get Channel
        Messages")."""
        channel = self._channel(request)
        permissions = self.channel_permissions(channel)
        if not permissions & VIEW_CHANNEL or not self._admits_bot(channel, permissions):
            raise DiscordError(403, 50001, "Missing Access")
        query = request.query
        limit = int(query.get("limit", "50"))
        if not 1 <= limit <= 100:
            raise self._violation(400, 50035, "Invalid Form Body: limit must be 1 to 100")
        if not permissions & READ_MESSAGE_HISTORY:
            return json_response([])
        before, after = query.get("before"), query.get("after")
        found = [
            m
            for m in reversed(self.channel_messages(channel.id))
            if (before is None or m.id < int(before)) and (after is None or m.id > int(after))
        ]
        return json_response([m.payload(self.base_url) for m in found[:limit]])

    async def _get_message(self, request: web.Request) -> web.Response:
        _, message = self._channel_message(request)
        return json_response(message.payload(self.base_url))

    async def _edit_message(self, request: web.Request) -> web.Response:
        channel, message = self._channel_message(request)
        if message.author.id != self.bot_user.id:
            raise self._violation(403, 50005, "Cannot edit a message authored by another user")
        if channel.is_thread and channel.archived:
            # Messages in an archived thread cannot be edited until it is unarchived.
            raise DiscordError(400, 50083, "Thread is archived")
        moderator = bool(self.channel_permissions(channel) & MANAGE_THREADS)
        if channel.is_thread and channel.locked and not moderator:
            raise DiscordError(400, THREAD_LOCKED, "Thread is locked")
        body, files = await self._read_body(request)
        self._apply_edit(message, body, files)
        return json_response(message.payload(self.base_url))

    async def _edit_channel(self, request: web.Request) -> web.Response:
        """PATCH a thread: archive, unarchive, lock, rename, auto-archive duration. A bot
        never edits other channels (that needs Manage Channels, which Postal does not ask).

        Discord's rules (docs, "Threads: Editing & Deleting Threads"): unarchiving needs the
        bot to be a member of the thread already (or its creator, or Manage Threads), and
        nobody can join an archived thread; a locked one needs Manage Threads."""
        channel = self._channel(request)
        body, _ = await self._read_body(request)
        if not channel.is_thread:
            raise self._violation(403, 50013, f"Postal edited channel {channel.name}")
        permissions = self.channel_permissions(channel)
        moderator = bool(permissions & MANAGE_THREADS)
        own = channel.owner_id == self.bot_user.id
        if "locked" in body and not moderator:
            raise DiscordError(403, 50013, "Missing Permissions")
        if body.get("archived") is False and channel.locked and not moderator:
            raise DiscordError(403, 50013, "Missing Permissions")
        member = self.bot_user.id in channel.member_ids
        if body.get("archived") is False and channel.archived and not (member or own or moderator):
            raise DiscordError(403, 50013, "Missing Permissions")
        if body.get("archived") is True and not (own or moderator):
            raise DiscordError(403, 50013, "Missing Permissions")
        if ("name" in body or "auto_archive_duration" in body) and not (own or moderator):
            raise DiscordError(403, 50013, "Missing Permissions")
        if "auto_archive_duration" in body:
            self._check_archive_duration(body["auto_archive_duration"])
            if body["auto_archive_duration"] != channel.auto_archive_duration:
                channel.active_at = self.wall()  # a new auto-archive time is activity
            channel.auto_archive_duration = body["auto_archive_duration"]
        if "name" in body:
            channel.name = body["name"]
        archived = body.get("archived", channel.archived)
        self.set_thread_state(channel, archived=archived, locked=body.get("locked"))
        channel_edits = self.thread_edits.setdefault(channel.id, [])
        channel_edits.append(dict(body))
        return json_response(channel.payload())

    async def _create_thread(self, request: web.Request) -> web.Response:
        """Start a thread from a message (text: public thread; announcement: announcement
        thread; the thread takes the message's id), or without one (a forum post, or a
        thread in a text channel). Threads, voice channels and DMs cannot hold threads."""
        parent = self._channel(request)
        body, files = await self._read_body(request)
        from_message = "message" in request.match_info
        allowed = (*THREAD_FROM_MESSAGE,) if from_message else (GUILD_TEXT, GUILD_FORUM)
        if parent.type not in allowed:
            raise self._violation(400, 50024, "Cannot execute action on this channel type")
        permissions = self.channel_permissions(parent)
        if not permissions & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if not permissions & _thread_permission(parent.type, from_message, body):
            # Not a violation: a bot may try and fall back.
            raise DiscordError(403, 50013, "Missing Permissions")
        name = body.get("name", "")
        if not 1 <= len(name) <= 100:
            raise self._violation(400, 50035, f"thread name {name!r} must be 1-100 characters")
        self._check_archive_duration(body.get("auto_archive_duration", 10080))
        thread_id = self.new_id()
        if from_message:
            starter = self.messages.get(int(request.match_info["message"]))
            if starter is None or starter.channel_id != parent.id or starter.ephemeral:
                raise self._violation(404, 10008, "Unknown Message to start a thread from")
            if starter.id in self.channels:
                raise DiscordError(
                    400, 160004, "A thread has already been created for this message"
                )
            thread_id, kind = starter.id, THREAD_FROM_MESSAGE[parent.type]
        elif parent.type == GUILD_FORUM:
            first = body.get("message")
            if not isinstance(first, dict) or not first:
                raise self._violation(400, 50035, "a forum post needs its first message")
            self._check_message(first, files, edit=False)
            kind = PUBLIC_THREAD
        else:
            kind = body.get("type", PRIVATE_THREAD)
            if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
                raise self._violation(400, 50035, f"thread type {kind} in a text channel")
        thread = FakeChannel(
            thread_id,
            name,
            type=kind,
            parent_id=parent.id,
            guild_id=parent.guild_id,
            owner_id=self.bot_user.id,
            auto_archive_duration=body.get("auto_archive_duration", 10080),
            bot_id=self.bot_user.id,
            member_ids={self.bot_user.id},
            active_at=self.wall(),
        )
        self.channels[thread.id] = thread
        created = thread.payload()
        self._dispatch("THREAD_CREATE", {**created, "newly_created": True})
        if parent.type == GUILD_FORUM:
            # The post's first message has the post's id; the answer nests it (Discord's
            # "Start Thread in Forum or Media Channel": a channel with a nested message).
            first = self._new_message(thread.id, body["message"], files, None, thread.id)
            created = {**created, "message": first.payload(self.base_url)}
        return json_response(created, 201)

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = await self._json_body(request)
        user = self.users.get(int(body["recipient_id"]))
        if user is None:
            raise self._violation(400, 50035, f"Unknown recipient {body['recipient_id']}")
        return json_response(self.dm_with(user).payload())

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], list[FakeFile]]:
        if not request.body_exists:
            return {}, []
        if request.content_type.startswith("multipart/"):
            body: dict[str, Any] = {}
            files: list[FakeFile] = []
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                elif part.name and part.name.startswith("files["):  # type: ignore[union-attr]
                    content = await part.read()  # type: ignore[union-attr]
                    files.append(FakeFile(self.new_id(), part.filename or "file", bytes(content)))  # type: ignore[union-attr]
            self._check_files(files)
            self.bodies.append(SentBody(request.method, request.path, body))
            return body, files
        return await self._json_body(request), []

    async def _json_body(self, request: web.Request) -> Any:
        """A JSON request's body, recorded in ``bodies``."""
        if request.content_type != "application/json":
            raise self._violation(400, 50035, f"unexpected Content-Type {request.content_type}")
        body = await request.json()
        self.bodies.append(SentBody(request.method, request.path, body))
        return body

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[FakeFile],
        interaction: FakeInteraction | None,
        message_id: int | None = None,
    ) -> FakeMessage:
        """A message Postal sent in ``channel_id`` (``message_id``: a forum post's first,
        which has the post's id)."""
        flags = int(body.get("flags", 0))
        if not flags & LOADING:
            self._check_message(body, files, edit=False)
        content = body.get("content") or ""
        sent_at = self.wall()
        message = FakeMessage(
            message_id or self._snowflake(sent_at.timestamp()),
            channel_id,
            self.bot_user,
            content=content,
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            files=files,
            flags=flags,
            mentions=self._mentions(
                "\n".join([content, *text_of(body.get("components") or [])]),
                body.get("allowed_mentions"),
            ),
            role_mentions=self._role_mentions(content, body.get("allowed_mentions")),
            interaction_id=None if interaction is None else interaction.id,
            visible_to=interaction.user.id if interaction and flags & EPHEMERAL else None,
            sent_at=sent_at,
            poll=self._stored_poll(body.get("poll"), sent_at),
        )
        self._check_attachment_refs(message)
        self.messages[message.id] = message
        self.touch(channel_id)
        return message

    @staticmethod
    def _stored_poll(poll: dict[str, Any] | None, sent_at: datetime) -> dict[str, Any] | None:
        """A created poll as Discord stores it: answers numbered from 1, its expiry."""
        if poll is None:
            return None
        expiry = sent_at + timedelta(hours=float(poll.get("duration") or 24))
        answers = [
            {"answer_id": number, "poll_media": answer["poll_media"]}
            for number, answer in enumerate(poll["answers"], start=1)
        ]
        return {
            "question": poll["question"],
            "answers": answers,
            "expiry": expiry.isoformat(),
            "allow_multiselect": bool(poll.get("allow_multiselect")),
            "layout_type": 1,
        }

    async def _expire_poll(self, request: web.Request) -> web.Response:
        """End a poll early: only its author may (403 50013 otherwise); a message without a
        poll is refused (520006), an ended one too (520001)."""
        _, message = self._channel_message(request)
        if message.poll is None:
            raise DiscordError(400, 520006, "Cannot expire a non-poll message")
        if message.author.id != self.bot_user.id:
            raise self._violation(403, 50013, "Missing Permissions: only its author ends a poll")
        if message.poll_ended:
            raise DiscordError(400, 520001, "Poll expired")
        message.poll_ended = True
        await self._notify()
        return json_response(message.payload(self.base_url))

    def _apply_edit(
        self, message: FakeMessage, body: dict[str, Any], files: list[FakeFile]
    ) -> None:
        self._check_message(body, files, edit=True, existing=message)
        message.flags |= int(body.get("flags") or 0) & IS_COMPONENTS_V2
        if "content" in body or "components" in body:
            message.content = body.get("content", message.content) or ""
            shown = "\n".join([message.content, *text_of(body.get("components") or [])])
            message.mentions = self._mentions(shown, body.get("allowed_mentions"))
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = list(body["components"] or [])
        if "attachments" in body:
            keep = {int(a["id"]) for a in body["attachments"] or [] if int(a["id"]) > 10_000}
            message.files = [f for f in message.files if f.id in keep] + files
        else:
            message.files = message.files + files
        self._check_files(message.files)
        message.flags &= ~LOADING
        message.edits += 1
        self._check_attachment_refs(message)


def _thread_permission(parent_type: int, from_message: bool, body: dict[str, Any]) -> int:
    """The permission Discord asks of a thread's creator: Send Messages for a forum's post
    (threads in a thread-only channel "only require the SEND_MESSAGES permission"), Create
    Private Threads for a private thread, Create Public Threads for any other."""
    if parent_type == GUILD_FORUM:
        return SEND_MESSAGES
    if not from_message and body.get("type", PRIVATE_THREAD) == PRIVATE_THREAD:
        return CREATE_PRIVATE_THREADS
    return CREATE_PUBLIC_THREADS
