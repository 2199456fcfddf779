"""Playing moves, promotion choices, and looking at the board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import rules
from bot.i18n.text import Text
from bot.service.core import WRITE_ATTEMPTS, ServiceCore
from bot.service.errors import (
    GameChangedError,
    GameOverError,
    UnknownSquareError,
    UnreadableMoveError,
    UserError,
)
from bot.service.game_facts import refs_of, replace_record, told_by_mention, typed_away
from bot.service.move_plan import MovePlan, move_outbox, plan_move, written_record
from bot.service.notation import (
    MoveNamer,
    chess_namer,
    stored_names,
    xiangqi_name,
)
from bot.service.parsing import parse_move
from bot.service.previews import show_preview, waiting_preview
from bot.service.reading import piece_letters
from bot.service.results import (
    BoardShown,
    BoardView,
    Button,
    ButtonAction,
    ButtonLabel,
    ButtonStyle,
    Look,
    MovePlayed,
    MovePreview,
    Place,
    PlayerRef,
    PromotionNeeded,
    User,
)
from bot.service.suggestions import matching_moves
from bot.service.vacation_rule import as_the_clock_sees
from bot.store import (
    Answering,
    GameRecord,
    OutboxSource,
    Player,
    RecentMove,
    SeatedGame,
    VoteClose,
    Written,
    XiangqiNotation,
)
from rules import Move
from rules.xiangqi.position import XiangqiPosition

MAX_MOVE_TEXT = 40
PROMOTION_LABELS = {
    "q": ButtonLabel.QUEEN,
    "r": ButtonLabel.ROOK,
    "b": ButtonLabel.BISHOP,
    "n": ButtonLabel.KNIGHT,
}


@dataclass(frozen=True, slots=True)
class _Named:
    """A move's names: ``stored`` (and ``chinese``) as its row keeps them, ``san`` as its
    mover reads it in ``notation``."""

    notation: XiangqiNotation
    stored: str
    chinese: str | None
    san: Text | str


class PlayUseCases:
    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def move(
        self,
        user: User,
        place: Place | None,
        text: str,
        *,
        game_id: int | None = None,
        expected_ply: int | None = None,
        in_place: bool = False,
        checked: Callable[[bool], None] | None = None,
    ) -> MovePlayed | PromotionNeeded:
        """Play ``text`` (any notation the rules accept) in the game meant.

        ``checked`` is called once the move is found legal, just before it is written, with
        whether it was typed away from the game's place (an adapter learns early how its
        answer will be seen: the write can still lose a race, rarely).

        A pawn move to the last rank without a piece returns ``PromotionNeeded`` with one
        button per piece; pressing one plays it. ``expected_ply`` (from a button) refuses to
        play in a game that has moved on. Raises ``NotAPlayerError``, ``GameOverError``,
        ``NotYourTurnError``, ``UnreadableMoveError``, ``IllegalMoveError``,
        ``AmbiguousMoveError``, ``GameChangedError`` (a simultaneous move won the race).
        ``in_place`` posts the board in the game's place (through the outbox) as for a move
        typed elsewhere: for a move no interaction shows, the computer's.
        """
        # One read finds the game and everything the move needs (its players, whether
        # conditional lines wait, closed DMs); the move is then one write.
        seated = await self._core.seat(user, place, game_id)
        return await self.move_in(
            seated,
            user,
            place,
            text,
            expected_ply=expected_ply,
            in_place=in_place,
            checked=checked,
        )

    async def move_in(
        self,
        seated: SeatedGame,
        user: User,
        place: Place | None,
        text: str,
        *,
        expected_ply: int | None = None,
        in_place: bool = False,
        checked: Callable[[bool], None] | None = None,
        vote: VoteClose | None = None,
    ) -> MovePlayed | PromotionNeeded:
        """``move`` in the game ``seated`` (read already); ``vote``: the voting window a
        team's elected move closes in its write (vote chess)."""
        record = seated.game
        typed = await self.move_text(seated, user, text)
        if expected_ply is not None and expected_ply != record.ply:
            raise GameChangedError
        # Typed away from the game's place (another channel, a DM): the board and the
        # mention go to the place through the outbox; the mover's answer is a private note.
        away = in_place or typed_away(place, record)
        for _ in range(WRITE_ATTEMPTS):
            played = await self._try_move(
                seated, user, typed, away=away, checked=checked, vote=vote
            )
            if played is not None:
                return played
            # The write was refused: the game's version moved on. When only something beside
            # the position changed (the board message was recorded, the deadline moved), the
            # move is checked again against the fresh game; otherwise the player must look.
            fresh = await self._core.store.games.seated(record.id, self._core.now())
            if fresh is None or not _same_turn(record, fresh.game):
                raise GameChangedError
            seated, record = fresh, fresh.game
        raise GameChangedError

    async def move_text(self, seated: SeatedGame, user: User, text: str) -> str:
        """``text`` with its spaces tidied, once ``user`` may move in ``seated``'s game now.
        Raises ``NotAPlayerError``, ``GameOverError``, ``NotYourTurnError``,
        ``UnreadableMoveError`` (empty or too long)."""
        record = seated.game
        self._core.require_player(record, user)
        self._core.require_active(record)
        await self._core.require_turn(record, user)
        typed = " ".join(text.split())
        if not typed or len(typed) > MAX_MOVE_TEXT:
            raise UnreadableMoveError(typed[:MAX_MOVE_TEXT] or text)
        return typed

    async def read_move(
        self, seated: SeatedGame, user: User, typed: str
    ) -> tuple[rules.Game, MoveNamer, Move | list[Move]]:
        """The game of ``seated``, how ``user`` names moves, and the move ``typed`` names
        (or the promotions to choose from). Raises ``GameOverError`` for a game a rule has
        ended meanwhile, and the move ``UserError``s."""
        record = seated.game
        game = await self._core.replay(record)
        ruled = game.outcome()
        if ruled is not None:
            # Stored before a rule that ends it now (xiangqi's move limit): the clock ends
            # it by that rule at its deadline; nobody can move meanwhile.
            raise GameOverError(record.id, ruled.result())
        player = seated.players.get(user.id)
        name = await self._core.namer(game.position, user.id, typed, player=player)
        return game, name, parse_move(game.position, typed, name)

    async def _try_move(
        self,
        seated: SeatedGame,
        user: User,
        typed: str,
        *,
        away: bool = False,
        checked: Callable[[bool], None] | None = None,
        vote: VoteClose | None = None,
    ) -> MovePlayed | PromotionNeeded | None:
        """Check ``typed`` against ``seated``'s game and store it; None when the store refused
        the write because the game's version moved on meanwhile. The move is planned
        (``plan_move``), written, then described."""
        seated = await as_the_clock_sees(self._core, seated)
        core, record, players = self._core, seated.game, seated.players
        game, name, parsed = await self.read_move(seated, user, typed)
        if isinstance(parsed, list):
            return await self.promotion_needed(record, game, user, parsed)
        named = await self._names(seated, user, typed, game.position, parsed, name)
        # Prepared answers (conditional moves) this move sets off go into the same write.
        lines = await core.store.conditionals.tree(record.id) if seated.has_conditionals else []
        plan = plan_move(
            game,
            parsed,
            record,
            user.id,
            stored=named.stored,
            chinese=named.chinese,
            lines=lines,
            now=core.now(),
        )
        opponent = players.get(plan.opponent_id)
        if plan.outcome is None:
            running, waiting = plan.clocks(players.get(user.id))
            deadline = await core.deadline_for(
                plan.opponent_id,
                plan.now,
                running,
                opponent,
                paused_until=record.paused_until,
                weekends_off=record.weekends_off,
            )
            plan = replace(plan, deadline=deadline, waiting_bank=waiting)
        refs = told_by_mention(
            refs_of(players, (record.white_id, record.black_id)), seated.closed_dms
        )
        # Answered in the place, the answer says it; written too, in case it is lost (not
        # to the computer: its reply, posted in the place, follows within seconds).
        computer = opponent is not None and opponent.is_bot
        held = core.hold_answers and not away and not computer
        answering = core.answering() if held else None
        if checked is not None:
            checked(away)
        outbox = move_outbox(plan, refs, away, answering)
        written = await self._write(seated, user, plan, outbox, vote)
        if not written.ok:
            return None
        return await self._describe(seated, user, plan, written, named, refs, answering)

    async def _names(
        self,
        seated: SeatedGame,
        user: User,
        typed: str,
        position: rules.Position,
        move: Move,
        name: MoveNamer,
    ) -> _Named:
        """How the row keeps ``move`` and how its mover reads it."""
        if isinstance(position, XiangqiPosition):
            # The row keeps the move's WXF and Chinese, whatever its mover reads; the mover
            # reads it (and the moves under the board) in their own notation.
            player = seated.players.get(user.id)
            notation = await self._core.notation(user.id, typed, player=player)
            stored, chinese = stored_names(position, move)
            san = xiangqi_name(RecentMove(0, position.uci(move), stored, chinese), notation)
            return _Named(notation, stored, chinese, san)
        # A ChessMove: standard SAN (said in the reader's letters); janggi's Korean notation,
        # the game's own, whatever its mover reads (the move's message is shared).
        san = chess_namer(position)(move) if position.variant.name == "janggi" else name(move)
        return _Named(XiangqiNotation.WXF, str(san), None, san)

    async def _write(
        self,
        seated: SeatedGame,
        user: User,
        plan: MovePlan,
        outbox: OutboxSource,
        vote: VoteClose | None,
    ) -> Written:
        """Store ``plan`` in one transaction with its ``outbox`` rows, guarded by the game's
        version; then what a written move changes besides the row."""
        core, record = self._core, plan.record
        opponent = seated.players.get(plan.opponent_id)
        written = await core.store.games.play_move(
            plan.write(
                seated,
                outbox,
                next_look_at=core.first_look(
                    opponent, plan.deadline, plan.now, weekends_off=record.weekends_off
                ),
                rate=core.rate(record) if plan.outcome else None,
                client_locale=_changed_locale(seated.players.get(user.id), user.locale),
                vote=vote,
            )
        )
        if not written.ok:
            return written
        core.locale_seen(user)
        core.replays.remember(
            replace_record(record, ply=plan.after.ply, version=written.version),
            plan.after,
            written.version,
        )
        core.schedule_changed()
        if plan.outcome is None and opponent is not None and opponent.is_bot:
            core.computer_turn()  # only then: the queue's read is not every move's cost
        return written

    async def _describe(
        self,
        seated: SeatedGame,
        user: User,
        plan: MovePlan,
        written: Written,
        named: _Named,
        refs: dict[int, PlayerRef],
        answering: Answering | None,
    ) -> MovePlayed:
        """The result of the written ``plan``: the game's view, the board, and the words."""
        core, record, players, outcome = self._core, plan.record, seated.players, plan.outcome
        # Moving is being back: a vacation ends with the player's first move in any game.
        back = await core.end_vacation_by_move(players.get(user.id), plan.now)
        updated = written_record(plan, written.version)
        view = await core.view(updated, refs, reached=True)
        mover = view.white if user.id == view.white.id else view.black
        actor = view.white if plan.last_mover_id == view.white.id else view.black
        ending = (
            core.ending(view, outcome, actor=actor, ratings=written.ratings) if outcome else None
        )
        return MovePlayed(
            game=view,
            board=await self._board(seated, user, plan, updated),
            mover=mover,
            san=named.san,
            uci=plan.uci,
            check=plan.after.position.is_check(),
            ending=ending,
            notify=None if view.to_move == mover else view.to_move,
            number=plan.number,
            lapsed_offers=written.lapsed,  # the opponent's draw offer, any takeback request
            claimable=() if ending else tuple(plan.after.claimable_draws()),
            recent=await core.recent_line(record, written.recent, named.notation, plan.after),
            answers=plan.answers.facts(named.notation),
            vacation_ended=back,
            answering=None if answering is None else answering.nonce,
        )

    async def _board(
        self, seated: SeatedGame, user: User, plan: MovePlan, updated: GameRecord
    ) -> BoardView:
        """The board is for the player to move next; after the last move, or when the
        computer moves next (its reply follows within seconds), for the mover."""
        opponent = seated.players.get(plan.opponent_id)
        for_mover = plan.outcome is not None or (opponent is not None and opponent.is_bot)
        return await self._core.board_image(
            plan.after,
            viewer=seated.players.get(user.id) if for_mover else opponent,
            # (after prepared answers the player to move may be the mover again)
            seat=plan.side if for_mover else plan.after.position.side_to_move,
            record=updated,
        )

    async def promotion_needed(
        self, record: GameRecord, game: rules.Game, user: User, choices: list[Move]
    ) -> PromotionNeeded:
        position = game.position
        view = await self._core.view(record)
        buttons = tuple(
            Button(
                PROMOTION_LABELS.get(choice.promotion or "", (choice.promotion or "?").upper()),
                ButtonAction.PROMOTE,
                record.id,
                argument=f"{record.ply}:{position.uci(choice)}",
                allowed_user_ids=(user.id,),
                style=ButtonStyle.PRIMARY,
            )
            for choice in choices
        )
        target = position.variant.square_name(choices[0].to_square)
        return PromotionNeeded(
            game=view,
            board=await self._core.board_image(
                game, viewer_id=user.id, seat=position.side_to_move, record=record
            ),
            square=target,
            buttons=buttons,
        )

    async def move_or_preview(
        self,
        user: User,
        place: Place | None,
        text: str,
        *,
        game_id: int | None = None,
        checked: Callable[[bool], None] | None = None,
    ) -> MovePlayed | PromotionNeeded | MovePreview:
        """A typed ``/move``: played at once (see ``move``), or, for a player who confirms
        every move (Confirm moves ``always``), first shown to them as the board after it with
        Confirm / Cancel (Confirm plays it unless the game has moved on). Raises what
        ``move`` raises."""
        seated = await self._core.seat(user, place, game_id)
        try:
            if user.id not in seated.confirming:
                return await self.move_in(seated, user, place, text, checked=checked)
            typed = await self.move_text(seated, user, text)
            game, name, parsed = await self.read_move(seated, user, typed)
        except UserError as error:
            # A refusal while a preview waits says so: the player may think it was played.
            waiting = await waiting_preview(self._core, user, seated.game)
            if waiting is not None:
                error.waiting_move = waiting.san
            raise
        if isinstance(parsed, list):
            return await self.promotion_needed(seated.game, game, user, parsed)
        return await show_preview(self._core, user, seated.game, game, parsed, name)

    async def promote(
        self, user: User, game_id: int, argument: str, *, place: Place | None = None
    ) -> MovePlayed | PromotionNeeded:
        """Play a promotion chosen with a ``PROMOTE`` button (argument ``ply:uci``) pressed
        at ``place`` (away from the game, the board goes to the game's place too)."""
        ply_text, _, uci = argument.partition(":")
        if not ply_text.isdigit() or not uci:
            raise GameChangedError
        return await self.move(user, place, uci, game_id=game_id, expected_ply=int(ply_text))

    async def board(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> BoardShown:
        """The current board of the game meant (finished games too), from the viewer's side."""
        record = await self._core.resolve(user, place, game_id, finished_ok=True)
        game = await self._core.replay(record)
        view = await self._core.view(record)
        color = view.color_of(user.id)
        board = await self._core.board_image(game, viewer_id=user.id, seat=color, record=record)
        position = game.position
        return BoardShown(
            view,
            board,
            number=position.fullmove_number,
            check=position.is_check(),
            side_to_move=position.side_to_move,
        )

    async def legal_targets(
        self, user: User, place: Place | None, square: str, *, game_id: int | None = None
    ) -> BoardShown:
        """The board with the legal destinations of the piece on ``square`` marked.

        Raises ``UnknownSquareError`` for a bad square name.
        """
        record = await self._core.resolve(user, place, game_id, finished_ok=True)
        game = await self._core.replay(record)
        variant = game.variant
        example = "e4" if rules.is_chess_family(variant.name) else "e2"
        try:
            origin = variant.parse_square(square.strip().lower())
        except ValueError as error:
            raise UnknownSquareError(square, example) from error
        position = game.position
        # A finished game's last position may still have moves; none is played any more.
        moves = sorted(
            (m for m in position.legal_moves() if m.from_square == origin and record.is_active),
            key=position.san,
        )
        targets = tuple(dict.fromkeys(m.to_square for m in moves))
        view = await self._core.view(record)
        piece = position.piece_at(origin)
        board = await self._core.board_image(
            game,
            viewer_id=user.id,
            seat=view.color_of(user.id),
            marks=targets,
            selected=origin if piece is not None else None,
            record=record,
        )
        named: tuple[str, ...] = ()
        if not record.is_active:
            look = Look.GAME_OVER
        elif piece is None:
            look = Look.NO_PIECE
        elif piece.color is not position.side_to_move:
            look = Look.NOT_ITS_TURN
        elif not moves:
            look = Look.NO_MOVES
        else:
            look, namer = Look.MOVES, await self._core.namer(position, user.id)
            named = tuple(dict.fromkeys(namer(m) for m in moves))
        return BoardShown(
            view,
            board,
            tuple(variant.square_name(t) for t in targets),
            look,
            number=position.fullmove_number,
            check=position.is_check(),
            side_to_move=position.side_to_move,
            square=variant.square_name(origin),
            moves=named,
        )

    async def legal_move_suggestions(
        self, user: User, place: Place | None, prefix: str, *, game_id: int | None = None
    ) -> list[str]:
        """Autocomplete for ``/move``: at most 25 legal moves (SAN) matching ``prefix``.

        Empty when the user has no game here, it is not their turn, or nothing matches —
        autocomplete never raises a user error.
        """
        try:
            record = await self._core.resolve(user, place, game_id)
            if not record.is_active or record.to_move_id != user.id:
                return []
            return await self.matching(record, user, prefix)
        except UserError:  # autocomplete answers with nothing rather than an error
            return []  # (a damaged game included: the command itself will say so)

    async def matching(self, record: GameRecord, user: User, prefix: str) -> list[str]:
        """At most 25 legal moves of ``record``'s position matching ``prefix``, named as
        ``user`` reads moves. Raises ``UserError`` for a game that cannot be replayed."""
        game = await self._core.replay(record)
        typed = prefix[:MAX_MOVE_TEXT]
        name = await self._core.namer(game.position, user.id, typed)
        return matching_moves(game.position, piece_letters().to_english(typed), namer=name)


def _same_turn(before: GameRecord, after: GameRecord) -> bool:
    """Whether the same player is to move in the same position in both (active) records."""
    return (
        after.is_active
        and after.ply == before.ply
        and after.fen == before.fen
        and after.to_move_id == before.to_move_id
    )


def _changed_locale(player: Player | None, reported: str | None) -> str | None:
    """The language ``player``'s app ``reported`` for their move, when it differs from the
    one stored (which Postal writes to them in on its own); None when unknown or the same.
    A /move never calls ``_ensure_player`` (one read, one write): this keeps it current."""
    if player is None or reported is None or reported == player.client_locale:
        return None
    return reported
