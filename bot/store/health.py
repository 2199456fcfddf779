"""Is a database file usable? Start-up checks and one-line explanations of SQLite errors.

Start-up must stay quick whatever the size, so ``Database.open`` only probes: SQLite reads
the header and the schema (garbage, a damaged header and a file shorter than its header says
fail there), then the first row of every table and of every index, which reads each one's
root page (a scribbled root makes every command on that table, or every read using that
index, fail). It compares the tables with what the
migrations create and writes once to prove the file is writable. Reading every page
(``PRAGMA integrity_check``, 7 s at a million games) is ``python -m bot check`` and the daily
backup's check of its copy.
"""

from __future__ import annotations

import os
import re
import sqlite3
from functools import cache
from pathlib import Path

RESTORE_HINT = "restore it from a backup (docs/running.md: 'Restoring a backup')"

# How many lines of a failed quick_check to quote: the first ones name the damage.
QUOTED_PROBLEMS = 2

# SQLite's primary result codes (the low byte of an extended code).
_READONLY = 8
_CORRUPT = 11
_FULL = 13
_CANTOPEN = 14
_NOTADB = 26
_BUSY = 5
_LOCKED = 6
_IOERR = 10


_FILE_FAULTS = frozenset({_READONLY, _CORRUPT, _FULL, _CANTOPEN, _NOTADB, _BUSY, _LOCKED, _IOERR})


def _code(error: sqlite3.Error) -> int:
    return (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF


def is_file_fault(error: sqlite3.Error) -> bool:
    """Whether ``error`` comes from the file or its disk rather than from the SQL run."""
    return _code(error) in _FILE_FAULTS


def explain(error: sqlite3.Error | OSError, path: Path) -> str:
    """One line saying why ``path`` cannot be used and what the operator can do."""
    if isinstance(error, OSError):
        return f"cannot use the database {path} ({error.strerror or error}): check the path"
    code = _code(error)
    if code in (_READONLY, _CANTOPEN):
        return f"cannot {'write to' if code == _READONLY else 'open'} the database {path} " + (
            f"({error}): {_why_not_writable(path)}"
        )
    if code == _NOTADB:
        damaged = f"{path} is not an SQLite database, or its header is damaged ({error})"
        return f"{damaged}: {RESTORE_HINT}"
    if code == _CORRUPT:
        return f"the database {path} is damaged ({error}): {RESTORE_HINT}"
    if code == _FULL:
        return f"the disk holding {path} is full ({error}): free some space"
    if code in (_BUSY, _LOCKED):
        return f"the database {path} is locked by another program ({error}): stop it first"
    if code == _IOERR:
        return f"cannot read or write the database {path} ({error}): check the disk"
    return f"cannot use the database {path} ({error})"


def _why_not_writable(path: Path) -> str:
    """What to fix when SQLite may not write ``path`` (it also writes -wal and -shm files)."""
    folder = path.parent
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = False
    if read_only:
        return f"the file system holding {folder} is mounted read-only"
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only: make it writable by this user"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"make {folder} writable by this user (SQLite writes -wal and -shm files there)"
    return "make the file and its folder readable and writable by this user"


class UnusableDatabase(Exception):
    """The file cannot serve Postal; the message is one line for the operator."""


def probe_pages(path: Path, busy_timeout_ms: int) -> None:
    """Read ``path``'s header, schema and the first row of each table and index: a few
    pages whatever the size (a damaged page deeper in is found by ``check_pages``).

    Raises ``sqlite3.Error`` (SQLITE_NOTADB, SQLITE_CORRUPT) for what it finds damaged.
    """
    # mode=rw: probing never creates the file; isolation_level=None: nothing is written.
    uri = f"{path.resolve().as_uri()}?mode=rw"
    connection = sqlite3.connect(uri, uri=True, timeout=busy_timeout_ms / 1000)
    try:
        tables = connection.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        for (table,) in tables:
            connection.execute(f"SELECT * FROM {_quoted(table)} LIMIT 1").fetchall()
        indexes = connection.execute(
            "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'index'"
        ).fetchall()
        for index, table, sql in indexes:
            try:
                connection.execute(_first_entry(str(index), str(table), sql)).fetchall()
            except sqlite3.OperationalError as error:
                # A partial index whose condition the planner cannot match to itself: not
                # probed (damage raises DatabaseError's other kinds, not this one).
                if "no query solution" not in str(error):
                    raise
    finally:
        connection.close()


def _quoted(name: object) -> str:
    return '"' + str(name).replace('"', '""') + '"'


def _first_entry(index: str, table: str, sql: str | None) -> str:
    """A read of ``index``'s first entry (so of its root page): INDEXED BY makes SQLite use
    it, and a partial index is named with its own condition (else it cannot serve)."""
    where = ""
    if sql is not None and (found := _PARTIAL.search(sql)) is not None:
        where = f" WHERE {found.group(1)}"
    return f"SELECT 1 FROM {_quoted(table)} INDEXED BY {_quoted(index)}{where} LIMIT 1"


# A partial index's condition: what follows its column list's closing parenthesis.
_PARTIAL = re.compile(r"\)\s+WHERE\s+(.+?)\s*;?\s*$", re.IGNORECASE | re.DOTALL)


def check_pages(path: Path, busy_timeout_ms: int, pragma: str = "integrity_check") -> None:
    """Read every page of ``path`` (an existing file) with ``PRAGMA integrity_check``
    (``quick_check`` skips the cross-checks of indexes against their tables).

    Raises ``UnusableDatabase`` for damage, ``sqlite3.Error`` when it cannot even be checked.
    """
    uri = f"{path.resolve().as_uri()}?mode=rw"
    connection = sqlite3.connect(uri, uri=True, timeout=busy_timeout_ms / 1000)
    try:
        damage = quick_check(connection, pragma)
    finally:
        connection.close()
    if damage is not None:
        raise UnusableDatabase(f"the database {path} is damaged ({damage}): {RESTORE_HINT}")


def check_file(path: Path, busy_timeout_ms: int) -> None:
    """``check_pages`` for the operator's ``python -m bot check``: whatever stops the check
    (damage, or a file SQLite cannot read at all) as ``UnusableDatabase``, one line."""
    try:
        check_pages(path, busy_timeout_ms)
    except sqlite3.Error as error:
        raise UnusableDatabase(explain(error, path)) from error


def quick_check(connection: sqlite3.Connection, pragma: str = "quick_check") -> str | None:
    """``PRAGMA quick_check`` (or ``integrity_check``) of ``connection``'s database: None
    when it is sound, else its first problems on one line (``quick_check: …; … and 97
    more``). SQLite gives one row per problem, or one row of many lines (``*** in database
    main ***`` then a line per page), so the lines are counted whichever way they come."""
    if pragma not in ("quick_check", "integrity_check"):
        raise ValueError(f"not a check: {pragma}")
    lines = [
        line
        for (row,) in connection.execute(f"PRAGMA {pragma}")
        for line in str(row).splitlines()
        if line.strip() and not line.startswith("*** in database")
    ]
    if lines == ["ok"]:
        return None
    quoted = "; ".join(lines[:QUOTED_PROBLEMS])
    more = f" and {len(lines) - QUOTED_PROBLEMS} more" if len(lines) > QUOTED_PROBLEMS else ""
    return f"{pragma}: {quoted}{more}"


def check_schema_and_write(path: Path, migrations_script: str, busy_timeout_ms: int) -> None:
    """Compare ``path``'s tables with what ``migrations_script`` creates, then write once.

    SQLite opens a read-only file without complaint and fails only at the first write, so a
    write here turns a read-only file into a start-up error instead of failed moves.
    Raises ``UnusableDatabase`` or ``sqlite3.Error``.
    """
    connection = sqlite3.connect(path, timeout=busy_timeout_ms / 1000, isolation_level=None)
    try:
        problems = schema_problems(table_columns(connection), expected_tables(migrations_script))
        if problems:
            raise UnusableDatabase(
                f"the database {path} does not have Postal's tables ({'; '.join(problems)}): "
                f"{RESTORE_HINT}"
            )
        connection.execute("BEGIN IMMEDIATE")
        connection.execute(
            "INSERT INTO bot_state (key, value) VALUES ('store_opened_at', "
            "CAST(strftime('%s', 'now') AS TEXT)) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        )
        connection.execute("COMMIT")
    finally:
        connection.close()


@cache
def expected_tables(script: str) -> dict[str, frozenset[str]]:
    """The tables (and their columns) that the migrations ``script`` creates in a new file."""
    reference = sqlite3.connect(":memory:")
    try:
        reference.executescript(script)
        return table_columns(reference)
    finally:
        reference.close()


def table_columns(connection: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """Postal's tables in ``connection``'s main database and their column names."""
    names = [
        str(row[0])
        for row in connection.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: frozenset(str(column[1]) for column in connection.execute(
            "SELECT * FROM pragma_table_info(?)", (name,)
        ))
        for name in names
    }  # fmt: skip


def schema_problems(
    actual: dict[str, frozenset[str]], expected: dict[str, frozenset[str]]
) -> list[str]:
    """What ``actual`` lacks of ``expected``: missing tables and columns (extra ones are fine)."""
    problems = []
    for table, columns in sorted(expected.items()):
        if table not in actual:
            problems.append(f"table {table} is missing")
            continue
        missing = sorted(columns - actual[table])
        if missing:
            problems.append(f"table {table} lacks {', '.join(missing)}")
    return problems
