"""What the service returns: plain frozen values carrying everything an adapter shows.

Texts are plain sentences with display names and no markup; deadlines are datetimes the
adapter formats (a Discord timestamp, an ISO time in the console). Boards are not rendered
here: ``BoardView`` holds what ``bot.render.render_board`` needs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import Enum

from bot.engine.api import UnavailableReason
from bot.render import Strip, render_board

# The controls' values live beside (bot.service.controls_values); said from here too.
from bot.service.controls_values import BUTTON_ID_PREFIX as BUTTON_ID_PREFIX
from bot.service.controls_values import Button as Button
from bot.service.controls_values import ButtonAction as ButtonAction
from bot.service.controls_values import ButtonLabel as ButtonLabel
from bot.service.controls_values import ButtonStyle as ButtonStyle
from bot.service.controls_values import Choice as Choice
from bot.service.controls_values import MenuOption as MenuOption
from bot.service.controls_values import MenuPage as MenuPage
from bot.service.controls_values import SelectMenu as SelectMenu
from bot.service.controls_values import parse_button_id as parse_button_id
from bot.store import (
    NotifyMode,
    OfferKind,
)
from rules import Color, Move, Position, Square, Termination
from rules.chess.openings import Opening
from rules.janggi import Setup


@dataclass(frozen=True, slots=True)
class User:
    """Who is acting: a Discord-style integer id, a display name, and whether it is a bot."""

    id: int
    name: str
    is_bot: bool = False
    # The language the user's Discord app reports (a Discord code such as "fr"), stored for
    # what Postal later sends them on its own; None where no app says (the console).
    locale: str | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """Where a command was typed, and so where a game challenged there lives: a channel
    (``thread_id`` None), or a thread or forum post (``thread_id``) in the channel
    ``channel_id``. ``guild_id`` 0 means no server (DMs, the console)."""

    guild_id: int
    channel_id: int
    thread_id: int | None = None

    @property
    def target_id(self) -> int:
        """The id messages are posted to: the thread's, else the channel's."""
        return self.channel_id if self.thread_id is None else self.thread_id


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as results show them, with how they like to be notified."""

    id: int
    name: str
    notify: NotifyMode = NotifyMode.CHANNEL
    # Told of their turns only by the daily digest: no DM or mention per move.
    digest: bool = False


@dataclass(frozen=True, slots=True)
class BoardView:
    """What to draw: pass the fields to ``render_board`` (orientation = the viewer's side;
    ``theme``/``pieces`` a theme / piece set name, None for the renderer's default;
    ``selected`` the piece whose moves ``marks`` shows; ``strip`` the players' names;
    ``preview``: ``last_move`` is a move not yet played, marked as one)."""

    position: Position
    orientation: Color
    last_move: Move | None = None
    check: Square | None = None
    marks: tuple[Square, ...] = ()
    theme: str | None = None
    selected: Square | None = None
    pieces: str | None = None
    strip: Strip | None = None
    preview: bool = False

    def noted(self, note: str) -> BoardView:
        """This board with ``note`` (a word in the reader's language, such as "Preview")
        on its bottom strip; unchanged without a strip."""
        if self.strip is None:
            return self
        return replace(self, strip=replace(self.strip, note=note))

    def render_png(self) -> bytes:
        """The PNG of this board. Slow work: adapters call it in a worker thread
        (``asyncio.to_thread``); the service itself never draws."""
        return render_board(
            self.position,
            orientation=self.orientation,
            last_move=self.last_move,
            check=self.check,
            marks=self.marks,
            selected=self.selected,
            theme=self.theme,
            pieces=self.pieces,
            strip=self.strip,
            preview=self.preview,
        )


@dataclass(frozen=True, slots=True)
class GameView:
    """The facts of a game at one moment."""

    id: int
    variant: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    white: PlayerRef
    black: PlayerRef
    days_per_move: int
    rated: bool
    ply: int
    active: bool
    to_move: PlayerRef | None
    deadline: datetime | None
    result: str | None
    termination: str | None
    created_at: datetime
    untimed: bool = False  # no deadline (``days_per_move`` does not apply)
    # The chess opening reached, when known (named from the game this process replayed).
    opening: Opening | None = None
    increment_days: int | None = None  # a time bank's increment and cap (days)
    cap_days: int | None = None
    waiting_bank: timedelta | None = None  # the waiting player's bank (on a time bank)
    weekends_off: bool = False  # the clock stops on each player's own weekend
    # A finished club match's game (its players meet again only in the match's next
    # games): its board offers no Rematch. Read for finished games only.
    in_match: bool = False

    @property
    def place(self) -> Place:
        """Where the game lives: its thread or forum post if it has one, else its channel."""
        return Place(self.guild_id, self.channel_id, self.thread_id)

    def color_name(self, color: Color) -> str:
        """``white``/``black``, or ``red``/``black`` in xiangqi."""
        if self.variant == "xiangqi" and color is Color.WHITE:
            return "red"
        return color.value

    def player(self, color: Color) -> PlayerRef:
        return self.white if color is Color.WHITE else self.black

    def color_of(self, player_id: int) -> Color | None:
        if player_id == self.white.id:
            return Color.WHITE
        if player_id == self.black.id:
            return Color.BLACK
        return None

    def opponent_of(self, player_id: int) -> PlayerRef:
        return self.black if player_id == self.white.id else self.white


@dataclass(frozen=True, slots=True)
class GameChoice:
    """A game to choose from, as a viewer reads it: its players (``opponent``: the viewer's,
    None when the viewer does not play in it), the move it is at (``number``), and whether
    it is the viewer's move."""

    game_id: int
    variant: str
    white: str
    black: str
    opponent: str | None
    number: int
    my_turn: bool


@dataclass(frozen=True, slots=True)
class RatingChange:
    player: PlayerRef
    before: float
    after: float

    @property
    def text(self) -> str:
        diff = round(self.after) - round(self.before)
        return f"{self.player.name} {round(self.before)} → {round(self.after)} ({diff:+d})"


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game of ``variant`` ended (``termination``, a stored ``Termination`` value):
    ``actor`` is who resigned, claimed, ran out of time or aborted, when someone did."""

    result: str
    termination: str
    winner: PlayerRef | None
    variant: str = "chess"
    actor: PlayerRef | None = None
    rating_changes: tuple[RatingChange, ...] = ()
    # Each side's count (white/Cho first) when the rules decided by counting (janggi).
    points: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class ThematicStart:
    """A thematic start as players are told it: its FEN; in chess, the opening whose
    position it is (None: no opening is named there), and that opening's line (``1. e4
    d5``) when the line reaches this very position ("": only the FEN says it)."""

    fen: str
    opening: Opening | None = None
    line: str = ""


@dataclass(frozen=True, slots=True)
class ChallengeView:
    id: int
    challenger: PlayerRef
    opponent: PlayerRef | None
    variant: str
    color: str
    days_per_move: int
    rated: bool
    start_fen: str | None
    expires_at: datetime
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    untimed: bool = False  # no deadline (``days_per_move`` does not apply)
    increment_days: int | None = None  # a time bank's increment and cap (days)
    cap_days: int | None = None
    weekends_off: bool = False  # the clock stops on each player's own weekend
    opening: ThematicStart | None = None  # a chess start named by its opening

    @property
    def place(self) -> Place:
        """Where the challenge was made (its message is there)."""
        return Place(self.guild_id, self.channel_id, self.thread_id)


@dataclass(frozen=True, slots=True)
class ChallengeCreated:
    """A challenge as its message shows it: its facts and buttons; with ``setup_menu`` the
    player accepting may choose their janggi setup from a menu (``ACCEPT_SETUP``, the values
    ``janggi_setups.SETUP_WORDS``), the Accept button keeping the usual one."""

    challenge: ChallengeView
    buttons: tuple[Button, ...]
    setup_menu: bool = False


@dataclass(frozen=True, slots=True)
class ChallengeClosed:
    """Declined, cancelled or expired (``status``), by the player named ``by`` (None: it
    expired); the adapter removes the buttons."""

    challenge: ChallengeView
    status: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A challenge was accepted. Create the game's thread (named by its title) if you can,
    post the board there, then tell the service with ``set_game_thread``/``set_game_message``."""

    game: GameView
    board: BoardView
    challenge: ChallengeView
    acceptor: PlayerRef
    notify: PlayerRef
    setups: tuple[Setup, Setup] | None = None  # a janggi game's, Cho's and Han's


@dataclass(frozen=True, slots=True)
class MovePlayed:
    """A move was played. ``notify`` is the player now to move (None when it ended)."""

    game: GameView
    board: BoardView
    mover: PlayerRef
    san: str
    uci: str
    check: bool
    ending: Ending | None
    notify: PlayerRef | None
    number: str = ""  # the move's number as it is written before it: ``12.``, ``12...``
    lapsed_offers: tuple[OfferKind, ...] = ()
    # The draws the player to move may claim after it (none when it ended the game).
    claimable: tuple[Termination, ...] = ()
    # Prepared answers played right after the move, in order (conditional moves).
    answers: tuple[ConditionalAnswer, ...] = ()
    vacation_ended: bool = False  # the mover was on vacation: this move ended it
    # The game's last few moves after it, numbered (``9. Nf3 Nc6 10. Bb5``).
    recent: str = ""
    # The nonce of the outbox rows written in case this answer is lost (None: typed away,
    # the rows are the place's): the adapter reports the answer's fate with it.
    answering: str | None = None


@dataclass(frozen=True, slots=True)
class ConditionalAnswer:
    """A prepared answer that was played at once: by ``player_id``, ``number`` ``12...``."""

    player_id: int
    number: str
    notation: str
    uci: str


@dataclass(frozen=True, slots=True)
class Cleared:
    """A player's own prepared lines or notes on a game were deleted: ``removed`` of them."""

    game: GameView
    removed: int


@dataclass(frozen=True, slots=True)
class PromotionNeeded:
    """The move to ``square`` needs a promotion piece; offer the buttons to the mover only."""

    game: GameView
    board: BoardView
    square: str
    buttons: tuple[Button, ...]


class Look(Enum):
    """What a board shown says: the game (``/board``), or, for the piece on a square
    (``/moves``), its legal moves or why it has none."""

    BOARD = "board"
    GAME_OVER = "game_over"  # the game is finished: no piece moves any more
    NO_PIECE = "no_piece"
    NOT_ITS_TURN = "not_its_turn"  # the piece is the side's not to move
    NO_MOVES = "no_moves"
    MOVES = "moves"


@dataclass(frozen=True, slots=True)
class BoardShown:
    """``/board`` and ``/moves``: ``targets`` names the marked squares (``/moves``), ``look``
    what is said about the position (``number``: its move number; ``check``: the side to
    move, ``side_to_move``, is in check) or the piece on ``square`` (its legal ``moves``,
    named as the viewer reads them)."""

    game: GameView
    board: BoardView
    targets: tuple[str, ...] = ()
    look: Look = Look.BOARD
    number: int = 1
    check: bool = False
    side_to_move: Color = Color.WHITE
    square: str = ""
    moves: tuple[str, ...] = ()


class MenuStep(Enum):
    """What a board menu asks: which piece to move, which piece's legal moves to show, or
    where the piece on ``square`` goes."""

    PIECE = "piece"
    LEGAL_PIECE = "legal"
    TARGET = "target"
    # Vote chess: the piece whose move a member nominates, then that move.
    NOMINATE_PIECE = "nominate"
    NOMINATION = "nomination"


@dataclass(frozen=True, slots=True)
class MoveMenu:
    """Choices for the player (Move…: pieces, then a piece's destinations; Legal moves:
    pieces), private to them, as facts (``bot.text.interactions.move_menus`` words its
    select menus). ``board`` shows the chosen piece's destinations, if any; ``square`` is
    the chosen piece's (``MenuStep.TARGET``)."""

    game: GameView
    step: MenuStep
    menus: tuple[MenuPage, ...]
    buttons: tuple[Button, ...] = ()
    board: BoardView | None = None
    square: str = ""


@dataclass(frozen=True, slots=True)
class MoveTyping:
    """Open a form where the player types a move; its answer is a ``TYPED_MOVE`` with the
    text (``custom_id`` identifies the game and the ply it is for). ``placeholder`` gives
    moves of the game's notations as examples; ``bot.text.interactions.move_form_text``
    words the form's title and label."""

    game: GameView
    custom_id: str
    placeholder: str


@dataclass(frozen=True, slots=True)
class MovePreview:
    """Confirm moves: the board after ``san``, for the mover only, with Confirm / Cancel.
    ``piece`` is the moving chess piece's letter when the preview names it and where it
    goes (``to_square``), lest a French Rf1 (the king) be read as a rook; else empty."""

    game: GameView
    board: BoardView
    san: str
    uci: str
    buttons: tuple[Button, ...]
    piece: str = ""
    to_square: str = ""


@dataclass(frozen=True, slots=True)
class MoveCancelled:
    """The mover dropped a previewed move; nothing was played."""

    game: GameView


@dataclass(frozen=True, slots=True)
class ConfirmationNeeded:
    """Resigning ``game`` waits for the player's Resign button."""

    game: GameView
    buttons: tuple[Button, ...]


@dataclass(frozen=True, slots=True)
class OfferMade:
    """A draw offer, takeback request or request for a pause of ``days``: buttons for
    ``to`` (the opponent) only."""

    game: GameView
    kind: OfferKind
    by: PlayerRef
    to: PlayerRef
    buttons: tuple[Button, ...]
    days: int | None = None


@dataclass(frozen=True, slots=True)
class OfferDeclined:
    """``by`` declined the opponent's offer of ``kind``."""

    game: GameView
    kind: OfferKind
    by: PlayerRef


@dataclass(frozen=True, slots=True)
class TakenBack:
    """``by`` granted a takeback of ``plies``; ``notify`` is to move."""

    game: GameView
    board: BoardView
    plies: int
    by: PlayerRef
    notify: PlayerRef


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Resignation, agreement, claimed draw, abort or time-out."""

    game: GameView
    board: BoardView
    ending: Ending


@dataclass(frozen=True, slots=True)
class MoreTimeGiven:
    """``by`` gave ``notify`` (to move) ``days`` more for this move."""

    game: GameView
    days: int
    by: PlayerRef
    notify: PlayerRef


@dataclass(frozen=True, slots=True)
class VacationStarted:
    """``player``'s clocks pause ``days`` until ``until``; ``days_left`` of ``allowance``
    in any window of days remain; ``unpaused`` games keep their clocks running."""

    player: PlayerRef
    days: int
    until: datetime
    days_left: int
    allowance: int
    unpaused: int = 0  # games whose clocks run on: their tournament allows no vacation


@dataclass(frozen=True, slots=True)
class VacationEnded:
    """A vacation ended before ``planned_until`` (by ``/vacation end``, or by a move when
    ``by_move``); ``days_left`` of the allowance after counting the days taken."""

    player: PlayerRef
    ended_at: datetime
    planned_until: datetime
    days_left: int
    by_move: bool = False


@dataclass(frozen=True, slots=True)
class ComputerStuck:
    """The computer has not been able to move in ``game`` for a while: its engine is
    missing or would not start (``reason``), or keeps crashing or hanging (``None``).
    Told once to ``player``, the person waiting; Postal keeps trying meanwhile."""

    game: GameView
    player: PlayerRef
    reason: UnavailableReason | None


@dataclass(frozen=True, slots=True)
class ClockReport:
    """What ``expire_overdue`` did (``timed_out`` games ended, in ``ended`` if described)."""

    ended: tuple[GameEnded, ...] = ()
    expired_challenges: tuple[ChallengeClosed, ...] = ()
    timed_out: int = 0
