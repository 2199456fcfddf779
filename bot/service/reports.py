"""Looking things up: games lists, records (PGN), history, stats, leaderboard, settings."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.service.analysis_links import analysis_url
from bot.service.claiming import claimed
from bot.service.core import THREAD_IDLE_LOOK, ServiceCore
from bot.service.errors import InvalidButtonError, UnknownVariantError
from bot.service.game_facts import game_choice, may_read, reach, record_extension
from bot.service.glance import challenges_to, list_entries, running_here
from bot.service.notes import NoteView, note_comments, shown_note
from bot.service.other_places import in_places
from bot.service.report_results import (
    GameList,
    History,
    HistoryEntry,
    Leaderboard,
    LeaderboardRow,
    RecordExport,
    Stats,
    TournamentsPlayed,
    VariantStats,
)
from bot.service.results import (
    GameChoice,
    GameView,
    Place,
    User,
)
from bot.service.text import pgn_tag
from bot.store import (
    MAX_ROW_ID,
    UNTIMED_LAST,
    ActiveKey,
    AnswerBoard,
    ClaimKind,
    GameRecord,
    OldBoard,
    ResultCounts,
    team_of_player,
)
from rules import VARIANT_NAMES

# Another player's history is filtered to the games readable where it is asked: look this many
# times further back than the games shown, so filtering rarely leaves the page short.
HISTORY_SCAN = 5
# Active games a /games page shows (its embed has a field per game, at most 10).
GAMES_PAGE = 10
PGN_TERMINATIONS = {
    "timeout": "time forfeit",
    "timeout_insufficient_material": "time forfeit",
    "aborted": "abandoned",
}


class ReportUseCases:
    def __init__(self, core: ServiceCore, tournaments: TournamentsPlayed) -> None:
        self._core = core
        self._tournaments = tournaments

    async def games(
        self,
        viewer: User,
        player: User | None = None,
        *,
        place: Place | None = None,
        after: ActiveKey | None = None,
    ) -> GameList:
        """``player``'s (default: the viewer's) active games, a page of ``GAMES_PAGE`` after
        ``after`` (None: the first): their turn first, then the most urgent deadline first,
        with a Next page button while more follow. Asked at ``place`` on a server, only that
        server's games, and of someone else's only those the viewer may read there (see
        ``reach``, ``may_read``): nothing one server does shows in another, no game shows
        outside where it lives."""
        target = await self._about(viewer, player)
        return await self._games(viewer, target.id, place, after)

    async def games_page(
        self, viewer: User, player_id: int, argument: str, *, place: Place | None = None
    ) -> GameList:
        """The page of ``player_id``'s active games a Next page button (``argument``: the
        key of the last game its list showed) asks for. Raises ``InvalidButtonError`` for
        an argument no list made."""
        key = parse_list_key(argument)
        if key is None:
            raise InvalidButtonError
        await self._core.ensure_player(viewer)
        return await self._games(viewer, player_id, place, key)

    async def _games(
        self, viewer: User, target_id: int, place: Place | None, after: ActiveKey | None
    ) -> GameList:
        # One's own list is a page and one more game (whether more follow). Someone else's
        # is filtered to the games readable at ``place``: read further, so the filter rarely
        # leaves the page short.
        scan = GAMES_PAGE + 1 if target_id == viewer.id else GAMES_PAGE * HISTORY_SCAN + 1
        found = await self._core.store.games.active_page(
            target_id, reach(_guild(place), viewer.id, target_id), after, scan
        )
        listable = self._listable(found, viewer, place)
        records = listable[:GAMES_PAGE]
        refs = await self._core.refs(
            target_id, *{p for g in records for p in (g.white_id, g.black_id)}
        )
        entries = await list_entries(self._core, records, refs, target_id, viewer.id)
        # More follow the last game shown; or, when the filter left the page short, the
        # last game read (those between were not for this viewer).
        last = records[-1] if len(listable) > GAMES_PAGE else None
        if last is None and len(found) == scan:
            last = found[-1]
        more = None if last is None else list_key_argument(ActiveKey.of(last, target_id))
        own = target_id == viewer.id
        # After the last of one's own games, the challenges waiting for one's answer.
        challenges = (
            await challenges_to(self._core, viewer.id, reach(_guild(place), viewer.id, viewer.id))
            if own and more is None
            else ()
        )
        running = (
            await running_here(self._core, viewer.id, place, GAMES_PAGE)
            if own and more is None and place is not None and place.guild_id
            else ()
        )
        return GameList(
            refs[target_id],
            entries,
            own,
            more,
            viewer.id,
            challenges=challenges,
            running=running,
            at=self._core.now(),
        )

    async def record(
        self, user: User, place: Place | None, *, game_id: int | None = None, notes: bool = False
    ) -> RecordExport:
        """The PGN (chess, janggi) or record (xiangqi) of the game meant, finished games included,
        with a lichess analysis link for chess; with ``notes``, the asker's own notes as
        comments after the moves they were written at."""
        record = await self._core.resolve(user, place, game_id, finished_ok=True)
        game = await self._core.replay(record)
        view = await self._core.view(record)
        tags = record_tags(view, record)
        mine = await self._core.store.notes.of(record.id, user.id) if notes else []
        text = game.variant.write_record(game, tags, note_comments(mine, game.ply))
        url = analysis_url(game)
        filename = f"postal-{record.variant}-{record.id}.{record_extension(record.variant)}"
        return RecordExport(view, text, filename, url)

    async def history(
        self,
        viewer: User,
        player: User | None = None,
        *,
        place: Place | None = None,
        limit: int = 10,
    ) -> History:
        """``player``'s finished games, newest first, shown as ``games`` shows active ones:
        this server's only, and of someone else's only those readable at ``place``; with
        each, the viewer's own notes on it beside their moves (``/note``: seen by their
        author only, never by the opponent or a spectator)."""
        target = await self._about(viewer, player)
        limit = max(1, min(limit, 50))
        found = await self._core.store.games.finished_for_player(
            target.id, reach(_guild(place), viewer.id, target.id), limit * HISTORY_SCAN
        )
        records = self._listable(found, viewer, place)[:limit]
        refs = await self._core.refs(
            target.id, *{p for g in records for p in (g.white_id, g.black_id)}
        )
        notes = await self._own_notes(records, viewer)
        entries = []
        for record in records:
            view = await self._core.view(record, refs)
            outcome = _outcome_for(record, target.id)
            entries.append(
                HistoryEntry(view, view.opponent_of(target.id), outcome, notes.get(record.id, ()))
            )
        return History(refs[target.id], tuple(entries))

    async def _own_notes(
        self, records: list[GameRecord], viewer: User
    ) -> dict[int, tuple[NoteView, ...]]:
        """The viewer's own notes on those of ``records`` they played, by game, each beside
        its move, in the order of the moves (read at once; a game replayed only when it has
        notes)."""
        mine = [record.id for record in records if record.has_player(viewer.id)]
        found = await self._core.store.notes.of_games(mine, viewer.id)
        by_game: dict[int, tuple[NoteView, ...]] = {}
        for record in records:
            notes = sorted(
                (n for n in found if n.game_id == record.id), key=lambda n: (n.ply, n.id)
            )
            if notes:
                sans = (await self._core.replay(record)).san_moves()
                by_game[record.id] = tuple(shown_note(record, note, sans) for note in notes)
        return by_game

    async def stats(
        self, viewer: User, player: User | None = None, *, place: Place | None = None
    ) -> Stats:
        """Wins, draws and losses per game kind, and the rating, on the server of ``place``
        only (totals: they name no game); apart, the team games: vote games they voted or
        nominated in (their team's results) and club matches' games; the tournaments
        finished there."""
        core, target = self._core, await self._about(viewer, player)
        guild_id = _guild(place)
        scope = reach(guild_id, viewer.id, target.id)
        results = await core.store.tallies.of(target.id, scope)
        team = await core.store.team_results.of(target.id, scope)
        counts = _without(results.people, team.club_by_variant)
        ratings = await core.store.ratings.for_player(guild_id, target.id)
        me = await core.ref(target.id)
        rows = []
        for variant in VARIANT_NAMES:
            count = counts.get(variant)
            rating = ratings.get(variant)
            if count is None and rating is None:
                continue
            rows.append(
                VariantStats(
                    variant,
                    count.wins if count else 0,
                    count.draws if count else 0,
                    count.losses if count else 0,
                    rating.rating if rating else None,
                    rating.deviation if rating else None,
                    rating.games if rating else 0,
                )
            )
        played, shown = await self._tournaments.of_player(target.id, scope)
        return Stats(
            me,
            tuple(rows),
            results.computer,
            target.is_bot,
            played,
            shown,
            votes=team.votes if _any(team.votes) else None,
            club=team.club if _any(team.club) else None,
        )

    async def _about(self, viewer: User, player: User | None) -> User:
        """Whom a report is about (``player``, else the viewer), both known to the store:
        the viewer's own name refreshed, the other's never (see ``_ensure_known``)."""
        await self._core.ensure_player(viewer)
        if player is None:
            return viewer
        await self._core.ensure_known(player)
        return player

    @staticmethod
    def _listable(records: list[GameRecord], viewer: User, place: Place | None) -> list[GameRecord]:
        """The games of ``records`` the viewer may see listed at ``place``: their own
        anywhere, others' only where they live (outside any place: only their own)."""
        return [
            record
            for record in records
            if record.has_player(viewer.id)
            or (place is not None and may_read(record, viewer.id, place))
        ]

    async def leaderboard(
        self, guild_id: int, game: str = "chess", *, limit: int = 10
    ) -> Leaderboard:
        """The server's rating table for ``game``, best first."""
        if game not in VARIANT_NAMES:
            raise UnknownVariantError(game)
        entries = await self._core.store.ratings.leaderboard(guild_id, game, max(1, min(limit, 25)))
        refs = await self._core.refs(*(e.player_id for e in entries)) if entries else {}
        rows = tuple(
            LeaderboardRow(
                rank, refs[e.player_id], e.rating.rating, e.rating.deviation, e.rating.games
            )
            for rank, e in enumerate(entries, start=1)
        )
        return Leaderboard(game, rows)

    async def set_place_thread(self, place_id: int, thread_id: int) -> None:
        """Record the thread Postal opened for one of a game's other places (a server
        more, between servers)."""
        await self._core.store.game_places.set_thread(place_id, thread_id)

    async def set_game_thread(self, game_id: int, thread_id: int | None) -> None:
        """Remember the thread the adapter created for the game (commands there mean it),
        to be kept active while the game runs (``threads_to_keep``)."""
        await self._core.store.games.set_thread(
            game_id, thread_id, self._core.now() + THREAD_IDLE_LOOK
        )

    async def set_game_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the adapter's latest board message of the game."""
        await self._core.store.games.set_message(game_id, message_id)

    async def seen_from(self, game: GameView, place: Place) -> GameView:
        """``game`` as seen from ``place``: there, when ``place`` is the game's thread in
        another server (``game_places``: its board and news come there, copied), else as it
        is. Read from ``game_places`` only for a place in another server."""
        if place.guild_id == game.guild_id:
            return game
        if in_places(await self._core.store.game_places.of_game(game.id), place) is None:
            return game
        return dataclasses.replace(
            game, guild_id=place.guild_id, channel_id=place.channel_id, thread_id=place.thread_id
        )

    async def players_here(self, game: GameView, place: Place) -> frozenset[int] | None:
        """The players of ``game`` an answer given at ``place`` may mention: None (any) for
        a game of one place; for a game between servers, those who act from ``place``'s
        server, as the copies there do — in the game's own server the players of no other
        place, in another the player of its ``game_places`` row, and nobody in a server
        that is none of the game's. One read of ``game_places`` (ask it only for an answer
        that would mention someone)."""
        places = await self._core.store.game_places.of_game(game.id)
        if not places:
            return None
        if place.guild_id == game.guild_id:
            away = {p.player_id for p in places}
            return frozenset(p.id for p in (game.white, game.black) if p.id not in away)
        return frozenset(p.player_id for p in places if p.guild_id == place.guild_id)

    async def replace_board_message(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        *,
        place_id: int | None = None,
    ) -> OldBoard | None:
        """Remember ``message_id`` (posted in ``channel_id``, the game's place, or its other
        place ``place_id``) as the newest board message there; the board it replaces is
        kept to have its controls removed (returned, and listed by ``boards_to_retire``
        until ``board_retired``)."""
        return await self._core.store.boards.replace(
            game_id, channel_id, message_id, self._core.now(), place_id=place_id
        )

    async def answer_board_message(
        self, game_id: int, channel_id: int, message_id: int, answered: str
    ) -> AnswerBoard:
        """``replace_board_message`` for a board in the game's place that is the answer
        ``MovePlayed.answering`` names, which said what its rows say (see
        ``DeliveryUseCases.answered``): whether rows of the game still wait comes back
        with the board it replaces."""
        return await self._core.store.boards.replace_answer(
            game_id, channel_id, message_id, self._core.now(), answered
        )

    async def other_place_at(self, game_id: int, target_id: int) -> int | None:
        """The id of game ``game_id``'s other place (a server more) whose thread, or
        channel, is ``target_id``; None when it is none of them."""
        places = await self._core.store.game_places.of_game(game_id)
        return next((p.id for p in places if p.target_id == target_id), None)

    async def boards_to_retire(self, limit: int = 50) -> list[OldBoard]:
        """Older board messages whose controls are still to be removed (each game's newest),
        oldest first: those this process claims (another process edits the others)."""
        boards = await self._core.store.boards.to_retire(limit)
        mine = await claimed(
            self._core.store,
            self._core.process,
            ClaimKind.BOARD,
            [b.message_id for b in boards],
            self._core.now(),
        )
        return [board for board in boards if board.message_id in mine]

    async def board_retired(self, *boards: OldBoard) -> list[OldBoard]:
        """The edits of ``boards`` were tried: they are not listed again. Older boards of
        the same games still listed are dropped (their buttons refuse a press; the adapter
        may still edit them when it has time); returns those this process now claims. A
        dropped board another process holds is one it listed and is editing: it stays
        that process's, so no board is edited twice."""
        dropped = await self._core.store.boards.retired(*(board.message_id for board in boards))
        mine = await claimed(
            self._core.store,
            self._core.process,
            ClaimKind.BOARD,
            [b.message_id for b in dropped],
            self._core.now(),
        )
        return [board for board in dropped if board.message_id in mine]

    async def game_choices(self, user: User, place: Place | None) -> list[GameChoice]:
        """The user's active games, this channel's first (for the ``game`` option's
        autocomplete; at most 25)."""
        games = await self._core.store.games.active_for_player(user.id)
        refs = await self._core.refs(*{p for g in games for p in (g.white_id, g.black_id)})
        here = {place.channel_id, place.thread_id} if place else set()
        games.sort(
            key=lambda g: (not ({g.channel_id, g.thread_id} & here), g.to_move_id != user.id, g.id)
        )
        return [game_choice(g, refs, user.id) for g in games[:25]]

    async def game_view(self, game_id: int) -> GameView:
        """The facts of one game, for adapters' own use (no access check: never show the
        answer to a user as is). Raises ``UnknownGameError``."""
        return await self._core.view(await self._core.game_record(game_id))


def _guild(place: Place | None) -> int:
    return place.guild_id if place is not None else 0


def record_tags(view: GameView, record: GameRecord) -> dict[str, str]:
    """The record's tags: the Seven Tag Roster, ``TimeControl``, ``Termination``, and
    ``WhiteTeam``/``BlackTeam`` for a side a team played (vote chess)."""
    rated = "Rated" if view.rated else "Casual"
    result = record.result or "*"
    termination = "unterminated"
    if record.termination:
        termination = PGN_TERMINATIONS.get(record.termination, "normal")
    tags = {
        "Event": f"{rated} correspondence {view.variant}",
        "Site": "Postal",
        "Date": view.created_at.strftime("%Y.%m.%d"),
        "Round": "-",
        "White": pgn_tag(view.white.name),
        "Black": pgn_tag(view.black.name),
        "Result": result,
        # PGN's "-": no time control (an untimed game).
        "TimeControl": "-" if view.untimed else f"1/{view.days_per_move * 86400}",
        "Termination": termination,
    }
    # A team is its own player (White/Black name it too); these are the tags broadcasts of
    # team events (olympiads, club matches) give a player's team, which readers know.
    for tag, seat in (("WhiteTeam", view.white), ("BlackTeam", view.black)):
        if team_of_player(seat.id) is not None:
            tags[tag] = pgn_tag(seat.name)
    return tags


def _outcome_for(record: GameRecord, player_id: int) -> str:
    if record.result == "*" or record.termination == "aborted":
        return "aborted"
    if record.result == "1/2-1/2":
        return "draw"
    won = (record.result == "1-0") == (player_id == record.white_id)
    return "win" if won else "loss"


def list_key_argument(key: ActiveKey) -> str:
    """A list key as a button's argument: ``w:deadline:id`` (w: 1 when waiting; a button's
    id allows digits, small letters and colons)."""
    return f"{int(key.waiting)}:{key.deadline}:{key.game_id}"


def parse_list_key(argument: str) -> ActiveKey | None:
    """The key ``list_key_argument`` wrote; None for anything else."""
    parts = argument.split(":")
    if len(parts) != 3 or not all(part.isdigit() for part in parts) or parts[0] not in "01":
        return None
    waiting, deadline, game_id = (int(part) for part in parts)
    if deadline > UNTIMED_LAST or game_id > MAX_ROW_ID:
        return None
    return ActiveKey(bool(waiting), deadline, game_id)


def _any(counts: ResultCounts) -> bool:
    return bool(counts.wins or counts.draws or counts.losses)


def _without(
    people: Sequence[ResultCounts], club: Sequence[ResultCounts]
) -> dict[str, ResultCounts]:
    """The counts against people per variant, less the club matches' games among them
    (shown apart); a variant left with none dropped."""
    out = {c.variant: c for c in club}
    counts = {}
    for count in people:
        taken = out.get(count.variant)
        if taken is not None:
            count = ResultCounts(
                count.variant,
                count.wins - taken.wins,
                count.draws - taken.draws,
                count.losses - taken.losses,
            )
        if _any(count):
            counts[count.variant] = count
    return counts
