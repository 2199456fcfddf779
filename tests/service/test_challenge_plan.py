"""The plans of a challenge, of a game's start and of a game against the computer: their
refusals and choices, without a database."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service import errors
from bot.service.challenge_plan import (
    ChallengePlan,
    ChallengeRefusal,
    ChallengeRefusedError,
    Seats,
    answer_refusal,
    plan_challenge,
    plan_computer_game,
    plan_start,
)
from bot.service.option_errors import (
    AnotherGamesColourError,
    DaysError,
    LevelRangeError,
    NotAChoiceError,
    Unratable,
    UnratableError,
)
from bot.service.results import ChallengeView, PlayerRef, User
from rules import Color

ALICE = User(1, "alice")
BOB = User(2, "bob")
CAROL = User(3, "carol")
ROBOT = User(9, "robot", is_bot=True)
XIANGQI_BLACK_FIRST = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"


def asked(opponent: User | None = BOB, **options: object) -> ChallengePlan:
    chosen: dict[str, object] = {
        "game": "chess",
        "color": "random",
        "days": 3,
        "rated": None,
        "fen": None,
    }
    chosen.update(options)
    return plan_challenge(ALICE, opponent, **chosen)  # type: ignore[arg-type]


def test_a_challenge_plan_holds_what_is_stored() -> None:
    """The seat by its stored name, the clock, and rated by default for a timed standard
    game; an untimed or custom one is casual by default."""
    assert asked(game="xiangqi", color="red", days=5) == ChallengePlan(
        challenger_id=ALICE.id,
        opponent_id=BOB.id,
        variant="xiangqi",
        color="white",
        days_per_move=5,
        untimed=False,
        rated=True,
        start_fen=None,
    )
    untimed = asked(None, days=None)
    assert untimed.untimed and not untimed.rated and untimed.opponent_id is None
    custom = asked(fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    assert custom.start_fen == "4k3/8/8/8/8/8/8/4K2R w K - 0 1" and not custom.rated
    assert asked(fen="startpos").start_fen is None


@pytest.mark.parametrize(
    ("opponent", "options", "refusal"),
    [
        (ALICE, {}, errors.SelfChallengeError),
        (ROBOT, {}, errors.BotChallengeError),
        (BOB, {"days": 4}, DaysError),
        (BOB, {"color": "red"}, AnotherGamesColourError),
        (BOB, {"color": "green"}, NotAChoiceError),
        (BOB, {"game": "go"}, errors.InvalidOptionError),
        (BOB, {"fen": "not a fen"}, errors.InvalidPositionError),
    ],
)
def test_a_challenge_is_refused_before_anything_is_written(
    opponent: User, options: dict[str, object], refusal: type[Exception]
) -> None:
    """Each bad choice is refused by the plan itself, with its facts."""
    with pytest.raises(refusal):
        asked(opponent, **options)


def test_a_game_that_cannot_be_rated_says_why() -> None:
    """Rated with a custom start or without a clock is refused, naming the reason."""
    with pytest.raises(UnratableError) as custom:
        asked(rated=True, fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    assert custom.value.reason is Unratable.CUSTOM_START
    with pytest.raises(UnratableError) as untimed:
        asked(rated=True, days=None)
    assert untimed.value.reason is Unratable.UNTIMED


def view(opponent: User | None, color: str = "random", **terms: object) -> ChallengeView:
    def ref(user: User) -> PlayerRef:
        return PlayerRef(user.id, user.name)

    chosen: dict[str, object] = {"variant": "chess", "start_fen": None}
    chosen.update(terms)
    return ChallengeView(
        id=7,
        challenger=ref(ALICE),
        opponent=ref(opponent) if opponent is not None else None,
        color=color,
        days_per_move=3,
        rated=True,
        expires_at=datetime(2026, 1, 1, tzinfo=UTC),
        guild_id=1,
        channel_id=2,
        thread_id=None,
        message_id=None,
        **chosen,  # type: ignore[arg-type]
    )


def test_the_start_seats_the_players_by_the_challenge_or_the_coin() -> None:
    """A chosen colour is kept; random takes the coin; the side to move of the start
    position decides who moves first."""
    black = plan_start(view(BOB, "black"), BOB, coin=Color.BLACK)
    assert black.seats == Seats(white_id=BOB.id, black_id=ALICE.id, to_move_id=BOB.id)
    tossed = plan_start(view(None), CAROL, coin=Color.WHITE)
    assert tossed.seats == Seats(white_id=ALICE.id, black_id=CAROL.id, to_move_id=ALICE.id)
    assert tossed.start_fen == tossed.variant.start_fen
    xiangqi = view(BOB, "white", variant="xiangqi", start_fen=XIANGQI_BLACK_FIRST)
    assert plan_start(xiangqi, BOB, coin=Color.WHITE).seats.to_move_id == BOB.id


@pytest.mark.parametrize(
    ("challenge", "acceptor", "reason"),
    [
        (view(BOB), ALICE, ChallengeRefusal.OWN),
        (view(BOB), CAROL, ChallengeRefusal.FOR_ANOTHER),
    ],
)
def test_only_the_challenged_may_accept(
    challenge: ChallengeView, acceptor: User, reason: ChallengeRefusal
) -> None:
    """The challenger and a third player are refused, the latter told whom it is for."""
    with pytest.raises(ChallengeRefusedError) as refused:
        plan_start(challenge, acceptor, coin=Color.WHITE)
    assert refused.value.reason is reason
    assert refused.value.player == (None if reason is ChallengeRefusal.OWN else "bob")
    with pytest.raises(errors.BotChallengeError):
        plan_start(view(None), ROBOT, coin=Color.WHITE)


def test_who_may_decline_or_cancel() -> None:
    """The challenged player declines, the challenger cancels; an open challenge is never
    declined."""
    assert answer_refusal(view(BOB), BOB, "declined") is None
    assert answer_refusal(view(BOB), CAROL, "declined") is ChallengeRefusal.DECLINE_NOT_YOURS
    assert answer_refusal(view(None), BOB, "declined") is ChallengeRefusal.DECLINE_OPEN
    assert answer_refusal(view(BOB), ALICE, "cancelled") is None
    assert answer_refusal(view(BOB), BOB, "cancelled") is ChallengeRefusal.CANCEL_NOT_YOURS


def test_a_game_against_the_computer_is_planned_whole() -> None:
    """Level, colour (the coin for random), start and clock; the seats once the computer is
    known."""
    plan = plan_computer_game(
        ALICE, level=None, game="chess", color="random", days=None, rated=None, fen=None,
        coin=Color.BLACK,
    )  # fmt: skip
    assert (plan.level, plan.human, plan.untimed, plan.custom_start) == (
        3,
        Color.BLACK,
        True,
        False,
    )
    assert plan.seats(ALICE.id, 99) == Seats(white_id=99, black_id=ALICE.id, to_move_id=99)
    custom = plan_computer_game(
        ALICE, level=8, game="xiangqi", color="red", days=2, rated=False,
        fen=XIANGQI_BLACK_FIRST, coin=Color.BLACK,
    )  # fmt: skip
    assert custom.human is Color.WHITE and custom.custom_start and custom.first is Color.BLACK
    assert custom.seats(ALICE.id, 99).to_move_id == 99


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"level": 9}, LevelRangeError),
        ({"rated": True}, UnratableError),
        ({"days": 4}, DaysError),
        ({"color": "red"}, AnotherGamesColourError),
    ],
)
def test_a_game_against_the_computer_is_refused_by_its_plan(
    options: dict[str, object], refusal: type[Exception]
) -> None:
    """Out-of-range levels, rated games, bad days and colours are refused with facts."""
    chosen: dict[str, object] = {
        "level": 3,
        "game": "chess",
        "color": "random",
        "days": 3,
        "rated": None,
        "fen": None,
    }
    chosen.update(options)
    with pytest.raises(refusal):
        plan_computer_game(ALICE, coin=Color.WHITE, **chosen)  # type: ignore[arg-type]
