"""Challenges: creating, accepting, declining, cancelling, expiring, and their refusals."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from service_helpers import ALICE, BOB, CAROL, PLACE, ROBOT, snapshot

from bot.service import ButtonAction, GameService, ManualClock, User, errors
from rules import Color


async def test_challenge_then_accept_starts_game(service: GameService) -> None:
    """Accepting a challenge creates the game with the chosen colours and a deadline."""
    created = await service.challenge(ALICE, PLACE, BOB, game="chess", color="black", days=5)
    assert [b.label for b in created.buttons] == ["Accept", "Decline", "Cancel"]
    assert created.buttons[0].allowed_user_ids == (BOB.id,)
    assert "alice challenges bob to chess" in created.text
    started = await service.accept_challenge(BOB, created.challenge.id)
    game = started.game
    assert (game.white.id, game.black.id) == (BOB.id, ALICE.id)
    assert game.to_move is not None and game.to_move.id == BOB.id
    assert game.deadline == service.now() + timedelta(days=5)
    assert game.title == "bob vs alice · chess"
    assert started.board.orientation is Color.WHITE
    assert started.notify.id == BOB.id


async def test_open_challenge_accepted_by_anyone(service: GameService) -> None:
    """An open challenge has no Decline button and the first taker gets the game."""
    created = await service.challenge(ALICE, PLACE, None, color="white")
    assert [b.label for b in created.buttons] == ["Accept", "Cancel"]
    assert created.buttons[0].allowed_user_ids == ()
    started = await service.accept_challenge(CAROL, created.challenge.id)
    assert started.game.black.id == CAROL.id
    with pytest.raises(errors.ChallengeClosedError):
        await service.accept_challenge(BOB, created.challenge.id)


@pytest.mark.parametrize(
    ("opponent", "options", "error"),
    [
        (ALICE, {}, errors.SelfChallengeError),
        (ROBOT, {}, errors.BotChallengeError),
        (BOB, {"days": 4}, errors.InvalidOptionError),
        (BOB, {"game": "checkers"}, errors.InvalidOptionError),
        (BOB, {"color": "green"}, errors.InvalidOptionError),
        (BOB, {"fen": "not a fen"}, errors.InvalidPositionError),
        (BOB, {"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, errors.InvalidPositionError),
        (BOB, {"fen": "7k/8/8/8/8/8/8/K5R1 w - - 0 1", "rated": True}, errors.InvalidOptionError),
        (BOB, {"fen": "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"}, errors.InvalidPositionError),
    ],
)
async def test_bad_challenges_change_nothing(
    service: GameService,
    db_path: Path,
    opponent: User,
    options: dict[str, Any],
    error: type[errors.UserError],
) -> None:
    """Self, bot, bad days/game/colour/FEN, rated custom start, finished start: refused."""
    await service.challenge(CAROL, PLACE, BOB)  # the database is not empty
    before = snapshot(db_path)
    with pytest.raises(error) as raised:
        await service.challenge(ALICE, PLACE, opponent, **options)
    assert raised.value.message
    assert snapshot(db_path) == before


async def test_custom_fen_is_validated_and_unrated(service: GameService) -> None:
    """A custom start FEN is normalised, unrated by default, and the game starts there."""
    fen = "7k/8/8/8/8/8/8/K5R1   w - - 0 1"
    created = await service.challenge(ALICE, PLACE, BOB, color="white", fen=fen)
    assert created.challenge.start_fen == "7k/8/8/8/8/8/8/K5R1 w - - 0 1"
    assert not created.challenge.rated
    started = await service.accept_challenge(BOB, created.challenge.id)
    assert started.board.position.fen() == "7k/8/8/8/8/8/8/K5R1 w - - 0 1"


async def test_custom_fen_with_black_to_move(service: GameService) -> None:
    """With black to move in the start FEN, black's player moves first."""
    fen = "7k/8/8/8/8/8/8/K5R1 b - - 0 1"
    created = await service.challenge(ALICE, PLACE, BOB, color="white", fen=fen)
    started = await service.accept_challenge(BOB, created.challenge.id)
    assert started.game.to_move is not None and started.game.to_move.id == BOB.id


async def test_accept_refusals_change_nothing(service: GameService, db_path: Path) -> None:
    """Only the addressee may accept; not the challenger, not a bot, not a stranger."""
    created = await service.challenge(ALICE, PLACE, BOB)
    before = snapshot(db_path)
    for user, error in [
        (ALICE, errors.NotYourChallengeError),
        (CAROL, errors.NotYourChallengeError),
        (ROBOT, errors.BotChallengeError),
    ]:
        with pytest.raises(error):
            await service.accept_challenge(user, created.challenge.id)
    with pytest.raises(errors.UnknownChallengeError):
        await service.accept_challenge(BOB, 999)
    with pytest.raises(errors.NotYourChallengeError):
        await service.decline_challenge(CAROL, created.challenge.id)
    with pytest.raises(errors.NotYourChallengeError):
        await service.cancel_challenge(BOB, created.challenge.id)
    assert snapshot(db_path) == before


async def test_decline_and_cancel(service: GameService) -> None:
    """Declining or cancelling closes a challenge for good."""
    first = await service.challenge(ALICE, PLACE, BOB)
    declined = await service.decline_challenge(BOB, first.challenge.id)
    assert declined.status == "declined" and "bob declined" in declined.text
    with pytest.raises(errors.ChallengeClosedError):
        await service.accept_challenge(BOB, first.challenge.id)
    second = await service.challenge(ALICE, PLACE, BOB)
    cancelled = await service.cancel_challenge(ALICE, second.challenge.id)
    assert cancelled.status == "cancelled"
    with pytest.raises(errors.ChallengeClosedError):
        await service.decline_challenge(BOB, second.challenge.id)


async def test_challenge_expires_after_48_hours(service: GameService, clock: ManualClock) -> None:
    """After 48 hours a challenge cannot be accepted and expire_overdue reports it."""
    created = await service.challenge(ALICE, PLACE, BOB)
    assert await service.next_wakeup() == created.challenge.expires_at
    clock.advance(hours=47, minutes=59)
    assert (await service.expire_overdue()).expired_challenges == ()
    clock.advance(minutes=1)
    with pytest.raises(errors.ChallengeClosedError):
        await service.accept_challenge(BOB, created.challenge.id)
    report = await service.expire_overdue()
    assert [c.challenge.id for c in report.expired_challenges] == [created.challenge.id]
    assert await service.next_wakeup() is None


async def test_buttons_route_through_press(service: GameService) -> None:
    """A challenge's Accept button, pressed by custom id, starts the game."""
    created = await service.challenge(ALICE, PLACE, BOB)
    accept = created.buttons[0]
    assert accept.action is ButtonAction.ACCEPT_CHALLENGE
    started = await service.press_custom_id(BOB, accept.custom_id)
    assert started.game.id > 0  # type: ignore[union-attr]
    with pytest.raises(errors.InvalidButtonError):
        await service.press_custom_id(BOB, "postal:nonsense:1:")
