"""Each player's counted results (``player_results``): kept by the ending's own write, equal
to a recount of the games after every kind of ending, made by migration 0043 for games that
ended before it, and all that ``/stats`` reads."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ManualClock, Place, User
from bot.store import Store
from bot.store.database import Dialect, migrations
from tests.dbtools import connect
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

POSTAL = User(999, "Postal", is_bot=True)
ELSEWHERE = Place(guild_id=2, channel_id=20)
FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")
Key = tuple[int, int, str, int, int]  # player, server, variant, rated, level


@pytest.fixture
def service(store: Store, clock: ManualClock) -> GameService:
    made = GameService(store, clock, engines=FakeEngines())
    made.computer.introduce(POSTAL)
    return made


def recount(target: Path | str) -> dict[Key, tuple[int, int, int]]:
    """Wins, draws and losses per counter key, added up from the finished games themselves
    (aborted ones left out, as /stats always has)."""
    with connect(target) as conn:
        games = conn.execute(
            "SELECT g.white_id, g.black_id, g.guild_id, g.variant, g.rated, c.level, g.result "
            "FROM games AS g LEFT JOIN computer_games AS c ON c.game_id = g.id "
            "WHERE g.status = 'finished' AND g.termination <> 'aborted'"
        ).fetchall()
    counts: dict[Key, Counter[str]] = {}
    for white, black, guild, variant, rated, level, result in games:
        for player, won, lost in ((white, "1-0", "0-1"), (black, "0-1", "1-0")):
            key = (int(player), int(guild), str(variant), int(rated), int(level or 0))
            tally = counts.setdefault(key, Counter())
            tally["w" if result == won else "l" if result == lost else "d"] += 1
    return {key: (c["w"], c["d"], c["l"]) for key, c in counts.items()}


def counters(target: Path | str) -> dict[Key, tuple[int, int, int]]:
    with connect(target) as conn:
        rows = conn.execute("SELECT * FROM player_results").fetchall()
    return {(r[0], r[1], r[2], r[3], r[4]): (r[5], r[6], r[7]) for r in rows}


async def every_ending(service: GameService, clock: ManualClock) -> None:
    """Wins and losses (mate, resignation), an agreed draw, an abort, a time-out, on two
    servers, rated and casual, chess and xiangqi, and a loss and a win against the computer."""
    mated = await start_game(service)
    await play(service, mated.game.id, *FOOLS_MATE)
    resigned = await start_game(service, white=BOB, black=CAROL, rated=False)
    await play(service, resigned.game.id, "e4", "e5")
    await service.endings.confirm_resign(BOB, resigned.game.id)
    drawn = await start_game(service, "xiangqi", place=ELSEWHERE)
    await play(service, drawn.game.id, "h2e2", "h9g7")
    await service.endings.draw(ALICE, ELSEWHERE, game_id=drawn.game.id)
    await service.endings.accept_draw(BOB, drawn.game.id)
    aborted = await start_game(service, white=CAROL, black=ALICE)
    await service.endings.abort(CAROL, PLACE, game_id=aborted.game.id)
    timed = await start_game(service, white=CAROL, black=ALICE, days=1)
    await play(service, timed.game.id, "e4", "e5", "Nf3")
    computer = await service.computer.challenge(ALICE, PLACE, color="white", level=3)
    await service.play.move(ALICE, PLACE, "e4", game_id=computer.game.id)
    await service.computer.reply_all()
    await service.endings.confirm_resign(ALICE, computer.game.id)
    clock.advance(timedelta(days=1, minutes=1))
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert ended.ending.termination == "timeout" and ended.ending.result == "1-0"


async def test_counters_equal_a_recount_after_every_kind_of_ending(
    service: GameService, clock: ManualClock, db_target: Path | str
) -> None:
    """Each ending adds to both players' counters in its own write; an abort to none."""
    await every_ending(service, clock)
    counted = counters(db_target)
    assert counted == recount(db_target)
    assert counted[(ALICE.id, PLACE.guild_id, "chess", 1, 0)] == (0, 0, 2)  # mated, timed out
    assert counted[(CAROL.id, PLACE.guild_id, "chess", 1, 0)] == (1, 0, 0)  # not the abort
    assert counted[(BOB.id, ELSEWHERE.guild_id, "xiangqi", 1, 0)] == (0, 1, 0)
    assert counted[(ALICE.id, PLACE.guild_id, "chess", 0, 3)] == (0, 0, 1)
    assert counted[(POSTAL.id, PLACE.guild_id, "chess", 0, 3)] == (1, 0, 0)
    stats = await service.reports.stats(ALICE)  # every server: her own, outside any
    assert [(v.variant, v.wins, v.draws, v.losses) for v in stats.variants] == [
        ("chess", 0, 0, 2),
        ("xiangqi", 0, 1, 0),
    ]
    assert [(c.level, c.losses) for c in stats.computer] == [(3, 1)]
    here = await service.reports.stats(BOB, place=PLACE)
    assert [(v.variant, v.wins, v.draws, v.losses) for v in here.variants] == [("chess", 1, 0, 1)]


@pytest.mark.store
async def test_the_migration_counts_the_games_that_ended_before_it(
    service: GameService, clock: ManualClock, store: Store, db_target: Path | str
) -> None:
    """The migration making the counters fills them from the finished games already stored
    (its script run again on this database, games and all, after the table is dropped)."""
    await every_ending(service, clock)
    expected = recount(db_target)
    await store.close()
    dialect = Dialect.POSTGRESQL if isinstance(db_target, str) else Dialect.SQLITE
    script = next(sql for _, sql in migrations(dialect) if "TABLE player_results" in sql)
    with connect(db_target) as conn:
        conn.execute("DROP TABLE player_results")
        if isinstance(db_target, str):
            conn.execute(script)
        else:
            conn.executescript(script)
    reopened = await Store.open(db_target)
    try:
        assert counters(db_target) == expected
        results = await reopened.tallies.of(ALICE.id, None)
        assert [(c.variant, c.wins, c.draws, c.losses) for c in results.people] == [
            ("chess", 0, 0, 2),
            ("xiangqi", 0, 1, 0),
        ]
    finally:
        await reopened.close()


@contextmanager
def statements_seen(store: Store) -> Iterator[list[str]]:
    """Every SQL statement the store's database is sent while the block runs."""
    seen: list[str] = []
    database: Any = store.database
    read, fetch = database.read, database.fetch

    class Recording:
        def __init__(self, conn: Any) -> None:
            self._conn = conn

        async def execute(self, sql: str, params: Sequence[object] = ()) -> Any:
            seen.append(sql)
            return await self._conn.execute(sql, params)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._conn, name)

    @asynccontextmanager
    async def recorded_read() -> AsyncIterator[Recording]:
        async with read() as conn:
            yield Recording(conn)

    def recorded(call: Callable[..., Any]) -> Callable[..., Any]:
        async def run(sql: str, *args: Any) -> Any:
            seen.append(sql)
            return await call(sql, *args)

        return run

    database.read, database.fetch = recorded_read, recorded(fetch)
    try:
        yield seen
    finally:
        database.read, database.fetch = read, fetch


async def test_stats_reads_the_counters_and_never_the_games(
    service: GameService, clock: ManualClock, store: Store
) -> None:
    """/stats of a player with finished games reads no row of ``games`` (nor ``moves``): its
    cost does not grow with the games stored."""
    await every_ending(service, clock)
    with statements_seen(store) as seen:
        stats = await service.reports.stats(ALICE, place=PLACE)
    assert [(v.variant, v.losses) for v in stats.variants] == [("chess", 2)]
    assert seen and any("player_results" in sql for sql in seen)
    assert not [sql for sql in seen if re.search(r"\b(FROM|JOIN)\s+(games|moves)\b", sql, re.I)]
