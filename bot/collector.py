"""Python's garbage collector set for a long-running bot: no full collection stops every
command many times a minute while a big backlog is worked through.

A full collection walks every object the process tracks, most of them the replay cache's
games (64 MiB: about half a million objects), and stops the event loop meanwhile: 0.1-0.2 s
on a quiet machine, seconds on a loaded one. CPython starts one after every 10 collections of
the middle generation once the objects promoted since the last one reach a quarter of those
it kept; a drain of time-outs and reminders replays games by the thousand, filling and
turning over the cache, so it ran one every few seconds (15 in a drain of 131,000 items at
1M games, each inside whatever read or transaction of the round was under way: a move waited
for both). So:

- the objects made by start-up (modules, classes, the openings' table) are moved out of the
  collector's sight (``gc.freeze``): they live as long as the process, and no collection
  needs to walk them;
- a full collection waits for ``FULL_AFTER`` middle ones instead of 10, about one a few
  hundred thousand replays. Young garbage, where nearly every cycle dies (an exception and
  its traceback, a finished task), is still collected as often as before; only cycles that
  outlive two young collections wait longer to be freed. Measured: replaying 15,000 games
  through a full cache, 5 full collections (0.15-0.7 s each, load 13) became none, the same
  resident memory (132 MB); ``benchmarks/move_waits.py`` prints the collections of a drain.
"""

from __future__ import annotations

import gc

# Middle-generation collections between two full ones (CPython's default is 10).
FULL_AFTER = 1000


def settle() -> None:
    """Collect once, freeze what start-up made, and space out full collections; call it
    once the process has imported and built what it keeps for its life."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)
