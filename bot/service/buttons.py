"""Pressing a button: one entry point so adapters route every button the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.service.after_game import AfterGameUseCases, GameAnimation
from bot.service.board_menus import BoardMenuUseCases
from bot.service.challenges import ChallengeUseCases
from bot.service.computer import ComputerGameStarted
from bot.service.controls import PLY_BOUND_ACTIONS
from bot.service.core import ServiceCore
from bot.service.endings import EndingUseCases
from bot.service.errors import GameChangedError, InvalidButtonError, StaleBoardError
from bot.service.pause_facts import PauseAgreed
from bot.service.pauses import PauseUseCases
from bot.service.play import MAX_MOVE_TEXT, PlayUseCases
from bot.service.report_results import GameList, RecordExport
from bot.service.reports import ReportUseCases
from bot.service.results import (
    BoardShown,
    ButtonAction,
    ChallengeClosed,
    ChallengeCreated,
    ConfirmationNeeded,
    GameEnded,
    GameStarted,
    MoveCancelled,
    MoveMenu,
    MovePlayed,
    MovePreview,
    MoveTyping,
    OfferDeclined,
    OfferMade,
    Place,
    PromotionNeeded,
    TakenBack,
    User,
    parse_button_id,
)
from bot.service.tournament.facts import TournamentShown
from bot.service.tournament.use_case import TournamentUseCases
from bot.service.vote_facts import BallotTaken, VoteMenu
from bot.service.vote_menus import VoteMenus
from bot.service.votes import VoteUseCases
from bot.store import GameRecord, OfferKind

PressResult = (
    GameStarted
    | ChallengeClosed
    | MovePlayed
    | PromotionNeeded
    | GameEnded
    | OfferDeclined
    | TakenBack
    | OfferMade
    | ConfirmationNeeded
    | MoveMenu
    | MoveTyping
    | MovePreview
    | MoveCancelled
    | BoardShown
    | ChallengeCreated
    | ComputerGameStarted
    | GameAnimation
    | RecordExport
    | GameList
    | TournamentShown
    | PauseAgreed
    | VoteMenu
    | BallotTaken
)
_OFFER_ACTIONS = {
    ButtonAction.CONFIRM_RESIGN,
    ButtonAction.ACCEPT_DRAW,
    ButtonAction.DECLINE_DRAW,
    ButtonAction.ACCEPT_TAKEBACK,
    ButtonAction.DECLINE_TAKEBACK,
    ButtonAction.ACCEPT_PAUSE,
    ButtonAction.DECLINE_PAUSE,
}
# The answers to offers that stand while their maker moves (only the opponent's move lapses
# them): a draw offer, a pause asked for. A takeback's or a resignation's are about the
# position they were made in.
_STANDING = {
    ButtonAction.ACCEPT_DRAW: OfferKind.DRAW,
    ButtonAction.DECLINE_DRAW: OfferKind.DRAW,
    ButtonAction.ACCEPT_PAUSE: OfferKind.PAUSE,
    ButtonAction.DECLINE_PAUSE: OfferKind.PAUSE,
}


class ButtonUseCases:
    def __init__(
        self,
        core: ServiceCore,
        after_game: AfterGameUseCases,
        board_menus: BoardMenuUseCases,
        challenges: ChallengeUseCases,
        endings: EndingUseCases,
        play: PlayUseCases,
        reports: ReportUseCases,
        tournaments: TournamentUseCases,
        pauses: PauseUseCases,
        votes: VoteUseCases,
        vote_menus: VoteMenus,
    ) -> None:
        self._core = core
        self._after_game = after_game
        self._board_menus = board_menus
        self._challenges = challenges
        self._endings = endings
        self._play = play
        self._reports = reports
        self._tournaments = tournaments
        self._pauses = pauses
        self._votes = votes
        self._vote_menus = vote_menus

    async def press(
        self,
        user: User,
        action: ButtonAction,
        target_id: int,
        argument: str = "",
        *,
        place: Place | None = None,
        values: tuple[str, ...] = (),
        roles: frozenset[int] = frozenset(),
    ) -> PressResult:
        """Do what a button, a select menu (``values`` chosen) or a form (``values``
        typed) means, checking the presser (holding ``roles``: a team's role) may (the use
        cases raise ``UserError``s for others). Buttons about a game carry the ply they
        were made at and refuse (``GameChangedError``) once the game has moved on.
        ``place`` is where the button was pressed (a promotion chosen away from the game is
        announced there)."""
        if action in PLY_BOUND_ACTIONS:
            return await self._board_control(
                user, action, target_id, argument, place, values, roles
            )
        if action in _OFFER_ACTIONS and argument:
            if not argument.isdigit():
                raise InvalidButtonError
            record = await self._core.game_record(target_id)
            moved_on = record.is_active and record.ply != int(argument)
            if moved_on and not await self._offer_stands(record, action, int(argument)):
                raise GameChangedError
        match action:
            case ButtonAction.ACCEPT_CHALLENGE:
                return await self._challenges.accept_challenge(user, target_id)
            case ButtonAction.ACCEPT_SETUP if len(values) == 1:
                return await self._challenges.accept_challenge(user, target_id, values[0])
            case ButtonAction.DECLINE_CHALLENGE:
                return await self._challenges.decline_challenge(user, target_id)
            case ButtonAction.CANCEL_CHALLENGE:
                return await self._challenges.cancel_challenge(user, target_id)
            case ButtonAction.PROMOTE:
                return await self._play.promote(user, target_id, argument, place=place)
            case action if action in _OFFER_ACTIONS:
                return await self._answer(user, action, target_id, place)
            case ButtonAction.CANCEL_MOVE:
                return await self._board_menus.cancel_move(user, target_id, argument)
            case ButtonAction.REMATCH:
                return await self._after_game.rematch(user, target_id, place=place)
            case ButtonAction.GIF:
                return await self._after_game.animation(user, place, game_id=target_id)
            case ButtonAction.PGN:
                return await self._reports.record(user, place, game_id=target_id)
            case ButtonAction.GAMES_PAGE:
                return await self._reports.games_page(user, target_id, argument, place=place)
            case ButtonAction.JOIN_TOURNAMENT if place is not None:
                return await self._tournaments.join(user, place, target_id)
            case ButtonAction.LEAVE_TOURNAMENT if place is not None:
                return await self._tournaments.leave(user, place, target_id)
            case ButtonAction.LIST_BOARD | ButtonAction.LIST_PLAY:
                return await self._listed_game(user, action, values, place)
        raise InvalidButtonError

    async def _answer(
        self, user: User, action: ButtonAction, game_id: int, place: Place | None
    ) -> PressResult:
        """A resignation confirmed, an offer accepted or declined (pressed at ``place``)."""
        endings, pauses = self._endings, self._pauses
        answers: dict[ButtonAction, Callable[..., Awaitable[PressResult]]] = {
            ButtonAction.CONFIRM_RESIGN: endings.confirm_resign,
            ButtonAction.ACCEPT_DRAW: endings.accept_draw,
            ButtonAction.DECLINE_DRAW: endings.decline_draw,
            ButtonAction.ACCEPT_TAKEBACK: endings.accept_takeback,
            ButtonAction.DECLINE_TAKEBACK: endings.decline_takeback,
            ButtonAction.ACCEPT_PAUSE: pauses.accept,
            ButtonAction.DECLINE_PAUSE: pauses.decline,
        }
        answer = answers.get(action)
        if answer is None:
            raise InvalidButtonError
        return await answer(user, game_id, place=place)

    async def _listed_game(
        self, user: User, action: ButtonAction, values: tuple[str, ...], place: Place | None
    ) -> BoardShown | MoveMenu:
        """A game chosen from a list: its board, or its Move… menu (the checks are those of
        ``/board`` and of the board's Move… button: nobody sees or moves in a game they
        could not from a command). Raises ``InvalidButtonError`` for a value no list made."""
        if len(values) != 1 or not values[0].isdigit() or len(values[0]) > 19:
            raise InvalidButtonError
        game_id = int(values[0])
        if action is ButtonAction.LIST_BOARD:
            return await self._play.board(user, place, game_id=game_id)
        record = await self._core.resolve(user, place, game_id)
        return await self._board_menus.move_menu(user, game_id, str(record.ply), place=place)

    async def _offer_stands(self, record: GameRecord, action: ButtonAction, ply: int) -> bool:
        """Whether ``action`` answers a standing offer (``_STANDING``) made at ``ply`` that
        still stands: the offerer's own move keeps it, so its buttons work as long as it
        does."""
        kind = _STANDING.get(action)
        if kind is None:
            return False
        offers = await self._core.store.games.offers(record.id)
        return any(offer.kind is kind and offer.ply == ply for offer in offers)

    async def _board_control(
        self,
        user: User,
        action: ButtonAction,
        game_id: int,
        argument: str,
        place: Place | None,
        values: tuple[str, ...],
        roles: frozenset[int],
    ) -> PressResult:
        """A control of a board message, or a menu or form opened from one."""
        record = await self._core.game_record(game_id)
        ply = argument.split(":", 1)[0]
        if not ply.isdigit():
            raise InvalidButtonError
        if record.is_active and record.ply != int(ply):
            raise StaleBoardError(game_id)
        match action:
            case ButtonAction.MOVE_MENU:
                return await self._board_menus.move_menu(user, game_id, argument, place=place)
            case ButtonAction.LEGAL_MENU:
                return await self._board_menus.legal_menu(user, game_id, argument, place=place)
            case ButtonAction.OFFER_DRAW:
                return await self._endings.draw(user, place, game_id=game_id, pressed=True)
            case ButtonAction.ASK_TAKEBACK:
                return await self._endings.takeback(user, place, game_id=game_id, pressed=True)
            case ButtonAction.ASK_RESIGN:
                return await self._endings.resign(user, place, game_id=game_id)
            case ButtonAction.TYPE_MOVE:
                return await self._board_menus.type_move(user, game_id, argument, place=place)
            case ButtonAction.PICK_PIECE:
                return await self._board_menus.pick_piece(
                    user, game_id, argument, values, place=place
                )
            case ButtonAction.PICK_TARGET:
                return await self._board_menus.pick_target(
                    user, game_id, argument, values, place=place
                )
            case ButtonAction.PICK_LEGAL:
                return await self._board_menus.pick_legal(
                    user, game_id, argument, values, place=place
                )
            case ButtonAction.TYPED_MOVE:
                return await self._board_menus.typed_move(
                    user, game_id, argument, values, place=place
                )
            case ButtonAction.CONFIRM_MOVE:
                return await self._board_menus.confirm_move(user, game_id, argument, place=place)
            case ButtonAction.VOTE_MENU:
                return await self._vote_menus.menu(user, game_id, int(ply), roles)
            case ButtonAction.NOMINATE_PIECE:
                return await self._vote_menus.pick_piece(user, game_id, argument, values, roles)
            case ButtonAction.NOMINATE_TARGET:
                return await self._vote_menus.pick_target(user, place, game_id, values, roles)
            case ButtonAction.CAST_VOTE if len(values) == 1 and len(values[0]) <= MAX_MOVE_TEXT:
                return await self._votes.vote(user, place, values[0], game_id=game_id, roles=roles)
        raise InvalidButtonError

    async def press_custom_id(
        self,
        user: User,
        custom_id: str,
        *,
        place: Place | None = None,
        values: tuple[str, ...] = (),
        roles: frozenset[int] = frozenset(),
    ) -> PressResult:
        """``press`` for a ``Button.custom_id`` (or a select menu's or form's). Raises
        ``InvalidButtonError`` if malformed."""
        parsed = parse_button_id(custom_id)
        if parsed is None:
            raise InvalidButtonError
        return await self.press(user, *parsed, place=place, values=values, roles=roles)
