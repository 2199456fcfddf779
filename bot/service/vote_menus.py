"""Nominating from the board (vote chess): Vote…'s private menu carries, beside the vote
for a nomination, the menus a normal move uses (``board_menus``): a piece of the side to
move, then its destination, nominated as ``/vote nominate`` would (the same checks: a
member of the team to move, its window open, the board current)."""

from __future__ import annotations

from dataclasses import replace

from bot.service.board_menus import PiecePicked, piece_menus, square_of, target_menu
from bot.service.core import ServiceCore
from bot.service.errors import InvalidButtonError
from bot.service.play import MAX_MOVE_TEXT
from bot.service.results import (
    Button,
    ButtonAction,
    ButtonLabel,
    MenuStep,
    MoveMenu,
    Place,
    User,
)
from bot.service.vote_facts import BallotTaken, VoteMenu
from bot.service.votes import VoteUseCases
from rules import Color


class VoteMenus:
    """Vote…'s menu, and nominating a move from its piece menus."""

    def __init__(self, core: ServiceCore, votes: VoteUseCases) -> None:
        self._core = core
        self._votes = votes

    async def menu(
        self, user: User, game_id: int, ply: int, roles: frozenset[int] = frozenset()
    ) -> VoteMenu:
        """Vote… for ``user`` (a member holding ``roles``): the turn's nominations to vote
        for and the pieces that can move, to nominate one of their moves. Raises what
        ``VoteUseCases.menu`` raises (not a member, the turn moved on, the window closed)."""
        menu = await self._votes.menu(user, game_id, ply, roles)
        record = await self._core.game_record(game_id)
        game = await self._core.replay(record)
        pieces = piece_menus(game, ButtonAction.NOMINATE_PIECE, game_id, ply)
        return replace(menu, pieces=pieces, variant=record.variant)

    async def pick_piece(
        self,
        user: User,
        game_id: int,
        argument: str,
        values: tuple[str, ...],
        roles: frozenset[int] = frozenset(),
    ) -> MoveMenu:
        """The moves of the piece chosen in Vote…'s menu, to nominate one (the board marking
        them, seen from the team's side). Raises what ``menu`` raises, and
        ``InvalidButtonError`` for a value no menu sent."""
        ply = argument.split(":", 1)[0]
        await self._votes.menu(user, game_id, int(ply), roles)  # a member, the window open
        record = await self._core.game_record(game_id)
        game = await self._core.replay(record)
        back = Button(ButtonLabel.ANOTHER_PIECE, ButtonAction.VOTE_MENU, game_id, ply)
        seat = Color.WHITE if record.white_id == record.to_move_id else Color.BLACK
        picked = PiecePicked(
            square_of(game, values),
            seat,
            back,
            ButtonAction.NOMINATE_TARGET,
            MenuStep.NOMINATION,
        )
        return await target_menu(self._core, user, record, game, picked)

    async def pick_target(
        self,
        user: User,
        place: Place | None,
        game_id: int,
        values: tuple[str, ...],
        roles: frozenset[int] = frozenset(),
    ) -> BallotTaken:
        """The move chosen (its UCI), nominated for the team's turn. Raises what
        ``VoteUseCases.nominate`` raises, and ``InvalidButtonError`` for a value no menu
        sent."""
        if len(values) != 1 or len(values[0]) > MAX_MOVE_TEXT:
            raise InvalidButtonError
        return await self._votes.nominate(user, place, values[0], game_id=game_id, roles=roles)
