"""The controls the service offers, as values: button and select-menu actions, their ids
(``postal:<action>:<target id>:<argument>``) and labels' keys. Read through
``bot.service.results``, which re-exports them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from bot.store import MAX_ROW_ID


class ButtonAction(Enum):
    ACCEPT_CHALLENGE = "accept"
    # A janggi challenge's menu: accept with the setup chosen (the value: its Korean name).
    ACCEPT_SETUP = "acceptsetup"
    DECLINE_CHALLENGE = "decline"
    CANCEL_CHALLENGE = "cancel"
    PROMOTE = "promote"
    CONFIRM_RESIGN = "resign"
    ACCEPT_DRAW = "drawyes"
    DECLINE_DRAW = "drawno"
    ACCEPT_TAKEBACK = "backyes"
    DECLINE_TAKEBACK = "backno"
    ACCEPT_PAUSE = "pauseyes"
    DECLINE_PAUSE = "pauseno"
    # The board message's controls (argument: the ply the board shows).
    MOVE_MENU = "move"
    LEGAL_MENU = "legal"
    OFFER_DRAW = "draw"
    ASK_TAKEBACK = "takeback"
    ASK_RESIGN = "resignask"
    TYPE_MOVE = "typemove"
    # Select menus and the modal of Move… (argument: ply, then the piece's square).
    PICK_PIECE = "piece"
    PICK_TARGET = "target"
    PICK_LEGAL = "legalpiece"
    TYPED_MOVE = "typed"
    # Confirm moves: play or drop the move shown (argument: ply and UCI move).
    CONFIRM_MOVE = "play"
    CANCEL_MOVE = "unplay"
    # After the game.
    REMATCH = "rematch"
    GIF = "gif"
    PGN = "pgn"
    # A list's next page (target: the player listed; argument: the last shown's key).
    GAMES_PAGE = "games"
    JOIN_TOURNAMENT = "tjoin"  # a tournament's sign-up message (target: the tournament)
    LEAVE_TOURNAMENT = "tleave"
    # A list's select menus (target: the player listed; the value chosen: a game's id):
    # show that game's board, privately; open its Move… menu.
    LIST_BOARD = "gboard"
    LIST_PLAY = "gplay"
    # Vote chess, from the board of a team to move (argument: the ply): Vote… opens the
    # member's private menu of the turn's nominations; choosing one casts their vote.
    VOTE_MENU = "vote"
    CAST_VOTE = "ballot"
    # Nominating from Vote…'s menu as Move… moves: a piece (argument: the ply), then its
    # destination (argument: ``ply:square``; the value: the move's UCI), nominated.
    NOMINATE_PIECE = "npiece"
    NOMINATE_TARGET = "ntarget"
    # A club match's invitation posted in the invited server (target: the match): its
    # organisers accept or decline it there (the adapter asks the match's use case).
    ACCEPT_MATCH = "maccept"
    DECLINE_MATCH = "mdecline"


class ButtonStyle(Enum):
    PRIMARY = "primary"
    SUCCESS = "success"
    DANGER = "danger"
    SECONDARY = "secondary"


BUTTON_ID_PREFIX = "postal"


class ButtonLabel(StrEnum):
    """What a service's button says, as a key ``bot.text.buttons`` words in the reader's
    language."""

    ACCEPT = "accept"
    DECLINE = "decline"
    CANCEL = "cancel"
    CONFIRM = "confirm"
    RESIGN = "resign"
    MOVE = "move"
    VOTE = "vote"
    TYPE_MOVE = "type move"
    ANOTHER_PIECE = "another piece"
    DRAW = "draw"
    TAKEBACK = "takeback"
    LEGAL_MOVES = "legal moves"
    REMATCH = "rematch"
    GIF = "gif"
    PGN = "pgn"
    QUEEN = "queen"
    ROOK = "rook"
    BISHOP = "bishop"
    KNIGHT = "knight"


@dataclass(frozen=True, slots=True)
class Button:
    """A button to offer. ``target_id`` is a challenge id for challenge actions, else a game
    id; ``argument`` is the UCI move of a promotion or the ply an offer was made at.
    ``allowed_user_ids`` empty means anyone may press it (an open challenge). ``label`` is
    a ``ButtonLabel`` (``bot.text.buttons.button_label`` words it), or, for a button
    ``bot/text`` makes, words already."""

    label: str
    action: ButtonAction
    target_id: int
    argument: str = ""
    allowed_user_ids: tuple[int, ...] = ()
    style: ButtonStyle = ButtonStyle.SECONDARY

    @property
    def custom_id(self) -> str:
        """A stable id, at most 100 characters, e.g. ``postal:promote:12:e7e8q``."""
        return control_id(self.action, self.target_id, self.argument)


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a select menu: what it shows and the value it sends."""

    label: str
    value: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class SelectMenu:
    """A select menu to offer (at most 25 ``choices``), identified like a ``Button``."""

    placeholder: str
    action: ButtonAction
    target_id: int
    argument: str
    choices: tuple[Choice, ...]

    @property
    def custom_id(self) -> str:
        return control_id(self.action, self.target_id, self.argument)


# Discord shows at most 25 options in a select menu and five menus in a message.
MENU_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class MenuOption:
    """One choice of a board menu, as facts: what it sends (``value``: a square, or a
    move's UCI) and the square it names, with the piece's letter (a piece to choose) or the
    move's name (a destination). ``bot.text.interactions.move_menus`` words it."""

    value: str
    square: str
    piece: str = ""
    move: str = ""


@dataclass(frozen=True, slots=True)
class MenuPage:
    """One select menu of a board menu (at most 25 ``choices``), identified like a
    ``Button``; ``first`` is the place of its first choice among all (from 1)."""

    action: ButtonAction
    target_id: int
    argument: str
    choices: tuple[MenuOption, ...]
    first: int = 1

    @property
    def custom_id(self) -> str:
        return control_id(self.action, self.target_id, self.argument)


def control_id(action: ButtonAction, target_id: int, argument: str) -> str:
    """A button's or select menu's stable id, e.g. ``postal:promote:12:e7e8q``."""
    return f"{BUTTON_ID_PREFIX}:{action.value}:{target_id}:{argument}"


def parse_button_id(custom_id: str) -> tuple[ButtonAction, int, str] | None:
    """(action, target id, argument) of a ``Button.custom_id``; None if it is not one."""
    parts = custom_id.split(":", 3)
    if len(parts) != 4 or parts[0] != BUTTON_ID_PREFIX or not parts[2].isdigit():
        return None
    try:
        action = ButtonAction(parts[1])
    except ValueError:
        return None
    target = int(parts[2])
    return (action, target, parts[3]) if target <= MAX_ROW_ID else None
