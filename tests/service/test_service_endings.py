"""Endings: resign, draw offers (accepted, declined, lapsing), claims, takebacks, abort."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import (
    ButtonAction,
    ButtonLabel,
    GameEnded,
    GameService,
    ManualClock,
    MovePlayed,
    OfferDeclined,
    OfferKind,
    OfferMade,
    TakenBack,
    errors,
)
from bot.text.endings import ending_text, move_played_text
from bot.text.errors import error_message
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def test_resign_needs_confirmation(service: GameService, db_path: Path) -> None:
    """/resign asks first; the Resign button ends the game for the opponent."""
    started = await start_game(service)
    await play(service, started.game.id, "e4", "e5")  # two plies: a result, not an abort
    before = snapshot(db_path)
    asked = await service.endings.resign(BOB, PLACE)
    assert snapshot(db_path) == before
    (button,) = asked.buttons
    assert button.action is ButtonAction.CONFIRM_RESIGN and button.allowed_user_ids == (BOB.id,)
    ended = await service.buttons.press_custom_id(BOB, button.custom_id)
    assert isinstance(ended, GameEnded)
    assert ended.ending.result == "1-0" and ended.ending.termination == "resignation"
    assert ending_text(ended.ending) == "bob resigned — white wins"
    assert not (await service.reports.game_view(started.game.id)).active
    with pytest.raises(errors.GameOverError):
        await service.endings.resign(ALICE, None, game_id=started.game.id)


async def test_a_move_after_the_end_says_the_game_is_over(
    service: GameService, db_path: Path
) -> None:
    """/move in the channel of a finished game says it is over, not "no game here"."""
    started = await start_game(service)
    await play(service, started.game.id, "f3", "e5", "g4", "Qh4#")
    before = snapshot(db_path)
    with pytest.raises(errors.GameOverError) as caught:
        await service.play.move(ALICE, PLACE, "e4")
    assert f"Game #{started.game.id} is over (0-1)" in error_message(caught.value)
    assert snapshot(db_path) == before


async def test_draw_offer_accepted(service: GameService) -> None:
    """A draw offer gives the opponent buttons; accepting ends the game drawn."""
    started = await start_game(service)
    await play(service, started.game.id, "e4", "e5")
    offer = await service.endings.draw(ALICE, PLACE)
    assert isinstance(offer, OfferMade) and offer.kind is OfferKind.DRAW
    assert [b.label for b in offer.buttons] == [ButtonLabel.ACCEPT, ButtonLabel.DECLINE]
    assert all(b.allowed_user_ids == (BOB.id,) for b in offer.buttons)
    with pytest.raises(errors.OfferPendingError):
        await service.endings.draw(ALICE, PLACE)
    with pytest.raises(errors.NoOfferError):
        await service.endings.accept_draw(ALICE, offer.game.id)  # one's own offer
    ended = await service.buttons.press_custom_id(BOB, offer.buttons[0].custom_id)
    assert isinstance(ended, GameEnded) and ended.ending.result == "1/2-1/2"
    assert ending_text(ended.ending) == "Draw by agreement"


async def test_draw_offer_declined_and_answering_draw_accepts(service: GameService) -> None:
    """Declining removes the offer; /draw by the opponent of a pending offer accepts it."""
    started = await start_game(service)
    await play(service, started.game.id, "e4", "e5")
    offer = await service.endings.draw(ALICE, PLACE)
    declined = await service.endings.decline_draw(BOB, offer.game.id)
    assert (declined.kind, declined.by.name) == (OfferKind.DRAW, "bob")
    with pytest.raises(errors.NoOfferError):
        await service.endings.accept_draw(BOB, offer.game.id)
    await service.endings.draw(ALICE, PLACE)
    ended = await service.endings.draw(BOB, PLACE)
    assert isinstance(ended, GameEnded) and ended.ending.termination == "agreement"


async def test_draw_offer_lapses_when_opponent_moves(service: GameService) -> None:
    """An offer lapses when the offerer's opponent moves instead of answering."""
    await start_game(service)
    await play(service, 1, "e4")
    offer = await service.endings.draw(ALICE, PLACE)  # alice offers while bob is to move
    assert isinstance(offer, OfferMade)
    moved = await service.play.move(BOB, PLACE, "e5")
    assert isinstance(moved, MovePlayed)
    assert moved.lapsed_offers == (OfferKind.DRAW,)
    assert "The draw offer lapsed." in move_played_text(moved)
    with pytest.raises(errors.UserError):
        await service.buttons.press_custom_id(BOB, offer.buttons[0].custom_id)
    with pytest.raises(errors.NoOfferError):
        await service.endings.accept_draw(BOB, offer.game.id)


async def test_own_move_keeps_own_offer(service: GameService) -> None:
    """The offerer's own move does not withdraw their offer."""
    started = await start_game(service)
    await play(service, started.game.id, "e4", "e5")
    await service.endings.draw(ALICE, PLACE)
    moved = await service.play.move(ALICE, PLACE, "Nf3")
    assert isinstance(moved, MovePlayed) and moved.lapsed_offers == ()
    ended = await service.endings.accept_draw(BOB, moved.game.id)
    assert ended.ending.result == "1/2-1/2"


async def test_a_standing_draw_offers_buttons_work_after_the_offerers_move(
    service: GameService,
) -> None:
    """The offer stands after its offerer moves, and so do its buttons: Decline, then a new
    offer's Accept, both pressed after a move (before, "The game changed…"). A button of an
    offer that is gone is still refused."""
    await start_game(service)
    first = await service.endings.draw(ALICE, PLACE)
    assert isinstance(first, OfferMade)
    await play(service, 1, "e4")
    declined = await service.buttons.press_custom_id(BOB, first.buttons[1].custom_id)
    assert isinstance(declined, OfferDeclined)
    with pytest.raises(errors.UserError):
        await service.buttons.press_custom_id(BOB, first.buttons[0].custom_id)
    await play(service, 1, "e5")
    second = await service.endings.draw(ALICE, PLACE)
    assert isinstance(second, OfferMade)
    await play(service, 1, "Nf3")
    ended = await service.buttons.press_custom_id(BOB, second.buttons[0].custom_id)
    assert isinstance(ended, GameEnded) and ended.ending.termination == "agreement"


async def test_threefold_claim(service: GameService) -> None:
    """/draw claims a threefold repetition instead of offering."""
    await start_game(service)
    await play(service, 1, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
    ended = await service.endings.draw(ALICE, PLACE)
    assert isinstance(ended, GameEnded)
    assert ended.ending.termination == "threefold_repetition"
    assert ending_text(ended.ending) == "Draw — alice claimed threefold repetition"


async def test_takeback_of_own_last_move(service: GameService) -> None:
    """A takeback right after one's move undoes one ply; the requester moves again."""
    await start_game(service)
    await play(service, 1, "e4", "e5", "Nf3")
    request = await service.endings.takeback(ALICE, PLACE)
    assert isinstance(request, OfferMade) and request.to.id == BOB.id
    done = await service.buttons.press_custom_id(BOB, request.buttons[0].custom_id)
    assert isinstance(done, TakenBack) and done.plies == 1
    assert done.game.ply == 2 and done.notify.id == ALICE.id
    board = await service.play.board(ALICE, PLACE)
    assert board.board.position.fen().startswith(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"
    )
    moved = await service.play.move(ALICE, PLACE, "d4")
    assert isinstance(moved, MovePlayed) and moved.game.ply == 3


async def test_takeback_after_reply_undoes_two(service: GameService) -> None:
    """Asking after the opponent replied undoes the reply and the requester's move."""
    await start_game(service)
    await play(service, 1, "e4", "e5")
    request = await service.endings.takeback(ALICE, PLACE)
    assert isinstance(request, OfferMade)
    done = await service.endings.accept_takeback(BOB, request.game.id)
    assert done.plies == 2 and done.game.ply == 0
    assert (done.by.name, done.notify.name) == ("bob", "alice")


@pytest.mark.store
async def test_takeback_refusals(service: GameService, db_path: Path) -> None:
    """No move to take back, or no request to answer: refused, nothing changes."""
    await start_game(service)
    await play(service, 1, "e4")
    before = snapshot(db_path)
    with pytest.raises(errors.NothingToTakeBackError):
        await service.endings.takeback(BOB, PLACE)
    with pytest.raises(errors.NoOfferError):
        await service.endings.accept_takeback(ALICE, 1)
    with pytest.raises(errors.NotAPlayerError):
        await service.endings.takeback(CAROL, None, game_id=1)
    assert snapshot(db_path) == before
    request = await service.endings.takeback(ALICE, PLACE)
    assert isinstance(request, OfferMade)
    declined = await service.buttons.press_custom_id(BOB, request.buttons[1].custom_id)
    assert isinstance(declined, OfferDeclined)
    assert (declined.kind, declined.by.name) == (OfferKind.TAKEBACK, "bob")


async def test_abort_only_before_both_moved(service: GameService, db_path: Path) -> None:
    """A game may be aborted before both sides moved, unrated and without result."""
    first = await start_game(service)
    await play(service, first.game.id, "e4")
    aborted = await service.endings.abort(BOB, PLACE)
    assert aborted.ending.result == "*" and ending_text(aborted.ending) == "Game aborted by bob"
    assert aborted.ending.rating_changes == ()
    second = await start_game(service)
    await play(service, second.game.id, "e4", "e5")
    before = snapshot(db_path)
    with pytest.raises(errors.CannotAbortError):
        await service.endings.abort(ALICE, PLACE)
    assert snapshot(db_path) == before


async def test_stalemate_and_insufficient_material_end_automatically(
    service: GameService,
) -> None:
    """The rules engine's automatic endings finish the game as draws."""
    await start_game(service, fen="k7/8/1Q6/8/8/8/8/K7 w - - 0 1")
    stalemate = await service.play.move(ALICE, PLACE, "Kb2")  # black's king has no move
    assert isinstance(stalemate, MovePlayed) and stalemate.ending is not None
    assert ending_text(stalemate.ending) == "Stalemate — draw"
    third = await start_game(service, white=CAROL, black=BOB, fen="k7/8/8/8/8/8/1r6/K7 w - - 0 1")
    captured = await service.play.move(CAROL, None, "Kxb2", game_id=third.game.id)
    assert isinstance(captured, MovePlayed) and captured.ending is not None
    assert captured.ending.termination == "insufficient_material"


async def test_whatever_ends_a_game_before_two_plies_aborts_it(
    service: GameService, clock: ManualClock
) -> None:
    """As on lichess: a resignation, an agreed draw or a time-out before both sides have
    moved ends the game aborted, with no result and no rating change; from the second ply
    on the same endings count."""
    resigned = await start_game(service)
    ended = await service.endings.confirm_resign(ALICE, resigned.game.id)
    assert (ended.ending.result, ended.ending.termination) == ("*", "aborted")
    assert ended.ending.rating_changes == ()
    agreed = await start_game(service)
    await play(service, agreed.game.id, "e4")
    offer = await service.endings.draw(BOB, PLACE)
    assert isinstance(offer, OfferMade)
    drawn = await service.endings.accept_draw(ALICE, agreed.game.id)
    assert (drawn.ending.result, drawn.ending.termination) == ("*", "aborted")
    timed = await start_game(service, days=1)
    await play(service, timed.game.id, "e4")
    clock.advance(days=2)
    (lapsed,) = (await service.deadlines.expire_overdue()).ended
    assert (lapsed.ending.result, lapsed.ending.termination) == ("*", "aborted")
    assert (await service.reports.leaderboard(PLACE.guild_id, "chess")).rows == ()
    stats = await service.reports.stats(ALICE, place=PLACE)
    assert stats is not None and stats.variants == ()
    counted = await start_game(service)
    await play(service, counted.game.id, "e4", "e5")
    real = await service.endings.confirm_resign(ALICE, counted.game.id)
    assert (real.ending.result, real.ending.termination) == ("0-1", "resignation")
    assert [change.player.id for change in real.ending.rating_changes] == [ALICE.id, BOB.id]
