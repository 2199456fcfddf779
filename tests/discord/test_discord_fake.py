"""The fake Discord itself: it refuses, and records, what real Discord would refuse."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import aiohttp
import pytest

from bot.service.clock import ManualClock
from tests.discord.test_discord_fake_limits import call
from tests.fakediscord import (
    ANNOUNCEMENT_THREAD,
    ATTACH_FILES,
    CREATE_EVENTS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    GUILD_ANNOUNCEMENT,
    GUILD_FORUM,
    GUILD_VOICE,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeDiscord,
    FakeInteraction,
)
from tests.fakediscord.model import MENTION_EVERYONE


@pytest.fixture
async def loose_fake() -> AsyncIterator[FakeDiscord]:
    """A fake whose violations these tests inspect themselves."""
    server = FakeDiscord()
    await server.start()
    server.global_commands = server._register(
        [
            {
                "name": "ping",
                "description": "test",
                "options": [{"name": "text", "description": "t", "type": 3, "autocomplete": True}],
            }
        ],
        None,
    )
    yield server
    await server.stop()


async def callback(
    fake: FakeDiscord, interaction: FakeInteraction, body: dict[str, Any]
) -> tuple[int, dict[str, Any]]:
    url = f"{fake.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=body) as response,
    ):
        return response.status, json.loads(await response.text())


async def test_second_acknowledgement_is_refused(loose_fake: FakeDiscord) -> None:
    """An interaction can be acknowledged once; the second callback is an error."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {"text": "x"})
    assert (await callback(loose_fake, interaction, {"type": 5}))[0] == 200
    status, body = await callback(loose_fake, interaction, {"type": 4, "data": {"content": "x"}})
    assert status == 400 and body["code"] == 40060
    assert loose_fake.violations == [f"Interaction {interaction.id} has already been acknowledged"]


async def test_late_acknowledgement_is_refused(loose_fake: FakeDiscord) -> None:
    """An acknowledgement more than 3 seconds after dispatch is an unknown interaction."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {"text": "x"})
    interaction.dispatched_at -= 3.5
    status, body = await callback(loose_fake, interaction, {"type": 5})
    assert status == 404 and body["code"] == 10062
    assert "acknowledged after 3.5" in loose_fake.violations[0]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"content": "x" * 2001}, "content is 2001 characters"),
        (
            {
                "content": "x",
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}],
                    }
                    for i in range(6)
                ],
            },
            "6 component rows",
        ),
        (
            {
                "content": "x",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "c" * 101}
                        ],
                    }
                ],
            },
            "custom_id",
        ),
        ({"content": ""}, "empty message"),
        (
            {"content": "x", "embeds": [{"image": {"url": "attachment://board.png"}}]},
            "missing attachment://board.png",
        ),
    ],
)
async def test_message_limits(loose_fake: FakeDiscord, data: dict[str, Any], problem: str) -> None:
    """Oversized content, too many rows, long custom_ids, empty messages, missing images."""
    interaction = await loose_fake.slash(loose_fake.add_user("a"), "ping", {"text": "x"})
    await callback(loose_fake, interaction, {"type": 4, "data": data})
    assert any(problem in v for v in loose_fake.violations), loose_fake.violations


async def test_too_many_autocomplete_choices(loose_fake: FakeDiscord) -> None:
    """Autocomplete answers hold at most 25 choices."""
    interaction = await loose_fake._interact(
        4,
        loose_fake.add_user("a"),
        None,
        loose_fake._command_data(
            loose_fake.commands()["ping"], None, {"text": ""}, focused="text", typed_in=None
        ),
    )
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    status, _ = await callback(loose_fake, interaction, {"type": 8, "data": {"choices": choices}})
    assert status == 400 and loose_fake.violations == ["26 autocomplete choices (max 25)"]


async def test_options_are_checked_like_discords_client(loose_fake: FakeDiscord) -> None:
    """The fake refuses to send what Discord's client would not: unknown options."""
    with pytest.raises(ValueError, match="no options"):
        await loose_fake.slash(loose_fake.add_user("a"), "ping", {"nope": 1})
    with pytest.raises(LookupError, match="not registered"):
        await loose_fake.slash(loose_fake.add_user("a"), "pong", {})


async def rest(
    fake: FakeDiscord, method: str, path: str, body: dict[str, Any] | None = None
) -> tuple[int, dict[str, Any]]:
    """A REST call with the bot's token, as discord.py makes it."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, json=body, headers=headers) as response,
    ):
        text = await response.text()
        return response.status, json.loads(text) if text else {}


async def test_a_message_is_reached_only_through_its_own_channel(loose_fake: FakeDiscord) -> None:
    """Editing a thread's message through the parent channel is 404 Unknown Message."""
    thread = loose_fake.add_thread(loose_fake.channel, "game")
    status, sent = await rest(
        loose_fake, "POST", f"/channels/{thread.id}/messages", {"content": "x"}
    )
    assert status == 200
    wrong = f"/channels/{loose_fake.channel.id}/messages/{sent['id']}"
    status, body = await rest(loose_fake, "PATCH", wrong, {"content": "y"})
    assert (status, body["code"]) == (404, 10008)
    right = f"/channels/{thread.id}/messages/{sent['id']}"
    assert (await rest(loose_fake, "PATCH", right, {"content": "y"}))[0] == 200


async def test_forum_channels_take_no_messages(loose_fake: FakeDiscord) -> None:
    """A forum refuses messages (400, 50008); its posts take them."""
    forum = loose_fake.add_channel("games", type=GUILD_FORUM)
    post = loose_fake.add_thread(forum, "a post")
    status, body = await rest(
        loose_fake, "POST", f"/channels/{forum.id}/messages", {"content": "x"}
    )
    assert (status, body["code"]) == (400, 50008)
    assert post.type == PUBLIC_THREAD
    assert (await rest(loose_fake, "POST", f"/channels/{post.id}/messages", {"content": "x"}))[
        0
    ] == 200


async def test_archived_threads_reopen_on_send_unless_locked(loose_fake: FakeDiscord) -> None:
    """Sending unarchives an archived thread; a locked one refuses (400, 50083)."""
    archived = loose_fake.add_thread(loose_fake.channel, "old", archived=True)
    locked = loose_fake.add_thread(loose_fake.channel, "shut", archived=True, locked=True)
    ok, _ = await rest(loose_fake, "POST", f"/channels/{archived.id}/messages", {"content": "x"})
    assert ok == 200 and not archived.archived
    status, body = await rest(
        loose_fake, "POST", f"/channels/{locked.id}/messages", {"content": "x"}
    )
    assert (status, body["code"]) == (400, 50083) and locked.archived


async def test_an_idle_thread_archives_and_takes_no_commands_until_a_post(
    loose_fake: FakeDiscord,
) -> None:
    """A thread archives after its auto-archive time without activity (a message, a new
    auto-archive time); then no application command can be used in it, until a post
    reopens it."""
    clock = ManualClock()
    loose_fake.wall = clock
    user = loose_fake.add_user("a")
    thread = loose_fake.add_thread(loose_fake.channel, "quiet")
    clock.advance(days=6)
    assert (
        await rest(loose_fake, "POST", f"/channels/{thread.id}/messages", {"content": "x"})
        and not thread.archived
    )
    clock.advance(days=6, hours=23)
    await loose_fake.slash(user, "ping", {"text": "y"}, channel=thread)
    clock.advance(hours=1)
    with pytest.raises(ValueError, match="archived thread"):
        await loose_fake.slash(user, "ping", {"text": "z"}, channel=thread)
    assert thread.archived
    status, _ = await rest(loose_fake, "POST", f"/channels/{thread.id}/messages", {"content": "x"})
    assert status == 200 and not thread.archived
    await loose_fake.slash(user, "ping", {"text": "w"}, channel=thread)


async def test_a_locked_active_thread_refuses_posts_and_edits(loose_fake: FakeDiscord) -> None:
    """A thread locked but not archived takes no new or edited message from the bot
    without Manage Threads (400, 160005 "Thread is locked")."""
    thread = loose_fake.add_thread(loose_fake.channel, "kept")
    posts = f"/channels/{thread.id}/messages"
    posted, sent = await rest(loose_fake, "POST", posts, {"content": "x"})
    assert posted == 200
    loose_fake.set_thread_state(thread, archived=False, locked=True)
    status, body = await rest(loose_fake, "POST", posts, {"content": "y"})
    assert (status, body["code"]) == (400, 160005)
    path = f"/channels/{thread.id}/messages/{sent['id']}"
    status, body = await rest(loose_fake, "PATCH", path, {"content": "z"})
    assert (status, body["code"]) == (400, 160005)
    assert [m.text() for m in loose_fake.channel_messages(thread.id)] == ["x"]


async def test_threads_only_where_discord_allows_them(loose_fake: FakeDiscord) -> None:
    """No thread from a voice channel's chat or inside a thread (400, 50024)."""
    voice = loose_fake.add_channel("lounge", type=GUILD_VOICE)
    thread = loose_fake.add_thread(loose_fake.channel, "t")
    for place in (voice, thread):
        status, sent = await rest(
            loose_fake, "POST", f"/channels/{place.id}/messages", {"content": "x"}
        )
        assert status == 200
        path = f"/channels/{place.id}/messages/{sent['id']}/threads"
        status, body = await rest(loose_fake, "POST", path, {"name": "game"})
        assert (status, body["code"]) == (400, 50024)
    news = loose_fake.add_channel("news", type=GUILD_ANNOUNCEMENT)
    status, sent = await rest(loose_fake, "POST", f"/channels/{news.id}/messages", {"content": "x"})
    path = f"/channels/{news.id}/messages/{sent['id']}/threads"
    status, created = await rest(loose_fake, "POST", path, {"name": "game"})
    assert status == 201 and created["type"] == ANNOUNCEMENT_THREAD and created["id"] == sent["id"]


async def test_a_forum_post_is_a_thread_made_with_its_first_message(
    loose_fake: FakeDiscord,
) -> None:
    """Discord's "Start Thread in Forum or Media Channel": the answer is the post (a public
    thread of the forum) with its first message nested, which has the post's id and is in
    the post; a post without a message is refused (400, 50035) and makes nothing."""
    forum = loose_fake.add_channel("posts", type=GUILD_FORUM)
    path = f"/channels/{forum.id}/threads"
    status, refused = await rest(loose_fake, "POST", path, {"name": "empty"})
    assert (status, refused["code"]) == (400, 50035)
    loose_fake.violations.clear()  # that refusal was the point
    post = {"name": "game", "message": {"content": "Board 1"}}
    status, made = await rest(loose_fake, "POST", path, post)
    assert status == 201 and made["type"] == 11 and made["parent_id"] == str(forum.id)
    assert made["message"]["id"] == made["id"] and made["message"]["channel_id"] == made["id"]
    [first] = loose_fake.channel_messages(int(made["id"]))
    assert first.text() == "Board 1"
    assert [t.name for t in loose_fake.threads() if t.parent_id == forum.id] == ["game"]


async def test_threads_need_the_permission_discord_names(loose_fake: FakeDiscord) -> None:
    """As Discord's permissions say: a public thread (from a message, or without one) needs
    Create Public Threads, a private thread Create Private Threads, a forum's post only Send
    Messages; posting in a thread needs Send Messages in Threads, not Send Messages. Each
    refusal is 403 50013 and makes nothing."""
    text, forum = loose_fake.channel, loose_fake.add_channel("posts", type=GUILD_FORUM)
    _, sent = await rest(loose_fake, "POST", f"/channels/{text.id}/messages", {"content": "x"})
    from_message = f"/channels/{text.id}/messages/{sent['id']}/threads"
    bare = f"/channels/{text.id}/threads"
    loose_fake.set_channel_permissions(
        text, allow=CREATE_PRIVATE_THREADS, deny=CREATE_PUBLIC_THREADS
    )
    for path, body in ((from_message, {"name": "a"}), (bare, {"name": "b", "type": 11})):
        status, refused = await rest(loose_fake, "POST", path, body)
        assert (status, refused["code"]) == (403, 50013), path
    status, made = await rest(loose_fake, "POST", bare, {"name": "c", "type": 12})
    assert status == 201 and made["type"] == 12  # private: its own permission, granted here
    loose_fake.set_channel_permissions(text, deny=CREATE_PRIVATE_THREADS)
    status, refused = await rest(loose_fake, "POST", bare, {"name": "d", "type": 12})
    assert (status, refused["code"]) == (403, 50013)
    loose_fake.set_channel_permissions(forum, deny=CREATE_PUBLIC_THREADS)
    post = {"name": "e", "message": {"content": "first"}}
    status, made = await rest(loose_fake, "POST", f"/channels/{forum.id}/threads", post)
    assert status == 201  # a forum's post takes Send Messages only
    loose_fake.set_channel_permissions(forum, deny=SEND_MESSAGES)
    status, refused = await rest(loose_fake, "POST", f"/channels/{forum.id}/threads", post)
    assert (status, refused["code"]) == (403, 50013)
    loose_fake.set_channel_permissions(text, deny=SEND_MESSAGES_IN_THREADS)
    thread = loose_fake.add_thread(text, "t")
    status, refused = await rest(
        loose_fake, "POST", f"/channels/{thread.id}/messages", {"content": "y"}
    )
    assert (status, refused["code"]) == (403, 50013)
    assert [t.name for t in loose_fake.threads() if t.parent_id == text.id] == ["c", "t"]


async def test_a_thread_member_is_taken_out_as_discord_allows(loose_fake: FakeDiscord) -> None:
    """Remove Thread Member: a private thread's creator needs no Manage Threads, anyone
    else does (403 50013); an archived thread refuses (400 50083); someone not in the
    thread is 404 10007; taken out, the member no longer reads a private thread."""
    fake = loose_fake
    bob = fake.add_user("bob")
    fake.bot_permissions |= CREATE_PRIVATE_THREADS
    status, made = await rest(
        fake, "POST", f"/channels/{fake.channel.id}/threads", {"name": "team", "type": 12}
    )
    own = fake.channels[int(made["id"])]
    theirs = fake.add_thread(fake.channel, "theirs", type=PRIVATE_THREAD)
    for thread in (own, theirs):
        thread.member_ids |= {bob.id, fake.bot_user.id}
    status, refused = await rest(fake, "DELETE", f"/channels/{theirs.id}/thread-members/{bob.id}")
    assert (status, refused["code"]) == (403, 50013) and bob.id in theirs.member_ids
    fake.set_thread_state(own, archived=True)
    status, refused = await rest(fake, "DELETE", f"/channels/{own.id}/thread-members/{bob.id}")
    assert (status, refused["code"]) == (400, 50083) and fake.can_read(bob, own)
    fake.set_thread_state(own, archived=False)
    status, _ = await rest(fake, "DELETE", f"/channels/{own.id}/thread-members/{bob.id}")
    assert status == 204 and not fake.can_read(bob, own)
    status, refused = await rest(fake, "DELETE", f"/channels/{own.id}/thread-members/{bob.id}")
    assert (status, refused["code"]) == (404, 10007)
    fake.bot_permissions |= MANAGE_THREADS
    fake.set_bot_permissions(fake.bot_permissions)
    status, _ = await rest(fake, "DELETE", f"/channels/{theirs.id}/thread-members/{bob.id}")
    assert status == 204 and bob.id not in theirs.member_ids


async def test_app_permissions_follow_the_channel_overwrite(loose_fake: FakeDiscord) -> None:
    """``app_permissions`` is computed per channel: an overwrite, inherited by threads."""
    quiet = loose_fake.add_channel("quiet")
    loose_fake.set_channel_permissions(quiet, deny=SEND_MESSAGES | ATTACH_FILES)
    thread = loose_fake.add_thread(quiet, "t")
    for place in (quiet, thread):
        interaction = await loose_fake.slash(
            loose_fake.add_user("a"), "ping", {"text": "x"}, channel=place
        )
        permissions = int(interaction.payload["app_permissions"])
        assert not permissions & ATTACH_FILES and permissions & VIEW_CHANNEL
    status, body = await rest(
        loose_fake, "POST", f"/channels/{quiet.id}/messages", {"content": "x"}
    )
    assert (status, body["code"]) == (403, 50013)
    loose_fake.set_channel_permissions(quiet, deny=VIEW_CHANNEL)
    status, body = await rest(
        loose_fake, "POST", f"/channels/{thread.id}/messages", {"content": "x"}
    )
    assert (status, body["code"]) == (403, 50001)


async def test_guild_only_commands_are_never_sent_from_a_dm(loose_fake: FakeDiscord) -> None:
    """A global command limited to servers (contexts [0]) cannot be used in the bot's DM."""
    user = loose_fake.add_user("a")
    _, channel = await rest(
        loose_fake, "POST", "/users/@me/channels", {"recipient_id": str(user.id)}
    )
    dm = loose_fake.channels[int(channel["id"])]
    assert (await loose_fake.slash(user, "ping", {"text": "x"}, channel=dm)).type == 2
    loose_fake.global_commands = loose_fake._register(
        [{"name": "ping", "description": "test", "contexts": [0], "options": []}], None
    )
    with pytest.raises(LookupError, match="not offered"):
        await loose_fake.slash(user, "ping", {}, channel=dm)


async def webhook(
    fake: FakeDiscord, interaction: FakeInteraction, method: str, suffix: str = "", body: Any = None
) -> int:
    """Call the interaction's webhook (``suffix``: ``/messages/@original``...); the status."""
    url = f"{fake.api_base}/webhooks/{fake.application_id}/{interaction.token}{suffix}"
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, url, json=body) as response,
    ):
        return response.status


async def test_the_first_follow_up_keeps_the_deferrals_visibility(loose_fake: FakeDiscord) -> None:
    """After a public deferral the first follow-up fills the "thinking…" message and stays
    public, its ephemeral flag ignored (a deprecated path: a violation); once that
    placeholder is deleted (a violation unless the test expects it), a follow-up is a new
    message and may be private."""
    fake = loose_fake
    user = fake.add_user("a")
    filled = await fake.slash(user, "ping", {"text": "x"})
    assert (await callback(fake, filled, {"type": 5}))[0] == 200
    assert await webhook(fake, filled, "POST", body={"content": "hi", "flags": 64}) == 200
    assert filled.followups == [] and filled.original is not None
    assert not filled.original.ephemeral and filled.original.text() == "hi"
    assert fake.violations == [
        f"interaction {filled.id}: a deferred response completed by a follow-up "
        "(deprecated: edit the original response)"
    ]
    fake.violations.clear()

    refused = await fake.slash(user, "ping", {"text": "y"})
    assert (await callback(fake, refused, {"type": 5}))[0] == 200
    assert await webhook(fake, refused, "DELETE", "/messages/@original") == 204
    assert fake.violations == [f"interaction {refused.id}: a public 'thinking' message was deleted"]
    expected = await fake.slash(user, "ping", {"text": "z"})
    fake.expect_flash(expected)
    assert (await callback(fake, expected, {"type": 5}))[0] == 200
    assert await webhook(fake, expected, "DELETE", "/messages/@original") == 204
    assert await webhook(fake, expected, "POST", body={"content": "no", "flags": 64}) == 200
    assert len(fake.violations) == 1 and fake.flashes == [refused.id, expected.id]
    assert expected.original is None and [m.ephemeral for m in expected.followups] == [True]


async def test_a_deferred_layout_is_sent_by_editing_the_original(loose_fake: FakeDiscord) -> None:
    """Discord: a component layout (IS_COMPONENTS_V2) after a deferral must be sent by Edit
    Original Interaction Response; the same message as a follow-up is refused."""
    fake = loose_fake
    user = fake.add_user("a")
    layout = {"flags": 1 << 15, "components": [{"type": 10, "content": "board"}]}
    refused = await fake.slash(user, "ping", {"text": "x"})
    assert (await callback(fake, refused, {"type": 5}))[0] == 200
    assert await webhook(fake, refused, "POST", body=layout) == 400
    assert refused.original is not None and refused.original.loading
    fake.violations.clear()
    edited = await fake.slash(user, "ping", {"text": "y"})
    assert (await callback(fake, edited, {"type": 5}))[0] == 200
    assert await webhook(fake, edited, "PATCH", "/messages/@original", body=layout) == 200
    assert edited.original is not None and edited.original.layout
    assert not edited.original.loading and fake.violations == []


async def test_a_boolean_option_takes_no_choices(loose_fake: FakeDiscord) -> None:
    """Discord draws a boolean option's True and False itself: choices (which a bot could
    name and translate, « oui »/« non ») are refused on it, as on any type but string,
    integer and number."""
    option = {"name": "rated", "description": "r", "type": 5}
    choices = [{"name": "oui", "value": True}, {"name": "non", "value": False}]
    with pytest.raises(Exception, match="choices on a 5"):
        loose_fake._register(
            [{"name": "play", "description": "p", "options": [{**option, "choices": choices}]}],
            None,
        )
    assert loose_fake._register([{"name": "play", "description": "p", "options": [option]}], None)[
        0
    ]["options"] == [option]


async def _new_event(fake: FakeDiscord, body: dict[str, Any]) -> int:
    url = f"{fake.api_base}/guilds/{fake.guild_id}/scheduled-events"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=body, headers=headers) as response,
    ):
        return response.status


async def test_a_scheduled_event_is_made_only_as_discord_allows(loose_fake: FakeDiscord) -> None:
    """Create Events needed (403 without it); an external event needs a location, an end,
    no channel, a start in the future: each refused (400) and recorded as a violation."""
    fake = loose_fake
    fake.wall = ManualClock()
    start = fake.wall() + timedelta(days=1)
    good = {
        "name": "Cup",
        "privacy_level": 2,
        "entity_type": 3,
        "scheduled_start_time": start.isoformat(),
        "scheduled_end_time": (start + timedelta(hours=1)).isoformat(),
        "entity_metadata": {"location": "https://discord.com/channels/1/2/3"},
    }
    assert await _new_event(fake, good) == 403 and fake.violations == []
    fake.set_bot_permissions(fake.bot_permissions | CREATE_EVENTS)
    bad = [
        {**good, "entity_metadata": {}},
        {**good, "scheduled_end_time": None},
        {**good, "channel_id": "5"},
        {**good, "scheduled_start_time": (start - timedelta(days=2)).isoformat()},
        {**good, "privacy_level": 1},
        {**good, "name": ""},
    ]
    for body in bad:
        assert await _new_event(fake, body) == 400
    assert len(fake.violations) == len(bad) and fake.scheduled_events == []
    fake.violations.clear()
    assert await _new_event(fake, good) == 200
    assert [e["name"] for e in fake.scheduled_events] == ["Cup"]


async def test_a_role_is_pinged_only_where_discord_lets_it(loose_fake: FakeDiscord) -> None:
    """A role mention pings when allowed_mentions allows it and the role is mentionable (or
    the bot may Mention @everyone, @here, and All Roles); otherwise the text stays, unpinged."""
    fake = loose_fake
    plain, open_role = fake.add_role("Lions"), fake.add_role("Owls", mentionable=True)
    text = f"<@&{plain}> <@&{open_role}> vote!"
    allowed = {"parse": [], "roles": [str(plain), str(open_role)]}
    path = f"/channels/{fake.channel.id}/messages"
    status, sent, _ = await call(fake, "POST", path, {"content": text, "allowed_mentions": allowed})
    assert status == 200 and sent["mention_roles"] == [str(open_role)]
    status, sent, _ = await call(fake, "POST", path, {"content": text, "allowed_mentions": {}})
    assert status == 200 and sent["mention_roles"] == []
    fake.bot_permissions |= MENTION_EVERYONE
    status, sent, _ = await call(fake, "POST", path, {"content": text, "allowed_mentions": allowed})
    assert status == 200 and sent["mention_roles"] == [str(plain), str(open_role)]


async def test_a_message_holds_ten_files_at_most(loose_fake: FakeDiscord) -> None:
    """Discord takes at most 10 attachments a message (discord.py refuses more before
    sending): an upload of 11 files is refused (400, 50035) and posts nothing; 10 pass."""
    path = f"{loose_fake.api_base}/channels/{loose_fake.channel.id}/messages"
    headers = {"Authorization": f"Bot {loose_fake.token}"}
    for count, status in ((11, 400), (10, 200)):
        form = aiohttp.FormData()
        attachments = [{"id": n, "filename": f"f{n}.txt"} for n in range(count)]
        form.add_field("payload_json", json.dumps({"attachments": attachments}))
        for n in range(count):
            form.add_field(f"files[{n}]", b"x", filename=f"f{n}.txt")
        async with (
            aiohttp.ClientSession() as session,
            session.post(path, data=form, headers=headers) as response,
        ):
            assert response.status == status, await response.text()
        if status == 400:
            assert loose_fake.channel_messages(loose_fake.channel.id) == []
            loose_fake.violations.clear()  # that refusal was the point
    [posted] = loose_fake.channel_messages(loose_fake.channel.id)
    assert len(posted.files) == 10
