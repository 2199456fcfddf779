"""A game: a start position and the moves played from it; everything else is derived.

A game keeps what the rules need about its past incrementally, so playing a move costs the
same at ply 10,000 as at ply 10: for each ply a small ``_Step`` (the move, how often the
position has occurred, the previous occurrence, the last move of each side that gave no
check), and, shared by a line of games, an index from each position's repetition key to its
latest step. Only positions since the last irreversible move can repeat, so the index holds
those only. Earlier positions are not kept: ``positions``, ``san_moves`` and ``take_back``
replay the moves (linear in the length of the game).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable

from rules.core import Color, Move, Outcome, Position, Termination, Variant
from rules.errors import IllegalMoveError, IllegalReason

_NEVER = -1  # "no such ply": a side that never made a quiet move


class _Step:
    """One ply of a game's history (ply 0 is the start), as the repetition rules need it."""

    __slots__ = ("count", "earlier", "move", "parent", "ply", "quiet_black", "quiet_white")

    def __init__(
        self,
        parent: _Step | None,
        move: Move | None,
        ply: int,
        earlier: _Step | None,
        quiet_white: int,
        quiet_black: int,
    ) -> None:
        self.parent = parent
        self.move = move
        self.ply = ply
        self.earlier = earlier  # the previous occurrence of this step's position, if any
        self.count: int = 1 if earlier is None else earlier.count + 1
        self.quiet_white = quiet_white  # the last ply at which white moved without check
        self.quiet_black = quiet_black

    # Repetition protocol -----------------------------------------------------------------

    def checkers_since(self, occurrences_back: int) -> frozenset[Color]:
        first = self._occurrence(occurrences_back)
        return frozenset(
            color
            for color, quiet in ((Color.WHITE, self.quiet_white), (Color.BLACK, self.quiet_black))
            if quiet <= first.ply
        )

    def moves_since(self, occurrences_back: int) -> list[Move]:
        first = self._occurrence(occurrences_back)
        moves: list[Move] = []
        step: _Step | None = self
        while step is not None and step is not first:
            assert step.move is not None
            moves.append(step.move)
            step = step.parent
        return moves[::-1]

    def _occurrence(self, occurrences_back: int) -> _Step:
        first: _Step | None = self
        for _ in range(occurrences_back):
            first = first.earlier if first is not None else None
        if first is None or occurrences_back <= 0:
            raise ValueError(f"the position did not occur {occurrences_back} times before")
        return first


class _Index:
    """The latest step of each position since the last irreversible move, for the game whose
    last step is ``head``. Games of one line share it; a game that is not the head (an
    earlier game played on again, a game taken back) rebuilds its own by replaying."""

    __slots__ = ("head", "lock", "table")

    def __init__(self, head: _Step, table: dict[Hashable, _Step]) -> None:
        self.head = head
        self.table = table
        self.lock = threading.Lock()


class Game:
    """An immutable game record; ``play`` returns a new game.

    ``variant`` is a variant object or its name; ``start`` a position, a FEN, ``"startpos"``
    or None for the standard start. Raises ``InvalidFenError`` for a bad FEN.
    """

    __slots__ = (
        "_index",
        "_moves",
        "_outcome",
        "_position",
        "_previous",
        "_start",
        "_step",
        "variant",
    )

    def __init__(self, variant: Variant | str, start: Position | str | None = None) -> None:
        from rules import get_variant

        self.variant: Variant = get_variant(variant) if isinstance(variant, str) else variant
        if start is None or start == "startpos":
            first = self.variant.start()
        elif isinstance(start, str):
            first = self.variant.from_fen(start)
        else:
            first = start
        self._start: Position = first
        self._position: Position = first
        self._previous: Position | None = None
        self._step = _Step(None, None, 0, None, _NEVER, _NEVER)
        self._index = _Index(self._step, {first.repetition_key(): self._step})
        self._moves: tuple[Move, ...] | None = ()
        self._outcome: Outcome | bool | None = False  # False: not computed yet

    @classmethod
    def replay(
        cls, variant: Variant | str, start: Position | str | None, moves: Iterable[Move | str]
    ) -> Game:
        """The game of stored ``moves``, each checked for legality but not stopped by an
        ending reached on the way: moves accepted under the rules in force when they were
        played stay readable when a rule is added later (xiangqi's move limit). Raises the
        move errors of ``play`` for a move that is not legal where it stands."""
        return cls(variant, start).extended(moves)

    def extended(self, moves: Iterable[Move | str]) -> Game:
        """This game followed by stored ``moves``, checked as ``replay`` checks them."""
        game = self
        for move in moves:
            game = game._advance(move, null_allowed=True)
        return game

    def then(self, move: Move | str) -> Game:
        """This game followed by one recorded move, as ``replay`` checks it: legal where it
        stands, not stopped by an ending, ``NULL_MOVE`` accepted (see ``rules.core``)."""
        return self._advance(move, null_allowed=True)

    def ending_before_move(self) -> Outcome | None:
        """How the rules would end the game now if the record did not go on: the automatic
        endings that do not depend on the side to move having no move (it has one when a
        recorded move follows). Cheap enough to ask after every ply of a record."""
        return self.variant.ending_before_move(self._position, self._step)

    @property
    def start(self) -> Position:
        return self._start

    @property
    def position(self) -> Position:
        return self._position

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every position of the game, the start first and the current one last (replayed:
        linear in the length of the game)."""
        found = [self._start]
        for move in self.moves:
            found.append(after_move(found[-1], move))
        return tuple(found)

    @property
    def moves(self) -> tuple[Move, ...]:
        if self._moves is None:
            found: list[Move] = []
            step: _Step | None = self._step
            while step is not None and step.move is not None:
                found.append(step.move)
                step = step.parent
            self._moves = tuple(reversed(found))
        return self._moves

    @property
    def last_move(self) -> Move | None:
        """The move that led to the current position (None at the start)."""
        return self._step.move

    @property
    def before_last_move(self) -> Position | None:
        """The position the last move was played in (None at the start)."""
        return self._previous

    @property
    def ply(self) -> int:
        return self._step.ply

    @property
    def repeatable_positions(self) -> int:
        """How many positions the game keeps a repetition key for: those since the last
        irreversible move (bounded by the 75-move rule in chess, the move limit in xiangqi)."""
        index = self._index
        return len(index.table) if index.head is self._step else self._step.ply + 1

    def is_standard_start(self) -> bool:
        return self._start.fen() == self.variant.start_fen

    def play(self, move: Move | str) -> Game:
        """Play a move (a ``Move`` or text in any accepted notation) and return the new game.

        Raises ``InvalidMoveError``, ``IllegalMoveError`` (also when the game is already
        over) or ``AmbiguousMoveError``.
        """
        if self.outcome() is not None:
            position = self._position
            raise IllegalMoveError(_text(position, move), position.fen(), IllegalReason.GAME_OVER)
        return self._advance(move)

    def _advance(self, move: Move | str, *, null_allowed: bool = False) -> Game:
        """The game after ``move``, checked for legality only."""
        position = self._position
        if isinstance(move, str):
            move, after = position.read_move(move)
        else:
            _check_squares(position, move)
            null = move.is_null and null_allowed
            after = position.play_null() if null else position.play(move)
        step = self._step
        quiet_white, quiet_black = step.quiet_white, step.quiet_black
        if not after.is_check():
            if position.side_to_move is Color.WHITE:
                quiet_white = step.ply + 1
            else:
                quiet_black = step.ply + 1
        key = after.repetition_key()
        with self._index.lock:
            index = self._index if self._index.head is step else self._rebuild()
            # A position after an irreversible move (capture, pawn move) never occurred
            # before and no earlier one can occur again: the index starts afresh.
            table = index.table if after.halfmove_clock else {}
            new = _Step(step, move, step.ply + 1, table.get(key), quiet_white, quiet_black)
            table[key] = new
            index.table = table
            index.head = new
        game = Game.__new__(Game)
        game.variant = self.variant
        game._start = self._start
        game._position = after
        game._previous = position
        game._step = new
        game._index = index
        game._moves = None  # read from the steps when asked: copying would grow with the game
        game._outcome = False
        return game

    def _rebuild(self) -> _Index:
        """A fresh index for this game, which is not the head of its line any more."""
        table: dict[Hashable, _Step] = {}
        position = self._start
        steps: list[_Step] = []
        step: _Step | None = self._step
        while step is not None:
            steps.append(step)
            step = step.parent
        steps.reverse()
        table[position.repetition_key()] = steps[0]
        for step in steps[1:]:
            assert step.move is not None
            position = after_move(position, step.move)
            if not position.halfmove_clock:
                table = {}
            table[position.repetition_key()] = step
        return _Index(self._step, table)

    def take_back(self, plies: int = 1) -> Game:
        """The game without its last ``plies`` moves (replayed). Raises ValueError if there
        are fewer."""
        moves = self.moves
        if not 0 <= plies <= len(moves):
            raise ValueError(f"cannot take back {plies} plies of {len(moves)}")
        return Game.replay(self.variant, self._start, moves[: len(moves) - plies])

    def outcome(self) -> Outcome | None:
        """How the rules end the game now (mate, stalemate, …), or None while it goes on."""
        if self._outcome is False:
            self._outcome = self.variant.outcome_after(self._position, self._step)
        assert self._outcome is not True
        return self._outcome

    def claimable_draws(self) -> tuple[Termination, ...]:
        """Draws the side to move may claim now (threefold repetition, fifty moves)."""
        if self.outcome() is not None:
            return ()
        return self.variant.claims_after(self._position, self._step)

    def san_moves(self) -> list[str]:
        """The moves in SAN (chess) or WXF (xiangqi); a null move is ``--``."""
        return [p.san(m) for p, m in zip(self.positions, self.moves, strict=False)]

    def uci_moves(self) -> list[str]:
        """The moves in UCI (chess) or ICCS (xiangqi)."""
        return [p.uci(m) for p, m in zip(self.positions, self.moves, strict=False)]

    def __repr__(self) -> str:
        return f"Game({self.variant.name!r}, {self.start.fen()!r}, moves={self.uci_moves()})"


def after_move(position: Position, move: Move) -> Position:
    """The position after a move of a game's record (a null move included)."""
    return position.play_null() if move.is_null else position.play(move)


def _check_squares(position: Position, move: Move) -> None:
    """Reject a Move whose squares are off the board before anything indexes with them."""
    count = position.variant.files * position.variant.ranks
    if not all(isinstance(sq, int) and 0 <= sq < count for sq in move[:2]):
        raise IllegalMoveError(repr(tuple(move)), position.fen(), IllegalReason.CANNOT_REACH)


def _text(position: Position, move: Move | str) -> str:
    if isinstance(move, str):
        return move
    _check_squares(position, move)
    return position.uci(move)
