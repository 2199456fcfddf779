"""A throwaway PostgreSQL server for tests and benchmarks: ``initdb`` and ``pg_ctl`` on a
socket folder of its own (no TCP port), as an unprivileged user when run as root.

``PostgresServer.start(root)`` makes the cluster, ``new_database()`` gives a fresh database
(copied from a migrated template, so each test starts from Postal's empty schema) and
``stop()`` removes everything. Used by ``tests/conftest.py`` (``--db postgresql``) and by
``benchmarks/`` and the multi-process tests.

A server outlives the process that started it unless stopped, so: SIGTERM stops the
process's servers before the process ends as SIGTERM ends it (pytest runs no teardown on
it), so does a normal exit that skipped ``stop()``, and ``start`` first stops and removes
the servers left in its folder by processes that are gone (SIGKILL, a crash). Each cluster
folder names the process that owns it (``owner``); folders of live processes, and folders
without an owner, are left alone.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import asyncpg

SUPERUSER = "postal"
TEMPLATE = "postal_template"
# Speed over durability: the cluster lives for one test run.
_SERVER_OPTIONS = (
    "-c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=300 -c shared_buffers=32MB"
)
# A Unix socket's path holds at most 107 bytes; beyond this the cluster goes under /tmp.
_LONGEST_ROOT = 80
# The file in a cluster's folder holding the id of the process that started it.
OWNER_FILE = "owner"


Result = TypeVar("Result")


class PostgresUnavailable(RuntimeError):
    """PostgreSQL's server programs are not installed here."""


def binaries() -> Path:
    """The folder of ``initdb``, ``pg_ctl``, ``psql`` and ``pg_dump`` of one version.

    Debian keeps them in /usr/lib/postgresql/N/bin, off PATH. Raises ``PostgresUnavailable``.
    """
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if versions:
        return versions[-1].parent
    raise PostgresUnavailable(
        "PostgreSQL is not installed (apt-get install postgresql): initdb/pg_ctl not found"
    )


@dataclass
class PostgresServer:
    """One running cluster; ``url(name)`` connects to database ``name`` over its socket."""

    root: Path
    bin: Path
    user: str | None  # the unprivileged account it runs as when we are root
    _numbers: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _resetters: dict[str, _Resetter] = field(default_factory=dict)

    @property
    def socket_dir(self) -> Path:
        return self.root / "socket"

    @classmethod
    def start(cls, parent: Path, *, template: bool = True) -> PostgresServer:
        """initdb + start a cluster in a new folder under ``parent`` (after removing the
        servers of gone processes there), and make the migrated template unless not
        ``template``. Raises ``PostgresUnavailable`` or ``subprocess.CalledProcessError``."""
        bin_dir = binaries()
        parent = parent.resolve()
        parent.mkdir(parents=True, exist_ok=True)
        user = _unprivileged_user() if os.geteuid() == 0 else None
        if len(str(parent)) > _LONGEST_ROOT or (user is not None and not _open_to_all(parent)):
            parent = Path(tempfile.gettempdir())
        remove_stale(parent, bin_dir, user)
        root = Path(tempfile.mkdtemp(prefix="pg-", dir=parent))
        (root / OWNER_FILE).write_text(f"{os.getpid()}\n")
        (root / "socket").mkdir()
        if user is not None:
            entry = pwd.getpwnam(user)
            for path in (root, root / "socket"):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        server = cls(root, bin_dir, user)
        _stop_on_exit(server)
        try:
            server._run(
                "initdb", "-D", str(root / "data"), "-U", SUPERUSER, "--auth=trust",
                "--encoding=UTF8", "--locale=C", "--no-sync",
            )  # fmt: skip
            server._run(
                "pg_ctl", "-D", str(root / "data"), "-l", str(root / "server.log"), "-w",
                "-o", f"{_SERVER_OPTIONS} -k {root / 'socket'}", "start",
            )  # fmt: skip
            if template:
                server.psql(f"CREATE DATABASE {TEMPLATE}")
                server.migrate_template()
        except BaseException:
            server.stop()
            raise
        return server

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [str(self.bin / program), *args],
            check=True,
            capture_output=True,
            user=self.user,
            cwd=self.root,
        )

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run ``sql`` as the superuser; its output (tuples only)."""
        done = subprocess.run(
            [str(self.bin / "psql"), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1",
             "-h", str(self.socket_dir), "-U", SUPERUSER, "-d", database, "-c", sql],
            check=True,
            capture_output=True,
            text=True,
        )  # fmt: skip
        return done.stdout

    def migrate_template(self) -> None:
        """Bring the template to the current schema (through Postal's own migrations)."""
        subprocess.run(
            [sys.executable, "-c", _MIGRATE, self.url(TEMPLATE)], check=True, capture_output=True
        )

    def new_database(self, *, empty: bool = False) -> str:
        """A new database's URL: Postal's migrated schema, or nothing at all if ``empty``."""
        name = f"t{os.getpid()}_{next(self._numbers)}"
        template = "template0" if empty else TEMPLATE
        self.psql(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        return self.url(name)

    def reset_database(self, url: str) -> None:
        """Empty the tables of ``url``'s database that have rows and restart the ids that
        moved, as a new database (where creating one takes nearly a second), on a
        connection kept open for it: connections left open by the previous user are closed
        first."""
        resetter = self._resetters.get(url)
        if resetter is None:
            resetter = self._resetters[url] = _Resetter(url)
        resetter.reset()

    def drop_database(self, url: str) -> None:
        name = _database_name(url)
        self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        _RUNNING.pop(self.root, None)
        for resetter in self._resetters.values():
            resetter.close()
        self._resetters.clear()
        if (self.root / "data" / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


# The servers this process started and has not stopped, by folder, and the process that
# started them: a forked child inherits both, and must not stop its parent's servers.
_RUNNING: dict[Path, PostgresServer] = {}
_HANDLER_INSTALLED: list[bool] = []
_OWNER = [os.getpid()]


def _stop_on_exit(server: PostgresServer) -> None:
    """Stop ``server`` when this process ends: on SIGTERM (then end as SIGTERM would have)
    or at a normal exit that did not stop it."""
    if _OWNER[0] != os.getpid():  # a forked child starting servers of its own
        _RUNNING.clear()
        _OWNER[0] = os.getpid()
    _RUNNING[server.root] = server
    if _HANDLER_INSTALLED:
        return
    _HANDLER_INSTALLED.append(True)
    atexit.register(stop_all)
    if threading.current_thread() is not threading.main_thread():
        return  # signal handlers can only be set from the main thread: atexit only
    previous = signal.getsignal(signal.SIGTERM)

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        stop_all()
        if callable(previous):
            previous(signum, frame)
        elif previous != signal.SIG_IGN:
            # The default: die of SIGTERM, as the process would have without us.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)

    signal.signal(signal.SIGTERM, on_sigterm)


def stop_all() -> None:
    """Stop every server this process started and has not stopped."""
    if _OWNER[0] != os.getpid():
        return  # a forked child: the servers are its parent's
    for server in list(_RUNNING.values()):
        server.stop()


def remove_stale(parent: Path, bin_dir: Path, user: str | None) -> list[Path]:
    """Stop and remove the clusters under ``parent`` whose owning process is gone; returns
    their folders. Clusters of live processes, or without an owner file, are left alone."""
    removed: list[Path] = []
    for root in sorted(parent.glob("pg-*")):
        try:
            owner = int((root / OWNER_FILE).read_text().strip())
        except (OSError, ValueError):
            continue
        if _alive(owner):
            continue
        PostgresServer(root, bin_dir, user).stop()
        removed.append(root)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


class _Resetter:
    """One connection to a database, kept open on a thread of its own (the caller may be
    inside a running event loop), that empties it for the next test.

    Server-side CPU is what it saves: a ``psql`` per test cost a backend's start, and
    emptying and restarting every table and sequence (DDL for each) cost more than the test
    itself. Here one query finds the tables with rows and the sequences that moved, and
    only those are emptied (``DELETE``: cheaper than ``TRUNCATE``'s new files for tables
    of a few rows) and set back (``setval``, not ``ALTER SEQUENCE``).
    """

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._url = url
        self._conn: asyncpg.Connection[asyncpg.Record] | None = None

    def _run(self, work: Coroutine[Any, Any, Result]) -> Result:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result()

    def reset(self) -> None:
        self._run(self._reset())

    async def _reset(self) -> None:
        if self._conn is None or self._conn.is_closed():  # a test may have ended it
            self._conn = await asyncpg.connect(self._url)
        conn = self._conn
        await conn.execute(_CLOSE_OTHERS)
        tables = [row[0] for row in await conn.fetch(_TABLES)]
        # One statement (cached by its text while the tables stay the same) saying which
        # tables hold rows: an empty table's scan ends at once.
        used = (
            await conn.fetch(
                " UNION ALL ".join(
                    f"SELECT {_literal(t)} WHERE EXISTS (SELECT 1 FROM {_name(t)})" for t in tables
                )
            )
            if tables
            else []
        )
        moved = await conn.fetch(_MOVED_SEQUENCES)
        if not used and not moved:
            return
        sql = [f"DELETE FROM {_name(row[0])};" for row in used]
        sql += [f"SELECT setval({_literal(_name(name))}, {start}, false);" for name, start in moved]
        # Rows go in any order: the foreign keys' triggers are off for this transaction.
        await conn.execute(
            "BEGIN; SET LOCAL session_replication_role = replica; " + " ".join(sql) + " COMMIT;"
        )

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._run(asyncio.wait_for(self._conn.close(), 5))
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


def _name(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_CLOSE_OTHERS = """
SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid()
"""
_TABLES = """
SELECT tablename FROM pg_tables
WHERE schemaname = current_schema() AND tablename <> 'postal_schema' ORDER BY tablename
"""
_MOVED_SEQUENCES = """
SELECT sequencename, start_value FROM pg_sequences
WHERE schemaname = current_schema() AND last_value IS NOT NULL
"""

_MIGRATE = """
import asyncio, sys
from bot.store import Store

async def main() -> None:
    store = await Store.open(sys.argv[1])
    await store.close()

asyncio.run(main())
"""


def dump_rows(url: str) -> list[str]:
    """Every row of the database at ``url`` (one of a ``PostgresServer``'s) as sorted INSERT
    lines, sequences left out (a rolled-back insert still moves them): to compare before
    and after."""
    socket_dir = url.split("?host=", 1)[1]
    done = subprocess.run(
        [str(binaries() / "pg_dump"), "--data-only", "--inserts", "-h", socket_dir,
         "-U", SUPERUSER, "-d", _database_name(url), "--exclude-table=postal_schema"],
        check=True,
        capture_output=True,
        text=True,
    )  # fmt: skip
    return sorted(line for line in done.stdout.splitlines() if line.startswith("INSERT"))


def _open_to_all(folder: Path) -> bool:
    """Whether any user may pass through ``folder`` and every folder above it (the server's
    account must reach its socket folder; a checkout under /root would stop it)."""
    return all(path.stat().st_mode & stat.S_IXOTH for path in (folder, *folder.parents))


def _database_name(url: str) -> str:
    return url.split("?", 1)[0].rsplit("/", 1)[1]


def _unprivileged_user() -> str:
    """An account without privileges to run the server as (PostgreSQL refuses root)."""
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise PostgresUnavailable("no unprivileged account (postgres or nobody) to run PostgreSQL")
