"""Names: a player's own name comes only from their own interactions; names are cleaned."""

from __future__ import annotations

import pytest

import rules
from bot.service import GameService, User
from bot.service.text import NAME_LIMIT, clean_name, cut, graphemes, pgn_tag
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

SCHOLARS_MATE = ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")


@pytest.mark.store
async def test_nobody_renames_another_player(service: GameService) -> None:
    """A name carried by someone else's command (a nickname in /stats user:X, a challenge)
    never replaces the player's own; their own next interaction does."""
    started = await start_game(service)  # alice and bob act themselves
    renamed = User(BOB.id, "[free nitro](https://evil.example)")
    await service.reports.stats(CAROL, renamed, place=PLACE)
    await service.reports.games(CAROL, renamed, place=PLACE)
    await service.reports.history(CAROL, renamed, place=PLACE)
    await service.challenges.challenge(CAROL, PLACE, renamed)
    assert (await service.reports.game_view(started.game.id)).black.name == "bob"
    await play(service, started.game.id, *SCHOLARS_MATE)
    export = await service.reports.record(ALICE, PLACE, game_id=started.game.id)
    assert '[Black "bob"]' in export.record
    assert "bob" in [row.player.name for row in (await service.reports.leaderboard(1)).rows]

    await service.reports.stats(User(BOB.id, "Robert"))  # bob himself
    assert (await service.reports.game_view(started.game.id)).black.name == "Robert"


async def test_a_player_first_seen_in_a_mention_gets_that_name_until_they_act(
    service: GameService,
) -> None:
    """Someone Postal never met is stored with the name the mention carried; it does not
    change on further mentions, only when they act."""
    dave = User(404, "dave")
    created = await service.challenges.challenge(ALICE, PLACE, dave)
    assert created.challenge.opponent is not None and created.challenge.opponent.name == "dave"
    again = await service.challenges.challenge(CAROL, PLACE, User(404, "Dave the Nick"))
    assert again.challenge.opponent is not None and again.challenge.opponent.name == "dave"


async def test_stored_names_are_one_clean_line(service: GameService) -> None:
    """Control characters, NUL, bidi overrides and line breaks never reach the store or the
    PGN; a long name is cut at 64 characters between whole graphemes."""
    sneaky = User(ALICE.id, 'al\x00ice\r\n[Result "0-1"]\u202e\t"x\\')
    started = await start_game(service, white=sneaky)
    view = await service.reports.game_view(started.game.id)
    assert view.white.name == 'alice [Result "0-1"] "x\\'
    await play(service, started.game.id, *SCHOLARS_MATE)
    export = await service.reports.record(ALICE, PLACE, game_id=started.game.id)
    tags, _ = rules.get_variant("chess").read_record(export.record)
    assert tags["White"] == view.white.name and tags["Result"] == "1-0"
    assert "\r" not in export.record and "\x00" not in export.record
    header = [line for line in export.record.splitlines() if line.startswith("[")]
    assert len(header) == len(tags)  # one line per tag: none was broken open

    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 7 code points
    long = "a" * 60 + family
    assert clean_name(long, "x") == "a" * 60  # the family is kept whole or not at all
    assert len(clean_name("b" * 100, "x")) == NAME_LIMIT
    assert clean_name(" \x00\u200b ", "player 1") == "player 1"


def test_graphemes_keep_what_people_see_as_one_character() -> None:
    """Combining marks, ZWJ sequences, variation selectors, skin tones, tag flags and
    regional-indicator pairs stay whole."""
    samples = [
        "e\u0301",  # é as e + combining acute
        "\U0001f468\u200d\U0001f4bb",  # man technologist
        "\u2764\ufe0f",  # red heart, emoji presentation
        "\U0001f44d\U0001f3fd",  # thumbs up, medium skin tone
        "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # England
        "\U0001f1eb\U0001f1f7",  # France
        "\r\n",
    ]
    for sample in samples:
        assert graphemes(sample) == [sample]
        assert graphemes("x" + sample + "y") == ["x", sample, "y"]
    flags = "\U0001f1eb\U0001f1f7\U0001f1e9\U0001f1ea\U0001f1ee"
    assert graphemes(flags) == ["\U0001f1eb\U0001f1f7", "\U0001f1e9\U0001f1ea", "\U0001f1ee"]
    assert cut("||spoiler|| e\u0301e\u0301", 15, "…") == "||spoiler|| e\u0301…"
    assert pgn_tag('a\r\nb\x07"c') == 'a b"c'
