"""Long games: repetition kept move by move, xiangqi's move limit, replaying stored moves."""

from __future__ import annotations

import random

import pytest

from rules import Color, Game, IllegalMoveError, IllegalReason, Outcome, Termination, get_variant
from rules.repetition import HistoryRepetition

# Red's chariot checks from a9/a8 while black's general steps e9/e8 (see the endings tests).
PERPETUAL = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - {clock} 1"
CHECKS = "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9".split()
# Two chariots and two horses each: room to shuffle for a long time without captures.
SHUFFLE = "1nr1k1rn1/9/9/9/9/9/9/9/9/1NRK2RN1 w - - {clock} 1"


def _play(game: Game, moves: list[str]) -> Game:
    for move in moves:
        game = game.play(move)
    return game


def test_sixty_moves_without_a_capture_draw_xiangqi() -> None:
    """The 120th ply without a capture ends a xiangqi game in a draw; the 119th does not."""
    game = Game("xiangqi", SHUFFLE.format(clock=118))
    game = game.play("b0c2")
    assert game.position.halfmove_clock == 119 and game.outcome() is None
    game = game.play("b9c7")
    assert game.outcome() == Outcome(Termination.SIXTY_MOVES, None)
    assert game.outcome().result() == "1/2-1/2"  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError) as raised:
        game.play("c2b0")
    assert raised.value.reason is IllegalReason.GAME_OVER


def test_a_capture_resets_the_move_limit_and_a_check_does_not() -> None:
    """A capture on the 120th ply keeps the game going; a check there does not save it."""
    capture = Game("xiangqi", "4k4/9/9/9/9/9/9/r8/9/R2K5 w - - 119 1").play("a0a2")
    assert capture.position.halfmove_clock == 0 and capture.outcome() is None
    check = Game("xiangqi", PERPETUAL.format(clock=119)).play("a1a9")
    assert check.position.is_check()
    assert check.outcome() == Outcome(Termination.SIXTY_MOVES, None)


def test_perpetual_check_on_the_last_allowed_ply_still_loses() -> None:
    """When the third repetition of a perpetual check falls on the 120th ply, repetition is
    judged first: the checking side loses rather than escaping with a draw."""
    start = 120 - len(CHECKS)
    game = _play(Game("xiangqi", PERPETUAL.format(clock=start)), CHECKS)
    assert game.position.halfmove_clock == 120
    assert game.outcome() == Outcome(Termination.PERPETUAL_CHECK, Color.BLACK)


# 108 plies from SHUFFLE without a capture or a repetition, red checking 14 times, black never.
CHECKING_WALK = (
    "c0c3 h9i7 c3i3 g9i9 i3d3 i7g8 d3e3 g8e7 h0i2 i9i6 e3i3 c9c6 g0g9 e7f9 i3e3 c6e6 g9g6 b9d8 "
    "b0c2 d8b7 e3f3 b7d6 f3f6 i6i3 c2b0 f9g7 f6f4 i3i5 b0a2 i5i7 d0d1 e6e0 f4e4 e9f9 e4f4 d6f7 "
    "g6g0 g7i8 a2c3 e0a0 g0b0 a0a9 c3a2 a9a7 b0b2 i7h7 f4b4 a7b7 b2b1 h7h3 b4g4 b7b5 d1d0 b5b2 "
    "g4a4 f7g9 a4f4 f9e9 f4e4 g9e8 e4a4 e8c7 a4a9 b2b9 b1e1 c7e8 i2g3 b9c9 g3e4 h3b3 e1b1 b3h3 "
    "a9a3 c9c7 b1b9 e8c9 b9b1 h3h2 b1b0 c9e8 a3a9 e8c9 a2c1 h2h4 a9a5 h4h7 a5e5 e9f9 e5f5 c7f7 "
    "f5f0 h7h8 b0b1 c9b7 f0f5 h8f8 e4d6 f8g8 f5e5 f9f8 e5g5 f7e7 g5g1 g8g7 g1f1 g7f7 d6e4 f8f9"
).split()


def test_the_move_limit_where_fairy_stockfish_differs() -> None:
    """Fairy-Stockfish draws at 100 plies plus 2 for each check beyond 10 by the side that
    checked more (here 14 by red: ply 108); Postal's limit is 120 plies, checks uncounted."""
    start = SHUFFLE.format(clock=0)
    game = _play(Game("xiangqi", start), CHECKING_WALK)
    checks = sum(position.is_check() for position in game.positions[1::2])
    assert game.ply == 108 and checks == 14 and game.outcome() is None
    sf = pytest.importorskip("pyffish")
    fairy = [f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}" for m in CHECKING_WALK]
    assert sf.is_optional_game_end("xiangqi", start, fairy) == (True, 0)
    assert sf.is_optional_game_end("xiangqi", start, fairy[:-1]) == (False, 0)
    assert sf.is_optional_game_end("xiangqi", start, fairy[:100])[0] is False


def test_chess_has_no_sixty_move_limit() -> None:
    """The xiangqi limit is not chess's: 60 moves without capture or pawn move only allow a
    claim of the 50-move rule in chess."""
    game = Game("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 119 70").play("Ra2")
    assert game.outcome() is None
    assert Termination.FIFTY_MOVES in game.claimable_draws()


def test_replay_reads_moves_played_before_a_rule_was_added() -> None:
    """Stored moves that went past the move limit (played before it existed) still replay:
    each is checked for legality, the ending is judged at the end only."""
    moves = ["b0c2", "b9c7", "c2b0", "c7b9"]
    game = Game.replay("xiangqi", SHUFFLE.format(clock=118), moves)
    assert game.ply == 4 and game.position.halfmove_clock == 122
    assert game.outcome() == Outcome(Termination.SIXTY_MOVES, None)
    with pytest.raises(IllegalMoveError):
        Game.replay("xiangqi", SHUFFLE.format(clock=118), [*moves, "e0e2"])  # not legal


@pytest.mark.parametrize("variant", ["chess", "xiangqi"])
def test_kept_repetition_agrees_with_scanning_the_history(variant: str) -> None:
    """Along random shuffling games, the outcome and claims a game keeps move by move are
    those found by scanning all its positions; a game played on from an earlier point of its
    line (no longer the newest) agrees too."""
    rules_variant = get_variant(variant)
    start = SHUFFLE.format(clock=0) if variant == "xiangqi" else "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"
    rng = random.Random(15)
    repeated = 0
    for _ in range(6):
        game = Game(variant, start)
        positions = [game.position]
        branch_points: list[tuple[Game, list[object]]] = []
        while game.outcome() is None and game.ply < 160:
            legal = list(game.position.legal_moves())
            quiet = [m for m in legal if not game.position.is_capture(m)] or legal
            game = game.play(rng.choice(quiet[:4]))  # few choices: positions repeat
            positions.append(game.position)
            scanned = HistoryRepetition(positions)
            assert game._step.count == scanned.count
            repeated += scanned.count > 1
            assert game.outcome() == rules_variant.outcome(positions)
            if game.outcome() is None:
                assert game.claimable_draws() == rules_variant.claimable_draws(positions)
            if rng.random() < 0.05:
                branch_points.append((game, list(positions)))
        for earlier, earlier_positions in branch_points:
            if earlier.outcome() is not None:
                continue
            move = earlier.position.legal_moves()[-1]
            after = earlier.play(move)
            history = [*earlier_positions, after.position]
            assert after.outcome() == rules_variant.outcome(history)  # type: ignore[arg-type]
    assert repeated > 20  # the games really did repeat positions


def test_moves_and_positions_are_read_back_from_a_long_game() -> None:
    """A long game keeps its moves, positions and notation, and takes back by replaying."""
    game = Game("chess")
    line = ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"]
    after = ["Nf6", "Nf3", "Ng8", "Ng1", "Nc6", "Nc3", "Nb8", "Nb1"]
    game = _play(game, [*line, "e4", *after])
    assert game.ply == 17 and len(game.positions) == 18
    assert game.san_moves()[:9] == [*line, "e4"]
    assert game.last_move == game.moves[-1]
    assert game.take_back(8).position == game.positions[9]
    assert game.take_back(17).moves == ()
