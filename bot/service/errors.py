"""User-facing errors: each carries its facts, and either a friendly ``message`` (a ``Text``)
or none, when ``bot/text/errors.py`` words it at the edge.

Anything that is not a ``UserError`` is a bug: adapters log it and apologise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import Enum

from bot.i18n.names import Command, Option
from bot.i18n.text import Joined, Moment, Sentences, Text, TextIn
from bot.service.move_hints import MoveSlip
from rules import FenProblem, IllegalReason, InvalidFenError

MAX_LISTED_CHOICES = 10


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


# Between listed moves: the reader's list separator (、 in Chinese and Japanese).
_MOVES_SEPARATOR = TextIn("list separator", ", ")


def _did_you_mean(suggestions: Sequence[str]) -> str:
    if not suggestions:
        return ""
    if len(suggestions) == 1:
        return Text(" Did you mean {move}?", move=suggestions[0])
    return Text(
        " Did you mean {moves} or {last}?",
        moves=Joined(_MOVES_SEPARATOR, suggestions[:-1]),
        last=suggestions[-1],
    )


def did_you_mean(suggestions: Sequence[str]) -> str:
    """The question naming ``suggestions`` as a sentence of its own (none: empty), to say
    after another in ``Sentences`` (which spaces sentences as each language does)."""
    if not suggestions:
        return ""
    if len(suggestions) == 1:
        return Text("Did you mean {move}?", move=suggestions[0])
    return Text(
        "Did you mean {moves} or {move}?",
        moves=Joined(_MOVES_SEPARATOR, suggestions[:-1]),
        move=suggestions[-1],
    )


# Why the rules refuse a move (their stable codes), as a clause; in xiangqi the king is the
# general.
_KING = {
    IllegalReason.IN_CHECK: Text("your king is in check"),
    IllegalReason.PINNED: Text("that piece is pinned to your king"),
    IllegalReason.INTO_CHECK: Text("it would put your king in check"),
}
_GENERAL = {
    IllegalReason.IN_CHECK: Text("your general is in check"),
    IllegalReason.PINNED: Text("that piece is pinned to your general"),
    IllegalReason.INTO_CHECK: Text("it would leave your general in check"),
}
_ILLEGAL = {
    IllegalReason.NO_PIECE: Text("there is no piece on that square"),
    IllegalReason.NOT_YOUR_PIECE: Text("that piece belongs to your opponent"),
    IllegalReason.NO_SUCH_PIECE: Text("you have no piece that can make that move"),
    IllegalReason.CANNOT_REACH: Text("that piece cannot move there"),
    IllegalReason.PATH_BLOCKED: Text("the path is blocked"),
    IllegalReason.OWN_PIECE: Text("one of your own pieces is on that square"),
    IllegalReason.NO_CASTLING_RIGHTS: Text("you no longer have the right to castle on that side"),
    IllegalReason.CASTLING_BLOCKED: Text("the squares between king and rook are not empty"),
    IllegalReason.CASTLING_OUT_OF_CHECK: Text("you cannot castle out of check"),
    IllegalReason.CASTLING_THROUGH_CHECK: Text("the king would pass through an attacked square"),
    IllegalReason.BAD_PROMOTION: Text("that promotion piece is not allowed"),
    IllegalReason.MISSING_PROMOTION: Text("a pawn reaching the last rank must promote"),
    IllegalReason.GENERALS_FACE: Text("the two generals would face each other"),
    IllegalReason.GAME_OVER: Text("the game is over"),
}


def illegal_text(reason: IllegalReason, variant_name: str = "chess") -> Text:
    """Why a move is illegal, as a clause (``that piece is pinned to your king``) that the
    adapters say in the reader's language."""
    royal = _GENERAL if variant_name == "xiangqi" else _KING
    return royal.get(reason) or _ILLEGAL[reason]


# --- which game ------------------------------------------------------------------------


class NoGameError(UserError):
    """The user has no game the command could mean."""


class UnknownGameError(UserError):
    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class ChooseGameError(UserError):
    """Several games could be meant; ``choices`` are (game id, label) pairs to pick from."""

    def __init__(self, choices: Sequence[tuple[int, str]]) -> None:
        shown = choices[:MAX_LISTED_CHOICES]
        listed = Joined(
            "; ", (Text("#{game} {title}", game=game_id, title=label) for game_id, label in shown)
        )
        more = len(choices) - len(shown)
        text = Text(
            "You have several games here; say which with the {option} option: {games}",
            option=Option("game"),
            games=listed,
        )
        if more:
            text = Text(
                "You have several games here; say which with the {option} option: {games}; and "
                "{more} more (see {command})",
                option=Option("game"),
                command=Command("games"),
                games=listed,
                more=more,
            )
        super().__init__(text)
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


class TakebacksRefusedError(NotAllowedError):
    """The opponent chose never to be asked for takebacks (or not in rated games)."""

    def __init__(self, opponent: str, *, rated_only: bool) -> None:
        super().__init__()
        self.opponent = opponent
        self.rated_only = rated_only


# --- moves -----------------------------------------------------------------------------


class UnreadableMoveError(UserError):
    def __init__(self, text: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(
            Text('"{move}" is not a move.{hint}', move=text, hint=_did_you_mean(suggestions))
        )
        self.text = text
        self.suggestions = tuple(suggestions)


class WrongNotationError(UnreadableMoveError):
    """A move written in the other game's notation (``e4`` in xiangqi, ``C2.5`` in chess):
    says which notations this game takes. ``variant_name`` is the game being played."""

    def __init__(self, text: str, variant_name: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(text, suggestions)
        if variant_name == "xiangqi":
            said = Text(
                '"{move}" is written in chess notation: xiangqi moves are written like '
                "h2e2, C2.5 or 炮二平五.{hint}",
                move=text,
                hint=_did_you_mean(suggestions),
            )
        else:
            said = Text(
                '"{move}" is written in xiangqi notation: chess moves are written like '
                "Nf3, exd5 or g1f3.{hint}",
                move=text,
                hint=_did_you_mean(suggestions),
            )
        self.message = said
        self.args = (said,)
        self.variant_name = variant_name


class MistypedMoveError(UnreadableMoveError):
    """A move written in a way the rules do not read, with what to change (``slip``, a
    ``MoveSlip``), and, when the rewrite is not playable, why (``rewrite_problem``)."""

    def __init__(
        self,
        text: str,
        slip: MoveSlip,
        instead: str,
        suggestions: Sequence[str] = (),
        rewrite_problem: IllegalReason | None = None,
    ) -> None:
        super().__init__(text, suggestions)
        advice = {
            MoveSlip.FIGURINE: Text(
                "write pieces as letters (K, Q, R, B, N), e.g. {move}", move=instead
            ),
            MoveSlip.PAWN_LETTER: Text(
                "write {move} without the P (a pawn move names only its square)", move=instead
            ),
            MoveSlip.MOVE_NUMBER: Text(
                "move numbers are not needed, write just {move}", move=instead
            ),
            MoveSlip.PROMOTION_FORM: Text("write a promotion as {move}", move=instead),
            MoveSlip.PROMOTION_TO_KING: Text(
                "a pawn cannot become a king; it promotes to a queen, rook, bishop or knight"
            ),
            MoveSlip.PROMOTION_TO_PAWN: Text(
                "a pawn must promote to a queen, rook, bishop or knight"
            ),
        }[slip]
        problem = (
            # The rewrite's problem in the reader's words, as /move says it (the rules'
            # describe() is English for developers).
            Text(
                " {move} is illegal here: {reason}.",
                move=instead,
                reason=illegal_text(rewrite_problem),
            )
            if rewrite_problem
            else ""
        )
        self.message = Text(
            '"{typed}": {advice}.{problem}{hint}',
            typed=text,
            advice=advice,
            problem=problem,
            hint=_did_you_mean(suggestions),
        )
        self.args = (self.message,)
        self.slip = slip
        self.instead = instead


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
        super().__init__(
            Sentences(
                Text(
                    "{move} is illegal: {reason}.",
                    move=text,
                    reason=illegal_text(reason, variant_name),
                ),
                did_you_mean(suggestions),
            )
        )
        self.text = text
        self.reason = reason
        self.suggestions = tuple(suggestions)
        self.variant_name = variant_name


class AmbiguousMoveError(UserError):
    def __init__(self, text: str, candidates: Sequence[str]) -> None:
        super().__init__(
            Text(
                "{move}: did you mean {moves} or {last}?",
                move=text,
                moves=Joined(_MOVES_SEPARATOR, candidates[:-1]),
                last=candidates[-1],
            )
            if len(candidates) > 1
            else Text("{move}: did you mean {last}?", move=text, last=candidates[-1])
        )
        self.text = text
        self.candidates = tuple(candidates)


class UnknownSquareError(UserError):
    def __init__(self, text: str, example: str) -> None:
        super().__init__(
            Text(
                '"{square}" is not a square (squares look like {example}).',
                square=text,
                example=example,
            )
        )
        self.text = text


# --- challenges ------------------------------------------------------------------------


class InvalidOptionError(UserError):
    """An option value outside what the command accepts (days, game, colour, …)."""


class StartProblem(Enum):
    """Why a start position the rules accept cannot start a game here."""

    TOO_LONG = "TOO_LONG"  # details: limit (characters)
    ALREADY_OVER = "ALREADY_OVER"


_START_TEXT = {
    StartProblem.TOO_LONG: "the FEN is far too long",
    StartProblem.ALREADY_OVER: "the game would already be over",
}


class InvalidPositionError(UserError):
    """A custom start position refused: ``problem`` is the rules' ``FenProblem`` code (or a
    ``StartProblem``), ``details`` the facts it names."""

    def __init__(
        self, problem: FenProblem | StartProblem, details: Mapping[str, str | int], reason: str
    ) -> None:
        super().__init__(f"That start position is not valid: {reason}.")
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
        return cls(problem, details, _START_TEXT[problem])


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
    which: open_by_challenger, open_to_target, pings_per_pair); nothing was changed."""

    def __init__(self, limit: str, message: str) -> None:
        super().__init__(message)
        self.limit = limit


class ChallengePendingError(UserError):
    """The same challenge (players and settings) is still waiting for an answer; nothing was
    written. ``challenge_id`` is the first one, ``message_id`` its message if it was shown."""

    def __init__(
        self,
        challenge_id: int,
        opponent_name: str | None,
        expires_at: datetime,
        *,
        message_id: int | None = None,
        place: tuple[int, int] | None = None,
    ) -> None:
        until = Moment(expires_at)
        if opponent_name is None:
            text = Text(
                "Your open challenge #{challenge} with these settings is still waiting "
                "here for someone to accept it (until {until}); nothing new was posted.",
                challenge=challenge_id,
                until=until,
            )
        else:
            text = Text(
                "You already challenged {player} to this game: challenge "
                "#{challenge} waits for their answer until {until}; nothing new was sent.",
                player=opponent_name,
                challenge=challenge_id,
                until=until,
            )
        super().__init__(text)
        self.challenge_id = challenge_id
        self.expires_at = expires_at
        self.message_id = message_id
        self.place = place


class NotYourChallengeError(UserError):
    """The challenge is addressed to someone else, or only its author may cancel it."""


# --- offers, takebacks, clock ----------------------------------------------------------


class NoOfferError(UserError):
    """There is no pending offer of that kind to accept or decline."""


class OfferPendingError(UserError):
    """The user already has an offer of that kind pending."""


class ComputerPlaysOnError(UserError):
    """A draw offered to the computer, which never agrees to one."""

    def __init__(self, name: str) -> None:
        super().__init__(
            Text(
                "{player} does not agree to draws: play on, claim a draw the rules allow with "
                "{draw}, or {resign}.",
                player=name,
                draw=Command("draw"),
                resign=Command("resign"),
            )
        )


class NothingToTakeBackError(UserError):
    """The requester has no move in this game to take back."""


class CannotAbortError(UserError):
    """Both sides have moved: the game can be resigned, no longer aborted."""


class VacationError(UserError):
    """Not enough vacation allowance left, or a bad number of days."""


class InvalidButtonError(UserError):
    """A button whose id Postal no longer reads."""
