"""Comments in written movetext: after their ply, braces neutralised, wrapped like moves."""

from __future__ import annotations

from rules import Game, get_variant
from rules.pgn import format_movetext


def test_comments_follow_their_ply_and_repeat_the_move_number() -> None:
    """A comment after White's move makes Black's move say its number again."""
    text = format_movetext(["e4", "e5", "Nf3"], 1, False, "*", {0: "start", 1: "a {b} c"})
    assert text == "{start} 1. e4 {a (b) c} 1... e5 2. Nf3 *"


def test_a_long_comment_wraps_at_80_columns_and_reads_back() -> None:
    """A long note is wrapped between its words; the PGN reads back to the same game."""
    game = Game("chess").play("e4").play("e5")
    note = " ".join(["word"] * 60)
    pgn = get_variant("chess").write_record(game, {"White": "a"}, {2: note})
    movetext = pgn.split("\n\n", 1)[1]
    assert all(len(line) <= 80 for line in movetext.splitlines())
    assert get_variant("chess").read_record(pgn)[1].ply == 2
