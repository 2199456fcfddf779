"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm). Pure.

The Swiss pairing asks one question of it, again and again: can these players all be
paired (one of them, eligible for the bye, sitting out when they are odd in number)
without a rematch or a forbidden colour clash? That is FIDE C.04.3's completion
criterion (C4). Vertices are 0..n-1; ``adjacency[v]`` lists v's neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence

_FREE = -1


def maximum_matching(adjacency: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching: ``mate[v]`` is v's partner, or -1 for an unmatched vertex.
    Greedy first (most vertices are matched at once), then an augmenting path from each
    vertex left free, blossoms contracted as Edmonds showed: O(n³) at worst."""
    mate = [_FREE] * len(adjacency)
    for vertex, neighbours in enumerate(adjacency):
        if mate[vertex] == _FREE:
            for other in neighbours:
                if mate[other] == _FREE and other != vertex:
                    mate[vertex], mate[other] = other, vertex
                    break
    for root in range(len(adjacency)):
        if mate[root] == _FREE:
            _augment(root, adjacency, mate)
    return mate


def _augment(root: int, adjacency: Sequence[Sequence[int]], mate: list[int]) -> bool:
    """Search an augmenting path from the free ``root`` (breadth first over an alternating
    forest) and flip it into ``mate``; False when there is none."""
    size = len(adjacency)
    parent = [_FREE] * size
    base = list(range(size))
    in_tree = [False] * size
    in_tree[root] = True
    queue = [root]
    for vertex in queue:  # the queue grows as the search goes
        for other in adjacency[vertex]:
            if base[vertex] == base[other] or mate[vertex] == other:
                continue
            if other == root or (mate[other] != _FREE and parent[mate[other]] != _FREE):
                _contract(vertex, other, base, mate, parent, in_tree, queue)
            elif parent[other] == _FREE:
                parent[other] = vertex
                if mate[other] == _FREE:
                    _flip(other, mate, parent)
                    return True
                in_tree[mate[other]] = True
                queue.append(mate[other])
    return False


def _flip(end: int, mate: list[int], parent: list[int]) -> None:
    """Swap matched and unmatched edges along the path ending at the free ``end``."""
    vertex = end
    while vertex != _FREE:
        previous = parent[vertex]
        further = mate[previous]
        mate[vertex], mate[previous] = previous, vertex
        vertex = further


def _contract(
    one: int,
    two: int,
    base: list[int],
    mate: list[int],
    parent: list[int],
    in_tree: list[bool],
    queue: list[int],
) -> None:
    """Shrink the odd cycle closed by the edge one-two into its base vertex."""
    top = _common_base(one, two, base, mate, parent)
    in_blossom = [False] * len(base)
    _mark(one, top, two, base, mate, parent, in_blossom)
    _mark(two, top, one, base, mate, parent, in_blossom)
    for vertex in range(len(base)):
        if in_blossom[base[vertex]]:
            base[vertex] = top
            if not in_tree[vertex]:
                in_tree[vertex] = True
                queue.append(vertex)


def _common_base(one: int, two: int, base: list[int], mate: list[int], parent: list[int]) -> int:
    """The nearest common ancestor of ``one`` and ``two`` in the alternating forest."""
    seen = [False] * len(base)
    vertex = one
    while True:
        vertex = base[vertex]
        seen[vertex] = True
        if mate[vertex] == _FREE:
            break
        vertex = parent[mate[vertex]]
    vertex = two
    while not seen[base[vertex]]:
        vertex = parent[mate[base[vertex]]]
    return base[vertex]


def _mark(
    vertex: int,
    top: int,
    child: int,
    base: list[int],
    mate: list[int],
    parent: list[int],
    in_blossom: list[bool],
) -> None:
    """Mark the blossom's path from ``vertex`` up to its base ``top``, threading parents
    so that a later augmenting path can run through the blossom."""
    while base[vertex] != top:
        in_blossom[base[vertex]] = in_blossom[base[mate[vertex]]] = True
        parent[vertex] = child
        child = mate[vertex]
        vertex = parent[mate[vertex]]


def with_bye(adjacency: Sequence[Sequence[int]], sits_out: Sequence[bool]) -> list[list[int]]:
    """The graph with, for an odd count, a dummy vertex (the bye, numbered last) joined
    to each vertex whose ``sits_out`` is True."""
    count = len(adjacency)
    graph = [list(neighbours) for neighbours in adjacency]
    if count % 2:
        graph = [[*n, count] if sits_out[v] else n for v, n in enumerate(graph)]
        graph.append([vertex for vertex in range(count) if sits_out[vertex]])
    return graph


def pairs_everyone(adjacency: Sequence[Sequence[int]], sits_out: Sequence[bool]) -> bool:
    """True when every vertex can be matched, except (for an odd count) one whose
    ``sits_out`` is True: a dummy vertex joined to those stands for the bye."""
    mate = maximum_matching(with_bye(adjacency, sits_out))
    return all(partner != _FREE for partner in mate)
