"""C7 of FIDE C.04.3 (2017): what a bracket's downfloaters make of the next bracket, the
number of players it leaves unpaired, then its PSD (A.8). Pure.

Of the next bracket's maximum matchings (MDPs meeting residents only, S1 against S2), the
one with the smallest PSD pairs the highest-scored MDPs it can: a paired MDP's difference
is a point below its difference floating on, and the residents all have one score. The
sets of players some maximum matching pairs are the bases of a matroid (the matching
matroid's), so taking the MDPs greedily, highest first, each kept while a maximum matching
still pairs all those kept, finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.tournament.matching import maximum_matching
from bot.service.tournament.swiss_players import SwissPlayer


@dataclass(frozen=True, slots=True)
class NextBracket:
    """The next bracket as C7 judges it: how many it leaves unpaired, and its PSD's score
    differences (half points; one for each pair and each player left unpaired)."""

    left: int
    differences: tuple[int, ...]


def next_bracket(
    floaters: Sequence[SwissPlayer],
    following: Sequence[SwissPlayer],
    adjacency: Sequence[Sequence[int]],
    last: bool = False,
) -> NextBracket:
    """The next bracket of ``floaters`` (in rank order) moved down into the scoregroup
    ``following``, whose players may meet as ``adjacency`` says (indices: the floaters,
    then ``following``). When that bracket is the ``last``, whoever it leaves unpaired
    takes the bye: the players not eligible for it are kept paired first."""
    count = len(floaters)
    graph = [
        [j for j in neighbours if i >= count or j >= count]
        for i, neighbours in enumerate(adjacency)
    ]
    mate = maximum_matching(graph)
    left = sum(partner == -1 for partner in mate)
    players = [*floaters, *following]
    kept = [i for i, player in enumerate(players) if last and not player.bye_eligible]
    if any(mate[i] == -1 for i in [*range(count), *kept]):  # another may do better
        kept = kept if _pairs_all(graph, kept, left) else []
        for i in range(count):
            if i not in kept and _pairs_all(graph, [*kept, i], left):
                kept.append(i)
    else:
        kept = list(range(count))
    paired = {i for i in kept if i < count}
    return _judged(floaters, paired, len(following), following[0].halves, left)


def ideal_next(floaters: Sequence[SwissPlayer], following: Sequence[SwissPlayer]) -> NextBracket:
    """The best ``next_bracket`` downfloaters of these scores could make, as if each could
    meet every resident (the highest-scored paired, the residents left meeting each
    other): C7's floor, which a perfect candidate (B.4) reaches."""
    count, residents = len(floaters), len(following)
    left = max(count - residents, (count + residents) % 2)
    return _judged(
        floaters, set(range(min(count, residents))), residents, following[0].halves, left
    )


def _judged(
    floaters: Sequence[SwissPlayer], paired: set[int], residents: int, score: int, left: int
) -> NextBracket:
    """The bracket with the floaters of ``paired`` (indices) paired and ``left`` players
    unpaired: each MDP's difference against ``score`` (the residents'), or against one
    point below it (A.8's artificial score) when it floats on; a resident left unpaired
    is a point above that; residents paired together, none."""
    unpaired = [p for i, p in enumerate(floaters) if i not in paired]
    differences = [p.halves - score for i, p in enumerate(floaters) if i in paired]
    differences += [p.halves - (score - 2) for p in unpaired]
    alone = left - len(unpaired)
    differences += [2] * alone + [0] * ((residents - len(paired) - alone) // 2)
    return NextBracket(left, tuple(differences))


def _pairs_all(graph: Sequence[Sequence[int]], required: list[int], left: int) -> bool:
    """Whether a matching leaving ``left`` players unpaired pairs all of ``required``:
    ``left`` extra vertices, each meeting every player not required, make it perfect."""
    size = len(graph)
    need = set(required)
    others = [v for v in range(size) if v not in need]
    extra = range(size, size + left)
    joined = [
        [*neighbours, *(extra if v not in need else ())] for v, neighbours in enumerate(graph)
    ]
    joined += [others for _ in extra]
    return all(partner != -1 for partner in maximum_matching(joined))
