"""Names on Discord: a player's own global name, never a nickname someone else's command
carried; user text escaped wherever it is shown."""

from __future__ import annotations

import re

from tests.discord.harness import OPENED, Harness, command, play, start_game
from tests.discord.test_discord_refusals import game_id_of
from tests.fakediscord import FakeMessage


async def test_a_nickname_never_renames_a_player(running: Harness) -> None:
    """A server nickname (set by moderators) carried by /stats user:bob, a challenge or bob's
    own commands is not stored: his games, PGN and the leaderboard keep his global name."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    game_id = game_id_of(fake, thread)
    bob.nick = "Bobby Tables"
    await command(fake, carol, "stats", {"user": bob})
    await command(fake, carol, "challenge", {"opponent": bob})
    await command(fake, bob, "games")
    for mover, move in [(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")]:
        await play(fake, mover, move, thread)
    board = await command(fake, carol, "board", {"game": game_id}, channel=thread)
    assert "alice vs bob" in board.text().splitlines()[0]
    pgn = await command(fake, alice, "pgn", {"game": game_id}, channel=thread)
    assert '[Black "bob"]' in pgn.files[0].content.decode()
    table = await command(fake, carol, "leaderboard")
    assert "bob" in table.text() and "Bobby" not in table.text()


NITRO = "[nitro](https://evil.example)"  # 29 characters: a valid Discord global name
# The bot's own bold: /games' section headings (bot.text.reports.game_list_sections).
HEADINGS = tuple(
    f"**{heading}**"
    for heading in ("Your move:", "Waiting for the opponent:", "Challenges to you:")
)


def inert(message: FakeMessage, *own: str) -> bool:
    """No markup a name could carry survives unescaped (bold, spoilers, code, mentions); the
    mentions the bot means (its ``mentions``) and ``own`` markup are the bot's."""
    text = message.text()
    for markup in (*(f"<@{user_id}>" for user_id in message.mentions), *own):
        text = text.replace(markup, "")
    return not re.search(r"(?<!\\)(\*\*|\|\||`|<@|<#|@everyone)", text)


async def test_markup_in_names_is_shown_as_typed(running: Harness) -> None:
    """A global name that is a masked link, or carries spoilers and mentions, never becomes
    a link or markup: in the challenge, the thread name, the boards, /games, refusals, the
    leaderboard."""
    fake = running.fake
    mallory, bob = fake.add_user("mallory"), fake.add_user("bob")
    mallory.global_name = NITRO
    bob.global_name = "**bob** ||@everyone"
    thread, first = await start_game(fake, mallory, bob)
    assert "[" not in thread.name and "](" not in thread.name and "*" not in thread.name
    shown = [first, fake.messages[fake.channel_messages(fake.channel.id)[0].id]]
    shown.append(await play(fake, mallory, "f3", thread))
    shown.append(await command(fake, mallory, "move", {"move": "e4"}, channel=thread))
    shown.append(await command(fake, bob, "games"))
    for mover, move in [(bob, "e5"), (mallory, "g4"), (bob, "Qh4#")]:
        shown.append(await play(fake, mover, move, thread))
    shown.append(await command(fake, bob, "leaderboard"))
    shown.append(await command(fake, bob, "history", {"user": mallory}))
    for message in shown:
        assert message.masked_links() == [], message.text()
        assert inert(message, thread.mention, *HEADINGS), message.text()
    assert "nitro" in shown[0].text() and "evil.example" in shown[0].text()
    refusal = shown[3]
    assert refusal.ephemeral and "not your turn" in refusal.text()


def test_clipping_keeps_graphemes_and_escapes_whole() -> None:
    """A clipped text never ends in half an emoji or a lone escaping backslash."""
    from bot.discord.escape import clip, escape_text

    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clip("ab" + family + "cd", 6) == "ab…"
    escaped = escape_text("x" * 8 + "||spoiler||")
    for limit in range(9, len(escaped)):
        clipped = clip(escaped, limit)
        assert len(clipped) <= limit and clipped.endswith("…")
        body = clipped[:-1]
        assert (len(body) - len(body.rstrip("\\"))) % 2 == 0, clipped


async def test_markup_in_names_is_escaped_in_what_the_bot_posts_itself(running: Harness) -> None:
    """Reminders and time-outs, delivered from the outbox, show the names as typed too."""
    fake = running.fake
    mallory, bob = fake.add_user("mallory"), fake.add_user("bob")
    mallory.global_name = NITRO
    bob.global_name = "||@here|| `bob`"
    thread, _ = await start_game(fake, mallory, bob, days=3, moves=(*OPENED, "Nf3"))
    posted = len(fake.channel_messages(thread.id))
    running.clock.advance(days=2, hours=1)
    await running.clock_round()  # a reminder for bob
    running.clock.advance(days=1)
    await running.clock_round()  # bob runs out of time
    own = fake.channel_messages(thread.id)[posted:]
    assert len(own) == 2, [m.text() for m in own]
    assert "Reminder" in own[0].text() and "ran out of time" in own[1].text()
    for message in own:
        assert message.masked_links() == [], message.text()
        assert inert(message, thread.mention), message.text()


async def test_a_refusals_moment_is_a_timestamp_and_a_names_markup_stays_inert(
    running: Harness,
) -> None:
    """A refusal saying when something ends writes it as a live Discord timestamp (each
    reader's client shows it in their own time zone), never escaped into raw ``<t:…>`` text,
    while the markup in a name beside it stays escaped."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("**<@&1> bob**")
    options = {"opponent": bob, "days": 3}
    await command(fake, alice, "challenge", options)
    again = await command(fake, alice, "challenge", options)
    assert again.ephemeral
    assert re.search(r"(?<!\\)<t:\d+:f>", again.text()), again.text()
    assert "\\*\\*\\<@&1> bob\\*\\*" in again.text(), again.text()
