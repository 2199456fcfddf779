"""How long the console takes to read one long line: ours (linear) against shlex (before).

    python benchmarks/console_lines.py

Prints, for lines of growing length, the time to refuse or split the line with
``bot.console.lines.words_of`` and, for comparison, with ``shlex.split`` (what the console
used before: quadratic in the length of a word).
"""

from __future__ import annotations

import contextlib
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.console.lines import MAX_LINE_CHARACTERS, UnreadableLine, split_words, words_of  # noqa: E402


def seconds(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    with contextlib.suppress(UnreadableLine):  # a refusal is an answer too
        action()
    return time.perf_counter() - started


def main() -> None:
    print(f"longest line read: {MAX_LINE_CHARACTERS:,} characters")
    for length in (4_000, 100_000, 1_000_000):
        line = "alice /move " + "x" * length
        ours = seconds(lambda line=line: words_of(line))
        split = seconds(lambda line=line: split_words(line))
        before = seconds(lambda line=line: shlex.split(line)) if length <= 100_000 else None
        shown = f"{before * 1000:.1f} ms" if before is not None else "(skipped: seconds)"
        print(
            f"{length:>9,} characters: words_of {ours * 1000:.2f} ms, "
            f"split_words {split * 1000:.2f} ms, shlex.split {shown}"
        )


if __name__ == "__main__":
    main()
