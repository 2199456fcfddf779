"""Club matches (``service.matches``): two teams — two sides of one server, or two servers
— over a number of boards. An organiser makes the match (inviting another server by its
id, whose organiser accepts), players join their side (or an organiser lists them), and
the start pairs the sides board by board in rating order, each pair playing one game or
two (both colours at once). A game between servers lives in both servers
(``bot/store/game_places.py``). Each result updates each side's standings message through
the outbox (``DeliveryUseCases``, as a tournament's). Every refusal is a ``MatchError``
raised before anything changed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import partial

from bot.service.challenge_plan import check_days
from bot.service.core import ServiceCore
from bot.service.game_facts import variant_named
from bot.service.match_facts import (
    MAX_BOARDS,
    MAX_SIDE_NAME,
    MAX_SIDE_PLAYERS,
    BoardGame,
    BoardScore,
    MatchChange,
    MatchError,
    MatchRefusal,
    MatchShown,
    MatchStandings,
    MatchStarted,
    MatchView,
)
from bot.service.outbox_items import match_invitation, turn_dm
from bot.service.results import Place, PlayerRef, User
from bot.service.tournament.organisers import OrganiserRoles
from bot.service.tournament.standings import HALVES
from bot.store import (
    ClubMatch,
    GameOpenedFacts,
    ListChange,
    MatchSide,
    MatchStatus,
    NewGame,
    NewMatch,
    NewPlace,
    OutboxItem,
    OutboxTarget,
    PairedMatchGame,
    Routing,
)
from rules import Color

_LIST_REFUSED = {
    ListChange.ALREADY_IN: MatchRefusal.ALREADY_IN,
    ListChange.FULL: MatchRefusal.SIDE_FULL,
    ListChange.NOT_IN: MatchRefusal.NOT_IN,
    ListChange.NOT_OPEN: MatchRefusal.NOT_OPEN,
}


class ClubMatchUseCases:
    def __init__(self, core: ServiceCore, organisers: OrganiserRoles) -> None:
        self._core = core
        self._organisers = organisers

    async def create(
        self,
        user: User,
        place: Place,
        *,
        manages_server: bool,
        role_ids: Collection[int] = (),
        names: tuple[str, str],
        boards: int,
        games_a_board: int = 2,
        game: str = "chess",
        days: int = 3,
        against: int | None = None,
        invite_from: str | None = None,
    ) -> MatchShown:
        """Make a match of ``boards`` boards between ``names`` (side 1 here, where the games
        live; side 2 here too, or the server ``against``, invited: its organiser accepts;
        ``invite_from``: the name of this server, when the invitation is to be posted there,
        by the outbox, written with the match).
        Raises ``MatchError`` (NOT_ORGANISER, BAD_BOARDS, BAD_GAMES, BAD_NAME,
        SAME_SERVER), ``DaysError`` (days per move not a choice) and the variant's errors."""
        await self._require_organiser(place.guild_id, manages_server, role_ids)
        check_days(days)
        if not 1 <= boards <= MAX_BOARDS:
            raise MatchError(MatchRefusal.BAD_BOARDS, count=MAX_BOARDS)
        if games_a_board not in (1, 2):
            raise MatchError(MatchRefusal.BAD_GAMES)
        cleaned = tuple(" ".join(name.split()) for name in names)
        if any(not 1 <= len(name) <= MAX_SIDE_NAME for name in cleaned):
            raise MatchError(MatchRefusal.BAD_NAME, count=MAX_SIDE_NAME)
        if against is not None and (against == place.guild_id or not place.guild_id):
            raise MatchError(MatchRefusal.SAME_SERVER)
        variant = variant_named(game).name
        await self._core.ensure_player(user)
        here = MatchSide(1, place.guild_id, place.channel_id, place.thread_id, cleaned[0], user.id)
        if against is None:
            there = MatchSide(
                2, place.guild_id, place.channel_id, place.thread_id, cleaned[1], user.id
            )
        else:
            there = MatchSide(2, against, None, None, cleaned[1], None)
        new = NewMatch(variant, boards, games_a_board, days, (here, there))
        status = MatchStatus.OPEN if against is None else MatchStatus.INVITED
        invitation = None
        if against is not None and invite_from is not None:
            invitation = partial(match_invitation, invite_from, user.id)
        made = await self._core.store.club_matches.create(new, status, self._core.now(), invitation)
        change = MatchChange.CREATED if against is None else MatchChange.INVITED
        return MatchShown(await self.view(made), change)

    async def accept(
        self,
        user: User,
        place: Place,
        match_id: int | None = None,
        *,
        manages_server: bool,
        role_ids: Collection[int] = (),
        decline: bool = False,
    ) -> MatchShown:
        """An organiser of the invited server accepts (or declines) match ``match_id``
        (else the newest of this server) from ``place``, where its games will live in that
        server. Raises ``MatchError`` (NO_MATCH, NOT_INVITED, NOT_INVITATION,
        NOT_ORGANISER)."""
        match = await self._here(place, match_id)
        if place.guild_id != match.sides[1].guild_id or not match.between_servers:
            raise MatchError(MatchRefusal.NOT_INVITED, match_id=match.id)
        if match.status is not MatchStatus.INVITED:
            raise MatchError(MatchRefusal.NOT_INVITATION, match_id=match.id)
        await self._require_organiser(place.guild_id, manages_server, role_ids)
        await self._core.ensure_player(user)
        store = self._core.store.club_matches
        if decline:
            done = await store.decline(match)
        else:
            done = await store.accept(match, place.channel_id, place.thread_id, user.id)
        if not done:  # another organiser answered meanwhile
            raise MatchError(MatchRefusal.NOT_INVITATION, match_id=match.id)
        change = MatchChange.DECLINED if decline else MatchChange.ACCEPTED
        return MatchShown(await self.view(await self._match(match.id)), change)

    async def join(
        self,
        user: User,
        place: Place,
        match_id: int | None = None,
        *,
        side: int | None = None,
        player: User | None = None,
        leave: bool = False,
        manages_server: bool = False,
        role_ids: Collection[int] = (),
    ) -> MatchShown:
        """``user`` joins (or with ``leave`` leaves) their side of the match (``match_id``,
        else the newest going on in this server): the side of their server, or ``side``
        (1 or 2) in a match of one server. With ``player``, an organiser of that side (its
        organiser, or whoever may organise in this server: ``manages_server``, ``role_ids``)
        lists (or takes off) another member. Raises ``MatchError`` (NO_MATCH, NOT_A_SIDE,
        WHICH_SIDE, NOT_ORGANISER, ALREADY_IN, SIDE_FULL, NOT_IN, NOT_OPEN)."""
        match = await self._here(place, match_id)
        store, now = self._core.store.club_matches, self._core.now()
        listed = user if player is None else player
        if leave and side is None and not match.between_servers:  # the side they are on
            on = [p.side for p in await store.players(match.id) if p.player_id == listed.id]
            number = on[0] if on else 1
        else:
            number = _side_of(match, place, side)
        await self._core.ensure_player(user)
        if player is not None:
            organiser = match.sides[number - 1].organiser_id
            await self._require_organiser(
                place.guild_id, manages_server, role_ids, match.id, organiser == user.id
            )
            await self._core.ensure_known(player)
        if leave:
            done = await store.leave(match.id, number, listed.id)
        else:
            done = await store.join(match.id, number, listed.id, now, MAX_SIDE_PLAYERS)
        if done is not ListChange.DONE:
            raise MatchError(_LIST_REFUSED[done], match_id=match.id, count=MAX_SIDE_PLAYERS)
        ref = await self._core.ref(listed.id)
        change = MatchChange.LEFT if leave else MatchChange.JOINED
        return MatchShown(await self.view(await self._match(match.id)), change, ref, number)

    async def start(
        self,
        user: User,
        place: Place,
        match_id: int | None = None,
        *,
        manages_server: bool = False,
        role_ids: Collection[int] = (),
    ) -> MatchStarted:
        """An organiser of either side (one who made or accepted it, or whoever may
        organise in a side's server: ``manages_server``, ``role_ids``) starts the match:
        each side's best rated players (in their own server, for the match's game) take
        its boards in order, and every game is created at once, opening in each of its
        places. Raises ``MatchError`` (NO_MATCH, NOT_ORGANISER, NOT_OPEN, TOO_FEW)."""
        match = await self._here(place, match_id)
        listed = user.id in {side.organiser_id for side in match.sides}
        await self._require_organiser(place.guild_id, manages_server, role_ids, match.id, listed)
        if match.status is not MatchStatus.OPEN:
            raise MatchError(MatchRefusal.NOT_OPEN, match_id=match.id)
        ranked = await self._ranked(match)
        for side, players in zip(match.sides, ranked, strict=True):
            if len(players) < match.boards:
                raise MatchError(
                    MatchRefusal.TOO_FEW, match_id=match.id, count=match.boards, side=side.name
                )
        pairs = [(ranked[0][b], ranked[1][b]) for b in range(match.boards)]
        games = await self._games(match, pairs)
        boards = {player: b + 1 for b, pair in enumerate(pairs) for player in pair}
        store = self._core.store.club_matches
        if await store.start(match, boards, games, self._core.now()) is None:
            now = await self._match(match.id)  # a start came first, or the list changed
            reason = (
                MatchRefusal.CHANGED if now.status is MatchStatus.OPEN else MatchRefusal.NOT_OPEN
            )
            raise MatchError(reason, match_id=match.id)
        self._core.schedule_changed()
        return MatchStarted(await self.standings(match.id))

    async def show(
        self, user: User, place: Place, match_id: int | None = None
    ) -> MatchShown | MatchStandings:
        """The match (the newest going on here, or ``match_id``): its sides and players
        until it starts, then its standings. Raises ``MatchError`` (NO_MATCH)."""
        match = await self._here(place, match_id)
        if match.status in (MatchStatus.RUNNING, MatchStatus.FINISHED):
            return await self.standings(match.id)
        return MatchShown(await self.view(match), MatchChange.SHOWN)

    # --- reading -------------------------------------------------------------------------

    async def view(self, match: ClubMatch) -> MatchView:
        players = await self._core.store.club_matches.players(match.id)
        refs = await self._core.refs(*{p.player_id for p in players})
        by_side = tuple(
            tuple(
                refs[p.player_id]
                for p in sorted(
                    (p for p in players if p.side == side),
                    key=lambda p: p.board if p.board is not None else MAX_BOARDS + 1,
                )
            )
            for side in (1, 2)
        )
        return MatchView(
            id=match.id,
            variant=match.variant,
            boards=match.boards,
            games_a_board=match.games_a_board,
            days_per_move=match.days_per_move,
            status=match.status,
            names=(match.sides[0].name, match.sides[1].name),
            guilds=(match.sides[0].guild_id, match.sides[1].guild_id),
            players=(by_side[0], by_side[1]),
        )

    async def standings(self, match_id: int) -> MatchStandings:
        """The match's score per board and in all, from its games' results (read with the
        games, in one statement, whatever the number of boards)."""
        match = await self._match(match_id)
        view = await self.view(match)
        games = await self._core.store.club_matches.games(match.id)
        refs = await self._core.refs(*{p for g in games for p in (g.white_id, g.black_id)})
        boards = []
        for number in sorted({g.board for g in games}):
            played = []
            for game in (g for g in games if g.board == number):
                halves = HALVES.get(game.result or "")
                one_white = game.white_side == 1
                if halves is not None and not one_white:
                    halves = (halves[1], halves[0])
                played.append(BoardGame(game.game_id, one_white, halves))
            first = next(g for g in games if g.board == number)
            one, two = (
                (first.white_id, first.black_id)
                if first.white_side == 1
                else (first.black_id, first.white_id)
            )
            boards.append(BoardScore(number, (refs[one], refs[two]), tuple(played)))
        finished = sum(1 for g in games if g.result is not None)
        return MatchStandings(view, tuple(boards), finished, len(games))

    async def side(self, match_id: int, side: int) -> MatchSide:
        """Side ``side`` (1 or 2) of the match: where its messages go."""
        return (await self._match(match_id)).sides[side - 1]

    async def standings_posted(self, match_id: int, side: int, message_id: int) -> None:
        """The side's standings message was posted: later results edit it."""
        await self._core.store.club_matches.set_standings_message(match_id, side, message_id)

    # --- helpers -------------------------------------------------------------------------

    async def _require_organiser(
        self,
        guild_id: int,
        manages_server: bool,
        role_ids: Collection[int],
        match_id: int | None = None,
        listed: bool = False,
    ) -> None:
        """Nothing when the member is ``listed`` as the side's organiser or may organise in
        ``guild_id`` (Manage Server, or the organisers' role tournaments use); else raises
        ``MatchError`` (NOT_ORGANISER)."""
        if listed:
            return
        allowed = await self._organisers.may_organise(
            guild_id or None, manages_server=manages_server, role_ids=role_ids
        )
        if not allowed:
            raise MatchError(MatchRefusal.NOT_ORGANISER, match_id=match_id)

    async def _match(self, match_id: int) -> ClubMatch:
        match = await self._core.store.club_matches.get(match_id)
        if match is None:
            raise MatchError(MatchRefusal.NO_MATCH, match_id=match_id)
        return match

    async def _here(self, place: Place, match_id: int | None) -> ClubMatch:
        """Match ``match_id`` if one of its sides is this server's, else the newest going
        on here. Raises ``MatchError`` (NO_MATCH) — for another server's match too, whose
        number it does not confirm."""
        store = self._core.store.club_matches
        if match_id is None:
            found = await store.latest_in(place.guild_id)
        else:
            found = await store.get(match_id)
            if found is not None and place.guild_id not in {s.guild_id for s in found.sides}:
                found = None
        if found is None:
            raise MatchError(MatchRefusal.NO_MATCH, match_id=match_id)
        return found

    async def _ranked(self, match: ClubMatch) -> tuple[list[int], list[int]]:
        """Each side's players, best rated first in their side's server (newcomers at
        1500), the first listed first among equals."""
        players = await self._core.store.club_matches.players(match.id)
        ranked: list[list[int]] = [[], []]
        for side in match.sides:
            listed = [p.player_id for p in players if p.side == side.side]
            found = await self._core.store.ratings.get_many(side.guild_id, match.variant, listed)
            ratings = {p: found[p].rating if p in found else 1500.0 for p in listed}
            ranked[side.side - 1] = sorted(listed, key=lambda p: -ratings[p])
        return ranked[0], ranked[1]

    async def _games(
        self, match: ClubMatch, pairs: Sequence[tuple[int, int]]
    ) -> list[PairedMatchGame]:
        """The games of ``pairs`` (side 1's player, side 2's), board by board: two a board
        (each colour once) or one (side 1 white on odd boards), each with its opening in
        its places and the first mover's DM."""
        core, now = self._core, self._core.now()
        here, there = match.sides
        ids = [p for pair in pairs for p in pair]
        players = await core.store.players.get_many(ids)
        refs = await core.refs(*ids)
        start = variant_named(match.variant).start_fen
        black_first = variant_named(match.variant).from_fen(start).side_to_move is Color.BLACK
        games = []
        for board, (one, two) in enumerate(pairs, start=1):
            sides = (1, 2) if match.games_a_board == 2 else ((1,) if board % 2 else (2,))
            for white_side in sides:
                white, black = (one, two) if white_side == 1 else (two, one)
                first = black if black_first else white
                deadline = await core.deadline_for(
                    first, now, match.days_per_move, players.get(first)
                )
                assert here.channel_id is not None and there.channel_id is not None
                other = (NewPlace(there.guild_id, there.channel_id, two),)
                game = NewGame(
                    here.guild_id,
                    here.channel_id,
                    None,
                    match.variant,
                    start,
                    white,
                    black,
                    match.days_per_move,
                    False,  # ratings are a server's; a match's games are not rated
                    False,
                    first,
                    deadline,
                    core.first_look(players.get(first), deadline, now),
                    other_places=other if match.between_servers else (),
                )
                # Both mentioned in the game's own thread (which adds them to it); the
                # copy in the other server keeps only its own player (``where_said``).
                opened = OutboxItem(
                    OutboxTarget.PLACE,
                    GameOpenedFacts(1, board),
                    routing=Routing((white, black)),
                )
                outbox = (opened, *turn_dm(None, 0, refs[first]))
                games.append(PairedMatchGame(board, white_side, game, outbox))
        return games


def _side_of(match: ClubMatch, place: Place, side: int | None) -> int:
    """The side a member at ``place`` is on: their server's (between servers), or the
    ``side`` they name (one server's match). Raises ``MatchError`` (NOT_A_SIDE,
    WHICH_SIDE)."""
    if match.between_servers:
        for each in match.sides:
            if each.guild_id == place.guild_id:
                return each.side
        raise MatchError(MatchRefusal.NOT_A_SIDE, match_id=match.id)
    if side not in (1, 2):
        raise MatchError(MatchRefusal.WHICH_SIDE, match_id=match.id)
    return side


__all__ = ["ClubMatchUseCases", "PlayerRef"]
