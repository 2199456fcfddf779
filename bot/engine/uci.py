"""An asyncio client for one UCI engine process: handshake, options, positions, ``go``.

It speaks the engine's own coordinates; ``bot.engine.pool`` converts and checks moves. Every
read has a deadline; an engine that closes its output, misses a deadline or writes a
malformed ``info``/``bestmove`` line is an error, and the caller throws the process away.
Unknown lines are ignored, as the UCI protocol asks (engines print banners and debug text).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.api import Budget, Score

# A UCI line is short; one longer than this is garbage (and bounds the memory one can take).
LINE_LIMIT = 64 * 1024
# Lines read during one command before the engine counts as babbling instead of answering.
MAX_LINES = 100_000
# How long a killed engine may take to be reaped: SIGKILL is immediate, this bounds the rest.
REAP_S = 5.0

_log = logging.getLogger(__name__)


class UciError(Exception):
    """The engine broke the protocol or died; the process must not be used again."""


class UciCrashed(UciError):
    """The engine closed its output (it exited or crashed)."""


class UciTimeout(UciError):
    """The engine did not answer in time."""


class UciGarbage(UciError):
    """The engine wrote something that is not UCI where UCI was required."""


@dataclass(frozen=True, slots=True)
class UciOption:
    """One ``option`` line of the handshake: its type and limits as the engine declared them."""

    name: str
    type: str
    default: str | None = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class UciSearch:
    """A ``bestmove`` and the last complete ``info`` before it, in the engine's coordinates.

    ``score`` is ``None`` when the engine sent no exact score (it may answer at once).
    """

    best_move: str
    score: Score | None
    depth: int
    pv: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Info:
    """The fields of one ``info`` line Postal reads; ``None`` where the line has none."""

    depth: int | None = None
    score: Score | None = None
    bound: bool = False  # a lowerbound/upperbound score: not the engine's evaluation
    multipv: int | None = None
    pv: tuple[str, ...] = ()


def parse_info(line: str) -> Info:
    """The depth, score and pv of an ``info`` line (other fields skipped).

    Raises ``UciGarbage`` when a field Postal reads is malformed.
    """
    tokens = line.split()
    depth: int | None = None
    score: Score | None = None
    bound = False
    multipv: int | None = None
    pv: tuple[str, ...] = ()
    i = 1
    try:
        while i < len(tokens):
            token = tokens[i]
            if token == "depth":
                depth = int(tokens[i + 1])
                i += 2
            elif token == "multipv":
                multipv = int(tokens[i + 1])
                i += 2
            elif token == "score":
                kind, value = tokens[i + 1], int(tokens[i + 2])
                if kind == "cp":
                    score = Score(centipawns=value)
                elif kind == "mate":
                    score = Score(mate=value)
                else:
                    raise UciGarbage(f"unknown score kind in {line!r}")
                i += 3
                if i < len(tokens) and tokens[i] in ("lowerbound", "upperbound"):
                    bound = True
                    i += 1
            elif token == "pv":
                pv = tuple(tokens[i + 1 :])
                break
            elif token == "string":
                break  # free text to the end of the line
            else:
                i += 1
    except (IndexError, ValueError) as error:
        raise UciGarbage(f"malformed info line {line!r}") from error
    if depth is not None and depth < 0:
        raise UciGarbage(f"negative depth in {line!r}")
    return Info(depth, score, bound, multipv, pv)


def go_command(
    budget: Budget, depth_cap: int | None = None, searchmoves: Sequence[str] = ()
) -> str:
    """The ``go`` line for ``budget``; ``depth_cap`` adds a depth limit (whichever comes first
    stops the search), ``searchmoves`` restricts the root moves."""
    parts = ["go"]
    if budget.movetime_ms is not None:
        parts += ["movetime", str(budget.movetime_ms)]
    if budget.nodes is not None:
        parts += ["nodes", str(budget.nodes)]
    depth = budget.depth
    if depth_cap is not None:
        depth = depth_cap if depth is None else min(depth, depth_cap)
    if depth is not None:
        parts += ["depth", str(depth)]
    if searchmoves:
        parts += ["searchmoves", *searchmoves]
    return " ".join(parts)


class UciEngine:
    """One running engine process. Use ``start``; always ``close`` (also after an error)."""

    def __init__(
        self,
        process: asyncio.subprocess.Process,
        transport: asyncio.SubprocessTransport,
        command: Sequence[str],
    ) -> None:
        self._process = process
        self._transport = transport
        self.command = tuple(command)
        self.name = ""
        self.options: dict[str, UciOption] = {}
        self._sent_options: dict[str, str] = {}

    @classmethod
    async def start(cls, command: Sequence[str], *, timeout: float = 10.0) -> UciEngine:
        """Start ``command`` and complete the handshake (``uci``/``uciok``, ``isready``).

        Raises ``FileNotFoundError``/``PermissionError`` when it cannot be run, ``UciError``
        when it does not complete the handshake within ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        # The transport is kept (``create_subprocess_exec`` hides it): closing its pipes is
        # what lets a killed process be reaped (see ``close``).
        transport, protocol = await loop.subprocess_exec(
            lambda: asyncio.subprocess.SubprocessStreamProtocol(LINE_LIMIT, loop),
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            # Its own session and process group: a terminal's Ctrl-C goes to Postal, which
            # stops it itself, and ``kill`` reaches whatever a wrapper script forked.
            start_new_session=True,
            env={**os.environ, "LC_ALL": "C"},
        )
        engine = cls(asyncio.subprocess.Process(transport, protocol, loop), transport, command)
        try:
            await engine._handshake(timeout)
        except BaseException:
            await engine.close(grace=0)  # cancelled or broken: nothing to wait for
            raise
        return engine

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def alive(self) -> bool:
        return self._process.returncode is None

    async def _handshake(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        self._send("uci")
        for line in await self._read_until("uciok", deadline):
            if line.startswith("id name "):
                self.name = line[len("id name ") :].strip()
            elif line.startswith("option name "):
                option = _parse_option(line)
                if option is not None:
                    self.options[option.name] = option
        await self.ready(deadline - loop.time())

    async def ready(self, timeout: float) -> None:
        """Wait for ``readyok`` after ``isready``. Raises ``UciError``."""
        self._send("isready")
        await self._read_until("readyok", asyncio.get_running_loop().time() + timeout)

    def set_option(self, name: str, value: str | int | bool) -> bool:
        """Send ``setoption`` unless this value is already set; whether it was sent. Raises
        ``KeyError`` for an option the engine did not declare (Postal never sends one
        blindly)."""
        if name not in self.options:
            raise KeyError(f"{self.name or self.command[0]} has no option {name!r}")
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        if self._sent_options.get(name) == text:
            return False
        self._send(f"setoption name {name} value {text}")
        self._sent_options[name] = text
        return True

    def new_game(self) -> None:
        """Send ``ucinewgame``: the engine forgets what it searched (its hash table).
        Raises ``UciCrashed`` when the process is gone."""
        self._send("ucinewgame")

    async def search(self, fen: str, moves: Sequence[str], go: str, timeout: float) -> UciSearch:
        """Set the position and run ``go``; the answer within ``timeout`` seconds.

        Raises ``UciTimeout`` (the caller kills the process), ``UciCrashed``, ``UciGarbage``.
        """
        deadline = asyncio.get_running_loop().time() + timeout
        position = f"position fen {fen}"
        self._send(f"{position} moves {' '.join(moves)}" if moves else position)
        self._send(go)
        score: Score | None = None
        depth = 0
        pv: tuple[str, ...] = ()
        for _ in range(MAX_LINES):
            line = await self._read_line(deadline)
            if line.startswith("info "):
                info = parse_info(line)
                if info.multipv not in (None, 1):
                    continue  # Skill Level searches several lines; the first is the best
                if info.score is not None and not info.bound:
                    score = info.score
                    depth = info.depth if info.depth is not None else depth
                    pv = info.pv or pv
            elif line == "bestmove" or line.startswith("bestmove "):
                tokens = line.split()
                if len(tokens) < 2:
                    raise UciGarbage(f"bestmove without a move: {line!r}")
                best = tokens[1]
                if pv and pv[0] != best:
                    pv = (best,)  # the line searched is not the move chosen (Skill Level)
                return UciSearch(best, score, depth, pv or (best,))
        raise UciGarbage(f"more than {MAX_LINES} lines without a bestmove")

    async def close(self, grace: float = 1.0) -> None:
        """Ask the engine to quit and give it ``grace`` seconds; then kill its process group
        (its own process and anything a wrapper forked) and reap it, within ``REAP_S``.

        Never raises for the engine's state; a cancellation still kills the group first.
        """
        process = self._process
        try:
            if process.returncode is None and grace > 0:
                with contextlib.suppress(OSError, RuntimeError, UciError):
                    self._send("quit")
                self._close_pipes()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(grace):
                        await process.wait()
        finally:
            self.kill()
            self._close_pipes()
        try:
            async with asyncio.timeout(REAP_S):
                await process.wait()
        except TimeoutError:
            _log.warning(
                "engine %s (pid %s) not reaped %s s after a kill", self.name, self.pid, REAP_S
            )

    def kill(self) -> None:
        """Kill the engine's process group at once (a hung engine, or the end of ``close``).

        The group outlives its leader while a forked child is in it, and its id cannot be
        given to another process meanwhile; once it is empty the kill finds nothing."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL)

    def _close_pipes(self) -> None:
        """Close both pipes. Python 3.11's ``wait()`` returns only once every pipe is closed,
        and an engine that flooded its output leaves the output pipe paused for reading,
        never to see its end: unclosed, a killed engine would never be reaped."""
        for fd in (0, 1):
            pipe = self._transport.get_pipe_transport(fd)
            if pipe is not None:
                pipe.close()

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        if stdin is None or stdin.is_closing() or self._process.returncode is not None:
            raise UciCrashed(f"{self.command[0]} is not running")
        stdin.write(line.encode() + b"\n")

    async def _read_line(self, deadline: float) -> str:
        stdout = self._process.stdout
        assert stdout is not None
        try:
            # Not ``wait_for``: on Python 3.11 it swallows a cancellation that comes as the
            # line arrives, and a cancelled search's engine then lived on to its deadline.
            async with asyncio.timeout_at(deadline):
                raw = await stdout.readline()
        except TimeoutError as error:
            raise UciTimeout(f"{self.command[0]} did not answer in time") from error
        except ValueError as error:  # asyncio's limit: a line longer than LINE_LIMIT
            raise UciGarbage(f"{self.command[0]} wrote a line over {LINE_LIMIT} bytes") from error
        if not raw:
            raise UciCrashed(f"{self.command[0]} exited")
        try:
            return raw.decode().strip()
        except UnicodeDecodeError as error:
            raise UciGarbage(f"{self.command[0]} wrote bytes that are not text") from error

    async def _read_until(self, token: str, deadline: float) -> list[str]:
        lines: list[str] = []
        for _ in range(MAX_LINES):
            line = await self._read_line(deadline)
            if line == token:
                return lines
            lines.append(line)
        raise UciGarbage(f"more than {MAX_LINES} lines without {token!r}")


def _parse_option(line: str) -> UciOption | None:
    """An ``option name … type …`` line; ``None`` for one too malformed to use."""
    body = line[len("option name ") :]
    name, found, rest = body.partition(" type ")
    if not found or not name.strip():
        return None
    tokens = rest.split()
    if not tokens:
        return None
    kind, fields = tokens[0], tokens[1:]
    default: str | None = None
    low: int | None = None
    high: int | None = None
    choices: list[str] = []
    i = 0
    while i < len(fields):
        key = fields[i]
        value = fields[i + 1] if i + 1 < len(fields) else ""
        if key == "default":
            default = value
        elif key == "min" and value.lstrip("-").isdigit():
            low = int(value)
        elif key == "max" and value.lstrip("-").isdigit():
            high = int(value)
        elif key == "var":
            choices.append(value)
        i += 2
    return UciOption(name.strip(), kind, default, low, high, tuple(choices))
