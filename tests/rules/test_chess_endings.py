"""Checkmate, stalemate and insufficient material: the endings a position decides alone."""

from __future__ import annotations

import pytest

from rules import Color, Outcome, Termination
from rules.chess import CHESS, ChessPosition
from rules.chess.endings import has_insufficient_material, is_dead_position


def at(fen: str) -> ChessPosition:
    position = CHESS.from_fen(fen)
    assert isinstance(position, ChessPosition)
    return position


def outcome(fen: str) -> Outcome | None:
    return CHESS.outcome([at(fen)])


def legal(fen: str) -> set[str]:
    position = at(fen)
    return {position.uci(m) for m in position.legal_moves()}


# --- check with one defence is not mate ------------------------------------------------------


def test_not_mate_when_the_checker_can_be_captured() -> None:
    """A back-rank check that a rook can take is not mate; taking is the only move."""
    fen = "r2R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
    assert legal(fen) == {"a8d8"}
    assert at(fen).is_check() and not at(fen).is_checkmate()
    assert outcome(fen) is None


def test_not_mate_when_the_check_can_be_blocked() -> None:
    """A back-rank check that a knight can block is not mate; blocking is the only move."""
    fen = "3R2k1/5ppp/3n4/8/8/8/8/6K1 b - - 0 1"
    assert legal(fen) == {"d6e8"}
    assert outcome(fen) is None


def test_not_mate_when_the_king_can_step_away() -> None:
    """A back-rank check with an open flight square is not mate; the king move is the only one."""
    fen = "3R2k1/5pp1/8/8/8/8/8/6K1 b - - 0 1"
    assert legal(fen) == {"g8h7"}
    assert outcome(fen) is None


@pytest.mark.parametrize(
    ("fen", "winner"),
    [
        # Back-rank mate.
        ("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Color.WHITE),
        # Fool's mate.
        ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Color.BLACK),
        # Smothered mate.
        ("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", Color.WHITE),
        # Two rooks on the edge.
        ("R5k1/1R6/8/8/8/8/8/6K1 b - - 0 1", Color.WHITE),
    ],
)
def test_checkmate(fen: str, winner: Color) -> None:
    """In check with no legal move is checkmate: the side that gave it wins."""
    position = at(fen)
    assert position.is_check() and position.legal_moves() == []
    assert position.is_checkmate() and not position.is_stalemate()
    assert outcome(fen) == Outcome(Termination.CHECKMATE, winner)


@pytest.mark.parametrize(
    "fen",
    [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
        # Black's only pawn is blocked and its king boxed in.
        "k7/2Q5/8/8/8/p7/P7/7K b - - 0 1",
    ],
)
def test_stalemate(fen: str) -> None:
    """Not in check with no legal move is stalemate: a draw."""
    position = at(fen)
    assert not position.is_check() and position.legal_moves() == []
    assert position.is_stalemate() and not position.is_checkmate()
    assert outcome(fen) == Outcome(Termination.STALEMATE, None)
    assert Outcome(Termination.STALEMATE, None).result() == "1/2-1/2"


# --- insufficient material -------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",  # K v K
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",  # K+N v K
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",  # K+B v K (dark bishop)
        "8/8/8/4k3/8/8/8/4KB2 w - - 0 1",  # K+B v K (light bishop)
        "8/8/8/4kn2/8/8/8/4K3 b - - 0 1",  # K v K+N
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",  # K+B v K+B, both on dark squares
        "2b5/8/8/4k3/8/8/8/4KB2 w - - 0 1",  # K+B v K+B, both on light squares
        "3b4/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1",  # three bishops, all dark
        "8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1",  # two dark bishops v K
    ],
)
def test_insufficient_material_ends_the_game(fen: str) -> None:
    """Positions where no sequence of moves can mate are drawn automatically."""
    assert is_dead_position(at(fen))
    assert outcome(fen) == Outcome(Termination.INSUFFICIENT_MATERIAL, None)


@pytest.mark.parametrize(
    "fen",
    [
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",  # opposite-coloured bishops: mate is possible
        "8/8/8/4k3/8/4B3/8/3BK3 w - - 0 1",  # two bishops on both colours
        "8/8/8/4kn2/8/8/8/4KN2 w - - 0 1",  # K+N v K+N: not automatic
        "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",  # K+N+N v K
        "8/8/8/4k3/8/8/8/3NKB2 w - - 0 1",  # K+B+N v K
        "8/8/8/4kn2/8/8/8/4KB2 w - - 0 1",  # K+B v K+N
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",  # K+P v K
        "8/8/8/4k3/8/8/8/4K2R w - - 0 1",  # K+R v K
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",  # K+Q v K
    ],
)
def test_sufficient_material_is_not_a_draw(fen: str) -> None:
    """Near misses of the dead-position rule go on."""
    assert not is_dead_position(at(fen))
    assert outcome(fen) is None


@pytest.mark.parametrize(
    ("fen", "white_cannot_mate", "black_cannot_mate"),
    [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", True, True),
        ("8/8/8/4k3/8/8/8/4K2R w - - 0 1", False, True),  # lone king v rook: flag fall = draw
        ("8/8/8/4kq2/8/8/8/4KN2 w - - 0 1", True, False),  # a knight cannot mate a queen side
        ("8/8/8/4kp2/8/8/8/4KN2 w - - 0 1", False, False),  # ... but can with a pawn to block
        ("8/8/8/4kr2/8/8/8/4KN2 w - - 0 1", False, False),  # ... or a rook to block
        ("8/8/8/4kr2/8/8/8/2B1K3 w - - 0 1", True, False),  # dark bishop v rook
        ("8/8/8/4kn2/8/8/8/2B1K3 w - - 0 1", False, False),  # bishop v knight: helpmate
        ("2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", False, False),  # opposite bishops
        ("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", True, True),  # same-coloured bishops
        ("8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", False, True),  # two knights could help-mate
        ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", False, True),
    ],
)
def test_has_insufficient_material_for_timeouts(
    fen: str, white_cannot_mate: bool, black_cannot_mate: bool
) -> None:
    """Per side: whether that side could ever mate, which decides a flag fall (win or draw)."""
    position = at(fen)
    assert has_insufficient_material(position, Color.WHITE) is white_cannot_mate
    assert has_insufficient_material(position, Color.BLACK) is black_cannot_mate


def test_checkmate_takes_precedence_over_the_move_counters() -> None:
    """A mate on the 75th move is still a mate."""
    fen = "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 150 90"
    assert outcome(fen) == Outcome(Termination.CHECKMATE, Color.WHITE)


def test_variant_answers_the_flag_fall_question() -> None:
    """The variant exposes the per-side test the clock uses for a flag fall."""
    from rules.chess import CHESS as chess

    lone_knight = chess.from_fen("k7/8/8/8/8/8/1n6/K6R w - - 0 1")
    assert not chess.has_insufficient_material(lone_knight, Color.BLACK)  # helpmate exists
    bare = chess.from_fen("k7/8/8/8/8/8/8/K6R w - - 0 1")
    assert chess.has_insufficient_material(bare, Color.BLACK)
    assert not chess.has_insufficient_material(bare, Color.WHITE)
