"""A game: a start position and the moves played from it; everything else is derived."""

from __future__ import annotations

from rules.core import Move, Outcome, Position, Termination, Variant
from rules.errors import IllegalMoveError, IllegalReason


class Game:
    """An immutable game record; ``play`` returns a new game.

    ``variant`` is a variant object or its name; ``start`` a position, a FEN, ``"startpos"``
    or None for the standard start. Raises ``InvalidFenError`` for a bad FEN.
    """

    __slots__ = ("_moves", "_outcome", "_positions", "variant")

    def __init__(self, variant: Variant | str, start: Position | str | None = None) -> None:
        from rules import get_variant

        self.variant: Variant = get_variant(variant) if isinstance(variant, str) else variant
        if start is None or start == "startpos":
            first = self.variant.start()
        elif isinstance(start, str):
            first = self.variant.from_fen(start)
        else:
            first = start
        self._positions: tuple[Position, ...] = (first,)
        self._moves: tuple[Move, ...] = ()
        self._outcome: Outcome | bool | None = False  # False: not computed yet

    @classmethod
    def _derived(cls, parent: Game, move: Move, position: Position) -> Game:
        game = cls.__new__(cls)
        game.variant = parent.variant
        game._positions = (*parent._positions, position)
        game._moves = (*parent._moves, move)
        game._outcome = False
        return game

    @property
    def start(self) -> Position:
        return self._positions[0]

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every position of the game, the start first and the current one last."""
        return self._positions

    @property
    def moves(self) -> tuple[Move, ...]:
        return self._moves

    @property
    def ply(self) -> int:
        return len(self._moves)

    def is_standard_start(self) -> bool:
        return self.start.fen() == self.variant.start_fen

    def play(self, move: Move | str) -> Game:
        """Play a move (a ``Move`` or text in any accepted notation) and return the new game.

        Raises ``InvalidMoveError``, ``IllegalMoveError`` (also when the game is already
        over) or ``AmbiguousMoveError``.
        """
        position = self.position
        if self.outcome() is not None:
            raise IllegalMoveError(_text(position, move), position.fen(), IllegalReason.GAME_OVER)
        if isinstance(move, str):
            move = position.parse_move(move)
        else:
            _check_squares(position, move)
        return Game._derived(self, move, position.play(move))

    def take_back(self, plies: int = 1) -> Game:
        """The game without its last ``plies`` moves. Raises ValueError if there are fewer."""
        if not 0 <= plies <= len(self._moves):
            raise ValueError(f"cannot take back {plies} plies of {len(self._moves)}")
        game = Game.__new__(Game)
        game.variant = self.variant
        game._positions = self._positions[: len(self._positions) - plies]
        game._moves = self._moves[: len(self._moves) - plies]
        game._outcome = False
        return game

    def outcome(self) -> Outcome | None:
        """How the rules end the game now (mate, stalemate, …), or None while it goes on."""
        if self._outcome is False:
            self._outcome = self.variant.outcome(self._positions)
        assert self._outcome is not True
        return self._outcome

    def claimable_draws(self) -> tuple[Termination, ...]:
        """Draws the side to move may claim now (threefold repetition, fifty moves)."""
        if self.outcome() is not None:
            return ()
        return self.variant.claimable_draws(self._positions)

    def san_moves(self) -> list[str]:
        """The moves in SAN (chess) or WXF (xiangqi)."""
        return [p.san(m) for p, m in zip(self._positions, self._moves, strict=False)]

    def uci_moves(self) -> list[str]:
        """The moves in UCI (chess) or ICCS (xiangqi)."""
        return [p.uci(m) for p, m in zip(self._positions, self._moves, strict=False)]

    def __repr__(self) -> str:
        return f"Game({self.variant.name!r}, {self.start.fen()!r}, moves={self.uci_moves()})"


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
