"""Tournaments in a server (``service.tournaments``): an organiser opens one, players join
and leave, the start creates every round-robin game at once, the standings are read from
the games' results, and the last game's ending finishes the tournament (in its own
transaction: ``bot.store.tournament_endings``).

Pairing numbers are given in joining order (the first to join is number 1). Every refusal
is a ``TournamentError`` with its reason, raised before anything changed.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Unpack

from bot.service.core import WRITE_ATTEMPTS, ServiceCore
from bot.service.endings import stored_ending
from bot.service.game_facts import record_extension
from bot.service.local_time import zone_or_utc
from bot.service.outbox_items import ending_items
from bot.service.reports import record_tags
from bot.service.results import Place, PlayerRef, User
from bot.service.text import pgn_tag
from bot.service.tournament.cross import cross_cells
from bot.service.tournament.deadline import parse_deadline
from bot.service.tournament.facts import (
    MIN_PLAYERS,
    EntryKind,
    Pairing,
    TournamentError,
    TournamentRecords,
    TournamentRefusal,
    TournamentShown,
    TournamentStandings,
    TournamentStarted,
    TournamentView,
    TournamentWithdrawn,
)
from bot.service.tournament.finding import (
    closed,
    find_tournament,
    latest_tournament,
    latest_view,
    tournament_view,
)
from bot.service.tournament.going_on import first_step, level_rule, new_games, next_step
from bot.service.tournament.knockout import LOTS_SEEDS
from bot.service.tournament.organisers import OrganiserRoles
from bot.service.tournament.rating_changes import changes_by_player, with_rating_changes
from bot.service.tournament.signup_items import started_items
from bot.service.tournament.standings import Played
from bot.service.tournament.tables import bracket_lines, table_lines
from bot.service.tournament.terms import OpeningOptions, opening_terms
from bot.service.tournament.withdrawals import counted, going_on, struck_out
from bot.store import (
    BatchEnding,
    Entrant,
    Entry,
    EntryChange,
    GameRecord,
    PairedGame,
    Tournament,
    TournamentFormat,
    TournamentStatus,
    TournamentTimeoutsFacts,
)
from rules import Color, Outcome, Termination

_REFUSED_ENTRY = {
    EntryChange.ALREADY_IN: TournamentRefusal.ALREADY_IN,
    EntryChange.NOT_IN: TournamentRefusal.NOT_IN,
    EntryChange.FULL: TournamentRefusal.FULL,
    EntryChange.NOT_OPEN: TournamentRefusal.STARTED,
    EntryChange.UNKNOWN: TournamentRefusal.NO_TOURNAMENT,
}


class TournamentUseCases:
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
        deadline: str | None = None,
        **terms: Unpack[OpeningOptions],
    ) -> TournamentShown:
        """Open a tournament in ``place`` on ``terms`` (``bot.service.tournament.terms``):
        a round robin (``double``: both colours at once), a Swiss of ``rounds`` (a bye
        worth ``bye_halves`` half points) or a knockout (``tiebreaks``: pairs of games after
        a level match, then ``decider``); ``timeouts``: a player losing that many on time is
        withdrawn; ``vacation`` False: no vacation pauses its games; ``start``: every game's
        thematic line. ``deadline``: sign-up closes and the clock starts it.
        ``manages_server`` and ``role_ids`` say what Discord says of the member
        (``bot.service.tournament.organisers``). Raises ``TournamentError``,
        ``InvalidOptionError``, ``DeadlineError`` before any write."""
        refused = TournamentRefusal.NOT_ORGANISER
        await self._organisers.check(place.guild_id, manages_server, role_ids, refused)
        new = opening_terms(place, user.id, **terms)
        starts_at = await self._deadline(user, deadline)  # before anything is written
        await self._core.ensure_player(user)
        made = await self._core.store.tournaments.create(
            # Its lots' seed, drawn now and never shown: no player can know a lot ahead.
            replace(new, starts_at=starts_at, lots_seed=secrets.randbelow(LOTS_SEEDS)),
            self._core.now(),
        )
        if starts_at is not None:
            self._core.schedule_changed()  # the scheduler wakes for the deadline
        shown = await tournament_view(self._core, made)
        return TournamentShown(shown, EntryKind.CREATED, await self._ref(user))

    async def _deadline(self, user: User, typed: str | None) -> datetime | None:
        """The sign-up deadline ``typed`` (in ``user``'s time zone), or None."""
        if typed is None or not typed.strip():
            return None
        player = await self._core.store.players.get(user.id)
        zone = zone_or_utc(player.time_zone if player and player.time_zone else "UTC")
        return parse_deadline(typed, self._core.now(), zone)

    async def join(
        self, user: User, place: Place, tournament_id: int | None = None
    ) -> TournamentShown:
        """Enter the tournament (``tournament_id``, or the one open in ``place``); a join
        that fills one set to start when full starts it (``TournamentShown.started``).
        Raises ``TournamentError`` (ALREADY_IN, FULL, STARTED, NO_TOURNAMENT, SEVERAL)."""
        tournament = await find_tournament(self._core, place, tournament_id, open_only=True)
        await self._core.ensure_player(user)
        entry = await self._core.store.tournaments.join(tournament.id, user.id, self._core.now())
        self._refuse(entry, tournament)
        started = None
        if tournament.start_when_full and entry.entrants >= tournament.max_players:
            latest = await self._core.store.tournaments.get(tournament.id)
            if latest is not None and latest.status is TournamentStatus.OPEN:
                started = await self._start(latest)
        shown = await latest_view(self._core, tournament.id)
        return TournamentShown(shown, EntryKind.JOINED, await self._ref(user), started)

    async def leave(
        self, user: User, place: Place, tournament_id: int | None = None
    ) -> TournamentShown:
        """Leave a tournament before it starts. Raises ``TournamentError`` (NOT_IN,
        STARTED, NO_TOURNAMENT, SEVERAL)."""
        tournament = await find_tournament(self._core, place, tournament_id, open_only=True)
        entry = await self._core.store.tournaments.leave(tournament.id, user.id)
        self._refuse(entry, tournament)
        shown = await latest_view(self._core, tournament.id)
        return TournamentShown(shown, EntryKind.LEFT, await self._ref(user))

    async def start(
        self,
        user: User,
        place: Place,
        tournament_id: int | None = None,
        *,
        manages_server: bool,
        role_ids: Collection[int] = (),
    ) -> TournamentStarted:
        """Start the tournament now: its organiser, or a member who may organise here
        (``manages_server``, ``role_ids``: what Discord says of them). Every game is
        created at once, in one transaction. Raises ``TournamentError`` (NOT_ORGANISER,
        TOO_FEW, STARTED, NO_TOURNAMENT, SEVERAL)."""
        tournament = await find_tournament(self._core, place, tournament_id, open_only=True)
        if user.id != tournament.organiser_id:
            refused = TournamentRefusal.NOT_ORGANISER
            await self._organisers.check(
                place.guild_id, manages_server, role_ids, refused, tournament.id
            )
        return await self._start(tournament)

    async def withdraw(
        self,
        user: User,
        place: Place,
        tournament_id: int | None = None,
        *,
        player: User | None = None,
        manages_server: bool,
        role_ids: Collection[int] = (),
    ) -> TournamentWithdrawn:
        """``user`` withdraws from the running tournament (the newest here when none is
        named), or withdraws ``player`` (its organiser, or a member who may organise here:
        ``manages_server``, ``role_ids``): by the rule of
        ``bot.service.tournament.withdrawals``, in one transaction.
        Raises ``TournamentError`` (NOT_STARTED, OVER, NOT_ENTRANT, WITHDRAWN,
        NOT_ORGANISER_OF, NO_TOURNAMENT)."""
        tournament = await find_tournament(self._core, place, tournament_id, open_only=False)
        leaving = player or user
        name, number = leaving.name, tournament.id
        if leaving.id != user.id and user.id != tournament.organiser_id:
            refused = TournamentRefusal.NOT_ORGANISER_OF
            await self._organisers.check(place.guild_id, manages_server, role_ids, refused, number)
        if tournament.status is TournamentStatus.OPEN:
            raise TournamentError(TournamentRefusal.NOT_STARTED, tournament_id=number)
        if tournament.status is TournamentStatus.FINISHED:
            raise TournamentError(TournamentRefusal.OVER, tournament_id=number)
        for _ in range(WRITE_ATTEMPTS):  # a game moved meanwhile: read them again
            done = await self._withdraw(tournament, leaving, user)
            if done is not None:
                return done
        raise TournamentError(TournamentRefusal.WITHDRAWN, tournament_id=number, player=name)

    async def timed_out(
        self, facts: TournamentTimeoutsFacts, said_by: int | None = None
    ) -> TournamentWithdrawn | None:
        """Withdraw ``facts.player_id``, who has lost ``facts.timeouts`` games of the
        tournament on time, its limit: by the rule of ``bot.service.tournament.withdrawals``,
        in one transaction, which restates the outbox row ``said_by`` with what it did; what
        it did, said again, when ``facts`` are that restatement. None when there is nothing
        to do: the tournament is over, or they withdrew meanwhile."""
        if facts.withdrawn:
            return await self._withdrawn(facts)
        tournament = await self._core.store.tournaments.get(facts.tournament_id)
        if tournament is None or tournament.status is not TournamentStatus.RUNNING:
            return None
        ref = await self._core.ref(facts.player_id)
        player = User(ref.id, ref.name)
        for _ in range(WRITE_ATTEMPTS):  # a game moved meanwhile: read them again
            try:
                done = await self._withdraw(tournament, player, player, facts, said_by)
            except TournamentError:  # withdrawn already
                return None
            if done is not None:
                return done
        return None

    async def _withdrawn(self, facts: TournamentTimeoutsFacts) -> TournamentWithdrawn:
        """A withdrawal for time-outs as its restated row ``facts`` recorded it."""
        player = await self._core.ref(facts.player_id)
        view = await latest_view(self._core, facts.tournament_id)
        return TournamentWithdrawn(
            view,
            player,
            player,
            facts.struck_out,
            facts.finished,
            facts.games,
            facts.forfeited,
            facts.timeouts,
        )

    async def _withdraw(
        self,
        tournament: Tournament,
        leaving: User,
        actor: User,
        timeouts: TournamentTimeoutsFacts | None = None,
        said_by: int | None = None,
    ) -> TournamentWithdrawn | None:
        core, store = self._core, self._core.store.tournaments
        entrants = await store.entrants(tournament.id)
        entrant = next((e for e in entrants if e.player_id == leaving.id), None)
        if entrant is None or entrant.withdrawn:
            reason = TournamentRefusal.WITHDRAWN if entrant else TournamentRefusal.NOT_ENTRANT
            raise TournamentError(reason, tournament_id=tournament.id, player=leaving.name)
        games = await store.games(tournament.id)
        # Games against a player struck out count for nobody, so not in the half either.
        struck, finished, total = struck_out(
            leaving.id, counted(games, {e.player_id for e in entrants if e.annulled})
        )
        records = [await core.game_record(game_id) for game_id in going_on(leaving.id, games)]
        refs = await core.refs(*{p for r in records for p in (r.white_id, r.black_id)})
        endings = [
            BatchEnding(
                record,
                stored_ending(_lost_by(record, leaving.id)),
                None,  # a game not played changes no rating
                partial(ending_items, record, refs, in_place=True, actor_id=leaving.id),
            )
            for record in records
        ]
        now = core.now()
        said = None
        if timeouts is not None and said_by is not None:  # says it again when retried
            done = replace(timeouts, withdrawn=True, struck_out=struck, finished=finished)
            said = (said_by, replace(done, games=total, forfeited=len(endings)))
        if not await store.withdraw(
            tournament.id, leaving.id, annulled=struck, endings=endings, now=now, said=said
        ):
            return None
        core.schedule_changed()
        return TournamentWithdrawn(
            await latest_view(self._core, tournament.id),
            await core.ref(leaving.id),
            await core.ref(actor.id),
            struck,
            finished,
            total,
            len(endings),
            0 if timeouts is None else timeouts.timeouts,
        )

    async def standings(
        self, place: Place, tournament_id: int | None = None, page: int = 1
    ) -> TournamentStandings:
        """The table now (the newest tournament of ``place`` when none is named), with its
        winners once every game is over; ``page``: the page the adapter will show (of
        ``STANDINGS_PAGE`` players). Raises ``TournamentError`` (NO_TOURNAMENT, NO_PAGE)."""
        tournament = await find_tournament(self._core, place, tournament_id, open_only=False)
        table = await self._table(tournament)
        if not 1 <= page <= table.pages:
            raise TournamentError(
                TournamentRefusal.NO_PAGE, tournament_id=tournament.id, count=table.pages
            )
        return table

    async def _table(self, tournament: Tournament) -> TournamentStandings:
        """``tournament``'s table now, with its winners once every game is over."""
        store = self._core.store.tournaments
        entrants = await store.entrants(tournament.id)
        games = await store.games(tournament.id)
        struck = {entrant.player_id for entrant in entrants if entrant.annulled}
        gone = {entrant.player_id for entrant in entrants if entrant.withdrawn}
        seeded = [entrant.player_id for entrant in entrants]
        ids = [player for player in seeded if player not in struck]
        refs = await self._core.refs(*seeded) if seeded else {}
        done = sum(game.result is not None for game in games)
        won = tournament.status is TournamentStatus.FINISHED
        view = await tournament_view(self._core, tournament)
        if tournament.format is TournamentFormat.KNOCKOUT and tournament.started_at is not None:
            matches, champion = bracket_lines(seeded, games, refs, level_rule(tournament))
            first = (champion,) if won and champion is not None else ()
            changes = changes_by_player(seeded, refs, games) if tournament.rated else ()
            return TournamentStandings(
                view, (), len(games), done, first, matches=matches, rating_changes=changes
            )
        byes = await store.byes(tournament.id)
        kept = counted(games, struck)
        lines, leaders = table_lines(tournament, ids, kept, byes, refs, gone)
        if tournament.rated:  # every game's change counts, struck out or not
            lines = with_rating_changes(lines, games)
        cells: tuple[tuple[str, ...], ...] = ()
        if tournament.format is TournamentFormat.ROUND_ROBIN:
            played = [Played(g.white_id, g.black_id, g.result) for g in kept]
            cells = cross_cells([line.player.id for line in lines], played)
        return TournamentStandings(view, lines, len(games), done, leaders if won else (), cells)

    async def pgn(self, place: Place, tournament_id: int | None = None) -> TournamentRecords:
        """Every game of the tournament (the newest here when none is named) in one file,
        by round and board, each with the tournament's name as its ``Event`` and its round
        and board. Raises ``TournamentError`` (NO_TOURNAMENT, NO_GAMES)."""
        tournament = await find_tournament(self._core, place, tournament_id, open_only=False)
        games = await self._core.store.tournaments.games(tournament.id)
        if not games:
            raise TournamentError(TournamentRefusal.NO_GAMES, tournament_id=tournament.id)
        event = pgn_tag(tournament.name) or f"Postal {tournament.id}"
        texts = []
        for listed in games:
            record = await self._core.game_record(listed.game_id)
            game = await self._core.replay(record)
            tags = record_tags(await self._core.view(record), record)
            tags |= {"Event": event, "Round": str(listed.round), "Board": str(listed.board)}
            texts.append(game.variant.write_record(game, tags, {}).strip())
        filename = f"postal-tournament-{tournament.id}.{record_extension(tournament.variant)}"
        shown = await tournament_view(self._core, tournament)
        return TournamentRecords(shown, "\n\n".join(texts) + "\n", filename, len(texts))

    async def final(self, tournament_id: int) -> TournamentStandings:
        """The final table of tournament ``tournament_id`` (its end's announcement). Raises
        ``TournamentError`` (NO_TOURNAMENT) when it is gone."""
        found = await latest_tournament(self._core, tournament_id)
        place = Place(found.guild_id, found.channel_id, found.thread_id)
        return await self.standings(place, tournament_id)

    async def shown(self, tournament_id: int) -> TournamentView:
        """The tournament as its message shows it now. Raises ``TournamentError``."""
        return await latest_view(self._core, tournament_id)

    async def in_place(self, place: Place) -> list[TournamentView]:
        """The tournaments of ``place``'s channel not finished yet, oldest first."""
        found = await self._core.store.tournaments.unfinished_in(place.guild_id, place.channel_id)
        return [await tournament_view(self._core, tournament) for tournament in found]

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        """Remember the adapter's message showing the tournament (to edit it later)."""
        await self._core.store.tournaments.set_message(tournament_id, message_id)

    # --- the start -----------------------------------------------------------------------

    async def start_by_clock(self, tournament: Tournament) -> TournamentStarted | None:
        """Start ``tournament`` at its sign-up deadline, its start said in its place by an
        outbox row written with it. None when it changed meanwhile (read it again)."""
        try:
            return await self._start(tournament, announce=True)
        except TournamentError:
            return None

    async def announced(
        self, tournament_id: int, game_ids: Sequence[int], number: int | None = None
    ) -> TournamentStarted:
        """A start, or games begun later from round ``number`` on, as their announcement
        says them: the games ``game_ids``, each with its own round (a knockout may begin a
        match of one round and a tie-break pair of the round before at once), and a Swiss
        round's bye. Rebuilt from the store, so a row delivered again says the same; an
        Armageddon game is the one stored as such. Raises ``TournamentError``
        (NO_TOURNAMENT)."""
        core, store = self._core, self._core.store.tournaments
        tournament = await latest_tournament(self._core, tournament_id)
        wanted = set(game_ids)
        games = [game for game in await store.games(tournament_id) if game.game_id in wanted]
        refs = await core.refs(*{p for g in games for p in (g.white_id, g.black_id)})
        records = await core.store.games.get_many([g.game_id for g in games])  # one read
        pairings = [
            Pairing(
                g.round,
                g.board,
                await core.view(records[g.game_id], refs, reached=True),
                g.armageddon,
            )
            for g in games
        ]
        bye = (await store.byes(tournament_id)).get(number or 1)
        view = await tournament_view(self._core, tournament)
        return TournamentStarted(
            view, tuple(pairings), number, await core.ref(bye) if bye else None
        )

    async def _start(self, tournament: Tournament, *, announce: bool = False) -> TournamentStarted:
        """Create every game of ``tournament`` at once (``announce``: with the row saying
        so in its place); raises ``TournamentError`` when it has too few players, or started
        or was cancelled meanwhile."""
        core, store = self._core, self._core.store.tournaments
        entrants = await store.entrants(tournament.id)
        if len(entrants) < MIN_PLAYERS:
            raise TournamentError(
                TournamentRefusal.TOO_FEW, tournament_id=tournament.id, count=len(entrants)
            )
        if tournament.format is not TournamentFormat.ROUND_ROBIN:  # seeded by rating
            entrants = await self._by_rating(tournament, entrants)
        seeds = {entrant.player_id: number for number, entrant in enumerate(entrants, 1)}
        by_seed = {number: player for player, number in seeds.items()}
        step = first_step(tournament, len(entrants))
        paired = await new_games(core, tournament, step.seats, by_seed)
        byes = {number: by_seed[seed] for number, seed in step.byes.items()}
        now = core.now()
        said = partial(started_items, tournament) if announce else None
        records = await store.start(tournament, seeds, step.rounds, paired, now, byes, said)
        if records is None:  # started meanwhile, or cancelled at its deadline: say which
            latest = await store.get(tournament.id)
            raise TournamentError(closed(latest or tournament), tournament_id=tournament.id)
        core.schedule_changed()
        return await self._started(tournament.id, paired, records, None, byes)

    async def go_on(
        self, tournament_id: int, said_by: int | None = None
    ) -> TournamentStarted | TournamentStandings | None:
        """A Swiss or knockout after a round (or a match) is over: its next round, a
        tie-break pair or the next match started, in one transaction; or, its last round or
        final played, finished with its final table. The write restates the outbox row
        ``said_by`` (the one delivered) as what it says. None when it waits for other
        games, or another process went on first."""
        store = self._core.store.tournaments
        tournament = await store.get(tournament_id)
        if tournament is None or tournament.status is not TournamentStatus.RUNNING:
            return None
        if tournament.format is TournamentFormat.ROUND_ROBIN:
            return None
        entrants = await store.entrants(tournament.id)
        ids = [entrant.player_id for entrant in entrants]
        seeds = {player: number for number, player in enumerate(ids, 1)}
        absent = {seeds[entrant.player_id] for entrant in entrants if entrant.withdrawn}
        games = [
            replace(game, white_id=seeds[game.white_id], black_id=seeds[game.black_id])
            for game in await store.games(tournament.id)
        ]
        byes = {
            number: seeds[player] for number, player in (await store.byes(tournament.id)).items()
        }
        begun = await store.rounds_begun(tournament.id)
        step = next_step(tournament, len(ids), games, byes, begun, absent)
        if step is None:
            if any(game.result is None for game in games):
                return None
            if not await store.finish(tournament, self._core.now(), said_by):
                return None
            return await self.final(tournament.id)
        by_seed = dict(enumerate(ids, 1))
        paired = await new_games(self._core, tournament, step.seats, by_seed)
        new_byes = {number: by_seed[seed] for number, seed in step.byes.items()}
        now = self._core.now()
        records = await store.add_games(tournament, step.rounds, paired, new_byes, now, said_by)
        if records is None:
            return None
        self._core.schedule_changed()
        number = step.seats[0].round
        return await self.announced(tournament.id, [record.id for record in records], number)

    async def _started(
        self,
        tournament_id: int,
        paired: list[PairedGame],
        records: list[GameRecord],
        number: int | None,
        byes: Mapping[int, int],
    ) -> TournamentStarted:
        """The games just started, as their announcement shows them."""
        ids = {g.game.white_id for g in paired} | {g.game.black_id for g in paired}
        refs = await self._core.refs(*ids, *byes.values()) if ids or byes else {}
        pairings = [
            Pairing(p.round, p.board, await self._core.view(record, refs))
            for p, record in zip(paired, records, strict=True)
        ]
        bye = refs[next(iter(byes.values()))] if byes else None
        view = await latest_view(self._core, tournament_id)
        return TournamentStarted(view, tuple(pairings), number, bye)

    async def _by_rating(self, tournament: Tournament, entrants: list[Entrant]) -> list[Entrant]:
        """The entrants strongest first by their rating in the tournament's game on this
        server (unrated players last), joining order between equals."""
        ids = [entrant.player_id for entrant in entrants]
        found = await self._core.store.ratings.get_many(
            tournament.guild_id, tournament.variant, ids
        )
        strength = [found[i].rating if i in found else 0.0 for i in ids]
        order = sorted(range(len(entrants)), key=lambda i: (-strength[i], i))
        return [entrants[i] for i in order]

    # --- finding and showing -------------------------------------------------------------

    @staticmethod
    def _refuse(entry: Entry, tournament: Tournament) -> None:
        """Raise why a join or leave of ``tournament`` changed nothing; a tournament no
        longer open is judged as the store found it (cancelled meanwhile, or started)."""
        if entry.change is not EntryChange.DONE:
            reason = _REFUSED_ENTRY[entry.change]
            if entry.change is EntryChange.NOT_OPEN:
                reason = closed(entry.tournament or tournament)
            raise TournamentError(reason, tournament_id=tournament.id, count=entry.entrants)

    async def _ref(self, user: User) -> PlayerRef:
        return await self._core.ref(user.id)


def _lost_by(record: GameRecord, player_id: int) -> Outcome:
    """``record`` lost by ``player_id``, who withdrew (as if they resigned)."""
    loser = Color.WHITE if record.white_id == player_id else Color.BLACK
    return Outcome(Termination.RESIGNATION, loser.other)
