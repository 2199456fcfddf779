"""Running ``python -m bot`` as its own process, as an operator would, or its ``main`` in
the test's process with the same environment, input and captured output (a process costs a
third of a CPU-second and more to start: one a command proves the process boundary)."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from bot.__main__ import main

ROOT = Path(__file__).resolve().parents[1]


def process_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """A clean environment (only ``PATH``) plus ``env`` and what imports the project."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": path, **(env or {})}


def run_postal(
    args: list[str],
    env: dict[str, str] | None = None,
    stdin: str = "",
    prefix: tuple[str, ...] = (),
    encoding: str = "utf-8",
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot ARGS`` to its end (``prefix``: a wrapper such as setpriv;
    ``encoding``: how ``stdin`` and the output are turned into bytes and back)."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        encoding=encoding,
        cwd=ROOT,
        timeout=60,
        check=False,
        env=process_env(env),
    )


def call_postal(
    args: list[str], env: dict[str, str] | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """What ``run_postal(args, env, stdin)`` does, by ``python -m bot``'s ``main`` in this
    process: the same clean environment and working folder, ``stdin`` as standard input,
    standard output and error captured, the exit status ``main`` returns or argparse exits
    with. The process's logging and signal handlers are left as they were."""
    out, err = io.StringIO(), io.StringIO()
    given = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    with (
        mock.patch.dict(os.environ, process_env(env), clear=True),
        mock.patch.object(sys, "stdin", given),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.chdir(ROOT),
        _logging_kept(),
        _signals_kept(),
    ):
        try:
            status = main(args)
        except SystemExit as stop:  # argparse: --help, or a wrong argument
            status = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    return subprocess.CompletedProcess(["python", "-m", "bot", *args], status, out.getvalue(),
                                       err.getvalue())  # fmt: skip


@contextlib.contextmanager
def _logging_kept() -> Iterator[None]:
    """The root logger's handlers and level, put back after the block."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


@contextlib.contextmanager
def _signals_kept() -> Iterator[None]:
    """SIGINT's and SIGTERM's handlers and the wakeup fd, put back after the block: the bot's
    start hands its signals to asyncio, which sets them back to the default, not to what they
    were (in a pytest worker, tests/pgserver's SIGTERM handler that stops the server)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread sets signal handlers: a command run in another sets none
        return
    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    wakeup = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(wakeup)
    try:
        yield
    finally:
        signal.set_wakeup_fd(wakeup)
        for signum, handler in handlers.items():
            if handler is not None:  # None: set outside Python, which cannot set it back
                signal.signal(signum, handler)
