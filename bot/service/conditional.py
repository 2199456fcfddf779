"""Conditional moves: lines a player prepares in advance.

A line prepared while the opponent is to move starts with the opponent's expected move and
alternates: "if they play X, I answer Y; if then Z, I answer W". A line prepared on one's own
turn starts with the move one means to play ("I play A; if they answer B, I play C"): it is
how a player whose opponent has prepared answers keeps the initiative too. Lines merge into
a tree per game and player (several expected moves at each point, one answer to each).

``ConditionalMoves`` adds, lists and clears them; ``bot.service.answer_plan.plan_answers``
decides, when a move has just been played, which prepared answers follow at once. The move
path stores the move and the answers in one transaction (``Games.play_move``, one
``MoveWrite``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import rules
from bot.service.answer_plan import AnswerPlan, children_of, move_number, plan_answers
from bot.service.errors import (
    AmbiguousMoveError,
    GameChangedError,
    IllegalMoveError,
    InvalidOptionError,
    UnreadableMoveError,
    UserError,
)
from bot.service.notation import MoveNamer, janggi_namer, janggi_reading, namer
from bot.service.parsing import parse_move
from bot.service.results import BoardView, Cleared, GameView, Place, User
from bot.store import (
    ConditionalNode,
    GameRecord,
    XiangqiNotation,
)
from rules import Move

__all__ = ["AnswerPlan", "ConditionalMoves", "move_number", "plan_answers"]

if TYPE_CHECKING:
    from bot.service.core import ServiceCore

MAX_LINE_TEXT = 1000
MAX_LINE_MOVES = 40
# Per player and game: enough for a deep tree, few enough that every move stays cheap.
MAX_PREPARED_MOVES = 300
WRITE_ATTEMPTS = 3

# "1.", "12...", "1…" before a move, or alone: move numbers are allowed and skipped.
_MOVE_NUMBER = re.compile(r"^\d+\s*(\.+|…)\s*")
_SEPARATORS = re.compile(r"[\s,;，、；]+")


# --- errors ------------------------------------------------------------------------------


class ConditionalError(UserError):
    """A conditional line cannot be stored or used as asked."""


class EmptyLineError(ConditionalError):
    """A line of fewer than two moves (``bot.text.conditional_words`` words the refusals)."""


class LineTooLongError(ConditionalError):
    """A line of ``moves`` moves, more than ``MAX_LINE_MOVES``."""

    def __init__(self, moves: int) -> None:
        super().__init__()
        self.moves = moves


class TooManyPreparedError(ConditionalError):
    """The game holds ``MAX_PREPARED_MOVES`` of the player's prepared moves already."""


class BadLineMoveError(ConditionalError):
    """Move ``index`` (1-based) of the line, typed ``typed``, cannot be played where it
    stands: ``cause`` says why (a move refused as ``/move`` refuses it), or ``choices`` name
    the moves it could mean (which piece?)."""

    def __init__(
        self,
        index: int,
        typed: str,
        cause: UserError | None = None,
        choices: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.index = index
        self.typed = typed
        self.cause = cause
        self.choices = tuple(choices)


class ConflictingAnswerError(ConditionalError):
    """The line answers ``expected`` with ``new``; a line already stored answers it with
    ``stored``."""

    def __init__(self, expected: str, stored: str, new: str) -> None:
        super().__init__()
        self.expected, self.stored, self.new = expected, stored, new


class NoSuchLineError(InvalidOptionError):
    """``line`` numbers none of the ``count`` lines listed (perhaps none)."""

    def __init__(self, line: int, count: int) -> None:
        super().__init__()
        self.line, self.count = line, count


# --- results -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineMove:
    """A move of a prepared line: ``number`` is ``12.`` or ``12...``; ``mine`` says whether
    it is the owner's answer (else the opponent's expected move)."""

    number: str
    notation: str
    mine: bool


@dataclass(frozen=True, slots=True)
class PreparedLine:
    """One line from the tree's root to a leaf, and the position it leads to."""

    moves: tuple[LineMove, ...]
    fen: str
    board: BoardView


@dataclass(frozen=True, slots=True)
class ConditionalAdded:
    """A line was stored: ``added`` moves were new (0: it was already prepared)."""

    game: GameView
    line: PreparedLine
    added: int
    lines: int


@dataclass(frozen=True, slots=True)
class ConditionalList:
    """The owner's lines in a game (only theirs), each with the position it leads to."""

    game: GameView
    lines: tuple[PreparedLine, ...]
    # The line asked for by its number (``line:``), whose board is shown.
    shown: PreparedLine | None = None


# --- the use cases -----------------------------------------------------------------------


class ConditionalMoves:
    """``/conditional add|list|clear``: a player's own prepared lines, private to them."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def add(
        self, user: User, place: Place | None, text: str, *, game_id: int | None = None
    ) -> ConditionalAdded:
        """Check ``text`` move by move from the current position (the opponent's expected
        move first, or the user's own on their turn) and merge it into the user's tree.

        Raises ``EmptyLineError``,
        ``LineTooLongError``, ``BadLineMoveError`` (naming the move), ``ConflictingAnswerError``,
        ``TooManyPreparedError``, and the usual ``NotAPlayerError``, ``GameOverError``."""
        core = self._core
        record = await self._own_active(user, place, game_id)
        # Moves named as the player reads them (a line typed in Chinese answered in Chinese).
        name = await self._namer(record, user.id, text)
        for _ in range(WRITE_ATTEMPTS):
            game = await core.replay(record)
            moves = parse_line(game.position, text, name)
            nodes = await core.store.conditionals.tree(record.id, user.id)
            _check_answers(game, moves, nodes, mine_first=record.to_move_id == user.id, name=name)
            if len(nodes) + len(moves) > MAX_PREPARED_MOVES:
                ucis = {m.uci for m in nodes}  # a line already stored adds nothing
                if any(game.position.uci(m) not in ucis for m in moves):
                    raise TooManyPreparedError
            ucis_new = _ucis(game, moves)
            added = await core.store.conditionals.add_line(record, user.id, ucis_new, core.now())
            if added is not None:
                core.schedule_changed()
                fresh = await core.game_record(record.id)
                view = await core.view(fresh)
                line = await self._line(game, moves, user.id, view, fresh, name)
                tree = await core.store.conditionals.tree(record.id, user.id)
                return ConditionalAdded(view, line, added, len(_paths(tree)))
            record = await core.refreshed_placement(record)
        raise GameChangedError

    async def list(
        self,
        user: User,
        place: Place | None,
        *,
        game_id: int | None = None,
        line: int | None = None,
    ) -> ConditionalList:
        """The user's own lines in the game meant, each with the position it leads to, and
        the one numbered ``line`` as ``shown``. Raises ``InvalidOptionError`` for a ``line``
        that is not one of them."""
        core = self._core
        record = await core.resolve(user, place, game_id)
        core.require_player(record, user)
        view = await core.view(record)
        if not record.is_active:
            return ConditionalList(view, (), _numbered([], line))
        game = await core.replay(record)
        tree = await core.store.conditionals.tree(record.id, user.id)
        name = await self._namer(record, user.id)
        lines = []
        for path in _paths(tree):
            moves: list[Move] = []
            position = game.position
            for node in path:
                move = position.parse_move(node.uci)
                moves.append(move)
                position = position.play(move)
            lines.append(await self._line(game, moves, user.id, view, record, name))
        return ConditionalList(view, tuple(lines), _numbered(lines, line))

    async def clear(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> Cleared:
        """Delete all of the user's lines in the game meant."""
        core = self._core
        record = await self._own_active(user, place, game_id)
        for _ in range(WRITE_ATTEMPTS):
            removed = await core.store.conditionals.clear(record, user.id)
            if removed is not None:
                return Cleared(await core.view(await core.game_record(record.id)), removed)
            record = await core.refreshed_placement(record)
        raise GameChangedError

    async def _own_active(self, user: User, place: Place | None, game_id: int | None) -> GameRecord:
        core = self._core
        record = await core.resolve(user, place, game_id)
        core.require_player(record, user)
        core.require_active(record)
        return record

    async def _namer(
        self, record: GameRecord, owner_id: int, typed: str = ""
    ) -> Callable[[rules.Position], MoveNamer]:
        """How the owner of a line reads its moves from each position: in their xiangqi or
        janggi notation (or the one they ``typed`` the line in); SAN in chess."""
        core = self._core
        if record.variant == "janggi":
            chosen = janggi_reading(await core.store.players.get(owner_id), typed)
            return lambda position: janggi_namer(position, chosen)
        if record.variant == "xiangqi":
            return _namer_in(await core.notation(owner_id, typed))
        return _namer_in(None)

    async def _line(
        self,
        game: rules.Game,
        moves: Sequence[Move],
        owner_id: int,
        view: GameView,
        record: GameRecord,
        name: Callable[[rules.Position], MoveNamer],
    ) -> PreparedLine:
        """``moves`` from ``game`` as the owner's prepared line, each named by ``name``
        (the owner's notation) and the board it leads to, drawn for them."""
        shown: list[LineMove] = []
        played = game
        first = 0 if record.to_move_id == owner_id else 1
        for index, move in enumerate(moves):
            position = played.position
            mine = index % 2 == first
            shown.append(LineMove(move_number(position), name(position)(move), mine))
            played = played.play(move)
        board = await self._core.board_image(
            played, orientation=view.color_of(owner_id), viewer_id=owner_id
        )
        return PreparedLine(tuple(shown), played.position.fen(), board)


# --- reading lines -----------------------------------------------------------------------


def parse_line(
    position: rules.Position,
    text: str,
    name: Callable[[rules.Position], MoveNamer] | None = None,
) -> list[Move]:
    """The moves of ``text`` (any notation the rules read, move numbers allowed), each legal
    after the ones before it; the moves a refusal names are named by ``name`` (standard
    notation by default). Raises ``EmptyLineError``, ``LineTooLongError`` and
    ``BadLineMoveError``."""
    name = name or _namer_in(None)
    tokens = _tokens(text[: MAX_LINE_TEXT + 1])
    if len(text) > MAX_LINE_TEXT or len(tokens) > MAX_LINE_MOVES:
        raise LineTooLongError(len(tokens))
    if len(tokens) < 2:
        raise EmptyLineError
    moves: list[Move] = []
    for index, token in enumerate(tokens, start=1):
        move = _parse_one(position, token, index, name(position))
        moves.append(move)
        position = position.play(move)
    return moves


def _tokens(text: str) -> list[str]:
    found = []
    for raw in _SEPARATORS.split(text):
        token = _MOVE_NUMBER.sub("", raw)
        if token:
            found.append(token)
    return found


def _parse_one(position: rules.Position, token: str, index: int, name: MoveNamer) -> Move:
    # The same reading and explanations as /move (suggestions included).
    try:
        parsed = parse_move(position, token, name)
    except (UnreadableMoveError, IllegalMoveError, AmbiguousMoveError) as error:
        raise BadLineMoveError(index, token, error) from error
    if isinstance(parsed, list):
        raise BadLineMoveError(index, token, choices=[name(move) for move in parsed])
    return parsed


def _ucis(game: rules.Game, moves: Sequence[Move]) -> list[str]:
    position = game.position
    found = []
    for move in moves:
        found.append(position.uci(move))
        position = position.play(move)
    return found


def _check_answers(
    game: rules.Game,
    moves: Sequence[Move],
    nodes: Sequence[ConditionalNode],
    *,
    mine_first: bool,
    name: Callable[[rules.Position], MoveNamer],
) -> None:
    """Raise ``ConflictingAnswerError`` if the line answers a move the stored tree already
    answers, differently (the first move of a line on one's own turn is no answer: several
    may be prepared)."""
    children = children_of(nodes)
    parent: int | None = None
    position = game.position
    answers_at = 0 if mine_first else 1
    for index, move in enumerate(moves):
        uci = position.uci(move)
        siblings = children.get(parent, [])
        same = next((node for node in siblings if node.uci == uci), None)
        if same is None:
            if index > 0 and index % 2 == answers_at and siblings:
                before = game.position
                for earlier in moves[: index - 1]:
                    before = before.play(earlier)
                expected = name(before)(moves[index - 1])
                stored = name(position)(position.parse_move(siblings[0].uci))
                raise ConflictingAnswerError(expected, stored, name(position)(move))
            return
        parent = same.id
        position = position.play(move)


def _namer_in(notation: XiangqiNotation | None) -> Callable[[rules.Position], MoveNamer]:
    """How to name moves from each position: in xiangqi ``notation`` (None: WXF, the
    standard), chess moves as ``ChessMove``s whatever it is."""
    chosen = notation or XiangqiNotation.WXF
    return lambda position: namer(position, chosen)


def _paths(nodes: Sequence[ConditionalNode]) -> list[list[ConditionalNode]]:
    """Every root-to-leaf path of a tree, in the order the moves were entered."""
    children = children_of(nodes)
    paths: list[list[ConditionalNode]] = []

    def walk(node: ConditionalNode, path: list[ConditionalNode]) -> None:
        below = children.get(node.id, [])
        if not below:
            paths.append([*path, node])
        for child in below:
            walk(child, [*path, node])

    for root in children.get(None, []):
        walk(root, [])
    return paths


def _numbered(lines: Sequence[PreparedLine], line: int | None) -> PreparedLine | None:
    """The line numbered ``line`` (from 1; None: none asked for). Raises
    ``InvalidOptionError`` naming the numbers there are."""
    if line is None:
        return None
    if not 1 <= line <= len(lines):
        raise NoSuchLineError(line, len(lines))
    return lines[line - 1]
