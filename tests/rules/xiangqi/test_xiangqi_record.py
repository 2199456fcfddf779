"""Xiangqi game records: written in the XQBase PGN style and read back from any notation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import Game, IllegalMoveError, InvalidFenError, InvalidMoveError, RulesError
from rules.errors import InvalidRecordError
from rules.xiangqi import START_FEN, XIANGQI
from tests.examples import examples

OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]


def _game(moves: list[str], start: str | None = None) -> Game:
    game = Game("xiangqi", start)
    for move in moves:
        game = game.play(move)
    return game


def test_record_layout_tags_and_moves() -> None:
    """Tags come first in a fixed order, then numbered upper-case ICCS moves and the result."""
    text = XIANGQI.write_record(_game(OPENING), {"White": "alice", "Black": "bob"})
    lines = text.splitlines()
    assert lines[:9] == [
        '[Game "Chinese Chess"]',
        '[Variant "xiangqi"]',
        '[Event "?"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[Red "alice"]',
        '[Black "bob"]',
        '[Result "*"]',
    ]
    assert f'[FEN "{START_FEN}"]' in lines
    assert '[Format "ICCS"]' in lines
    assert lines[-1] == "1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 *"
    assert text.endswith("\n")


def test_a_teams_tag_is_named_for_red() -> None:
    """PGN's WhiteTeam (a vote game's team) is written RedTeam, as White is Red."""
    tags = {"White": "Lions", "WhiteTeam": "Lions", "Black": "bob"}
    read_tags, _ = XIANGQI.read_record(XIANGQI.write_record(_game(OPENING), tags))
    assert (read_tags["Red"], read_tags["RedTeam"], read_tags["Black"]) == ("Lions", "Lions", "bob")
    assert "WhiteTeam" not in read_tags


def test_record_round_trips_moves_tags_and_start() -> None:
    """Reading a written record gives the same moves, start position and tags."""
    start = "3k5/9/9/9/2R6/9/9/9/9/4K4 w - - 3 20"
    game = _game(["c5c6", "d9d8", "c6c7"], start)
    tags = {"Event": 'Club "open"', "Date": "2026.11.21", "Site": "Discord", "Custom": "x\\y"}
    text = XIANGQI.write_record(game, tags)
    read_tags, read_game = XIANGQI.read_record(text)
    assert read_game.uci_moves() == game.uci_moves()
    assert read_game.start == game.start
    assert read_tags["Event"] == 'Club "open"'
    assert read_tags["Custom"] == "x\\y"
    assert read_tags["FEN"] == start
    assert "20. C5-C6 D9-D8 21. C6-C7" in text


def test_result_comes_from_the_rules_when_they_ended_the_game() -> None:
    """A mated game records 1-0 whatever Result tag was passed."""
    game = _game(["c5d5"], "3k5/9/9/9/2R6/9/9/9/9/4K4 w - - 0 1")
    text = XIANGQI.write_record(game, {"Result": "0-1"})
    assert '[Result "1-0"]' in text
    assert text.rstrip().endswith("1. C5-D5 1-0")


def test_result_tag_is_used_for_games_ended_by_players() -> None:
    """A resignation result given as a tag is written; junk becomes '*'."""
    assert '[Result "0-1"]' in XIANGQI.write_record(_game(OPENING), {"Result": "0-1"})
    assert '[Result "*"]' in XIANGQI.write_record(_game(OPENING), {"Result": "red won"})


def test_black_to_move_start_is_numbered_with_an_ellipsis() -> None:
    """A game starting with black to move begins '1...'."""
    game = _game(["h9g7", "h0g2"], START_FEN.replace(" w ", " b "))
    assert XIANGQI.write_record(game, {}).splitlines()[-1] == "1... H9-G7 2. H0-G2 *"


def test_long_games_wrap_move_text() -> None:
    """Move text lines stay within 80 characters."""
    rng = random.Random(7)
    game = Game("xiangqi")
    while game.ply < 60 and game.outcome() is None:
        game = game.play(rng.choice(game.position.legal_moves()))
    text = XIANGQI.write_record(game, {})
    body = text.split("\n\n", 1)[1]
    assert len(body.splitlines()) > 3
    assert all(len(line) <= 80 for line in body.splitlines())
    assert XIANGQI.read_record(text)[1].uci_moves() == game.uci_moves()


def test_records_in_other_notations_are_read() -> None:
    """WXF, Chinese, comments, variations, NAGs and annotations are all understood."""
    text = """[Game "Chinese Chess"]
[Red "a"]

1. 炮二平五 {central cannon} 马８进７ 2. H2+3! (2. C8.6 ?) R9.8 $1
3. r1.2 ; a comment
3... c8+4?! *
"""
    tags, game = XIANGQI.read_record(text)
    assert tags == {"Game": "Chinese Chess", "Red": "a"}
    assert game.san_moves() == ["C2.5", "H8+7", "H2+3", "R9.8", "R1.2", "C8+4"]


def test_record_without_tags_starts_from_the_start() -> None:
    """Bare move text is a game from the standard start."""
    tags, game = XIANGQI.read_record("1.h2e2 h9g7")
    assert tags == {}
    assert game.uci_moves() == ["h2e2", "h9g7"]


def test_other_variants_records_are_refused() -> None:
    """A record tagged for another variant raises RulesError."""
    with pytest.raises(InvalidRecordError, match="not a xiangqi record"):
        XIANGQI.read_record('[Variant "Standard"]\n\n1. e4 *')


@pytest.mark.parametrize(
    ("text", "ply", "move"),
    [("1. h2e2 h9g7 2. Nf3", 3, "Nf3"), ("1. h2e2 h2e2", 2, "h2e2"), ("1. C2.9", 1, "C2.9")],
)
def test_unplayable_moves_name_their_ply(text: str, ply: int, move: str) -> None:
    """A move that cannot be read or played raises InvalidRecordError with ply and text."""
    with pytest.raises(InvalidRecordError) as caught:
        XIANGQI.read_record(text)
    assert (caught.value.ply, caught.value.move) == (ply, move)
    assert isinstance(caught.value.__cause__, (InvalidMoveError, IllegalMoveError))


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ('[FEN "not a fen"]\n\n1. h2e2', InvalidFenError),
        ("1. h2e2 {unclosed", InvalidRecordError),
        ("1. h2e2 (2. h9g7", InvalidRecordError),
        ("", InvalidRecordError),
    ],
)
def test_bad_records_raise_rules_errors(text: str, error: type[RulesError]) -> None:
    """Bad FEN tags, unbalanced comments or variations and empty text raise RulesErrors."""
    with pytest.raises(error):
        XIANGQI.read_record(text)


RECORD_ALPHABET = '[]"{}();$!? .\n0123456789-+=/*abcdehiCHRP炮马进平FENVariant'


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=60), st.text(alphabet=RECORD_ALPHABET, max_size=60)))
def test_arbitrary_text_raises_only_rules_errors(text: str) -> None:
    """read_record raises only RulesErrors; what it does read survives a write/read trip."""
    try:
        _, game = XIANGQI.read_record(text)
    except RulesError:
        return
    again = XIANGQI.read_record(XIANGQI.write_record(game, {}))[1]
    assert again.uci_moves() == game.uci_moves()
