"""Playing from the board message: Move… (a piece, then its destination, or a typed move),
Legal moves, and Confirm moves (the resulting board shown to the mover before it is played).

Every path ends in ``PlayUseCases.move`` with the ply the board showed, so a choice made on
a board that is no longer current is refused like a stale button, and a move chosen from a
menu is parsed and checked exactly as a typed one.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
from bot.service.controls_values import MENU_OPTIONS
from bot.service.core import ServiceCore, named_game
from bot.service.errors import (
    GameChangedError,
    InvalidButtonError,
    PreviewReplacedError,
)
from bot.service.notation import janggi_reading
from bot.service.parsing import parse_move
from bot.service.play import PlayUseCases
from bot.service.previews import show_preview, waiting_preview
from bot.service.results import (
    BoardShown,
    Button,
    ButtonAction,
    ButtonLabel,
    ButtonStyle,
    MenuOption,
    MenuPage,
    MenuStep,
    MoveCancelled,
    MoveMenu,
    MovePlayed,
    MovePreview,
    MoveTyping,
    Place,
    PromotionNeeded,
    User,
)
from bot.store import ConfirmMoves, GameRecord, JanggiNotation, Preview, XiangqiNotation
from rules import Color

_PIECE_ORDER = "kqrbancp"
# The moves the form for typing a move gives as examples, by variant: the notations its
# games read (janggi's Korean and coordinates: a soldier's first step, 79졸78 is i4h4).
_TYPED_EXAMPLES = {
    "chess": "Nf3, e2e4, O-O",
    "chess960": "Nf3, e2e4, O-O",
    "xiangqi": "C2.5, h2e2, 炮二平五",
    "janggi": "79졸78, i4h4",
}


def pages(
    action: ButtonAction, game_id: int, argument: str, choices: list[MenuOption]
) -> tuple[MenuPage, ...]:
    """``choices`` cut into runs of at most ``MENU_OPTIONS`` (one select menu each), the
    page's index added to each menu's ``argument`` (``ply:...:index``)."""
    return tuple(
        MenuPage(
            action,
            game_id,
            f"{argument}:{index}",
            tuple(choices[start : start + MENU_OPTIONS]),
            start + 1,
        )
        for index, start in enumerate(range(0, len(choices), MENU_OPTIONS))
    )


class BoardMenuUseCases:
    def __init__(self, core: ServiceCore, play: PlayUseCases) -> None:
        self._core = core
        self._play = play

    async def _current(
        self, user: User, place: Place | None, game_id: int, argument: str, *, mover: bool
    ) -> tuple[GameRecord, rules.Game]:
        """The game a board control is about, readable from ``place``; with ``mover`` the
        presser must be the player to move."""
        record = await self._core.resolve(user, place, game_id)
        if mover:
            self._core.require_player(record, user)
            self._core.require_active(record)
            await self._core.require_turn(record, user)
        # (``ButtonUseCases.press`` checked that the ply is still the board's.)
        return record, await self._core.replay(record)

    async def move_menu(
        self, user: User, game_id: int, argument: str, *, place: Place | None = None
    ) -> MoveMenu:
        """Move…: the pieces of the player to move that can move, and a button to type one.
        Raises ``NotAPlayerError``, ``NotYourTurnError``, ``GameOverError``,
        ``GameChangedError``."""
        record, game = await self._current(user, place, game_id, argument, mover=True)
        view = await self._core.view(record)
        menus = piece_menus(game, ButtonAction.PICK_PIECE, game_id, record.ply)
        typing = Button(
            ButtonLabel.TYPE_MOVE,
            ButtonAction.TYPE_MOVE,
            game_id,
            str(record.ply),
            (user.id,),
            ButtonStyle.SECONDARY,
        )
        return MoveMenu(view, MenuStep.PIECE, menus, (typing,))

    async def legal_menu(
        self, user: User, game_id: int, argument: str, *, place: Place | None = None
    ) -> MoveMenu:
        """Legal moves: the pieces of the side to move, for anyone who sees the board."""
        record, game = await self._current(user, place, game_id, argument, mover=False)
        self._core.require_active(record)
        view = await self._core.view(record)
        menus = piece_menus(game, ButtonAction.PICK_LEGAL, game_id, record.ply)
        return MoveMenu(view, MenuStep.LEGAL_PIECE, menus)

    async def pick_piece(
        self,
        user: User,
        game_id: int,
        argument: str,
        values: tuple[str, ...],
        *,
        place: Place | None = None,
    ) -> MoveMenu:
        """The destinations of the piece chosen, as select menus of at most 25 options each
        (a queen can have 27 moves), with the board marking them."""
        record, game = await self._current(user, place, game_id, argument, mover=True)
        view = await self._core.view(record)
        back = Button(
            ButtonLabel.ANOTHER_PIECE,
            ButtonAction.MOVE_MENU,
            game_id,
            str(record.ply),
            (user.id,),
        )
        picked = PiecePicked(square_of(game, values), view.color_of(user.id), back)
        return await target_menu(self._core, user, record, game, picked)

    async def pick_target(
        self,
        user: User,
        game_id: int,
        argument: str,
        values: tuple[str, ...],
        *,
        place: Place | None = None,
    ) -> MovePlayed | PromotionNeeded | MovePreview:
        """Play (or, with Confirm moves, preview) the destination chosen."""
        if len(values) != 1:
            raise InvalidButtonError
        return await self._play_or_preview(user, game_id, argument, values[0], place=place)

    async def pick_legal(
        self,
        user: User,
        game_id: int,
        argument: str,
        values: tuple[str, ...],
        *,
        place: Place | None = None,
    ) -> BoardShown:
        """The ``/moves`` picture of the piece chosen in Legal moves."""
        record, game = await self._current(user, place, game_id, argument, mover=False)
        square = game.variant.square_name(square_of(game, values))
        return await self._play.legal_targets(user, place, square, game_id=record.id)

    async def type_move(
        self, user: User, game_id: int, argument: str, *, place: Place | None = None
    ) -> MoveTyping:
        """Open the form for typing a move (any notation ``/move`` takes)."""
        record, game = await self._current(user, place, game_id, argument, mover=True)
        view = await self._core.view(record)
        example = _TYPED_EXAMPLES.get(game.variant.name, _TYPED_EXAMPLES["chess"])
        custom_id = Button("", ButtonAction.TYPED_MOVE, game_id, str(record.ply)).custom_id
        return MoveTyping(view, custom_id, example)

    async def typed_move(
        self,
        user: User,
        game_id: int,
        argument: str,
        values: tuple[str, ...],
        *,
        place: Place | None = None,
    ) -> MovePlayed | PromotionNeeded | MovePreview:
        """The move typed in the form: parsed like ``/move``."""
        text = values[0] if values else ""
        return await self._play_or_preview(user, game_id, argument, text, place=place)

    async def confirm_move(
        self, user: User, game_id: int, argument: str, *, place: Place | None = None
    ) -> MovePlayed | PromotionNeeded:
        """Confirm: play the previewed move (argument ``ply:uci``), unless a newer preview
        replaced it (``PreviewReplacedError``) or the game moved on."""
        ply, _, uci = argument.partition(":")
        if not ply.isdigit() or not uci:
            raise InvalidButtonError
        latest = await self._core.store.previews.latest(named_game(game_id), user.id)
        if latest is not None and latest.ply == int(ply) and latest.uci != uci:
            raise PreviewReplacedError(latest.san)
        return await self._play.move(user, place, uci, game_id=game_id, expected_ply=int(ply))

    async def cancel_move(self, user: User, game_id: int, argument: str = "") -> MoveCancelled:
        """Cancel (argument ``ply:uci``; older buttons: ``ply``): nothing is played, and
        the preview no longer waits."""
        record = await self._core.resolve(user, None, game_id)
        self._core.require_player(record, user)
        latest = await self._core.store.previews.latest(record.id, user.id)
        if latest is not None and argument == f"{latest.ply}:{latest.uci}":
            await self._core.store.previews.answered(record.id, user.id)
        return MoveCancelled(await self._core.view(record))

    async def waiting_preview(self, user: User, record: GameRecord) -> Preview | None:
        """The move ``user`` was shown in the game and has neither confirmed nor cancelled,
        while the game is where it was shown."""
        return await waiting_preview(self._core, user, record)

    async def recent_moves(
        self, game_id: int, count: int = 6, *, reader: int | None = None, shared: bool = False
    ) -> str:
        """The game's last ``count`` plies with their move numbers (``9. Nf3 Nc6 10. Bb5``;
        a line starting with Black's move reads ``9... Nc6``), empty before the first move;
        xiangqi moves in the notation of ``reader`` (a player's id; None: the default of the
        language being spoken), janggi moves in theirs unless the message is ``shared``
        (Korean, the game's own). Raises ``UnknownGameError``, ``DamagedGameError``."""
        record = await self._core.game_record(game_id)
        moves = await self._core.store.games.recent_moves(game_id, count)
        xiangqi = record.variant == "xiangqi"
        notation = await self._core.notation(reader) if xiangqi else XiangqiNotation.WXF
        janggi = JanggiNotation.KOREAN
        if record.variant == "janggi" and reader is not None and not shared:
            janggi = janggi_reading(await self._core.store.players.get(reader))
        return await self._core.recent_line(record, moves, notation, janggi=janggi)

    async def wants_confirmation(self, user: User) -> ConfirmMoves:
        """Which of ``user``'s moves are shown to them before they are played."""
        return await self._core.store.confirmations.mode(user.id)

    async def _play_or_preview(
        self, user: User, game_id: int, argument: str, text: str, *, place: Place | None
    ) -> MovePlayed | PromotionNeeded | MovePreview:
        ply = argument.split(":", 1)[0]
        if not ply.isdigit():
            raise InvalidButtonError
        if await self.wants_confirmation(user) is ConfirmMoves.NEVER:
            return await self._play.move(user, place, text, game_id=game_id, expected_ply=int(ply))
        record, game = await self._current(user, place, game_id, argument, mover=True)
        parsed = parse_move(game.position, " ".join(text.split())[:40] or text)
        if isinstance(parsed, list):
            return await self._play.promotion_needed(record, game, user, parsed)
        return await show_preview(self._core, user, record, game, parsed)


def square_of(game: rules.Game, values: tuple[str, ...]) -> int:
    """The square a piece menu sent. Raises ``InvalidButtonError`` for any other value."""
    if len(values) != 1:
        raise InvalidButtonError
    try:
        return game.variant.parse_square(values[0])
    except ValueError as error:
        raise InvalidButtonError from error


def piece_menus(
    game: rules.Game, action: ButtonAction, game_id: int, ply: int
) -> tuple[MenuPage, ...]:
    """The pieces of the side to move that can move, as select menus sending ``action``
    with their square (Move…, Legal moves, a vote's nomination)."""
    position = game.position
    origins = sorted(
        {m.from_square for m in position.legal_moves()},
        key=lambda square: _piece_rank(position, square),
    )
    choices = []
    for origin in origins:
        piece = position.piece_at(origin)
        square = game.variant.square_name(origin)
        choices.append(MenuOption(square, square, piece=piece.kind if piece else "?"))
    return pages(action, game_id, str(ply), choices)


@dataclass(frozen=True, slots=True)
class PiecePicked:
    """A piece chosen in a piece menu: its square, the side the board is seen from, the
    button back to the pieces, and what the destinations send (and the step they are)."""

    origin: int
    seat: Color | None
    back: Button
    action: ButtonAction = ButtonAction.PICK_TARGET
    step: MenuStep = MenuStep.TARGET


async def target_menu(
    core: ServiceCore, user: User, record: GameRecord, game: rules.Game, picked: PiecePicked
) -> MoveMenu:
    """The destinations of the piece ``picked``, as select menus of at most 25 options each
    (a queen can have 27 moves), named in ``user``'s notation, with the board marking them.
    Raises ``GameChangedError`` when that piece has no move (the position changed)."""
    position, origin = game.position, picked.origin
    moves = sorted((m for m in position.legal_moves() if m.from_square == origin), key=position.san)
    if not moves:
        raise GameChangedError
    square = game.variant.square_name(origin)
    name = await core.namer(position, user.id)  # the reader's xiangqi notation
    choices = [
        MenuOption(position.uci(m), game.variant.square_name(m.to_square), move=name(m))
        for m in moves
    ]
    menus = pages(picked.action, record.id, f"{record.ply}:{square}", choices)
    targets = tuple(dict.fromkeys(m.to_square for m in moves))
    board = await core.board_image(
        game, seat=picked.seat, viewer_id=user.id, marks=targets, selected=origin
    )
    view = await core.view(record)
    return MoveMenu(view, picked.step, menus, (picked.back,), board, square)


def _piece_rank(position: rules.Position, square: int) -> tuple[int, int]:
    piece = position.piece_at(square)
    kind = piece.kind if piece is not None else "?"
    return (_PIECE_ORDER.find(kind) % 10, square)


__all__ = ["BoardMenuUseCases"]
