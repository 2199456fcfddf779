"""Janggi records as pychess-variants writes them: Fairy-Stockfish's SAN (checked against
pyffish on every legal move of the perft positions), PGN with Variant and FEN, read back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pyffish

from rules import Game, get_variant
from rules.janggi import JanggiPosition, Setup, start_fen
from rules.janggi.san import fsf_san
from tests.examples import sweep_step

PERFT = Path(__file__).with_name("perft_janggi.txt")


def _fens() -> list[str]:
    lines = PERFT.read_text(encoding="utf-8").splitlines()
    return [line.split("|")[1].strip() for line in lines if line.strip() and line[0] != "#"]


def test_san_is_pyffish_s_on_every_move_of_the_perft_positions() -> None:
    """Every legal move of 192 positions (passes, captures, checks, disambiguation by file
    and rank), written as pyffish.get_san writes it, and read back to the same move.

    Each pyffish call costs about a millisecond whatever it asks: under Hypothesis's ``ci``
    profile every pass and every move another piece of its kind could also make to the same
    point (the moves that need disambiguation) is checked, and a quarter of the others
    (``tests/examples.sweep_step``); ``thorough`` checks them all."""
    step = sweep_step()
    count = rare = 0
    for fen in _fens():
        position = JanggiPosition.from_fen(fen)
        board = position.board
        moves = position.legal_moves()
        reaching = Counter((abs(board[m[0]]), m[1]) for m in moves if m[0] != m[1])
        for number, move in enumerate(moves):
            passes = move[0] == move[1]
            if passes or reaching[abs(board[move[0]]), move[1]] > 1:
                rare += 1
            elif number % step:
                continue
            expected = pyffish.get_san("janggi", fen, position.uci(move))
            assert fsf_san(position, move) == expected, (fen, position.uci(move))
            assert position.parse_move(expected) == move
            count += 1
    assert count > 5000 // step and rare > 500


def test_a_record_round_trips_with_its_setups_and_passes() -> None:
    """A game from chosen setups, with a pass, written as PGN with Variant, FEN and SetUp
    and moves as pyffish writes them, reads back to the same game."""
    fen = start_fen(Setup.SANG_MA_SANG_MA, Setup.MA_SANG_MA_SANG)
    moves = ("i4h4", "c7c6", "e2e2", "b10d7", "h3h7")
    game = Game(get_variant("janggi"), get_variant("janggi").from_fen(fen)).extended(moves)
    text = game.variant.write_record(game, {"White": "alice", "Black": "bob"})
    head, movetext = text.split("\n\n")
    assert '[Variant "janggi"]' in head and f'[FEN "{fen}"]' in head and '[SetUp "1"]' in head
    sans = pyffish.get_san_moves("janggi", fen, list(moves))
    assert movetext.split() == ["1.", sans[0], sans[1], "2.", sans[2], sans[3], "3.", sans[4], "*"]
    tags, read = game.variant.read_record(text)
    assert tags["White"] == "alice" and read.start.fen() == fen
    assert read.uci_moves() == list(moves)
