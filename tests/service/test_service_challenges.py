"""Challenges: creating, accepting, declining, cancelling, expiring, and their refusals."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import (
    ButtonAction,
    ButtonLabel,
    GameService,
    ManualClock,
    Place,
    User,
    color_word,
    errors,
)
from bot.store import ChallengeFacts, Store
from bot.text.errors import error_message
from bot.text.phrases import title_text
from rules import Color, FenProblem
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, ROBOT, snapshot


async def test_challenge_then_accept_starts_game(service: GameService) -> None:
    """Accepting a challenge creates the game with the chosen colours and a deadline."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess", color="black", days=5
    )
    assert [b.label for b in created.buttons] == [
        ButtonLabel.ACCEPT,
        ButtonLabel.DECLINE,
        ButtonLabel.CANCEL,
    ]
    assert created.buttons[0].allowed_user_ids == (BOB.id,)
    assert created.challenge.challenger.id == ALICE.id and created.challenge.variant == "chess"
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    game = started.game
    assert (game.white.id, game.black.id) == (BOB.id, ALICE.id)
    assert game.to_move is not None and game.to_move.id == BOB.id
    assert game.deadline == service.core.now() + timedelta(days=5)
    assert title_text(game) == "bob vs alice · chess"
    assert started.board.orientation is Color.WHITE
    assert started.notify.id == BOB.id


async def test_open_challenge_accepted_by_anyone(service: GameService) -> None:
    """An open challenge has no Decline button and the first taker gets the game."""
    created = await service.challenges.challenge(ALICE, PLACE, None, color="white")
    assert [b.label for b in created.buttons] == [ButtonLabel.ACCEPT, ButtonLabel.CANCEL]
    assert created.buttons[0].allowed_user_ids == ()
    started = await service.challenges.accept_challenge(CAROL, created.challenge.id)
    assert started.game.black.id == CAROL.id
    with pytest.raises(errors.ChallengeClosedError):
        await service.challenges.accept_challenge(BOB, created.challenge.id)


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
    await service.challenges.challenge(CAROL, PLACE, BOB)  # the database is not empty
    before = snapshot(db_path)
    with pytest.raises(error) as raised:
        await service.challenges.challenge(ALICE, PLACE, opponent, **options)
    assert error_message(raised.value)
    assert snapshot(db_path) == before


async def test_custom_fen_is_validated_and_unrated(service: GameService) -> None:
    """A custom start FEN is normalised, unrated by default, and the game starts there."""
    fen = "7k/8/8/8/8/8/8/K5R1   w - - 0 1"
    created = await service.challenges.challenge(ALICE, PLACE, BOB, color="white", fen=fen)
    assert created.challenge.start_fen == "7k/8/8/8/8/8/8/K5R1 w - - 0 1"
    assert not created.challenge.rated
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert started.board.position.fen() == "7k/8/8/8/8/8/8/K5R1 w - - 0 1"


async def test_custom_fen_with_black_to_move(service: GameService) -> None:
    """With black to move in the start FEN, black's player moves first."""
    fen = "7k/8/8/8/8/8/8/K5R1 b - - 0 1"
    created = await service.challenges.challenge(ALICE, PLACE, BOB, color="white", fen=fen)
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert started.game.to_move is not None and started.game.to_move.id == BOB.id


async def test_accept_refusals_change_nothing(service: GameService, db_path: Path) -> None:
    """Only the addressee may accept; not the challenger, not a bot, not a stranger."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB)
    before = snapshot(db_path)
    for user, error in [
        (ALICE, errors.NotYourChallengeError),
        (CAROL, errors.NotYourChallengeError),
        (ROBOT, errors.BotChallengeError),
    ]:
        with pytest.raises(error):
            await service.challenges.accept_challenge(user, created.challenge.id)
    with pytest.raises(errors.UnknownChallengeError):
        await service.challenges.accept_challenge(BOB, 999)
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.decline_challenge(CAROL, created.challenge.id)
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.cancel_challenge(BOB, created.challenge.id)
    assert snapshot(db_path) == before


@pytest.mark.store
async def test_decline_and_cancel(service: GameService) -> None:
    """Declining or cancelling closes a challenge for good."""
    first = await service.challenges.challenge(ALICE, PLACE, BOB)
    declined = await service.challenges.decline_challenge(BOB, first.challenge.id)
    assert declined.status == "declined" and declined.by == "bob"
    with pytest.raises(errors.ChallengeClosedError):
        await service.challenges.accept_challenge(BOB, first.challenge.id)
    second = await service.challenges.challenge(ALICE, PLACE, BOB)
    cancelled = await service.challenges.cancel_challenge(ALICE, second.challenge.id)
    assert cancelled.status == "cancelled"
    with pytest.raises(errors.ChallengeClosedError):
        await service.challenges.decline_challenge(BOB, second.challenge.id)


async def test_challenge_expires_after_48_hours(service: GameService, clock: ManualClock) -> None:
    """After 48 hours a challenge cannot be accepted and expire_overdue reports it."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB)
    assert await service.deadlines.next_wakeup() == created.challenge.expires_at
    clock.advance(hours=47, minutes=59)
    assert (await service.deadlines.expire_overdue()).expired_challenges == ()
    clock.advance(minutes=1)
    with pytest.raises(errors.ChallengeClosedError):
        await service.challenges.accept_challenge(BOB, created.challenge.id)
    report = await service.deadlines.expire_overdue()
    assert [c.challenge.id for c in report.expired_challenges] == [created.challenge.id]
    assert await service.deadlines.next_wakeup() is None


@pytest.mark.store
async def test_a_challenge_expired_before_its_message_was_stored_still_loses_its_buttons(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Expired while its message was being posted (no message to edit yet): storing the
    message's id then writes the edit that removes the buttons, once."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB)
    clock.advance(hours=48)
    await service.deadlines.expire_overdue()
    assert await store.outbox.pending(10) == []
    assert await service.challenges.set_challenge_message(created.challenge.id, 555) is True
    rows = await store.outbox.pending(10)
    assert [(r.challenge_id, r.facts) for r in rows] == [
        (created.challenge.id, ChallengeFacts("expired"))
    ]
    assert await service.challenges.set_challenge_message(created.challenge.id, 555) is False
    assert len(await store.outbox.pending(10)) == 1
    # an open challenge's message id is only stored
    other = await service.challenges.challenge(ALICE, PLACE, CAROL)
    assert await service.challenges.set_challenge_message(other.challenge.id, 556) is False
    assert await service.challenges.challenge_message(other.challenge.id) == 556
    assert len(await store.outbox.pending(10)) == 1


async def test_buttons_route_through_press(service: GameService) -> None:
    """A challenge's Accept button, pressed by custom id, starts the game."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB)
    accept = created.buttons[0]
    assert accept.action is ButtonAction.ACCEPT_CHALLENGE
    started = await service.buttons.press_custom_id(BOB, accept.custom_id)
    assert started.game.id > 0  # type: ignore[union-attr]
    with pytest.raises(errors.InvalidButtonError):
        await service.buttons.press_custom_id(BOB, "postal:nonsense:1:")


# --- colour words and the same challenge twice ----------------------------------------------


async def test_xiangqi_takes_red_and_black(service: GameService) -> None:
    """In xiangqi the challenger may choose red (the first to move) or black by those names."""
    red = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="xiangqi", color=color_word("xiangqi", "Red")
    )
    assert red.challenge.color == "white"  # red, the seat called white
    started = await service.challenges.accept_challenge(BOB, red.challenge.id)
    assert started.game.white.id == ALICE.id and started.game.color_name(Color.WHITE) == "red"
    black = await service.challenges.challenge(BOB, PLACE, CAROL, game="xiangqi", color="black")
    assert (
        await service.challenges.accept_challenge(CAROL, black.challenge.id)
    ).game.black.id == BOB.id
    assert color_word("chess", "white") == "white" and color_word("chess", "random") == "random"
    as_typed = await service.challenges.challenge(ALICE, PLACE, CAROL, game="xiangqi", color=" Red")
    assert as_typed.challenge.color == "white"


@pytest.mark.parametrize(
    ("game", "word", "says"),
    [
        (
            "chess",
            "red",
            (
                "In chess the colours are white and black: color must be white, black or random, "
                'not "red".'
            ),
        ),
        (
            "xiangqi",
            "white",
            (
                "In xiangqi the colours are red and black: color must be red, black or random, not "
                '"white".'
            ),
        ),
        ("xiangqi", "green", 'color must be red, black or random, not "green".'),
    ],
)
async def test_a_colour_of_the_other_game_is_refused_clearly(
    service: GameService, db_path: Path, game: str, word: str, says: str
) -> None:
    """Each variant's colour words are its own; another's is refused, naming the right ones."""
    before = snapshot(db_path)
    with pytest.raises(errors.InvalidOptionError) as raised:
        color_word(game, word)
    assert error_message(raised.value) == says
    with pytest.raises(errors.InvalidOptionError):
        await service.challenges.challenge(ALICE, PLACE, BOB, game="chess", color="red")
    assert snapshot(db_path) == before


async def test_the_same_challenge_twice_points_to_the_first(
    service: GameService, db_path: Path, clock: ManualClock
) -> None:
    """A second identical challenge while the first waits is refused, naming the first; it
    writes nothing and uses none of the pings allowed per pair."""
    first = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess", color="white", days=3
    )
    before = snapshot(db_path)
    for _ in range(4):  # more than the 3 pings an hour: a refusal is not a ping
        with pytest.raises(errors.ChallengePendingError) as raised:
            await service.challenges.challenge(
                ALICE, PLACE, BOB, game="chess", color="white", days=3
            )
        assert raised.value.challenge_id == first.challenge.id
        assert f"challenge #{first.challenge.id} waits for their answer" in error_message(
            raised.value
        )
        assert "You already challenged bob" in error_message(raised.value)
    assert snapshot(db_path) == before
    # Other settings are another challenge; so is the same one once the first is answered.
    other = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess", color="white", days=5
    )
    assert other.challenge.id != first.challenge.id
    await service.challenges.cancel_challenge(ALICE, first.challenge.id)
    again = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess", color="white", days=3
    )
    assert again.challenge.id not in (first.challenge.id, other.challenge.id)
    # An expired first one does not block either (the clock has not purged it yet).
    clock.advance(timedelta(hours=49))
    await service.challenges.challenge(ALICE, PLACE, BOB, game="chess", color="white", days=5)


async def test_the_same_open_challenge_twice_in_one_place(service: GameService) -> None:
    """An open challenge repeated in the same place is refused; in another place it is new."""
    first = await service.challenges.challenge(ALICE, PLACE, None)
    with pytest.raises(errors.ChallengePendingError) as raised:
        await service.challenges.challenge(ALICE, PLACE, None)
    assert raised.value.challenge_id == first.challenge.id
    assert "open challenge" in error_message(raised.value)
    elsewhere = Place(PLACE.guild_id, PLACE.channel_id + 1)
    assert (
        await service.challenges.challenge(ALICE, elsewhere, None)
    ).challenge.id != first.challenge.id
    untimed = await service.challenges.challenge(
        ALICE, PLACE, None, days=None
    )  # not the same: no clock
    assert untimed.challenge.id != first.challenge.id
    with pytest.raises(errors.ChallengePendingError):
        await service.challenges.challenge(ALICE, PLACE, None, days=None)


async def test_the_same_challenge_at_once_is_written_once(service: GameService) -> None:
    """Five identical challenges at the same moment: one is written, four point to it."""
    outcomes = await asyncio.gather(
        *(service.challenges.challenge(ALICE, PLACE, BOB) for _ in range(5)), return_exceptions=True
    )
    written = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(written) == 1
    refused = [o for o in outcomes if isinstance(o, errors.ChallengePendingError)]
    assert {o.challenge_id for o in refused} == {written[0].challenge.id} and len(refused) == 4


@pytest.mark.parametrize(
    ("fen", "problem", "details"),
    [
        ("8/8/8/8/8/8/8/8 w - - 0 1", FenProblem.KING_COUNT, {"white": 0, "black": 0}),
        (
            "7k/5QQ1/8/8/8/8/8/K7 w - - 0 1",
            FenProblem.OPPONENT_IN_CHECK,
            {"side": "black", "to_move": "white"},
        ),
        ("7k/5QQ1/8/8/8/8/8/K7 b - - 0 1", errors.StartProblem.ALREADY_OVER, {}),
        ("k" * 200, errors.StartProblem.TOO_LONG, {"limit": 120}),
    ],
)
async def test_a_refused_start_position_carries_a_code(
    service: GameService, fen: str, problem: object, details: dict[str, object]
) -> None:
    """A refused FEN says why as a stable code and the facts it names, which the adapters
    word in the reader's language; no English is matched."""
    with pytest.raises(errors.InvalidPositionError) as raised:
        await service.challenges.challenge(ALICE, PLACE, BOB, fen=fen)
    assert raised.value.problem is problem
    assert raised.value.details == details
