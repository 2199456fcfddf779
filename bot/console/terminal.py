"""The console's terminal: its lines read with line editing and history (readline, where
the terminal has it), Ctrl-C that ends the console at once, undecodable bytes kept for a
clear refusal, and the operators' log lines kept out of it.

A line is read by ``input()`` on a daemon thread: asyncio's default executor would make
``asyncio.run`` wait for the line being typed before it could stop, so Ctrl-C took effect
only at the next Enter. The history is kept in ``$XDG_STATE_HOME/postal/console_history``
(``~/.local/state/postal/console_history`` by default), as Python keeps its own.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

HISTORY_LINES = 1000
# What a line that is no text in the terminal's encoding reads as: one the console refuses
# as undecodable bytes, as it does from a pipe (``bot.console.lines.words_of``).
UNDECODABLE = "\udcff\n"


def quiet_logs(log_level: str | None) -> None:
    """The console's terminal is the player's: the operators' English log lines (such as
    the downtime credited at start-up) stay out of it unless ``LOG_LEVEL`` asks for them;
    errors still show."""
    logging.basicConfig(level=log_level or "ERROR", format="%(levelname)s %(name)s: %(message)s")


def stdin_lines() -> TextIO:
    """Standard input as UTF-8 text whose undecodable bytes come through as surrogates, so
    one bad byte refuses one line (see ``words_of``) instead of ending the console."""
    return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="surrogateescape")


def history_file() -> Path:
    """Where the console's history is kept."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "postal" / "console_history"


@contextmanager
def terminal_session() -> Iterator[Callable[[str], Awaitable[str]]]:
    """Within the block: a function reading one typed line after a prompt ("" at Ctrl-D),
    with readline's editing and the history file loaded; afterwards the history is saved
    and the terminal's modes restored (a Ctrl-C may have left readline's behind)."""
    editing = _readline()
    path = history_file()
    if editing is not None:
        editing.set_history_length(HISTORY_LINES)
        with suppress(OSError):
            editing.read_history_file(path)
    saved = _terminal_modes()
    try:
        yield read_typed_line
    finally:
        _restore_terminal(saved)
        if editing is not None:
            with suppress(OSError):
                path.parent.mkdir(parents=True, exist_ok=True)
                editing.write_history_file(path)


@contextmanager
def signals_wake_the_loop() -> Iterator[None]:
    """Within the block (run on the event loop's thread, the main one): a signal wakes the
    event loop whichever thread the kernel gave it to.

    Python runs a signal's handler (asyncio's, cancelling the console at Ctrl-C) in the main
    thread only, once that thread runs again; the kernel may deliver the signal to any thread,
    such as the one waiting in ``input()``, and then the main thread slept on in its
    ``select`` with Ctrl-C pending until some timer woke it. With a wakeup fd, Python's C
    handler writes a byte that ``select`` is watching, as asyncio's own signal handlers do.
    """
    loop = asyncio.get_running_loop()
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    loop.add_reader(reader.fileno(), _drain, reader)
    previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        loop.remove_reader(reader.fileno())
        reader.close()
        writer.close()


def _drain(reader: socket.socket) -> None:
    with suppress(BlockingIOError, InterruptedError):
        while reader.recv(256):
            pass


async def read_typed_line(prompt: str) -> str:
    """One line typed after ``prompt``, with its newline ("" at end of input)."""
    loop = asyncio.get_running_loop()
    typed: asyncio.Future[str] = loop.create_future()

    def settle(text: str) -> None:
        if not typed.done():
            typed.set_result(text)

    def read() -> None:
        try:
            text = input(prompt) + "\n"
        except EOFError:
            text = ""
        except UnicodeDecodeError:
            text = UNDECODABLE
        # The console may have stopped meanwhile (Ctrl-C): then nobody waits for the line.
        with suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, text)

    threading.Thread(target=read, name="postal-console-input", daemon=True).start()
    return await typed


def _readline() -> ModuleType | None:
    """The readline module (importing it gives ``input()`` editing and history), or None
    where Python has none. Imported only for a terminal: a pipe needs no editing."""
    try:
        import readline
    except ImportError:
        return None
    return readline


def _terminal_modes() -> list[Any] | None:
    try:
        import termios

        return termios.tcgetattr(sys.stdin.fileno())
    except (ImportError, OSError, ValueError):
        return None


def _restore_terminal(modes: list[Any] | None) -> None:
    if modes is None:
        return
    with suppress(ImportError, OSError, ValueError):
        import termios

        termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, modes)


__all__ = [
    "HISTORY_LINES",
    "history_file",
    "quiet_logs",
    "read_typed_line",
    "signals_wake_the_loop",
    "stdin_lines",
    "terminal_session",
]
