"""The console at a real terminal (a pseudo-terminal): the Up arrow recalls the last line,
the history outlives the session, Ctrl-C ends it at once without a traceback; and each
database's board images go to a folder of its own."""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.console.terminal import history_file
from bot.database_cli import database_name

ROOT = Path(__file__).resolve().parents[2]
UP_ARROW = "\x1b[A"


def _own_terminal() -> None:
    """In the child, after its new session: make the pseudo-terminal its controlling
    terminal, so Ctrl-C there sends it SIGINT as a real terminal does; and let SIGINT do
    what it does by default, as a shell starting a command at a terminal lets it. The tests
    may run with SIGINT ignored (a shell without job control ignores it in the commands it
    starts in the background), and a Python started so never handles it."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``python -m bot console`` on the slave side of a pseudo-terminal."""

    def __init__(self, tmp_path: Path) -> None:
        # faulthandler: a console that hangs is made to print every thread's stack (SIGABRT).
        self.env = {
            **os.environ,
            "XDG_STATE_HOME": str(tmp_path / "state"),
            "TERM": "xterm",
            "PYTHONFAULTHANDLER": "1",
        }
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "t.db"),
             "--no-images"],
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=self.env,
            start_new_session=True, preexec_fn=_own_terminal,
        )  # fmt: skip
        os.close(slave)
        self.seen = ""

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_for(self, text: str, count: int = 1, seconds: float = 30.0) -> None:
        """Read the terminal until ``text`` has been shown ``count`` times."""
        deadline = time.monotonic() + seconds
        while self.seen.count(text) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} x{count} not shown; the terminal showed:\n{self.seen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.seen += os.read(self.master, 4096).decode(errors="replace")
                except OSError:  # the console exited: the slave side is gone
                    break

    def read_rest(self, seconds: float) -> None:
        """Read what the terminal shows until its program has gone (or ``seconds`` pass)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if select.select([self.master], [], [], left)[0]:
                try:
                    self.seen += os.read(self.master, 4096).decode(errors="replace")
                except OSError:  # the slave side is gone
                    return

    def exit_status(self, seconds: float) -> int:
        """The console's exit status once it ends within ``seconds``; otherwise it is made to
        print where each of its threads waits, and the test fails showing that."""
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            signals = self._signal_state()
            self.process.send_signal(signal.SIGABRT)
            self.process.wait()
            self.read_rest(seconds=5)
            raise AssertionError(
                f"still running after {seconds} s ({signals}):\n{self.seen}"
            ) from None

    def _signal_state(self) -> str:
        """Each thread's blocked, pending and ignored signals (as /proc shows them)."""
        said = []
        for task in sorted(Path(f"/proc/{self.process.pid}/task").iterdir()):
            with contextlib.suppress(OSError):
                lines = (task / "status").read_text().splitlines()
                said.append(
                    task.name + " " + " ".join(line for line in lines if line.startswith("Sig"))
                )
        return "; ".join(said)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    made = Terminal(tmp_path)
    yield made
    made.close()


def test_the_up_arrow_recalls_the_last_line_and_the_history_is_kept(
    terminal: Terminal, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal.wait_for("> ")
    terminal.type("alice /nonsense\n")
    terminal.wait_for("/nonsense", 2)  # echoed, then named in the refusal
    shown = terminal.seen.count("/nonsense")
    terminal.type(UP_ARROW + "\n")
    terminal.wait_for("/nonsense", shown + 2)
    terminal.wait_for("> ", 3)  # the third prompt: the recalled line was answered
    terminal.type("\x04")  # Ctrl-D
    assert terminal.process.wait(timeout=30) == 0
    history = history_file_in(tmp_path, monkeypatch)
    assert history.read_text(encoding="utf-8").splitlines()[-1] == "alice /nonsense"


def test_ctrl_c_ends_the_console_at_once(terminal: Terminal) -> None:
    terminal.wait_for("> ")
    terminal.type("alice /challenge bob\n")
    terminal.wait_for("> ", 2)
    started = time.monotonic()
    terminal.type("\x03")  # Ctrl-C, with no Enter after it
    status = terminal.exit_status(10)
    waited = time.monotonic() - started
    assert status == 130 and waited < 10
    terminal.wait_for("> ", 2, seconds=1)  # what it printed meanwhile
    assert "Traceback" not in terminal.seen and "KeyboardInterrupt" not in terminal.seen


def _tgkill(pid: int, thread: int, signum: int) -> bool:
    """Send ``signum`` to one thread of another process (glibc's ``tgkill``); False where the
    C library has none."""
    libc = ctypes.CDLL(None, use_errno=True)
    if not hasattr(libc, "tgkill"):
        return False
    assert libc.tgkill(pid, thread, signum) == 0, os.strerror(ctypes.get_errno())
    return True


def test_ctrl_c_taken_by_another_thread_still_ends_the_console(terminal: Terminal) -> None:
    """The kernel may give a terminal's SIGINT to any thread of the console (the one waiting
    in ``input()``, aiosqlite's): the console still ends at once. It hung there before, with
    the main thread asleep in ``select`` (seen in loaded CI runs)."""
    terminal.wait_for("> ")
    terminal.type("alice /challenge bob\n")
    terminal.wait_for("> ", 2)
    pid = terminal.process.pid
    others = sorted(int(task) for task in os.listdir(f"/proc/{pid}/task") if int(task) != pid)
    assert others, "the console runs more than one thread"
    if not _tgkill(pid, others[-1], signal.SIGINT):
        pytest.skip("no tgkill in this C library")
    assert terminal.exit_status(10) == 130
    terminal.read_rest(seconds=1)
    assert "Traceback" not in terminal.seen and "KeyboardInterrupt" not in terminal.seen


def history_file_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the console run with ``XDG_STATE_HOME=tmp_path/state`` keeps its history."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return history_file()


def test_each_database_keeps_its_board_images_in_a_folder_of_its_own(tmp_path: Path) -> None:
    """Game #1 of two databases, played in one folder: neither's images overwrite the
    other's (boards/<database name>/ unless --images names a folder)."""
    lines = "alice /challenge bob color:white\nbob /press Accept\nalice /move e4\n"
    for name in ("first", "second"):
        done = subprocess.run(
            [sys.executable, "-m", "bot", "console", "--db", f"{name}.db"],
            input=lines, capture_output=True, text=True, cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert f"boards/{name}/game1-ply1.png" in done.stdout
    assert (tmp_path / "boards" / "first" / "game1-ply1.png").is_file()
    assert (tmp_path / "boards" / "second" / "game1-ply1.png").is_file()


@pytest.mark.parametrize(
    ("database", "name"),
    [
        (Path("games/demo.db"), "demo"),
        (Path("postal"), "postal"),
        ("postgresql://postal@db.example/chessclub", "chessclub"),
        ("postgresql://db.example/chessclub?sslmode=require", "chessclub"),
        ("postgresql://db.example", "postgresql"),
        ("postgresql://", "postgresql"),
    ],
)
def test_the_images_folder_is_named_for_the_database(database: Path | str, name: str) -> None:
    """An SQLite file by its stem, a URL by its database (by its scheme when it names none)."""
    assert database_name(database) == name
