"""The plans of a challenge and of a game's start, worked out without the store.

A challenge, its acceptance and a game against the computer go plan -> write -> describe,
as a move does (``bot.service.move_plan``): a pure function checks what was asked and
decides the seats, refusing with an error of facts; the use case writes the plan in one
transaction and describes the result; ``bot/text`` words it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

import rules
from bot.engine.api import MAX_LEVEL, MIN_LEVEL
from bot.i18n.names import Choice
from bot.service.chess960_starts import is_custom_start, numbered_start
from bot.service.errors import (
    BotChallengeError,
    InvalidPositionError,
    NotYourChallengeError,
    SelfChallengeError,
    StartProblem,
)
from bot.service.game_facts import variant_named
from bot.service.janggi_setups import accepted_start, setup_start
from bot.service.option_errors import (
    AnotherGamesColourError,
    DaysError,
    LevelRangeError,
    NotAChoiceError,
    TimeBankError,
    TimeBankProblem,
    Unratable,
    UnratableError,
    UntimedWeekendsError,
)
from bot.service.results import ChallengeView, User
from bot.service.thematic_starts import StartLineError, StartLineProblem, thematic_start
from bot.service.time_bank import ClockTerms
from rules import Color

DAYS_CHOICES = (1, 2, 3, 5, 7, 10, 14)
# The days choice of an untimed game (value 0), as Discord lists it (msgctxt "choice").
NO_TIME_LIMIT = "none (no time limit)"
DEFAULT_DAYS = 3
# What a player may choose for a time bank (days): an increment of at most two weeks, a cap
# of at most 60 days (a bank past two months no longer presses anyone to move); without a
# cap, room for four moves' increments over the start.
MAX_INCREMENT_DAYS = 14
MAX_CAP_DAYS = 60
DEFAULT_CAP_INCREMENTS = 4
# The colour words a player may type in each variant, and the seat each means ("red" is
# the seat called white in the store and in rules).
VARIANT_COLORS: dict[str, dict[str, str]] = {
    "chess": {"white": "white", "black": "black", "random": "random"},
    "chess960": {"white": "white", "black": "black", "random": "random"},
    "xiangqi": {"red": "white", "black": "black", "random": "random"},
    # Janggi's sides are named: Cho (초) moves first, Han (한) second.
    "janggi": {"cho": "white", "han": "black", "random": "random"},
}
COLOR_WORDS = ("white", "red", "black", "cho", "han", "random")
# The colours as Discord lists them: its choices cannot depend on the game chosen, so each
# colour only one game has says which game it is for.
COLOR_LABELS = {
    "white": "white (chess)",
    "red": "red (xiangqi)",
    "black": "black",
    "cho": "cho (janggi, moves first)",
    "han": "han (janggi)",
    "random": "random",
}
COLOR_CHOICES = COLOR_WORDS
# /challenge weekends: "off" stops the clock on each player's own Saturday and Sunday.
WEEKEND_WORDS = ("on", "off")
WEEKEND_LABELS = {
    "on": "on (the clock runs every day)",
    "off": "off (no clock on Saturday and Sunday)",
}
MAX_FEN_LENGTH = 120
DEFAULT_LEVEL = 3
LEVELS = tuple(range(MIN_LEVEL, MAX_LEVEL + 1))


class ChallengeRefusal(Enum):
    """Why a player may not answer a challenge so."""

    OWN = "own"  # accepting one's own challenge
    FOR_ANOTHER = "for_another"  # accepting a challenge made to someone else
    DECLINE_NOT_YOURS = "decline_not_yours"  # declining one made to someone else
    DECLINE_OPEN = "decline_open"  # declining an open challenge
    CANCEL_NOT_YOURS = "cancel_not_yours"  # cancelling another's challenge


class ChallengeRefusedError(NotYourChallengeError):
    """The challenge is not the player's to answer so (``reason``); ``player`` is whom it
    was made to, for ``FOR_ANOTHER``."""

    def __init__(self, reason: ChallengeRefusal, player: str | None = None) -> None:
        super().__init__()
        self.reason = reason
        self.player = player


@dataclass(frozen=True, slots=True)
class Seats:
    """Who plays white (red in xiangqi) and black, and who moves first."""

    white_id: int
    black_id: int
    to_move_id: int


def seated(player_id: int, color: Color, other_id: int, first: Color) -> Seats:
    """``player_id`` at ``color``, ``other_id`` at the other; ``first`` is the side to move
    in the start position."""
    white_id, black_id = (player_id, other_id) if color is Color.WHITE else (other_id, player_id)
    return Seats(white_id, black_id, white_id if first is Color.WHITE else black_id)


@dataclass(frozen=True, slots=True)
class ChallengePlan:
    """A challenge as it is stored: ``color`` is the challenger's seat (white, black or
    random), ``start_fen`` None for the standard start; ``days_per_move`` is unused when
    ``untimed``."""

    challenger_id: int
    opponent_id: int | None
    variant: str
    color: str
    days_per_move: int
    untimed: bool
    rated: bool
    start_fen: str | None
    increment_days: int | None = None  # a time bank's increment and cap (None: per move)
    cap_days: int | None = None
    weekends_off: bool = False  # the clock stops on each player's own weekend


def plan_challenge(
    user: User,
    opponent: User | None,
    *,
    game: str,
    color: str,
    days: int | None,
    rated: bool | None,
    fen: str | None,
    increment: int | None = None,
    cap: int | None = None,
    position: int | None = None,
    rng: random.Random | None = None,
    line: str | None = None,
    setup: str | None = None,
    weekends_off: bool = False,
) -> ChallengePlan:
    """The challenge ``user`` asks for (see ``ChallengeUseCases.challenge``; ``increment``
    and ``cap``: a time bank's, see ``time_bank``; ``position``: a Chess960 start number,
    ``line``: a thematic start, see ``game_start``; ``setup``: the challenger's janggi
    setup, see ``janggi_setups``; ``weekends_off``: the clock stops on weekends). Raises
    ``InvalidOptionError`` (and its kinds in ``bot.service.option_errors``,
    ``StartNumberError``, ``StartLineError``, ``SetupError``),
    ``InvalidPositionError``,
    ``SelfChallengeError``, ``BotChallengeError``."""
    variant = variant_named(game)
    check_days(days)
    clock = timed_clock(days, increment, cap, weekends_off)
    # The seats by their rules names are always understood (callers inside Postal use
    # them); what a player typed is checked against the variant's words by ``color_word``
    # in the adapter first.
    seats = {"white": "white", "black": "black", **VARIANT_COLORS[variant.name]}
    stored_color = seats.get(color) or color_word(variant.name, color)
    if user.is_bot:
        raise BotChallengeError(user.name)
    if opponent is not None:
        if opponent.id == user.id:
            raise SelfChallengeError
        if opponent.is_bot:
            raise BotChallengeError(opponent.name)
    start_fen = chosen_start(variant, stored_color, fen, position, rng, line, setup)
    custom = is_custom_start(variant.name, start_fen)
    if rated and custom:
        raise UnratableError(Unratable.CUSTOM_START)
    if rated and days is None:
        raise UnratableError(Unratable.UNTIMED)
    return ChallengePlan(
        challenger_id=user.id,
        opponent_id=opponent.id if opponent is not None else None,
        variant=variant.name,
        color=stored_color,
        days_per_move=days or DEFAULT_DAYS,
        untimed=days is None,
        rated=not custom and days is not None if rated is None else rated,
        start_fen=start_fen,
        increment_days=clock.increment_days,
        cap_days=clock.cap_days,
        weekends_off=weekends_off,
    )


@dataclass(frozen=True, slots=True)
class StartPlan:
    """The game ``acceptor_id`` starts by accepting ``challenge``: its start and seats."""

    challenge: ChallengeView
    acceptor_id: int
    variant: rules.Variant
    start_fen: str
    seats: Seats


def plan_start(
    challenge: ChallengeView,
    acceptor: User,
    coin: Color,
    setup: str | None = None,
    answering: int | None = None,
) -> StartPlan:
    """The game that starts when ``acceptor`` accepts ``challenge`` (for the player
    ``answering``, the one it may be addressed to: a team's captain accepting with their
    team); ``coin`` is the challenger's colour when they chose random; ``setup`` the
    acceptor's janggi setup (None: the challenge's start as it is). Raises
    ``BotChallengeError``, ``ChallengeRefusedError`` (their own challenge, or one made to
    someone else), ``SetupError``."""
    if acceptor.is_bot:
        raise BotChallengeError(acceptor.name)
    if challenge.challenger.id == acceptor.id:
        raise ChallengeRefusedError(ChallengeRefusal.OWN)
    addressee = acceptor.id if answering is None else answering
    if challenge.opponent is not None and challenge.opponent.id != addressee:
        raise ChallengeRefusedError(ChallengeRefusal.FOR_ANOTHER, challenge.opponent.name)
    variant = variant_named(challenge.variant)
    start_fen = challenge.start_fen or variant.start_fen
    color = coin if challenge.color == "random" else Color(challenge.color)
    if setup is not None:
        start_fen = accepted_start(variant.name, challenge.start_fen, color.other, setup)
    first = variant.from_fen(start_fen).side_to_move
    seats = seated(challenge.challenger.id, color, acceptor.id, first)
    return StartPlan(challenge, acceptor.id, variant, start_fen, seats)


def answer_refusal(challenge: ChallengeView, user: User, status: str) -> ChallengeRefusal | None:
    """Why ``user`` may not close ``challenge`` with ``status`` (``declined``: only the
    player challenged may; ``cancelled``: only its author may), or None."""
    if status == "cancelled":
        mine = challenge.challenger.id == user.id
        return None if mine else ChallengeRefusal.CANCEL_NOT_YOURS
    if challenge.opponent is None:
        return ChallengeRefusal.DECLINE_OPEN
    return None if challenge.opponent.id == user.id else ChallengeRefusal.DECLINE_NOT_YOURS


@dataclass(frozen=True, slots=True)
class ComputerGamePlan:
    """A game against the computer at ``level``: the player's colour ``human``, the start
    (``custom_start`` when it is not the variant's own) and the player's clock."""

    level: int
    variant: str
    start_fen: str
    custom_start: bool
    human: Color
    first: Color
    days_per_move: int
    untimed: bool
    increment_days: int | None = None  # the player's time bank (None: days per move)
    cap_days: int | None = None
    weekends_off: bool = False  # the player's clock stops on their own weekend

    def seats(self, player_id: int, computer_id: int) -> Seats:
        return seated(player_id, self.human, computer_id, self.first)


def plan_computer_game(
    user: User,
    *,
    level: int | None,
    game: str,
    color: str,
    days: int | None,
    rated: bool | None,
    fen: str | None,
    coin: Color,
    bank: tuple[int | None, int | None] = (None, None),
    position: int | None = None,
    line: str | None = None,
    setup: str | None = None,
    weekends_off: bool = False,
) -> ComputerGamePlan:
    """The game against the computer ``user`` asks for (see ``ComputerOpponent.challenge``);
    ``coin`` is their colour when they chose random; ``bank``: the increment and cap of
    their time bank, as a challenge's; ``setup``: the player's janggi setup, on their side
    (the coin's when random), the computer keeping the usual one; ``weekends_off``: the
    player's clock stops on their weekends. Raises
    ``LevelRangeError``, ``InvalidOptionError`` (``TimeBankError``, ``SetupError`` among
    them), ``InvalidPositionError``, ``BotChallengeError``."""
    level = DEFAULT_LEVEL if level is None else level
    if level not in LEVELS:
        raise LevelRangeError(level)
    variant = variant_named(game)
    check_days(days)
    clock = timed_clock(days, *bank, weekends_off)
    if rated:
        raise UnratableError(Unratable.COMPUTER)
    seats = {"white": "white", "black": "black", "random": "random"}
    seat = seats.get(color) or color_word(variant.name, color)
    if user.is_bot:
        raise BotChallengeError(user.name)
    human = coin if seat == "random" else Color(seat)
    # The side is known now (nobody has to accept), so even a random one takes a setup.
    start = chosen_start(variant, human.value, fen, position, None, line, setup)
    start_fen = start or variant.start_fen
    return ComputerGamePlan(
        level=level,
        variant=variant.name,
        start_fen=start_fen,
        custom_start=is_custom_start(variant.name, start),
        human=human,
        first=variant.from_fen(start_fen).side_to_move,
        days_per_move=days or DEFAULT_DAYS,
        untimed=days is None,
        increment_days=clock.increment_days,
        cap_days=clock.cap_days,
        weekends_off=weekends_off,
    )


def timed_clock(
    days: int | None, increment: int | None, cap: int | None, weekends_off: bool = False
) -> ClockTerms:
    """The clock of ``days`` (None: untimed) with a time bank's ``increment`` and ``cap``
    (see ``time_bank``). Raises ``TimeBankError``, also for a bank asked of an untimed
    game, and ``UntimedWeekendsError`` for weekends off asked of one (no clock to stop)."""
    if days is None and (increment is not None or cap is not None):
        raise TimeBankError(TimeBankProblem.UNTIMED)
    if days is None and weekends_off:
        raise UntimedWeekendsError
    return time_bank(days or DEFAULT_DAYS, increment, cap)


def chosen_start(
    variant: rules.Variant,
    seat: str,
    fen: str | None,
    position: int | None,
    rng: random.Random | None,
    line: str | None,
    setup: str | None,
) -> str | None:
    """The normalised start FEN of a new game (None: the variant's own start): the janggi
    ``setup`` on the player's ``seat`` (white, black or random; ``janggi_setups``), else
    ``game_start``'s. Raises ``SetupError`` (also for a setup with another start) and what
    ``game_start`` raises."""
    if setup is None:
        return game_start(variant, fen, position, rng, line)
    other = bool((fen or "").strip() or (line or "").strip() or position is not None)
    return checked_start(variant, setup_start(variant.name, setup, seat, other))


def game_start(
    variant: rules.Variant,
    fen: str | None,
    position: int | None = None,
    rng: random.Random | None = None,
    line: str | None = None,
) -> str | None:
    """The normalised start FEN a new game asks for (None: the variant's own start): the
    position a thematic ``line`` reaches (``bot.service.thematic_starts``), a Chess960
    game's start ``position`` (drawn from ``rng`` when neither it nor ``fen`` is given),
    else ``fen``. Raises ``StartLineError``, ``StartNumberError``,
    ``InvalidPositionError``."""
    if line is not None and line.strip():
        if (fen is not None and fen.strip()) or position is not None:
            raise StartLineError(StartLineProblem.WITH_OTHER_START, line, variant.name)
        return checked_start(variant, thematic_start(variant, line))
    numbered = numbered_start(variant, position, fen, rng)
    return checked_start(variant, numbered if numbered is not None else fen)


def checked_start(variant: rules.Variant, fen: str | None) -> str | None:
    """The normalised custom start FEN, or None for the standard start."""
    if fen is None or not fen.strip() or fen.strip() == "startpos":
        return None
    text = " ".join(fen.split())
    if len(text) > MAX_FEN_LENGTH:
        raise InvalidPositionError.start(StartProblem.TOO_LONG, limit=MAX_FEN_LENGTH)
    try:
        position = variant.from_fen(text)
    except rules.InvalidFenError as error:
        raise InvalidPositionError.of(error) from error
    if rules.Game(variant, position).outcome() is not None or not position.legal_moves():
        raise InvalidPositionError.start(StartProblem.ALREADY_OVER)
    normalised = position.fen()
    return None if normalised == variant.start_fen else normalised


def check_days(days: int | None) -> None:
    """Raises ``DaysError`` unless ``days`` (per move) is a choice, or None."""
    if days is not None and days not in DAYS_CHOICES:
        raise DaysError(days)


def color_word(game: str, word: str) -> str:
    """The seat (white, black, random) meant by the colour ``word`` a player typed for
    ``game``: white, black or random in chess, red, black or random in xiangqi. Raises
    ``NotAChoiceError``, an ``AnotherGamesColourError`` when ``word`` is another game's
    colour. An unknown ``game`` is left for ``challenge`` to refuse (``word`` comes back
    lowercased)."""
    typed = word.strip().lower()
    words = VARIANT_COLORS.get(game)
    if words is None:
        return typed
    if typed in words:
        return words[typed]
    # The colours as the reader's Discord lists them (the console reads those words too).
    allowed = [Choice(seat, COLOR_LABELS[seat]) for seat in words]
    if any(typed in colors for colors in VARIANT_COLORS.values()):
        # Another game's colour, as the reader's Discord listed it.
        raise AnotherGamesColourError(game, Choice(typed, COLOR_LABELS[typed]), allowed)
    raise NotAChoiceError("color", word, allowed)


def weekends_off(word: str) -> bool:
    """Whether the ``weekends`` word a player typed (on or off) stops the clock on
    weekends. Raises ``NotAChoiceError`` for any other word."""
    typed = word.strip().lower()
    if typed not in WEEKEND_WORDS:
        allowed = [Choice(value, WEEKEND_LABELS[value]) for value in WEEKEND_WORDS]
        raise NotAChoiceError("weekends", word, allowed)
    return typed == "off"


def time_bank(days: int, increment: int | None, cap: int | None) -> ClockTerms:
    """The timed clock a player asked for: ``days`` per move without ``increment``, else a
    bank of ``days`` gaining ``increment`` per move up to ``cap`` (default: ``days`` plus
    four increments, at most ``MAX_CAP_DAYS``). Raises ``TimeBankError`` for a cap without
    an increment, an increment or cap below one day or over its maximum, or a cap below
    the start or the increment."""
    if increment is None:
        if cap is not None:
            raise TimeBankError(TimeBankProblem.CAP_WITHOUT_INCREMENT, cap)
        return ClockTerms(days)
    if not 1 <= increment <= MAX_INCREMENT_DAYS:
        raise TimeBankError(TimeBankProblem.INCREMENT_RANGE, increment, MAX_INCREMENT_DAYS)
    if cap is None:
        cap = min(MAX_CAP_DAYS, days + DEFAULT_CAP_INCREMENTS * increment)
    if not 1 <= cap <= MAX_CAP_DAYS:
        raise TimeBankError(TimeBankProblem.CAP_RANGE, cap, MAX_CAP_DAYS)
    if cap < days:
        raise TimeBankError(TimeBankProblem.CAP_BELOW_START, cap, days)
    if cap < increment:
        raise TimeBankError(TimeBankProblem.CAP_BELOW_INCREMENT, cap, increment)
    return ClockTerms(days, increment, cap)
