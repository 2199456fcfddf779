"""Which database the store, service and Discord suites run on: ``--db sqlite`` (the
default) or ``--db postgresql`` (a throwaway server started for the run, see
``tests/pgserver.py``). ``.ci/run`` runs those suites once more with ``--db postgresql``.

Tests that are about SQLite itself (its files, pages, locks, backups) carry
``@pytest.mark.sqlite_only`` and are skipped on PostgreSQL, and so are tests that never ask
for the database (``db_target``): they would only repeat the default run. The Discord suite
(``tests/discord``) is about Discord, not the database: on PostgreSQL only its tests marked
``@pytest.mark.store`` run (what the store keeps across restarts, kills and processes: the
outbox, deadlines, claims). The service suite is about the service: on PostgreSQL only its
tests marked ``store`` run, those about the database itself (races, processes, batch sizes
against PostgreSQL's parameter limit, migrations of stored rows) and those that run store code
``tests/store`` does not (chosen by coverage: docs/development.md, "The PostgreSQL pass").
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store import Store
from tests import examples as _examples  # noqa: F401  (registers Hypothesis's profiles)
from tests.pgserver import PostgresServer, PostgresUnavailable

ROOT = Path(__file__).resolve().parents[1]
DISCORD = ROOT / "tests" / "discord"
SERVICE = ROOT / "tests" / "service"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db",
        choices=("sqlite", "postgresql"),
        default=os.environ.get("POSTAL_TEST_DB", "sqlite"),
        help="the database the store, service and Discord tests use (default: sqlite)",
    )


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core. The Discord tests spend much of their time waiting
    (Discord's rate-limit windows, retries, subprocesses), and a core with one worker idles
    then; measured in docs/development.md."""
    return 2 * len(os.sched_getaffinity(0))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a test about SQLite itself")
    config.addinivalue_line("markers", "postgresql: a test that needs a PostgreSQL server")
    config.addinivalue_line(
        "markers",
        "store: a Discord or service test about the database, or running store code that "
        "tests/store does not: run on PostgreSQL too",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--db") != "postgresql":
        return
    about_sqlite = pytest.mark.skip(reason="about SQLite itself")
    # A test that never asks for the chosen database (the fake's own tests, tests on files
    # of their own, tests/store/test_store_postgres.py) runs the same under either --db.
    same_anyway = pytest.mark.skip(reason="does not use the --db database")
    about_discord = pytest.mark.skip(reason="about Discord, not the store: runs on SQLite")
    about_service = pytest.mark.skip(reason="about the service, not the store: runs on SQLite")
    for item in items:
        if item.get_closest_marker("sqlite_only"):
            item.add_marker(about_sqlite)
        elif "db_target" not in getattr(item, "fixturenames", ()):
            item.add_marker(same_anyway)
        elif item.get_closest_marker("store") or item.get_closest_marker("postgresql"):
            continue
        elif DISCORD in item.path.parents:
            item.add_marker(about_discord)
        elif SERVICE in item.path.parents:
            item.add_marker(about_service)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """A PostgreSQL cluster for the whole run. Skips where PostgreSQL is not installed,
    except in CI (``CI=true``), where that is a failure."""
    try:
        server = PostgresServer.start(ROOT / ".pgtest")
    except PostgresUnavailable as error:
        if os.environ.get("CI") == "true":
            pytest.fail(str(error))
        pytest.skip(str(error))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def _pg_shared(pg_server: PostgresServer) -> str:
    return pg_server.new_database()


@pytest.fixture
def pg_url(pg_server: PostgresServer, _pg_shared: str) -> str:
    """A database with Postal's schema and no rows (one database, emptied before each
    test; ``pg_server.new_database()`` makes a separate one)."""
    pg_server.reset_database(_pg_shared)
    return _pg_shared


@pytest.fixture
def pg_empty_url(pg_server: PostgresServer) -> Iterator[str]:
    """A database of its own with nothing in it: no tables, no version."""
    url = pg_server.new_database(empty=True)
    yield url
    pg_server.drop_database(url)


@pytest.fixture
def db_backend(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("--db"))


@pytest.fixture
def db_target(db_backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """Where the test's database lives: an SQLite file under ``tmp_path``, or a fresh
    PostgreSQL database's URL under ``--db postgresql``."""
    if db_backend == "postgresql":
        return str(request.getfixturevalue("pg_url"))
    return tmp_path / "postal.db"


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite database made by ``Store.open`` (every migration run) and closed, with no
    rows: made once a run (a worker), copied by ``tests.dbtools.from_template``."""
    path = tmp_path_factory.mktemp("template") / "postal.db"

    async def make() -> None:
        await (await Store.open(path)).close()

    # A thread of its own: the fixture may be set up while a test's event loop runs.
    maker = threading.Thread(target=asyncio.run, args=(make(),))
    maker.start()
    maker.join()
    # Closed cleanly, the database is one file: its write-ahead log was folded in.
    assert path.is_file() and not path.with_name("postal.db-wal").exists()
    return path
