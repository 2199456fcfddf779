"""User-facing errors: each carries its facts, and ``bot/text/errors.py`` words it at the edge
(its ``message`` is empty), or, where a module of the service still words one, a friendly
``message`` (a ``Text``).

Anything that is not a ``UserError`` is a bug: adapters log it and apologise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import Enum

from bot.service.move_hints import MoveSlip
from bot.service.results import GameChoice
from bot.store import OfferKind
from rules import FenProblem, IllegalReason, InvalidFenError


class UserError(Exception):
    """Something the user asked for cannot be done; ``message`` says why, kindly, as a
    ``Text``. An error converted to facts has none (empty): ``bot/text/errors.py`` words it
    from the facts it carries."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message or type(self).__name__)
        self.message = message
        # The move a player's preview still waits to confirm, when the refusal came while
        # it waited (they may think it was played): the edge says so after the refusal.
        self.waiting_move: str | None = None


# --- which game ------------------------------------------------------------------------


class NoGameError(UserError):
    """The user has no game the command could mean: none in the channel, or (``placeless``)
    the command came from nowhere a game lives and named none."""

    def __init__(self, *, placeless: bool = False) -> None:
        super().__init__()
        self.placeless = placeless


class UnknownGameError(UserError):
    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class ChooseGameError(UserError):
    """Several games could be meant; ``choices`` are the games to pick from (each a
    ``GameChoice``)."""

    def __init__(self, choices: Sequence[GameChoice]) -> None:
        super().__init__()
        self.choices = tuple(choices)


# --- who may act -----------------------------------------------------------------------


class NotAPlayerError(UserError):
    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class NotYourTurnError(UserError):
    def __init__(self, opponent_name: str) -> None:
        super().__init__()
        self.opponent_name = opponent_name


class GameOverError(UserError):
    """``result`` is the finished game's result (``1-0``), when it has one."""

    def __init__(self, game_id: int, result: str | None) -> None:
        super().__init__()
        self.game_id = game_id
        self.result = result


class GameChangedError(UserError):
    """Another action changed the game between reading and writing it (a double click)."""


class StaleBoardError(GameChangedError):
    """A control of a board (or a menu opened from one) that the game has moved on from."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class PreviewReplacedError(GameChangedError):
    """A Confirm pressed on a preview a newer one replaced: only the latest confirms."""

    def __init__(self, latest: str) -> None:
        super().__init__()
        self.latest = latest


class DamagedGameError(UserError):
    """The game's stored moves no longer replay: it cannot be shown or played until an
    operator repairs it. Nothing was changed."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class NotAllowedError(UserError):
    """The player may not do this now (e.g. give themselves more time)."""


class MoreTimeRefusal(Enum):
    """Why more time cannot be given."""

    OWN_MOVE = "own_move"  # it is the asker's own move: only the opponent may give it
    UNTIMED = "untimed"  # the game has no deadline


class MoreTimeRefusedError(NotAllowedError):
    """More time cannot be given in this game: ``reason`` says why."""

    def __init__(self, reason: MoreTimeRefusal) -> None:
        super().__init__()
        self.reason = reason


class TakebacksRefusedError(NotAllowedError):
    """The opponent chose never to be asked for takebacks (or not in rated games)."""

    def __init__(self, opponent: str, *, rated_only: bool) -> None:
        super().__init__()
        self.opponent = opponent
        self.rated_only = rated_only


# --- moves -----------------------------------------------------------------------------


class UnreadableMoveError(UserError):
    """``text`` is not a move; ``suggestions`` are moves it may have meant."""

    def __init__(self, text: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__()
        self.text = text
        self.suggestions = tuple(suggestions)


class WrongNotationError(UnreadableMoveError):
    """A move written in the other game's notation (``e4`` in xiangqi, ``C2.5`` in chess):
    says which notations this game takes. ``variant_name`` is the game being played."""

    def __init__(self, text: str, variant_name: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(text, suggestions)
        self.variant_name = variant_name


class MistypedMoveError(UnreadableMoveError):
    """A move written in a way the rules do not read, with what to change (``slip``, a
    ``MoveSlip``, and the rewrite ``instead``), and, when the rewrite is not playable, why
    (``rewrite_problem``)."""

    def __init__(
        self,
        text: str,
        slip: MoveSlip,
        instead: str,
        suggestions: Sequence[str] = (),
        rewrite_problem: IllegalReason | None = None,
    ) -> None:
        super().__init__(text, suggestions)
        self.slip = slip
        self.instead = instead
        self.rewrite_problem = rewrite_problem


class IllegalMoveError(UserError):
    """A move the rules refuse here; ``reason`` is the rules' stable code of why."""

    def __init__(
        self,
        text: str,
        reason: IllegalReason,
        suggestions: Sequence[str] = (),
        *,
        variant_name: str = "chess",
    ) -> None:
        super().__init__()
        self.text = text
        self.reason = reason
        self.suggestions = tuple(suggestions)
        self.variant_name = variant_name


class AmbiguousMoveError(UserError):
    """``text`` names several moves, ``candidates`` (at least one)."""

    def __init__(self, text: str, candidates: Sequence[str]) -> None:
        super().__init__()
        self.text = text
        self.candidates = tuple(candidates)


class UnknownSquareError(UserError):
    """``text`` is not a square; ``example`` is one that is."""

    def __init__(self, text: str, example: str) -> None:
        super().__init__()
        self.text = text
        self.example = example


# --- challenges ------------------------------------------------------------------------


class InvalidOptionError(UserError):
    """An option value outside what the command accepts (days, game, colour, …)."""


class UnknownVariantError(InvalidOptionError):
    """``game`` is not a game Postal plays; ``choices``, when given, are the games to
    choose from."""

    def __init__(self, game: str, choices: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.game = game
        self.choices = choices


class VariantUnavailableError(InvalidOptionError):
    """``game`` is a game Postal plays, but its rules are not installed on this server."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game


class StartProblem(Enum):
    """Why a start position the rules accept cannot start a game here."""

    TOO_LONG = "TOO_LONG"  # details: limit (characters)
    ALREADY_OVER = "ALREADY_OVER"


class InvalidPositionError(UserError):
    """A custom start position refused: ``problem`` is the rules' ``FenProblem`` code (or a
    ``StartProblem``), ``details`` the facts it names, ``reason`` the rules' own English
    (for logs; the reader's sentence is worded from the code)."""

    def __init__(
        self, problem: FenProblem | StartProblem, details: Mapping[str, str | int], reason: str
    ) -> None:
        super().__init__()
        self.problem = problem
        self.details = dict(details)
        self.reason = reason

    @classmethod
    def of(cls, error: InvalidFenError) -> InvalidPositionError:
        """The error for a FEN the rules refused."""
        return cls(error.problem, error.details, error.reason)

    @classmethod
    def start(cls, problem: StartProblem, **details: str | int) -> InvalidPositionError:
        """The error for a position refused as a start."""
        return cls(problem, details, problem.value.lower().replace("_", " "))


class SelfChallengeError(UserError):
    """A player challenged themselves."""


class BotChallengeError(UserError):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class UnknownChallengeError(UserError):
    def __init__(self, challenge_id: int) -> None:
        super().__init__()
        self.challenge_id = challenge_id


class ChallengeClosedError(UserError):
    """``status``: how the challenge ended (accepted, declined, cancelled, expired,
    withdrawn; or gone)."""

    def __init__(self, challenge_id: int, status: str) -> None:
        super().__init__()
        self.challenge_id = challenge_id
        self.status = status


class LimitReachedError(UserError):
    """A spam limit refused a challenge, draw offer or takeback request (``limit`` names
    which: open_by_challenger, open_to_target, pings_per_pair); nothing was changed.
    ``allowed`` is the limit's figure, ``target`` who was asked (None: not known), and for
    pings ``minutes`` until the next is allowed."""

    def __init__(
        self, limit: str, allowed: int, target: str | None = None, minutes: int | None = None
    ) -> None:
        super().__init__()
        self.limit = limit
        self.allowed = allowed
        self.target = target
        self.minutes = minutes


class ChallengePendingError(UserError):
    """The same challenge (players and settings) is still waiting for an answer; nothing was
    written. ``challenge_id`` is the first one, ``opponent_name`` whom it asks (None: an
    open challenge), ``message_id`` its message if it was shown."""

    def __init__(
        self,
        challenge_id: int,
        opponent_name: str | None,
        expires_at: datetime,
        *,
        message_id: int | None = None,
        place: tuple[int, int] | None = None,
    ) -> None:
        super().__init__()
        self.challenge_id = challenge_id
        self.opponent_name = opponent_name
        self.expires_at = expires_at
        self.message_id = message_id
        self.place = place


class NotYourChallengeError(UserError):
    """The challenge is addressed to someone else, or only its author may cancel it."""


# --- offers, takebacks, clock ----------------------------------------------------------


class NoOfferError(UserError):
    """There is no pending offer of ``kind`` from the opponent to accept or decline."""

    def __init__(self, kind: OfferKind) -> None:
        super().__init__()
        self.kind = kind


class OfferPendingError(UserError):
    """The user already has an offer of ``kind`` pending."""

    def __init__(self, kind: OfferKind) -> None:
        super().__init__()
        self.kind = kind


class ComputerPlaysOnError(UserError):
    """A draw offered to the computer (``name``), which never agrees to one."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class NothingToTakeBackError(UserError):
    """The requester has no move in this game to take back (``any_more``: none left by the
    time the request is granted)."""

    def __init__(self, *, any_more: bool = False) -> None:
        super().__init__()
        self.any_more = any_more


class CannotAbortError(UserError):
    """Both sides have moved: the game can be resigned, no longer aborted."""


class VacationProblem(Enum):
    """Why a vacation cannot be taken or ended."""

    NO_DAYS = "no_days"  # neither how many days nor to end it
    LENGTH = "length"  # days outside 1 to the allowance
    ALLOWANCE = "allowance"  # fewer days left than asked
    NOT_ON_VACATION = "not_on_vacation"  # nothing to end


class VacationError(UserError):
    """A vacation refused for ``problem``: ``days`` asked, when a vacation may last at
    most ``allowance`` days in any ``window`` days and ``left`` of them are left."""

    def __init__(
        self,
        problem: VacationProblem,
        *,
        days: int = 0,
        allowance: int = 0,
        window: int = 0,
        left: int = 0,
    ) -> None:
        super().__init__()
        self.problem = problem
        self.days = days
        self.allowance = allowance
        self.window = window
        self.left = left


class InvalidButtonError(UserError):
    """A button whose id Postal no longer reads."""
