"""Moves: playing, promotion choice, autocomplete, and every refusal leaving the game as it was."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import (
    ButtonAction,
    ButtonLabel,
    GameService,
    ManualClock,
    MovePlayed,
    Place,
    PromotionNeeded,
    User,
    errors,
)
from bot.service.results import Look
from bot.store import NotifyMode
from bot.text.boards import board_shown_text
from bot.text.endings import ending_text, move_played_text
from bot.text.errors import error_message
from rules import Color, IllegalReason
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def test_move_result_carries_what_adapters_need(
    service: GameService, clock: ManualClock
) -> None:
    """A move returns SAN, the board to draw, who to notify and the new deadline."""
    await start_game(service)
    clock.advance(hours=5)
    result = await service.play.move(ALICE, PLACE, "e2e4")
    assert isinstance(result, MovePlayed)
    assert (result.san, result.uci) == ("e4", "e2e4")
    assert result.mover.id == ALICE.id
    assert result.notify is not None and result.notify.id == BOB.id
    assert result.notify.notify is NotifyMode.CHANNEL
    assert result.board.orientation is Color.BLACK
    assert result.board.last_move is not None
    assert result.game.ply == 1 and result.game.deadline is not None
    assert result.game.deadline == clock.now + timedelta(days=3)
    assert move_played_text(result) == (
        "alice played 1. e4. bob to move. Opening: B00 King's Pawn Game."
    )


async def test_any_notation_and_check(service: GameService) -> None:
    """SAN, lenient SAN and UCI are accepted; a check is reported with the king's square."""
    await start_game(service)
    await play(service, 1, "e4", "e7-e5", "Bc4", "Nc6", "Qh5", "Nf6")
    result = await service.play.move(ALICE, PLACE, "qxf7")
    assert isinstance(result, MovePlayed)
    assert result.ending is not None and ending_text(result.ending) == "Checkmate — white wins"
    assert result.ending.winner is not None and result.ending.winner.id == ALICE.id
    assert result.notify is None and not result.game.active
    assert result.board.check == 60  # e8


async def test_check_is_announced(service: GameService) -> None:
    """A checking move says Check! and marks the checked king."""
    await start_game(service)
    await play(service, 1, "e4", "f5")
    result = await service.play.move(ALICE, PLACE, "Qh5+")
    assert isinstance(result, MovePlayed)
    assert result.check and "Check!" in move_played_text(result)
    assert result.board.check == 60


@pytest.mark.parametrize(
    ("user", "text", "error", "message"),
    [
        (CAROL, "e4", errors.NoGameError, "You have no game in this channel"),
        (BOB, "e5", errors.NotYourTurnError, "It is not your turn: alice is to move."),
        (ALICE, "Nf9", errors.UnreadableMoveError, '"Nf9" is not a move.'),
        (ALICE, "Bc4", errors.IllegalMoveError, "Bc4 is illegal: the path is blocked."),
        (ALICE, "e2e5", errors.IllegalMoveError, "e2e5 is illegal: that piece cannot move there."),
        (ALICE, "", errors.UnreadableMoveError, "is not a move"),
    ],
)
async def test_refused_moves_change_nothing(
    service: GameService,
    db_path: Path,
    user: User,
    text: str,
    error: type[errors.UserError],
    message: str,
) -> None:
    """Wrong player, wrong turn, unreadable and illegal moves are refused kindly."""
    await start_game(service)
    before = snapshot(db_path)
    with pytest.raises(error) as raised:
        await service.play.move(user, PLACE, text)
    assert message in error_message(raised.value)
    assert snapshot(db_path) == before


async def test_not_a_player_of_named_game(service: GameService, db_path: Path) -> None:
    """Naming someone else's game gets 'not playing', and nothing changes."""
    started = await start_game(service)
    before = snapshot(db_path)
    with pytest.raises(errors.NotAPlayerError) as raised:
        await service.play.move(CAROL, PLACE, "e4", game_id=started.game.id)
    assert raised.value.game_id == started.game.id
    assert "not playing in game" in error_message(raised.value)
    with pytest.raises(errors.UnknownGameError):
        await service.play.move(ALICE, PLACE, "e4", game_id=9999)
    assert snapshot(db_path) == before


async def test_illegal_reasons_and_suggestions(service: GameService, db_path: Path) -> None:
    """In check and pinned moves explain why and suggest that piece's legal moves."""
    fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"
    await start_game(service, fen=fen)
    before = snapshot(db_path)
    with pytest.raises(errors.IllegalMoveError) as raised:
        await service.play.move(ALICE, PLACE, "Nf4")
    assert error_message(raised.value).startswith(
        "Nf4 is illegal: that piece is pinned to your king."
    )
    assert raised.value.reason is IllegalReason.PINNED  # a code the adapters word
    with pytest.raises(errors.IllegalMoveError) as raised:
        await service.play.move(ALICE, PLACE, "Ke2")
    assert "your own pieces" in error_message(raised.value)
    assert raised.value.reason is IllegalReason.OWN_PIECE
    assert snapshot(db_path) == before


async def test_ambiguous_move_lists_candidates(service: GameService, db_path: Path) -> None:
    """An ambiguous move names the moves it could be."""
    await start_game(service)
    await play(service, 1, "Nf3", "a6", "d3", "a5")
    before = snapshot(db_path)
    with pytest.raises(errors.AmbiguousMoveError) as raised:
        await service.play.move(ALICE, PLACE, "Nd2")
    assert error_message(raised.value) == "Nd2: did you mean Nbd2 or Nfd2?"
    assert snapshot(db_path) == before


async def test_near_miss_suggestions_are_not_wild(service: GameService) -> None:
    """A slip gets a suggestion from the legal moves; a far-off try gets none."""
    await start_game(service)
    with pytest.raises(errors.UnreadableMoveError) as raised:
        await service.play.move(ALICE, PLACE, "Nf9")
    assert raised.value.suggestions == ()
    with pytest.raises(errors.IllegalMoveError) as raised_illegal:
        await service.play.move(ALICE, PLACE, "e4e5")
    assert raised_illegal.value.suggestions == ()
    with pytest.raises(errors.IllegalMoveError) as raised_reach:
        await service.play.move(ALICE, PLACE, "e2e5")
    assert set(raised_reach.value.suggestions) == {"e3", "e4"}
    assert "Did you mean e3 or e4?" in error_message(raised_reach.value) or (
        "Did you mean e4 or e3?" in error_message(raised_reach.value)
    )


async def test_promotion_asks_then_plays_the_choice(service: GameService, db_path: Path) -> None:
    """A pawn reaching the last rank without a piece asks; the chosen button plays it."""
    started = await start_game(service, fen="k7/4P3/8/8/8/8/8/K7 w - - 0 1")
    before = snapshot(db_path)
    asked = await service.play.move(ALICE, PLACE, "e8")
    assert isinstance(asked, PromotionNeeded)
    assert [b.label for b in asked.buttons] == [
        ButtonLabel.QUEEN,
        ButtonLabel.ROOK,
        ButtonLabel.BISHOP,
        ButtonLabel.KNIGHT,
    ]
    assert all(b.allowed_user_ids == (ALICE.id,) for b in asked.buttons)
    assert all(b.action is ButtonAction.PROMOTE for b in asked.buttons)
    assert snapshot(db_path) == before
    knight = asked.buttons[3]
    with pytest.raises(errors.NotYourTurnError):
        await service.buttons.press(BOB, knight.action, knight.target_id, knight.argument)
    played = await service.buttons.press_custom_id(ALICE, knight.custom_id)
    assert isinstance(played, MovePlayed)
    assert played.san == "e8=N" and played.game.id == started.game.id
    with pytest.raises(errors.UserError):
        await service.buttons.press_custom_id(ALICE, asked.buttons[0].custom_id)  # stale button


async def test_game_resolution_in_threads_and_channels(service: GameService) -> None:
    """Thread → its game; else the only game in the channel; else a list of choices."""
    first = await start_game(service)
    await service.reports.set_game_thread(first.game.id, 555)
    second = await start_game(service, white=ALICE, black=CAROL)
    in_thread = Place(PLACE.guild_id, PLACE.channel_id, thread_id=555)
    result = await service.play.move(ALICE, in_thread, "d4")
    assert isinstance(result, MovePlayed) and result.game.id == first.game.id
    elsewhere = Place(PLACE.guild_id, channel_id=77)
    with pytest.raises(errors.NoGameError):
        await service.play.move(ALICE, elsewhere, "d4")
    with pytest.raises(errors.ChooseGameError) as raised:
        await service.play.move(ALICE, PLACE, "d4")
    assert [c.game_id for c in raised.value.choices] == [first.game.id, second.game.id]
    assert "vs carol" in error_message(raised.value)
    choices = await service.reports.game_choices(ALICE, PLACE)
    assert {c.game_id for c in choices} == {first.game.id, second.game.id}
    # bob has only one game in the channel: no need to say which
    result = await service.play.move(BOB, PLACE, "d5")
    assert isinstance(result, MovePlayed) and result.game.id == first.game.id


async def test_autocomplete_lists_legal_moves(service: GameService) -> None:
    """Autocomplete gives at most 25 legal SAN moves matching the prefix, mover only."""
    await start_game(service)
    everything = await service.play.legal_move_suggestions(ALICE, PLACE, "")
    assert len(everything) == 20
    assert await service.play.legal_move_suggestions(ALICE, PLACE, "N") == [
        "Na3",
        "Nc3",
        "Nf3",
        "Nh3",
    ]
    assert await service.play.legal_move_suggestions(ALICE, PLACE, "e2") == ["e3", "e4"]
    assert await service.play.legal_move_suggestions(BOB, PLACE, "") == []
    assert await service.play.legal_move_suggestions(CAROL, PLACE, "e") == []
    # Full-width input (a CJK keyboard) matches as its ASCII form.
    assert await service.play.legal_move_suggestions(ALICE, PLACE, "Ｎ") == [
        "Na3",
        "Nc3",
        "Nf3",
        "Nh3",
    ]


async def test_board_and_legal_targets(service: GameService) -> None:
    """/board shows the position; /moves marks the legal destinations of a piece."""
    await start_game(service)
    shown = await service.play.board(BOB, PLACE)
    assert shown.board.orientation is Color.BLACK
    targets = await service.play.legal_targets(ALICE, PLACE, "g1")
    assert targets.targets == ("f3", "h3")
    assert set(targets.board.marks) == {21, 23}
    assert targets.board.selected == 6  # g1, the knight whose moves are marked
    assert (await service.play.legal_targets(ALICE, PLACE, "e5")).board.selected is None
    assert (targets.look, targets.square, targets.moves) == (Look.MOVES, "g1", ("Nf3", "Nh3"))
    assert board_shown_text(targets) == "Legal moves from g1: Nf3, Nh3."
    with pytest.raises(errors.UnknownSquareError):
        await service.play.legal_targets(ALICE, PLACE, "z9")
    waiting = await service.play.legal_targets(BOB, PLACE, "g8")
    assert (waiting.look, waiting.side_to_move) == (Look.NOT_ITS_TURN, Color.WHITE)
    assert board_shown_text(waiting) == "The piece on g8 cannot move now: it is white's turn."
    empty = await service.play.legal_targets(ALICE, PLACE, "e5")
    assert (empty.look, empty.square) == (Look.NO_PIECE, "e5")


async def test_game_over_refuses_moves(service: GameService, db_path: Path) -> None:
    """After mate no move is accepted, for either player."""
    started = await start_game(service)
    await play(service, started.game.id, "f3", "e5", "g4", "Qh4#")
    before = snapshot(db_path)
    with pytest.raises(errors.GameOverError):
        await service.play.move(ALICE, None, "e4", game_id=started.game.id)
    assert snapshot(db_path) == before


PROMOTING_FEN = "8/4P3/8/8/8/k7/8/K7 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "typed", "says"),
    [
        (
            None,
            "♘f3",
            '"♘f3": write pieces as letters (K, Q, R, B, N), e.g. Nf3. Did you mean Nf3?',
        ),
        (
            None,
            "Pe4",
            '"Pe4": write e4 without the P (a pawn move names only its square). Did you mean e4?',
        ),
        (
            None,
            "Pe5",
            (
                '"Pe5": write e5 without the P (a pawn move names only its square). e5 is illegal '
                "here: that piece cannot move there. Did you mean e3 or e4?"
            ),
        ),
        (None, "1. e4", '"1. e4": move numbers are not needed, write just e4. Did you mean e4?'),
        (PROMOTING_FEN, "e8(Q)", '"e8(Q)": write a promotion as e8=Q. Did you mean e8=Q?'),
        (
            PROMOTING_FEN,
            "e8=K",
            (
                '"e8=K": a pawn cannot become a king; it promotes to a queen, rook, bishop or '
                "knight. Did you mean e8=Q, e8=R, e8=B or e8=N?"
            ),
        ),
        (
            PROMOTING_FEN,
            "e8=P",
            (
                '"e8=P": a pawn must promote to a queen, rook, bishop or knight. Did you mean '
                "e8=Q, e8=R, e8=B or e8=N?"
            ),
        ),
    ],
)
async def test_common_ways_of_writing_a_move_get_specific_help(
    service: GameService, db_path: Path, fen: str | None, typed: str, says: str
) -> None:
    """A figurine, a pawn letter, a move number or a promotion in brackets or to a king is
    answered with what to change and the move meant; nothing is played."""
    await start_game(service, fen=fen)
    before = snapshot(db_path)
    with pytest.raises(errors.MistypedMoveError) as raised:
        await service.play.move(ALICE, PLACE, typed)
    assert error_message(raised.value) == says
    assert isinstance(raised.value, errors.UnreadableMoveError)  # adapters need not know it
    assert snapshot(db_path) == before


async def test_a_move_number_for_black_and_in_xiangqi(service: GameService) -> None:
    """`1... e5` as Black's answer, and `1. C2.5` in xiangqi, point to the move alone."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    with pytest.raises(errors.MistypedMoveError) as raised:
        await service.play.move(BOB, PLACE, "1... e5")
    assert raised.value.suggestions == ("e5",)
    xiangqi = await start_game(service, "xiangqi", white=CAROL, black=BOB)
    with pytest.raises(errors.MistypedMoveError) as raised:
        await service.play.move(CAROL, None, "1. C2.5", game_id=xiangqi.game.id)
    assert raised.value.suggestions == ("C2.5",)


async def test_a_piece_that_cannot_get_there_suggests_its_moves(service: GameService) -> None:
    """`Nf6` as White's first move is illegal and suggests knight moves, the nearest first."""
    await start_game(service)
    with pytest.raises(errors.IllegalMoveError) as raised:
        await service.play.move(ALICE, PLACE, "Nf6")
    assert raised.value.suggestions[0] == "Nf3"
    assert set(raised.value.suggestions) <= {"Nf3", "Nh3", "Nc3", "Na3"}
    assert error_message(raised.value).startswith("Nf6 is illegal: that piece cannot move there. ")
