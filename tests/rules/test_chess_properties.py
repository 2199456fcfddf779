"""Property tests: random legal games keep the engine's invariants, and no text crashes the
parsers with anything but a rules error."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import (
    AmbiguousMoveError,
    Color,
    Game,
    IllegalMoveError,
    Move,
    RulesError,
)
from rules.chess import CHESS, ChessPosition
from rules.chess.endings import has_insufficient_material, is_dead_position
from tests.examples import examples

STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    # Promotions for both sides, with pieces to capture on the last rank.
    "1n2k1r1/PPP5/8/8/8/8/ppp5/1N2K1R1 w - - 0 1",
    # Few pieces: insufficient material comes and goes.
    "4k3/8/3b4/8/8/2N1B3/8/4K3 w - - 0 1",
]
GAME_SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TEXT_SETTINGS = settings(max_examples=examples(500), deadline=None)


@st.composite
def random_games(draw: st.DrawFn, max_plies: int = 40) -> list[ChessPosition]:
    """The positions of a random legal game from one of the start positions."""
    position = CHESS.from_fen(draw(st.sampled_from(STARTS)))
    assert isinstance(position, ChessPosition)
    positions = [position]
    for _ in range(draw(st.integers(0, max_plies))):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.play(moves[draw(st.integers(0, len(moves) - 1))])
        positions.append(position)
    return positions


@GAME_SETTINGS
@given(random_games())
def test_fen_round_trips_through_a_random_game(positions: list[ChessPosition]) -> None:
    """Every position of a game reads back from its own FEN as an equal position."""
    for position in positions:
        again = CHESS.from_fen(position.fen())
        assert again == position and again.fen() == position.fen()
        assert sorted(again.legal_moves()) == sorted(position.legal_moves())


@GAME_SETTINGS
@given(random_games(max_plies=25))
def test_san_and_uci_of_every_legal_move_parse_back(positions: list[ChessPosition]) -> None:
    """SAN and UCI written for any legal move read back as exactly that move."""
    for position in positions:
        for move in position.legal_moves():
            assert position.parse_move(position.san(move)) == move
            assert position.parse_move(position.uci(move)) == move


@GAME_SETTINGS
@given(random_games(max_plies=25))
def test_play_never_mutates_and_never_leaves_the_king_attacked(
    positions: list[ChessPosition],
) -> None:
    """Playing any legal move leaves the position untouched and the mover's king safe."""
    for position in positions:
        fen, key, moves = position.fen(), hash(position), list(position.legal_moves())
        for move in moves:
            after = position.play(move)
            # A FEN whose side not to move is in check is refused, so this re-read fails if
            # the move left the mover's own king attacked.
            CHESS.from_fen(after.fen())
            assert after.side_to_move is not position.side_to_move
        assert position.fen() == fen and hash(position) == key
        assert list(position.legal_moves()) == moves


@GAME_SETTINGS
@given(random_games(max_plies=30))
def test_game_record_matches_the_positions(positions: list[ChessPosition]) -> None:
    """A Game replaying a random game's SAN reaches the same positions, also through PGN."""
    game = Game("chess", positions[0])
    for before, after in itertools.pairwise(positions):
        if game.outcome() is not None:
            break  # fivefold repetition or the 75-move rule: the random walk went on
        move = next(m for m in before.legal_moves() if before.play(m) == after)
        game = game.play(before.san(move))
    assert list(game.positions) == positions[: len(game.positions)]
    assert CHESS.read_record(CHESS.write_record(game, {}))[1].positions == game.positions


def test_python_chess_agrees_on_random_games() -> None:
    """Oracle: python-chess (if installed) agrees on legal moves, SAN, FEN and dead material."""
    chess = pytest.importorskip("chess")

    @settings(max_examples=examples(40), deadline=None)
    @given(random_games(max_plies=60))
    def check(positions: list[ChessPosition]) -> None:
        for position in positions:
            board = chess.Board(position.fen())
            assert board.fen(en_passant="fen") == position.fen()
            ours = {position.uci(m): position.san(m) for m in position.legal_moves()}
            theirs = {m.uci(): board.san(m) for m in board.legal_moves}
            assert ours == theirs
            assert position.is_check() == board.is_check()
            assert is_dead_position(position) == board.is_insufficient_material()
            for color, side in ((Color.WHITE, chess.WHITE), (Color.BLACK, chess.BLACK)):
                assert has_insufficient_material(position, color) == (
                    board.has_insufficient_material(side)
                )

    check()


# --- arbitrary text --------------------------------------------------------------------------

FEN_ALPHABET = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789"
MOVE_ALPHABET = "abcdefghijNBRQKPnbrqkp123456789xX=+#!?-0Oo.e: "


@st.composite
def mutated_fens(draw: st.DrawFn) -> str:
    """A valid FEN with a few characters replaced, inserted or deleted."""
    text = draw(st.sampled_from(STARTS))
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(text)))
        replacement = draw(st.text(FEN_ALPHABET, max_size=2))
        text = text[:index] + replacement + text[index + draw(st.integers(0, 2)) :]
    return text


@TEXT_SETTINGS
@given(st.one_of(st.text(), st.text(FEN_ALPHABET, max_size=80), mutated_fens()))
def test_from_fen_raises_only_rules_errors(text: str) -> None:
    """Any text given as a FEN is either a position or a RulesError, never another error."""
    try:
        position = CHESS.from_fen(text)
    except RulesError:
        return
    assert CHESS.from_fen(position.fen()) == position


@TEXT_SETTINGS
@given(
    st.one_of(
        st.text(),
        st.text(MOVE_ALPHABET, max_size=10),
        st.sampled_from(["O-O", "O-O-O", "0-0", "0-0-0", "e8", "e1g1", "bxc4", "Nd2"]),
    ),
    st.sampled_from(STARTS),
)
def test_parse_move_raises_only_rules_errors(text: str, fen: str) -> None:
    """Any text given as a move is a legal move or a RulesError, never another error."""
    position = CHESS.from_fen(fen)
    try:
        move = position.parse_move(text)
    except IllegalMoveError as error:
        # A move attached to the error names real squares, so the bot can describe it.
        if error.move is not None:
            assert all(0 <= square < 64 for square in error.move[:2])
        return
    except AmbiguousMoveError as error:
        assert len(error.candidates) > 1
        assert all(position.is_legal(candidate) for candidate in error.candidates)
        return
    except RulesError:
        return
    assert isinstance(move, Move) and position.is_legal(move)


PGN_ALPHABET = '[]"\\{}();$!?*.-/ \n1234567890abcdefghNBRQKOx=+#EvntFS'


@TEXT_SETTINGS
@given(st.one_of(st.text(max_size=200), st.text(PGN_ALPHABET, max_size=200)))
def test_read_record_raises_only_rules_errors(text: str) -> None:
    """Any text given as PGN reads as a game or raises a RulesError, never another error."""
    try:
        tags, game = CHESS.read_record(text)
    except RulesError:
        return
    assert isinstance(tags, dict) and isinstance(game, Game)
