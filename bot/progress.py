"""Progress of a long operator's task (``copy-db``) on stderr: a bar redrawn in place with the
rate and the time left on a terminal, plain lines now and then when the output is a file or
a pipe (a log keeps every line; a bar's carriage returns would make it unreadable)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

BAR_WIDTH = 24
# How often a plain line is written when the output is not a terminal (seconds), and how
# often the bar is redrawn on one.
LINE_EVERY = 10.0
REDRAW_EVERY = 0.2


def duration(seconds: float) -> str:
    """``1h 02m``, ``3m 05s``, ``42s``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m"
    return f"{minutes}m {secs:02d}s" if minutes else f"{secs}s"


class Progress:
    """Counts ``total`` units (rows) as they are done and shows how far the work got."""

    def __init__(
        self,
        stream: TextIO,
        total: int = 0,
        *,
        unit: str = "rows",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = max(total, 0)
        self.done = 0
        self.skipped = 0
        self.unit = unit
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.shown_at = self.started
        self.bar = stream.isatty()

    def begin(self, total: int, done: int) -> None:
        """The work starts now: ``total`` units, ``done`` of them before this run (a resumed
        copy; counted, not in the rate)."""
        self.total, self.done, self.skipped = max(total, done), done, done
        self.started = self.shown_at = self.clock()

    def advance(self, count: int, label: str) -> None:
        """``count`` more units done, working on ``label`` (a table)."""
        self.done += count
        now = self.clock()
        if now - self.shown_at >= (REDRAW_EVERY if self.bar else LINE_EVERY):
            self.shown_at = now
            self._show(label, now)

    def finish(self, label: str) -> None:
        """The work is over: the last state shown, the bar's line ended."""
        self._show(label, self.clock())
        if self.bar:
            self.stream.write("\n")
            self.stream.flush()

    def line(self, label: str, now: float) -> str:
        """What is shown: done of total, percent, rate, time left, and ``label``."""
        elapsed = max(now - self.started, 1e-9)
        rate = (self.done - self.skipped) / elapsed
        fraction = self.done / self.total if self.total else 1.0
        left = (self.total - self.done) / rate if rate > 0 else None
        words = (
            f"{self.done:,}/{self.total:,} {self.unit} ({fraction:.0%}), "
            f"{rate:,.0f} {self.unit}/s, "
            + (f"about {duration(left)} left" if left is not None else "time left unknown")
            + f" - {label}"
        )
        if not self.bar:
            return words
        filled = round(BAR_WIDTH * fraction)
        return f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {words}"

    def _show(self, label: str, now: float) -> None:
        text = self.line(label, now)
        # \r and a clearing of the line's end redraw the bar in place.
        self.stream.write(f"\r{text}\x1b[K" if self.bar else f"{text}\n")
        self.stream.flush()
