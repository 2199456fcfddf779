"""``python -m bot migrate`` and ``python -m bot copy-db``: a deployment moved from SQLite to
PostgreSQL (and back) keeps every row, and every game still replays and plays on.

The commands run by ``main`` in the test's process (``call_postal``); that they work as
processes too is shown in tests/test_operator_cli.py."""

from __future__ import annotations

import io
import re
import sqlite3
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.database_cli import copy_database
from bot.service import GameService, ManualClock, Place, User
from bot.store import (
    ClaimKind,
    NewGame,
    NewTournament,
    PairedGame,
    PositionEvaluation,
    Store,
    StoreError,
    TeamPoll,
    TournamentFormat,
)
from bot.store.copy import TargetNotEmpty, count_rows
from bot.store.database import migrations
from bot.store.postgres import PostgresConnection
from tests.dbtools import connect
from tests.fake_engines import FakeEngines
from tests.processes import call_postal
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

pytestmark = pytest.mark.postgresql

POSTAL = User(999, "Postal", is_bot=True)
# The tables ``_deployment`` leaves empty: older ones, round-tripped only as empty tables.
NOT_FILLED = {
    "board_retirements",
    "bot_state",
    "closed_dms",
    "conditional_moves",
    "console_buttons",
    "move_confirmation",
    "move_previews",
    "offers",
    "player_notices",
    "reminders_sent",
    "unreachable_games",
}


async def _deployment(path: Path) -> dict[int, str]:
    """An SQLite deployment with a bit of everything: a game going on, a rated game
    mated (ratings), a xiangqi game, an open challenge, settings, a vacation, a game against
    the computer, an analysis with its evaluations, a claim, a note. Returns each game's
    position."""
    clock = ManualClock()
    store = await Store.open(path)
    service = GameService(store, clock, engines=FakeEngines())
    service.computer.introduce(POSTAL)
    try:
        going = await start_game(service)
        await play(service, going.game.id, "e4", "e5", "Nf3")
        mated = await start_game(service, white=BOB, black=CAROL, rated=True)
        await play(service, mated.game.id, "f3", "e5", "g4", "Qh4#")
        xiangqi = await start_game(service, "xiangqi", place=Place(guild_id=1, channel_id=11))
        await play(service, xiangqi.game.id, "h2e2", "h9g7")
        await service.challenges.challenge(CAROL, PLACE, ALICE, game="chess", color="black", days=5)
        await service.preferences.settings(ALICE, notify="dm", timezone="Europe/Paris")
        await service.deadlines.vacation(BOB, 3)
        await service.computer.challenge(ALICE, Place(3, 30), level=2, color="white", days=2)
        await store.analyses.start(
            mated.game.id, nodes=1000, positions=5, requested_by=BOB.id, now=clock.now
        )
        await store.analyses.add_evaluation(
            mated.game.id, PositionEvaluation(0, 20, None, 12, "e2e4", ("e2e4", "e7e5"))
        )
        await store.analyses.show_progress_in(mated.game.id, 30, 3_000_000_000_000, ALICE.id)
        epoch = clock.now.timestamp()
        await store.claims.take(
            ClaimKind.TIME_OUT, [going.game.id], "shards:0/2", epoch, epoch + 300
        )
        assert await store.shards.take([0], "host:1:ab", epoch, epoch + 180) == []
        await store.notes.add(going.game.id, ALICE.id, 3, "f7 is weak", clock.now, limit=10)
        await store.server_languages.choose(PLACE.guild_id, "fr")
        await store.tournament_roles.choose(PLACE.guild_id, 7_000_000_009)
        await _tournament(store, clock.now)
        # A club match between two servers, started: its game has a place in each.
        await _club_match(service)
        # A team's game against the computer, its vote under way (teams and their rows).
        team = dict(name="Lions", members=(BOB, CAROL), level=2, color="white", days=2)
        await service.votes.open(ALICE, Place(4, 40), **team)  # type: ignore[arg-type]
        await service.votes.vote(ALICE, Place(4, 40), "e4")
        await service.votes.vote(BOB, Place(4, 40), "d4")
        await service.votes.remind(CAROL, Place(4, 40))  # a DM when she has not voted
        (team_id,) = await store.teams.of_member(BOB.id, 4)  # and its poll on Discord
        await store.team_polls.add(TeamPoll(7_000_000_001, 40, team_id, 0, ("e2e4", "d2d4")))
        await store.teams.set_thread(team_id, 7_000_000_002)  # its thread, and who is in it
        await store.team_thread_members.joined(team_id, (ALICE.id, BOB.id))
        clock.advance(timedelta(hours=2))
        positions = {}
        for game_id in await store.games.all_ids():
            record = await store.games.get(game_id)
            assert record is not None
            positions[game_id] = record.fen
        return positions
    finally:
        await store.close()


async def _club_match(service: GameService) -> None:
    """A one-board match of one game between server 1 (alice) and server 2 (carol)."""
    there = Place(2, 22)
    made = await service.matches.create(
        ALICE, PLACE, manages_server=True, names=("Lions", "Tigers"), boards=1,
        games_a_board=1, against=2,
    )  # fmt: skip
    await service.matches.accept(CAROL, there, made.match.id, manages_server=True)
    await service.matches.join(ALICE, PLACE)
    await service.matches.join(CAROL, there)
    await service.matches.start(ALICE, PLACE)


async def _tournament(store: Store, now: datetime) -> None:
    """A Swiss started with its first round's game and bye (the store's part alone)."""
    made = await store.tournaments.create(
        NewTournament(
            PLACE.guild_id, PLACE.channel_id, None, ALICE.id, "Cup",
            TournamentFormat.SWISS, 1, "chess", 3, False, 4, False, 2,
        ),
        now,
    )  # fmt: skip
    for player in (ALICE, BOB, CAROL):
        await store.tournaments.join(made.id, player.id, now)
    opened = await store.tournaments.get(made.id)
    assert opened is not None
    start = rules.get_variant("chess").start_fen
    game = NewGame(PLACE.guild_id, PLACE.channel_id, None, "chess", start, ALICE.id, CAROL.id,
                   3, False, False, ALICE.id, now + timedelta(days=3))  # fmt: skip
    seeds = {ALICE.id: 1, BOB.id: 2, CAROL.id: 3}
    paired = [PairedGame(1, 1, game)]
    assert await store.tournaments.start(opened, seeds, [1], paired, now, {1: BOB.id})


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows in key order (the opening probe left out)."""
    with sqlite3.connect(path) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in tables
            if table != "bot_state"
        } | {
            "bot_state": conn.execute(
                "SELECT * FROM bot_state WHERE key <> 'store_opened_at' ORDER BY 1"
            ).fetchall()
        }


async def test_sqlite_to_postgresql_and_back_keeps_every_row(
    tmp_path: Path, pg_empty_url: str
) -> None:
    """Copied to PostgreSQL and from there into a new SQLite file, the deployment has the
    same rows in every table as it started with; every game replays on the way."""
    source = tmp_path / "postal.db"
    positions = await _deployment(source)
    # A table added by a later migration must be filled by ``_deployment`` (or named here),
    # so that its rows are copied and compared both ways, not only counted as empty.
    assert {table for table, rows in _rows(source).items() if not rows} == NOT_FILLED
    # Pages of two rows: every table of more than two rows is read and verified in pages.
    there = await copy_database(source, pg_empty_url, page_rows=2)
    assert there.games_replayed == len(positions) == 7 and there.damaged == []
    assert {c.table: c.rows for c in there.copied}["moves"] == 3 + 4 + 2
    back = tmp_path / "back.db"
    again = await copy_database(pg_empty_url, back, page_rows=2)
    assert again.copied == there.copied
    # The source's shard lease (a process running on it) is not copied: the copy's first
    # start takes its shards at once instead of waiting for the lease to expire.
    assert _rows(source)["shard_leases"] != []
    assert _rows(back) == _rows(source) | {"shard_leases": []}


async def test_the_checks_at_the_end_are_each_said_as_they_begin(
    tmp_path: Path, pg_empty_url: str
) -> None:
    """After the rows, copy-db says what it is checking: the target's rows counted, then each
    foreign key added back by name (at 1M they took 77 s, said by nothing before), before
    the whole count and the time it took."""
    source = tmp_path / "postal.db"
    await _deployment(source)
    said = io.StringIO()
    await copy_database(source, pg_empty_url, progress_to=said)
    lines = said.getvalue().splitlines()
    assert lines[0] == f"counting the rows of every table of {pg_empty_url}"
    keys = lines[1:-1]
    assert len(keys) >= 10, lines  # moves to games, games to players, …
    assert "adding back foreign key moves_game_id_fkey of moves" in "\n".join(keys), keys
    for number, line in enumerate(keys, 1):
        assert re.fullmatch(
            rf"adding back foreign key \w+ of \w+ \({number} of {len(keys)}\)", line
        ), line
    assert re.fullmatch(r"([\d,]+)/\1 rows \(100%\), [\d,]+ rows/s, done in \d+s - done", lines[-1])


async def test_postgresql_takes_each_page_by_copy_not_a_statement_a_row(
    tmp_path: Path, pg_empty_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Into PostgreSQL each page goes by one COPY (a bound INSERT a row set copy-db's pace
    at ~7,000 moves a second into a durable server), and still arrives whole and checked."""
    source = tmp_path / "postal.db"
    await _deployment(source)
    copies: list[tuple[str, int]] = []
    real = PostgresConnection.insert_rows

    async def executemany(*args: object) -> None:
        raise AssertionError("a page written a statement a row")

    async def insert_rows(
        self: PostgresConnection, table: str, columns: Sequence[str], rows: Sequence[Any]
    ) -> None:
        copies.append((table, len(rows)))
        await real(self, table, columns, rows)

    monkeypatch.setattr(PostgresConnection, "executemany", executemany)
    monkeypatch.setattr(PostgresConnection, "insert_rows", insert_rows)
    there = await copy_database(source, pg_empty_url)
    assert ("moves", 3 + 4 + 2) in copies
    assert sum(rows for _, rows in copies) == sum(c.rows for c in there.copied)


async def test_games_go_on_after_the_move(tmp_path: Path, pg_empty_url: str) -> None:
    """On the copy a game is played on and a new game gets the next id (PostgreSQL's id
    sequences continue after the copied rows)."""
    source = tmp_path / "postal.db"
    positions = await _deployment(source)
    await copy_database(source, pg_empty_url)
    store = await Store.open(pg_empty_url)
    try:
        service = GameService(store, ManualClock())
        await play(service, min(positions), "Nc6")
        view = await service.reports.game_view(min(positions))
        assert view.ply == 4
        started = await start_game(service, white=CAROL, black=BOB, place=Place(2, 20))
        assert started.game.id == max(positions) + 1
    finally:
        await store.close()


async def test_a_target_with_rows_is_refused_and_left_alone(
    tmp_path: Path, pg_empty_url: str
) -> None:
    source = tmp_path / "postal.db"
    await _deployment(source)
    store = await Store.open(pg_empty_url)
    await store.players.ensure(5, "eve", False, ManualClock().now)
    await store.close()
    with pytest.raises(TargetNotEmpty, match=r"is not empty: players \(1\)"):
        await copy_database(source, pg_empty_url)
    store = await Store.open(pg_empty_url)
    try:
        counts = {c.table: c.rows for c in await count_rows(store.database)}
    finally:
        await store.close()
    assert counts["players"] == 1 and sum(counts.values()) == 1


def test_copy_db_command_prints_counts_and_refuses_a_second_copy(
    tmp_path: Path, pg_empty_url: str
) -> None:
    source = tmp_path / "postal.db"
    import asyncio

    asyncio.run(_deployment(source))
    done = call_postal(["copy-db", f"sqlite:///{source}", pg_empty_url])
    assert done.returncode == 0, done.stderr
    assert "games: 7 rows" in done.stdout and "moves: 9 rows" in done.stdout
    assert "computer_games: 2 rows\n" in done.stdout and "analyses: 1 row\n" in done.stdout
    assert "verified: every page read back, the same rows per table\n" in done.stdout
    # Not a terminal: plain lines, the last one the whole count.
    last = done.stderr.splitlines()[-1]
    assert re.fullmatch(r"(\d+)/\1 rows \(100%\), [\d,]+ rows/s, done in \d+s - done", last)
    again = call_postal(["copy-db", str(source), pg_empty_url])
    assert again.returncode == 1
    assert again.stderr.startswith("postal: ") and "is not empty" in again.stderr
    assert "Traceback" not in again.stderr


def test_a_row_postgresql_refuses_is_one_line_and_the_copy_resumes_once_fixed(
    tmp_path: Path, pg_empty_url: str
) -> None:
    """A game whose player to move is not one of its seats (SQLite's foreign key lets an
    existing player through; PostgreSQL's CHECK does not) stops the copy with one line
    naming the table and the rule; the tables before it stay copied, no game is, and once
    the row is fixed in the source ``--resume`` finishes the copy."""
    source = tmp_path / "postal.db"
    import asyncio

    positions = asyncio.run(_deployment(source))
    with sqlite3.connect(source) as conn:
        seats = conn.execute(
            "SELECT white_id, black_id FROM games WHERE id = ?", (min(positions),)
        ).fetchone()
        assert CAROL.id not in seats
        conn.execute("UPDATE games SET to_move_id = ? WHERE id = ?", (CAROL.id, min(positions)))
    done = call_postal(["copy-db", f"sqlite:///{source}", pg_empty_url])
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1].startswith("postal: ")
    assert "refuses a row of games" in done.stderr and "games_seats_check" in done.stderr
    assert "fix the row in the source and add --resume" in done.stderr
    with connect(pg_empty_url) as conn:
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone() == (5,)
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)
    with sqlite3.connect(source) as conn:
        conn.execute("UPDATE games SET to_move_id = ? WHERE id = ?", (seats[0], min(positions)))
    resumed = call_postal(["copy-db", f"sqlite:///{source}", pg_empty_url, "--resume"])
    assert resumed.returncode == 0, resumed.stderr
    assert "games: 7 rows" in resumed.stdout


def test_migrate_prints_the_version_then_up_to_date(tmp_path: Path, pg_empty_url: str) -> None:
    latest = len(migrations())
    for target in (str(tmp_path / "new.db"), pg_empty_url):
        first = call_postal(["migrate", "--db", target])
        assert first.returncode == 0, first.stderr
        assert first.stdout.strip().endswith(f"schema version {latest} (migrated from 0)")
        second = call_postal(["migrate"], env={"DATABASE_URL": _as_url(target)})
        assert second.returncode == 0, second.stderr
        assert second.stdout.strip().endswith(f"schema version {latest}, up to date")


def test_migrate_refuses_a_newer_database(tmp_path: Path, pg_empty_url: str) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    assert call_postal(["migrate", "--db", pg_empty_url]).returncode == 0
    with connect(pg_empty_url) as conn:
        conn.execute("UPDATE postal_schema SET version = 999")
    for target in (str(path), pg_empty_url):
        done = call_postal(["migrate", "--db", target])
        assert done.returncode == 1
        assert "schema version 999, newer than this Postal" in done.stderr
        assert "Traceback" not in done.stderr
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone() == (0,)


def _as_url(target: str) -> str:
    return target if "://" in target else f"sqlite:///{target}"


async def test_copy_from_a_missing_server_is_one_line(tmp_path: Path) -> None:
    await (await Store.open(tmp_path / "x.db")).close()
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL"):
        await copy_database(tmp_path / "x.db", f"postgresql://p@/x?host={tmp_path}")
