"""Game: a start position plus moves; automatic endings, claimable draws, take-backs."""

from __future__ import annotations

import pytest

from rules import (
    Color,
    Game,
    IllegalMoveError,
    IllegalReason,
    InvalidFenError,
    Move,
    Outcome,
    Termination,
)
from rules.chess import CHESS

KNIGHT_SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def uci(text: str) -> Move:
    return Move(CHESS.parse_square(text[:2]), CHESS.parse_square(text[2:4]), text[4:] or None)


def play(game: Game, moves: list[str]) -> Game:
    for move in moves:
        game = game.play(move)
    return game


# --- building and playing --------------------------------------------------------------------


def test_new_game_starts_from_the_standard_position() -> None:
    """Game('chess') and Game('chess', 'startpos') start at the initial position, ply 0."""
    for game in (Game("chess"), Game("chess", "startpos"), Game(CHESS, CHESS.start())):
        assert game.position.fen() == CHESS.start_fen
        assert game.ply == 0 and game.moves == () and game.is_standard_start()
        assert game.outcome() is None and game.claimable_draws() == ()


def test_game_from_a_fen() -> None:
    """A game may start from any valid FEN; a bad FEN raises InvalidFenError."""
    fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"
    game = Game("chess", fen)
    assert game.start.fen() == fen and not game.is_standard_start()
    with pytest.raises(InvalidFenError):
        Game("chess", "not a fen")


def test_play_returns_a_new_game_and_keeps_the_old_one() -> None:
    """Game.play is pure: the original game still has its moves and position."""
    game = Game("chess")
    after = game.play("e4").play(uci("e7e5"))
    assert game.ply == 0 and game.position.fen() == CHESS.start_fen
    assert after.ply == 2
    assert after.moves == (uci("e2e4"), uci("e7e5"))
    assert after.san_moves() == ["e4", "e5"]
    assert after.uci_moves() == ["e2e4", "e7e5"]
    assert after.positions[0].fen() == CHESS.start_fen
    assert len(after.positions) == 3


def test_play_accepts_any_notation() -> None:
    """Text in SAN, lenient SAN or UCI and Move objects all play the same moves."""
    a = play(Game("chess"), ["e4", "e7e5", "ng1f3", "Nc6"])
    b = play(Game("chess"), ["e2-e4", "e5", "Nf3", "b8c6"])
    assert a.position == b.position and a.moves == b.moves


def test_illegal_move_leaves_the_game_unchanged() -> None:
    """An illegal move raises IllegalMoveError; the game is as before."""
    game = Game("chess").play("e4")
    with pytest.raises(IllegalMoveError):
        game.play("e4")
    with pytest.raises(IllegalMoveError):
        game.play(uci("e2e4"))
    assert game.ply == 1 and game.san_moves() == ["e4"]


def test_take_back() -> None:
    """take_back(n) removes the last n moves; more than were played raises ValueError."""
    game = play(Game("chess"), ["e4", "e5", "Nf3"])
    assert game.take_back(1).san_moves() == ["e4", "e5"]
    assert game.take_back(1).position == game.positions[2]
    assert game.take_back(3).position == CHESS.start()
    assert game.take_back(0).moves == game.moves
    with pytest.raises(ValueError):
        game.take_back(4)
    with pytest.raises(ValueError):
        game.take_back(-1)
    assert game.ply == 3


def test_take_back_reopens_a_finished_game() -> None:
    """Taking back the mating move makes the game playable again."""
    mated = play(Game("chess"), ["f3", "e5", "g4", "Qh4#"])
    assert mated.outcome() is not None
    reopened = mated.take_back(1)
    assert reopened.outcome() is None
    assert reopened.play("Qh4").outcome() == mated.outcome()


def test_playing_after_the_end_is_refused() -> None:
    """Any move after checkmate raises IllegalMoveError with reason GAME_OVER."""
    mated = play(Game("chess"), ["f3", "e5", "g4", "Qh4#"])
    for move in ("a3", uci("a2a3"), "nonsense"):
        with pytest.raises(IllegalMoveError) as info:
            mated.play(move)
        assert info.value.reason is IllegalReason.GAME_OVER


# --- automatic endings -----------------------------------------------------------------------


def test_checkmate_ends_the_game() -> None:
    """Fool's mate: checkmate, black wins, 0-1."""
    game = play(Game("chess"), ["f3", "e5", "g4", "Qh4#"])
    assert game.outcome() == Outcome(Termination.CHECKMATE, Color.BLACK)
    assert game.outcome().result() == "0-1"  # type: ignore[union-attr]
    assert game.claimable_draws() == ()


def test_stalemate_ends_the_game() -> None:
    """A move that leaves the opponent no legal move and no check is a stalemate draw."""
    game = Game("chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").play("Qf7")
    assert game.outcome() == Outcome(Termination.STALEMATE, None)
    assert game.outcome().result() == "1/2-1/2"  # type: ignore[union-attr]


def test_capture_down_to_insufficient_material_ends_the_game() -> None:
    """Taking the last pawn leaves K v K: drawn at once."""
    game = Game("chess", "8/8/4k3/8/4p3/4K3/8/8 w - - 0 1")
    assert game.outcome() is None
    assert game.play("Kxe4").outcome() == Outcome(Termination.INSUFFICIENT_MATERIAL, None)


def test_fivefold_repetition_ends_the_game_automatically() -> None:
    """The fifth occurrence of a position ends the game without a claim."""
    game = Game("chess")
    for _ in range(3):
        game = play(game, KNIGHT_SHUFFLE)
    before = play(game, KNIGHT_SHUFFLE[:3])
    assert before.outcome() is None
    game = play(game, KNIGHT_SHUFFLE)
    assert game.ply == 16
    assert game.outcome() == Outcome(Termination.FIVEFOLD_REPETITION, None)
    assert game.claimable_draws() == ()


def test_seventyfive_move_rule_ends_the_game() -> None:
    """The 150th half-move without capture or pawn move ends the game."""
    game = Game("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 148 100").play("Ra2")
    assert game.outcome() is None
    assert game.claimable_draws() == (Termination.FIFTY_MOVES,)
    game = game.play("Kd8")
    assert game.position.halfmove_clock == 150
    assert game.outcome() == Outcome(Termination.SEVENTYFIVE_MOVES, None)


def test_mate_on_the_last_move_before_seventyfive_moves_is_mate() -> None:
    """Checkmate on the 150th half-move wins; the 75-move rule does not take it away."""
    game = Game("chess", "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 149 100").play("Rd8#")
    assert game.outcome() == Outcome(Termination.CHECKMATE, Color.WHITE)


# --- claimable draws -------------------------------------------------------------------------


def test_threefold_repetition_is_claimable_not_automatic() -> None:
    """The third occurrence lets a player claim; the game goes on."""
    game = play(Game("chess"), KNIGHT_SHUFFLE)
    assert game.claimable_draws() == ()
    game = play(game, KNIGHT_SHUFFLE[:3])
    assert game.claimable_draws() == ()
    game = game.play(KNIGHT_SHUFFLE[3])
    assert game.claimable_draws() == (Termination.THREEFOLD_REPETITION,)
    assert game.outcome() is None
    assert game.play("Nf3").claimable_draws() == (Termination.THREEFOLD_REPETITION,)
    assert game.play("Nc3").claimable_draws() == ()


def test_fifty_move_rule_is_claimable_not_automatic() -> None:
    """After 100 half-moves without capture or pawn move a draw may be claimed."""
    game = Game("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 98 80").play("Ra2")
    assert game.claimable_draws() == ()
    game = game.play("Kd8")
    assert game.claimable_draws() == (Termination.FIFTY_MOVES,)
    assert game.outcome() is None
    assert game.play("Ra8+").claimable_draws() == (Termination.FIFTY_MOVES,)


def test_threefold_and_fifty_moves_are_told_apart() -> None:
    """Both claims are listed when both apply, each under its own termination."""
    game = Game("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
    assert game.claimable_draws() == (Termination.FIFTY_MOVES,)
    game = play(game, ["Ra2", "Kd8", "Ra1", "Ke8", "Ra2", "Kd8", "Ra1", "Ke8"])
    assert game.claimable_draws() == (
        Termination.THREEFOLD_REPETITION,
        Termination.FIFTY_MOVES,
    )


def test_capture_or_pawn_move_resets_the_fifty_move_count() -> None:
    """A pawn move sets the half-move clock back to zero."""
    game = Game("chess", "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80").play("a3")
    assert game.position.halfmove_clock == 0
    assert game.claimable_draws() == ()


def test_repetition_ignores_an_en_passant_square_no_pawn_can_use() -> None:
    """After a double step no pawn can answer, the position repeats as if it had no ep square."""
    game = Game("chess", "4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1").play("e4")
    assert game.position.fen().split()[3] == "e3"
    game = play(game, ["Ke7", "Nf3", "Ke8", "Ng1"] * 2)
    assert game.claimable_draws() == (Termination.THREEFOLD_REPETITION,)


def test_repetition_counts_an_en_passant_right_that_can_be_used() -> None:
    """When en passant is possible, the position after the double step differs from later ones."""
    game = Game("chess", "4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1").play("e4")
    game = play(game, ["Ke7", "Nf3", "Ke8", "Ng1"] * 2)
    assert game.claimable_draws() == ()
    game = play(game, ["Ke7", "Nf3", "Ke8", "Ng1"])
    assert game.claimable_draws() == (Termination.THREEFOLD_REPETITION,)


def test_repetition_counts_castling_rights() -> None:
    """Same placement but castling rights lost: not the same position."""
    game = Game("chess", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1")
    game = play(game, ["Rh2", "Kd8", "Rh1", "Ke8"])  # both sides lost their castling rights
    game = play(game, ["Rh2", "Kd8", "Rh1", "Ke8"] * 2)
    # The start (rights Kq) differs from the three later occurrences (no rights).
    assert game.claimable_draws() == (Termination.THREEFOLD_REPETITION,)
    shorter = game.take_back(4)
    assert shorter.claimable_draws() == ()


def test_repetition_key_compares_placement_side_and_rights_not_counters() -> None:
    """Side to move and castling rights make a different position; move counters do not."""
    white = CHESS.from_fen("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1")
    assert (
        white.repetition_key()
        == CHESS.from_fen("r3k3/8/8/8/8/8/8/R3K3 w Qq - 40 90").repetition_key()
    )
    assert (
        white.repetition_key()
        != CHESS.from_fen("r3k3/8/8/8/8/8/8/R3K3 b Qq - 0 1").repetition_key()
    )
    assert (
        white.repetition_key() != CHESS.from_fen("r3k3/8/8/8/8/8/8/R3K3 w q - 0 1").repetition_key()
    )


# --- Move objects from outside (buttons, stored games) ----------------------------------------


@pytest.mark.parametrize("move", [Move(64, 0), Move(-1, 8), Move(12, 99)])
def test_a_move_off_the_board_is_an_illegal_move_error(move: Move) -> None:
    """A Move with a square off the board raises IllegalMoveError, never IndexError."""
    with pytest.raises(IllegalMoveError) as caught:
        Game("chess").play(move)
    assert caught.value.reason is IllegalReason.CANNOT_REACH


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("e7e5", IllegalReason.NOT_YOUR_PIECE),
        ("e3e4", IllegalReason.NO_PIECE),
        ("e1g1", IllegalReason.CASTLING_BLOCKED),
        ("e2e5", IllegalReason.CANNOT_REACH),
        ("d1d3", IllegalReason.PATH_BLOCKED),
        ("e2e4q", IllegalReason.BAD_PROMOTION),
    ],
)
def test_an_illegal_move_object_gets_the_same_reason_as_typed_text(
    move: str, reason: IllegalReason
) -> None:
    """An illegal Move object is explained like the same move typed as text."""
    with pytest.raises(IllegalMoveError) as caught:
        Game("chess").play(uci(move))
    assert caught.value.reason is reason
