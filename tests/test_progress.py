"""The progress ``copy-db`` shows on stderr: a bar redrawn in place with the rate and the time
left on a terminal, a plain line every ten seconds otherwise."""

from __future__ import annotations

import io

from bot.progress import Progress, duration


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_terminal_gets_a_bar_with_rate_and_time_left() -> None:
    """Half the rows in 50 s: 50 % filled, 1,000 rows/s, 50 s left, redrawn on one line."""
    clock, screen = Clock(), Terminal()
    progress = Progress(screen, 100_000, clock=clock)
    clock.now += 25
    progress.advance(25_000, "games")
    clock.now += 25
    progress.advance(25_000, "moves")
    progress.finish("moves")
    drawn = screen.getvalue()
    assert drawn.count("\n") == 1 and drawn.endswith("\n")
    last = drawn.split("\r")[-1]
    assert last.startswith("[" + "#" * 12 + "." * 12 + "] 50,000/100,000 rows (50%)")
    assert "1,000 rows/s, about 50s left - moves" in last


def test_a_file_gets_a_plain_line_every_ten_seconds() -> None:
    """Not a terminal: no bar, no carriage return; a line at most every ten seconds."""
    clock, log = Clock(), io.StringIO()
    progress = Progress(log, 10_000, clock=clock)
    for _ in range(30):
        clock.now += 1
        progress.advance(100, "players")
    progress.finish("done")
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 4
    assert lines[0] == "1,000/10,000 rows (10%), 100 rows/s, about 1m 30s left - players"
    assert lines[-1].startswith("3,000/10,000 rows (30%)")


def test_a_resumed_copy_counts_rows_done_before_outside_the_rate() -> None:
    clock, log = Clock(), io.StringIO()
    progress = Progress(log, clock=clock)
    clock.now += 60  # counting the rows before the copy begins is not in the rate
    progress.begin(10_000, 5_000)
    clock.now += 10
    progress.advance(1_000, "moves")
    assert progress.line("moves", clock.now).startswith("6,000/10,000 rows (60%), 100 rows/s")
    assert duration(3725) == "1h 02m" and duration(185) == "3m 05s"
