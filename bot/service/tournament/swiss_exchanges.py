"""The order of C.04.3 D.2 (2016/2017 text): the resident exchanges between S1 and S2 of a
homogeneous bracket, in the order the Dutch system tries them. Pure."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb
from typing import TypeVar

T = TypeVar("T")  # what a bracket holds: players, or bracket sequence numbers

_EXCHANGES = 5000  # exchanges listed for one number of players exchanged


def resident_exchanges(players: list[T], pairs: int) -> Iterator[tuple[list[T], list[T]]]:
    """S1 and S2 of a homogeneous bracket (``players`` in rank order) making ``pairs``
    pairs: the top ``pairs`` players against the rest, then the resident exchanges in
    D.2's order: (a) fewest players exchanged, (b) the smallest difference between the
    bracket sequence numbers moved up and those moved down, (c) the highest different
    number moved from S1, (d) the lowest different number moved from S2 (exchanges of
    more players only while there are few enough to list)."""
    first, second = players[:pairs], players[pairs:]
    yield first, second
    for size in range(1, min(len(first), len(second)) + 1):
        if comb(len(first), size) * comb(len(second), size) > _EXCHANGES:
            return
        swaps = sorted(
            (
                (
                    sum(b + pairs for b in out_two) - sum(out_one),
                    tuple(-a for a in reversed(out_one)),
                    out_two,
                )
                for out_one in combinations(range(pairs), size)
                for out_two in combinations(range(len(second)), size)
            ),
        )
        for _, out_one, out_two in swaps:
            # every S1 player ranks above every S2 player: order kept, no sorting
            leaving = {-a for a in out_one}
            moving = set(out_two)
            yield (
                [p for i, p in enumerate(first) if i not in leaving] + [second[j] for j in out_two],
                [first[i] for i in sorted(leaving)]
                + [p for j, p in enumerate(second) if j not in moving],
            )
