"""Postal on Discord in the reader's language: each reply in its user's language (their
/settings choice, else their Discord app's), posts to a channel in the server's, DMs in
their recipient's; and a whole game in one language shows only catalog sentences."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.i18n import Locale, catalogs, translator_for, using
from bot.i18n.text import Text, say
from bot.text.phrases import variant_text
from tests.discord.harness import Harness, command, play, start_game
from tests.discord.test_discord_board import answer
from tests.fakediscord import ATTACH_FILES, BOT_PERMISSIONS, EMBED_LINKS, FakeDiscord, FakeMessage
from tests.i18n.pseudo import OPENING_NAME, english_left, install_pseudo, vocabulary

NOT_WORDS = re.compile(
    r"alice|bob|/\w+|\w+:\S*|<[^>]*>|https?://\S+|#\d+|\S+\.(png|pgn|gif|txt)\b"
    rf"|{OPENING_NAME}"
)


@pytest.fixture
def pseudo_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    yield install_pseudo(tmp_path / "locales", Locale.FR, monkeypatch)
    catalogs.translations.cache_clear()


def shown(message: FakeMessage) -> str:
    """What a reader sees of ``message``: its text and its buttons' and menus' labels."""
    labels = [str(b.get("label", "")) for b in message.buttons()]
    labels += [str(o.get("label", "")) for s in message.selects() for o in s.get("options", [])]
    return "\n".join([message.text(), *labels])


async def french_game(fake: FakeDiscord, running: Harness, label: Callable[[str], str]) -> str:
    """A whole game between two players whose Discord app is French, on a French server,
    with refusals along the way; what the bot showed them (``label``: a button's label)."""
    fake.set_guild_locale("fr")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.locale = bob.locale = "fr"
    challenge = await command(fake, alice, "challenge", {"opponent": bob, "color": "white"})
    # The same challenge again: pointed to the first, its deadline a Discord timestamp.
    again = await command(fake, alice, "challenge", {"opponent": bob, "color": "white"})
    assert again.ephemeral and "<t:" in again.text(), again.text()
    known = {thread.id for thread in fake.threads()}
    press = await fake.click(bob, challenge, label("Accept"))
    await fake.acknowledged(press)
    thread = await fake.wait_until(
        lambda: next((t for t in fake.threads() if t.id not in known), None)
    )
    for user, move in ((alice, "e4"), (bob, "e5"), (alice, "Bc4"), (bob, "Nc6")):
        await play(fake, user, move, thread)
    await command(fake, alice, "board", channel=thread)
    await command(fake, bob, "moves", {"square": "g8"}, channel=thread)
    offer = await command(fake, bob, "draw", channel=thread)
    await fake.acknowledged(await fake.click(alice, offer, label("Decline")))
    # Refused: unreadable, illegal, and misspelled with an illegal correction.
    for refused in ("Qh9", "Ke3", "Pe5"):
        answer = await command(fake, alice, "move", {"move": refused}, channel=thread)
        assert answer.ephemeral, answer.text()
    for user, move in ((alice, "Qh5"), (bob, "Nf6"), (alice, "Qxf7")):
        await play(fake, user, move, thread)
    for name in ("games", "stats", "history", "settings"):
        await command(fake, alice, name)
    await command(fake, alice, "vacation", {"days": 3})
    await running.delivered()
    return "\n".join(shown(message) for message in fake.messages.values())


async def test_a_whole_game_in_french_says_only_catalog_sentences(
    pseudo_french: set[str], running: Harness, fake: FakeDiscord
) -> None:
    """Two players whose Discord app is French, on a French server: everything the bot
    says to them comes from the catalogs, with every fact in it said in French too."""
    seen = await french_game(fake, running, lambda english: f"⟦{english}⟧")
    assert "⟦" in seen
    left = english_left(seen, pseudo_french, NOT_WORDS)
    print("\n".join(dict.fromkeys(left)))  # what is left, when this fails
    assert left == []


@pytest.fixture
def french_words() -> frozenset[str]:
    """Postal's English words that French never uses; read before the bot starts (reading
    the sources takes seconds, which would stall the bot's event loop under test)."""
    return vocabulary(Locale.FR)


async def test_a_whole_game_in_french_shows_no_english(
    french_words: frozenset[str], running: Harness, fake: FakeDiscord
) -> None:
    """The same game with the real French catalog: no word of Postal's English that the
    French translations themselves do not use."""
    french = translator_for(Locale.FR)
    seen = await french_game(fake, running, lambda english: french.pgettext("button", english))
    left = english_left(seen, french_words, NOT_WORDS)
    print("\n".join(dict.fromkeys(left)))  # what is left, when this fails
    assert left == []


async def test_a_reply_follows_the_users_app_and_their_choice(
    pseudo_french: set[str], running: Harness, fake: FakeDiscord
) -> None:
    """An English app gets English, a French one French; /settings language: overrides
    the app, and language:auto follows it again."""
    alice = fake.add_user("alice")
    english = await command(fake, alice, "games")
    assert english.text() == "alice has no active games."
    alice.locale = "fr"
    assert (await command(fake, alice, "games")).text().startswith("⟦")
    chosen = await command(fake, alice, "settings", {"language": "en"})
    assert "language: ⟪English⟫" in chosen.text()
    assert (await command(fake, alice, "games")).text() == "alice has no active games."
    alice.locale = "ko"  # a Korean app: the English choice still holds
    assert (await command(fake, alice, "games")).text() == "alice has no active games."
    await command(fake, alice, "settings", {"language": "auto"})
    alice.locale = "fr"
    assert (await command(fake, alice, "games")).text().startswith("⟦")


async def test_what_is_for_one_player_is_in_their_language(
    pseudo_french: set[str], running: Harness, fake: FakeDiscord
) -> None:
    """A turn notice by DM is in its recipient's language (the app language last seen), as
    is a reminder in the game's place that mentions them."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bob.locale = "fr"
    await command(fake, bob, "settings", {"notify": "dm"})
    thread, _ = await start_game(fake, alice, bob)
    await play(fake, alice, "e4", thread)
    await running.delivered()
    dm = fake.dm_with(bob)
    notices = fake.channel_messages(dm.id)
    assert notices and all("⟦" in m.text() for m in notices)
    # A reminder in the game's place mentions bob: his language too.
    running.clock.advance(days=2, hours=1)
    await running.clock_round()
    reminder = fake.channel_messages(thread.id)[-1]
    assert "⟦Reminder" in reminder.text()


async def test_a_post_to_the_whole_channel_is_in_the_servers_language(
    pseudo_french: set[str], running: Harness, fake: FakeDiscord
) -> None:
    """The end of a game by time-out, posted for both players and the channel, follows the
    server's language, not the players' English apps."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=1)
    fake.set_guild_locale("fr")
    running.clock.advance(days=1, hours=1)
    await running.clock_round()
    ended = fake.channel_messages(thread.id)[-1]
    assert "⟦Game over" in ended.text(), ended.text()


async def test_a_missing_permission_is_named_as_discord_names_it_in_the_readers_language(
    harness: Harness,
) -> None:
    """A challenge refused for a permission Postal lacks names it as a French Discord app
    does (Intégrer des liens), not by its English name."""
    harness.fake.bot_permissions = BOT_PERMISSIONS & ~EMBED_LINKS & ~ATTACH_FILES
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.locale = "fr"
    answer = await command(fake, alice, "challenge", {"opponent": bob})
    text = answer.text()
    assert answer.ephemeral and "Intégrer des liens, Joindre des fichiers" in text, text
    assert "Embed" not in text and "Attach" not in text


async def test_a_stale_board_is_refused_in_the_readers_language(
    pseudo_french: set[str], running: Harness, fake: FakeDiscord
) -> None:
    """A menu opened from a board the game has since moved on from, and that board's own
    button, are refused with catalog sentences only."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob)
    alice.locale = "fr"
    menu = await answer(fake, await fake.click(alice, first, "Move…"))  # an English board
    # The first board keeps its buttons, as boards the retirer has not reached (or skips
    # for a newer one) do; running, it would take them away at a moment of its choosing.
    assert running.bot is not None
    await running.bot.boards.stop()
    await play(fake, alice, "e4", thread)
    stale = await fake.reply(await fake.choose(alice, menu, ["d2"]))
    draw = first.buttons()[1]
    pressed = await fake.click_as_shown(alice, first, draw)
    refused = await fake.reply(pressed)
    for message in (stale, refused):
        assert message.ephemeral and "⟦" in message.text(), message.text()
        assert english_left(message.text(), pseudo_french, NOT_WORDS) == []


async def test_a_french_player_reads_moves_in_french_letters(running: Harness) -> None:
    """On Discord, French readers read chess moves in French letters — the public move
    message of a French server, its recent moves, the autocomplete offers (whose value stays
    SAN) — while the PGN keeps standard English SAN."""
    import rules

    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    fake.set_guild_locale("fr")
    alice.locale = bob.locale = "fr"
    for user, move in ((alice, "e4"), (bob, "e5"), (alice, "Fc4")):
        message = await play(fake, user, move, thread)
    assert "2. Fc4" in message.text() and "Bc4" not in message.text(), message.text()
    knights = await fake.autocomplete(bob, "move", "move", {"move": "C"}, channel=thread)
    offered = {c["name"]: c["value"] for c in knights.choices}
    assert offered == {"Cc6": "Nc6", "Ca6": "Na6", "Cf6": "Nf6", "Ch6": "Nh6", "Ce7": "Ne7"}
    answer = await command(fake, bob, "pgn", channel=thread)
    record = next(f for f in answer.files if f.filename.endswith(".pgn")).content.decode()
    _, game = rules.get_variant("chess").read_record(record)
    assert game.san_moves() == ["e4", "e5", "Bc4"]


async def test_a_deadline_is_a_discord_timestamp_each_reader_sees_in_their_language(
    running: Harness,
) -> None:
    """The deadline under a French player's move is Discord's relative and full timestamps
    of one moment (<t:…:R> (<t:…:f>)), which each client writes in its reader's language and
    time zone; no date is written out in any one language."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=3)
    alice.locale = bob.locale = "fr"
    shown = (await play(fake, alice, "e4", thread)).text()
    stamps = re.findall(r"<t:(\d+):R> \(<t:(\d+):f>\)", shown)
    assert len(stamps) == 1 and stamps[0][0] == stamps[0][1], shown
    assert not re.search(r"\b20\d\d\b|UTC", shown), shown


async def test_a_games_thread_is_named_in_the_servers_language(running: Harness) -> None:
    """On a Japanese server the game's thread is named in Japanese (the channel reads it),
    as the challenge's buttons are, even when the players use Discord in English."""
    fake = running.fake
    fake.set_guild_locale("ja")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    challenge = await command(fake, alice, "challenge", {"opponent": bob, "color": "white"})
    # Its buttons are the channel's: Japanese too.
    accept = challenge.buttons()[0]
    assert accept["label"] == "受ける", accept
    await fake.acknowledged(await fake.click(bob, challenge, str(accept["label"])))
    [thread] = await fake.wait_until(lambda: fake.threads())
    with using(Locale.JA):
        expected = say(
            Text(
                "{white} vs {black} · {variant}",
                white="alice",
                black="bob",
                variant=variant_text("chess"),
            )
        )
    assert thread.name == expected and "chess" not in thread.name and "alice" in thread.name
