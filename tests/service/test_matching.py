"""Edmonds' maximum matching, which judges whether the rest of a Swiss round can still be
paired: checked against brute force on small random graphs, blossoms included."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournament.matching import maximum_matching, pairs_everyone
from tests.examples import examples


def _brute(size: int, edges: set[tuple[int, int]]) -> int:
    """The largest matching's size, by trying every set of edges (small graphs only)."""
    best = 0
    ordered = sorted(edges)
    for count in range(size // 2, 0, -1):
        for chosen in combinations(ordered, count):
            if len({v for edge in chosen for v in edge}) == 2 * count:
                return count
    return best


def _adjacency(size: int, edges: set[tuple[int, int]]) -> list[list[int]]:
    return [
        sorted({b for a, b in edges if a == v} | {a for a, b in edges if b == v})
        for v in range(size)
    ]


def test_an_augmenting_path_through_a_blossom() -> None:
    """A triangle 0-1-2 with tails 2-3 and 0-4: the greedy start (0-1, 2-3) must be
    undone through the odd cycle to match all but one vertex... and 5-4 makes it perfect."""
    edges = {(0, 1), (1, 2), (0, 2), (2, 3), (0, 4), (4, 5)}
    mate = maximum_matching(_adjacency(6, edges))
    assert all(partner != -1 for partner in mate)
    assert all(mate[mate[v]] == v for v in range(6))


def test_an_odd_field_pairs_everyone_but_an_eligible_player() -> None:
    """Three players in a path 0-1-2: 1 can only sit out if the others can meet."""
    adjacency = _adjacency(3, {(0, 1), (1, 2)})
    assert pairs_everyone(adjacency, [True, False, False])
    assert not pairs_everyone(adjacency, [False, True, False])


@settings(max_examples=examples(150), deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(
                st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(
                    lambda e: e[0] < e[1]
                ),
                max_size=14,
            ),
        )
    )
)
def test_the_matching_is_maximum_and_consistent(graph: tuple[int, set[tuple[int, int]]]) -> None:
    """As large as brute force finds, every matched pair an edge, matched both ways."""
    size, edges = graph
    mate = maximum_matching(_adjacency(size, edges))
    pairs = {(v, mate[v]) for v in range(size) if mate[v] > v}
    assert all(mate[mate[v]] == v for v in range(size) if mate[v] != -1)
    assert pairs <= edges
    assert len(pairs) == _brute(size, edges)
