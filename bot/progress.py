"""Progress of a long operator's task (``copy-db``) on stderr: a bar redrawn in place with the
rate and the time left on a terminal, plain lines now and then when the output is a file or
a pipe (a log keeps every line; a bar's carriage returns would make it unreadable).

The time left is estimated from the work, not the rows: each table's rows are weighted by
what a row of it costs (``Work.weight``, its bytes and a row's own cost), since a game (ten
indexes, ~290 bytes) took as long as five moves to copy at 1M games and the rows of every
table counted alike said 3 h 53 min left where 44 min were. It is said only once it means
something: after ``ESTIMATE_AFTER`` seconds, from the rate over the later half of the run so
far (the first pages, cold caches and small tables, are slower than the copy's pace).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TextIO

BAR_WIDTH = 24
# How often a plain line is written when the output is not a terminal (seconds), and how
# often the bar is redrawn on one.
LINE_EVERY = 10.0
REDRAW_EVERY = 0.2
# No time left is said before this many seconds of work: "estimating" until then.
ESTIMATE_AFTER = 30.0
# Once the table being copied has run this long, the rate is its own (seconds).
TABLE_SECONDS = 10.0
# One sample of the work done is kept a second at most (the rate's window is half the run).
SAMPLE_EVERY = 1.0


class Part(Protocol):
    """One part of the work: ``rows`` rows of ``label`` (a table), ``done`` of them before
    this run (a resumed copy), each worth ``weight`` units of work."""

    @property
    def label(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def done(self) -> int: ...
    @property
    def weight(self) -> float: ...


@dataclass(frozen=True)
class Work:
    """A ``Part`` as it is given."""

    label: str
    rows: int
    done: int = 0
    weight: float = 1.0


@dataclass(frozen=True)
class Sample:
    """The work done ``at`` seconds into the run: ``rows`` and ``units`` of it, working on
    ``label`` (a table)."""

    at: float
    rows: int
    units: float
    label: str = ""


def seconds_left(samples: Sequence[Sample], total_units: float) -> float | None:
    """The seconds left until ``total_units`` are done, from ``samples`` of the run (oldest
    first, the first at its start): what is left divided by the units a second over the
    later half of the run so far, or over the table being copied alone once it has run
    ``TABLE_SECONDS`` (its pace is the best guess of the next tables' at their weights).
    None before ``ESTIMATE_AFTER`` seconds, or when nothing was done in that time (no rate
    to go by)."""
    rate = _rate(samples, lambda sample: sample.units)
    if rate is None:
        return None
    return max(total_units - samples[-1].units, 0.0) / rate


def rows_a_second(samples: Sequence[Sample]) -> float | None:
    """The rows a second over the later half of the run so far (None as ``seconds_left``)."""
    return _rate(samples, lambda sample: sample.rows)


def _rate(samples: Sequence[Sample], amount: Callable[[Sample], float]) -> float | None:
    if not samples or samples[-1].at < ESTIMATE_AFTER:
        return None
    last = samples[-1]
    since = last.at / 2
    # The sample before the first of the table being copied: where that table began.
    began = next((s for s in reversed(samples) if s.label != last.label), samples[0])
    if last.at - began.at >= TABLE_SECONDS:
        since = max(since, began.at)
    first = next(s for s in reversed(samples) if s.at <= since or s is samples[0])
    done = amount(last) - amount(first)
    return done / (last.at - first.at) if done > 0 and last.at > first.at else None


class Progress:
    """Counts the rows of ``Work`` as they are done and shows how far the work got."""

    def __init__(
        self,
        stream: TextIO,
        total: int = 0,
        *,
        unit: str = "rows",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.unit = unit
        self.stream = stream
        self.clock = clock
        self.bar = stream.isatty()
        self.drawn = False  # a bar is on the screen's last line
        self.begin([Work("", total)])

    def begin(self, work: Sequence[Part], after: float = 0.0) -> None:
        """The work starts now: ``work``'s rows, and ``after`` units of work once they are
        done (checks at the end, in the estimate but not in the rows)."""
        self.weights = {part.label: part.weight for part in work}
        self.total = sum(max(part.rows, part.done) for part in work)
        self.done = self.before = sum(part.done for part in work)
        self.total_units = sum(max(part.rows, part.done) * part.weight for part in work) + after
        self.units = sum(part.done * part.weight for part in work)
        self.started = self.shown_at = self.clock()
        self.samples = [Sample(0.0, self.done, self.units)]

    def advance(self, count: int, label: str) -> None:
        """``count`` more rows done, of ``label`` (a table)."""
        self.done += count
        self.units += count * self.weights.get(label, 1.0)
        now = self.clock()
        at = now - self.started
        if at - self.samples[-1].at >= SAMPLE_EVERY or label != self.samples[-1].label:
            self.samples.append(Sample(at, self.done, self.units, label))
            # Only the later half of the run is the rate's: one sample before it is kept.
            while len(self.samples) > 2 and self.samples[1].at <= at / 2 - SAMPLE_EVERY:
                del self.samples[0]
        if now - self.shown_at >= (REDRAW_EVERY if self.bar else LINE_EVERY):
            self.shown_at = now
            self._show(self.line(label, now))

    def step(self, label: str) -> None:
        """A step after the rows (a check at the end), said at once on a line of its own."""
        self._end_bar()
        self.stream.write(f"{label}\n")
        self.stream.flush()

    def finish(self, label: str) -> None:
        """The work is over: the whole count and the time it took, the bar's line ended."""
        now = self.clock()
        words = (
            f"{self.done:,}/{self.total:,} {self.unit} (100%), "
            f"{self._rate_words(self._now(now))}, done in {duration(now - self.started)} - "
            f"{label}"
        )
        self._show(self._with_bar(words, 1.0))
        self._end_bar()

    def line(self, label: str, now: float) -> str:
        """What is shown: done of total, percent of the work, rate, time left, ``label``."""
        samples = self._now(now)
        fraction = self.units / self.total_units if self.total_units else 1.0
        left = seconds_left(samples, self.total_units)
        words = (
            f"{self.done:,}/{self.total:,} {self.unit} ({fraction:.0%}), "
            f"{self._rate_words(samples)}, "
            + (f"about {duration(left)} left" if left is not None else "estimating time left")
            + f" - {label}"
        )
        return self._with_bar(words, fraction)

    def _now(self, now: float) -> list[Sample]:
        """The samples kept and one of the work done at ``now``."""
        label = self.samples[-1].label
        return [*self.samples, Sample(now - self.started, self.done, self.units, label)]

    def _rate_words(self, samples: Sequence[Sample]) -> str:
        rate = rows_a_second(samples)
        if rate is None:  # before the window means anything: the run's mean
            rate = (samples[-1].rows - self.before) / max(samples[-1].at, 1e-9)
        return f"{rate:,.0f} {self.unit}/s"

    def _with_bar(self, words: str, fraction: float) -> str:
        if not self.bar:
            return words
        filled = round(BAR_WIDTH * min(fraction, 1.0))
        return f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {words}"

    def _show(self, text: str) -> None:
        # \r and a clearing of the line's end redraw the bar in place.
        self.stream.write(f"\r{text}\x1b[K" if self.bar else f"{text}\n")
        self.stream.flush()
        self.drawn = self.bar

    def _end_bar(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def duration(seconds: float) -> str:
    """``1h 02m``, ``3m 05s``, ``42s``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m"
    return f"{minutes}m {secs:02d}s" if minutes else f"{secs}s"
