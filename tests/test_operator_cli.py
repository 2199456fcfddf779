"""The operator's command lines: a mistyped database path is refused in one line and
creates nothing; a new database is announced; ``--help`` lists the subcommands.

Most run ``python -m bot``'s ``main`` in the test's process (``call_postal``); one run of
each kind starts a process (``run_postal``), so the exit status and stderr are seen across
the process boundary too."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from bot.subcommands import SUBCOMMANDS
from tests.processes import call_postal, run_postal

pytestmark = pytest.mark.sqlite_only


def _one_line(stderr: str) -> str:
    assert stderr.count("\n") == 1 and stderr.startswith("postal: "), stderr
    return stderr.strip()


@pytest.mark.parametrize("form", ["path", "url"])
def test_copy_db_from_a_missing_file_is_refused(tmp_path: Path, form: str) -> None:
    """``copy-db`` from a file that is not there: one line, exit 2, nothing created on
    either side (it used to make an empty source and "verify 0 games")."""
    source = tmp_path / "typo.db"
    done = call_postal(
        [
            "copy-db",
            str(source) if form == "path" else f"sqlite:///{source}",
            str(tmp_path / "to.db"),
        ]
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert _one_line(done.stderr) == f"postal: there is no database at {source}: check the path"
    assert done.stdout == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["console", "--no-images"], ["migrate"]])
def test_db_in_a_missing_folder_is_refused(tmp_path: Path, command: list[str]) -> None:
    """``--db`` naming a folder that does not exist creates neither folder nor file."""
    wrong = tmp_path / "nonexistent" / "dir" / "x.db"
    run = run_postal if command == ["migrate"] else call_postal
    done = run([*command, "--db", str(wrong)], stdin="alice /games\n")
    assert done.returncode == 2, done.stdout + done.stderr
    assert _one_line(done.stderr) == (
        f"postal: the folder {wrong.parent} of the database {wrong} does not exist: "
        "check the path (or create the folder first)"
    )
    assert list(tmp_path.iterdir()) == []


def test_copy_db_into_a_missing_folder_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "postal.db"
    assert call_postal(["migrate", "--db", str(source)]).returncode == 0
    done = run_postal(["copy-db", str(source), str(tmp_path / "no" / "copy.db")])
    assert done.returncode == 2 and "the folder" in _one_line(done.stderr)
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("written", ["backups", "backups/", "no/such/folder/postal.db"])
def test_backup_into_a_missing_folder_is_refused(tmp_path: Path, written: str) -> None:
    """``backup backups`` where there is no folder ``backups`` (it used to write a file
    named ``backups``), or a file in a folder that does not exist: one line, exit 2,
    nothing made."""
    source = tmp_path / "postal.db"
    assert call_postal(["migrate", "--db", str(source)]).returncode == 0
    target = f"{tmp_path}/{written}"
    done = call_postal(["backup", target, "--db", str(source)])
    assert done.returncode == 2, done.stdout + done.stderr
    line = _one_line(done.stderr)
    if written.startswith("backups"):
        assert line == (
            f"postal: there is no folder {tmp_path / 'backups'}: create it first, or name "
            f"the backup file (e.g. {tmp_path / 'backups.db'})"
        )
    else:
        assert (
            line
            == f"postal: the folder {tmp_path / 'no/such/folder'} does not exist: check the path"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["postal.db"]
    (tmp_path / "backups").mkdir()
    made = call_postal(["backup", f"{tmp_path}/backups", "--db", str(source)])
    assert made.returncode == 0 and len(list((tmp_path / "backups").iterdir())) == 1


def test_console_says_when_it_creates_the_database(tmp_path: Path) -> None:
    """A new file is announced once on stderr; opening it again says nothing."""
    path = tmp_path / "postal.db"
    first = run_postal(["console", "--db", str(path), "--no-images"], stdin="alice /games\n")
    assert first.returncode == 0, first.stderr
    assert first.stderr == f"postal: created a new database at {path}\n"
    again = call_postal(["console", "--db", f"sqlite:///{path}", "--no-images"], stdin="")
    assert again.returncode == 0 and again.stderr == ""


def _signal_state() -> tuple[object, object, int]:
    """SIGINT's and SIGTERM's handlers and the wakeup fd, as this process has them now."""
    wakeup = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(wakeup)
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), wakeup


def test_commands_run_in_the_tests_process_leave_its_signals_as_found(tmp_path: Path) -> None:
    """The console and the bot's start set signal handlers (and the console a wakeup fd);
    run in the test's process they put them back, or Ctrl-C and pytest's own handling would
    change for every test after (tests/pgserver stops its server on SIGTERM: asyncio set
    SIGTERM back to the default, not to that)."""
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: None)
    try:
        _leave_signals_as_found(tmp_path)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _leave_signals_as_found(tmp_path: Path) -> None:
    found = _signal_state()
    database = f"sqlite:///{tmp_path / 'postal.db'}"
    played = call_postal(["console", "--db", database, "--no-images"], stdin="alice /games\n")
    # Past the token, the start sets its stop signals before it finds no such folder.
    missing = f"sqlite:///{tmp_path / 'missing' / 'postal.db'}"
    refused = call_postal([], env={"DATABASE_URL": missing, "DISCORD_TOKEN": "x"})
    assert played.returncode == 0 and refused.returncode != 0, refused.stderr
    assert _signal_state() == found


@pytest.mark.parametrize("url", ["postgresql://postal:secret@db/postal", "postgres://db/postal"])
def test_backup_of_a_postgresql_url_gives_the_pg_dump_advice(tmp_path: Path, url: str) -> None:
    """``backup --db postgresql://…`` says what ``DATABASE_URL=postgresql://…`` says."""
    by_flag = call_postal(["backup", str(tmp_path / "b.db"), "--db", url])
    by_env = call_postal(["backup", str(tmp_path / "b.db")], env={"DATABASE_URL": url})
    assert by_flag.returncode == by_env.returncode == 1
    assert "pg_dump" in _one_line(by_flag.stderr) and "secret" not in by_flag.stderr
    assert by_flag.stderr == by_env.stderr
    assert list(tmp_path.iterdir()) == []


def test_help_lists_every_subcommand_with_one_line(tmp_path: Path) -> None:
    done = run_postal(["--help"])
    assert done.returncode == 0
    for name in SUBCOMMANDS:
        (line,) = [line for line in done.stdout.splitlines() if line.startswith(f"  {name} ")]
        assert len(line.split()) > 3, line
        sub = call_postal([name, "--help"])
        assert sub.returncode == 0 and f"python -m bot {name}" in sub.stdout
