"""The progress ``copy-db`` shows on stderr: a bar redrawn in place with the rate and the time
left on a terminal, a plain line every ten seconds otherwise; the time left estimated from
each table's weighted rows, said once it means something."""

from __future__ import annotations

import io

import pytest

from bot.progress import ESTIMATE_AFTER, Progress, Sample, Work, duration, seconds_left


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
    for _ in range(50):
        clock.now += 1
        progress.advance(1_000, "games")
    assert "[" + "#" * 12 + "." * 12 + "] 50,000/100,000 rows (50%)" in screen.getvalue()
    assert screen.getvalue().endswith("1,000 rows/s, about 50s left - games\x1b[K")
    progress.finish("moves")
    drawn = screen.getvalue()
    assert drawn.count("\n") == 1 and drawn.endswith("\n")
    assert drawn.split("\r")[-1].startswith("[" + "#" * 24 + "] 50,000/100,000 rows (100%)")


def test_a_file_gets_a_plain_line_every_ten_seconds_and_no_guess_at_first() -> None:
    """Not a terminal: no bar, no carriage return; a line at most every ten seconds, and no
    time left before 30 s of work ("estimating")."""
    clock, log = Clock(), io.StringIO()
    progress = Progress(log, 10_000, clock=clock)
    for _ in range(40):
        clock.now += 1
        progress.advance(100, "players")
    progress.finish("done")
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 5
    assert lines[0] == "1,000/10,000 rows (10%), 100 rows/s, estimating time left - players"
    assert lines[1].endswith("100 rows/s, estimating time left - players")
    assert lines[2] == "3,000/10,000 rows (30%), 100 rows/s, about 1m 10s left - players"
    assert lines[-1] == "4,000/10,000 rows (100%), 100 rows/s, done in 40s - done"


def test_a_resumed_copy_counts_rows_done_before_outside_the_rate() -> None:
    clock, log = Clock(), io.StringIO()
    progress = Progress(log, clock=clock)
    clock.now += 60  # counting the rows before the copy begins is not in the rate
    progress.begin([Work("moves", 10_000, 5_000)])
    for _ in range(40):
        clock.now += 1
        progress.advance(25, "moves")
    line = progress.line("moves", clock.now)
    assert line == "6,000/10,000 rows (60%), 25 rows/s, about 2m 40s left - moves"
    assert duration(3725) == "1h 02m" and duration(185) == "3m 05s"


def test_steps_at_the_end_are_lines_of_their_own_after_the_bar() -> None:
    """The checks after the rows (the foreign keys added back) are each said at once, the
    bar's line ended first."""
    clock, screen = Clock(), Terminal()
    progress = Progress(screen, 10, clock=clock)
    clock.now += 1
    progress.advance(10, "games")
    progress.step("adding back foreign key moves_game_id_fkey of moves (1 of 2)")
    progress.step("adding back foreign key games_white_id_fkey of games (2 of 2)")
    assert screen.getvalue().endswith(
        "\x1b[K\nadding back foreign key moves_game_id_fkey of moves (1 of 2)\n"
        "adding back foreign key games_white_id_fkey of games (2 of 2)\n"
    )


# The whole copy of the 1M file into PostgreSQL (2026-11-29, benchmarks/README.md): each
# table's rows, their weight as copy-db gives it (bytes of a row and 16), and the rows a
# second the log showed; the first 36 s copied only 70,016 rows (cold start); adding the
# foreign keys back took 77 s at the end.
MILLION = [
    ("players", 50_000, 113.0, 1_400.0),
    ("games", 1_000_005, 303.0, 5_300.0),
    ("player_results", 1_733_000, 77.0, 25_000.0),
    ("moves", 69_500_265, 55.0, 29_800.0),
]
KEYS_AT_THE_END = 74_262_300 * 1.7  # units, 77 s


def _million_run(every: float = 1.0) -> tuple[list[Sample], float]:
    """Samples a second of the 1M copy as it went, and its length (seconds)."""
    samples = [Sample(0.0, 0, 0.0)]
    at, rows, units = 0.0, 0, 0.0
    for table, count, weight, rate in MILLION:
        left = count
        while left:
            step = min(left, round(rate * every))
            left -= step
            at, rows, units = at + step / rate, rows + step, units + step * weight
            samples.append(Sample(at, rows, units, table))
    return samples, at + 77.0


@pytest.mark.parametrize("at", [46.0, 120.0, 230.0, 260.0, 416.0, 769.0, 1_257.0, 2_364.0])
def test_the_time_left_of_the_million_copy_is_within_a_quarter_of_the_truth(at: float) -> None:
    """Fed the 1M copy's own timings, the estimate is within 25 % of the time really left at
    every point the old one was compared at (rows of every table alike at the mean rate said
    3 h 53 min at +46 s, while games were copied, where 44 min were left)."""
    samples, end = _million_run()
    total = sum(count * weight for _, count, weight, _ in MILLION) + KEYS_AT_THE_END
    seen = [s for s in samples if s.at <= at]
    left = seconds_left(seen, total)
    truth = end - seen[-1].at
    assert left is not None and abs(left - truth) <= truth / 4, (left, truth)


def test_no_time_left_is_said_before_it_means_something() -> None:
    """Before 30 s, or when nothing was done in the later half of the run, no estimate."""
    samples, _ = _million_run()
    early = [s for s in samples if s.at < ESTIMATE_AFTER]
    assert seconds_left(early, 1e9) is None
    stalled = [Sample(0.0, 0, 0.0), Sample(10.0, 100, 100.0), Sample(40.0, 100, 100.0)]
    assert seconds_left(stalled, 1e9) is None
    # 200 units in the later half (from the sample at 10 s to 50 s): 5 a second.
    assert seconds_left([*stalled, Sample(50.0, 200, 300.0)], 1_300.0) == pytest.approx(200.0)
