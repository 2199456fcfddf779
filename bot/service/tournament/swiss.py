"""Swiss pairings by the FIDE (Dutch) system, Handbook C.04.3 as approved in 2016/2017.
Pure: players are pairing numbers (1 the highest seed), rounds are what was played.

Which rules of C.04.3 it implements, and which test checks each: docs/internals.md,
"Swiss pairing: the rules of FIDE C.04.3 implemented" (one list, kept there).

How: scoregroups from the top, each bracket's candidates built in the order of D (S1
against S2's transpositions, then the resident exchanges), judged on C4 and the quality
criteria as a tuple compared lexicographically; the first perfect candidate is taken,
else the best one seen. A bracket whose downfloaters leave the round impossible to
complete is the penultimate one: paired again under C4, everyone below it then collapses
into one last bracket (A.9). The search is bounded (``NODE_LIMIT`` steps a bracket) so a
200-player round pairs in well under a second; past the bound the best candidate found is
kept, and the last bracket falls back to any complete pairing (a maximum matching).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, islice
from operator import add

from bot.service.tournament.berger import Pairing, Round
from bot.service.tournament.matching import maximum_matching, pairs_everyone, with_bye
from bot.service.tournament.swiss_exchanges import resident_exchanges
from bot.service.tournament.swiss_next import NextBracket, ideal_next, next_bracket
from bot.service.tournament.swiss_players import (
    Float,
    PastRound,
    SwissPlayer,
    allocate,
    colour_excesses,
    colour_misses,
    may_meet,
    swiss_players,
)
from rules.core import Color

NODE_LIMIT = 10000  # search steps a bracket and a number of pairs
PERFECT_LIMIT = 2000  # steps of the search for a perfect candidate the bound hid
REMAINDER_LIMIT = 4000  # of which for the remainder after one pairing of the MDPs
_SUBSETS = 64  # MDP subsets tried for one number of MDPs paired
_COUNTS = 13  # C7 to C19
_WORST = (1 << 8192,) * _COUNTS  # above any count or weighed score differences
_SD_BITS = 9  # C16-C19: a score difference d weighs 2**(9d), so sums compare as lists do
_FREE = (0,) * _COUNTS
_C7_SHIFT = 4096  # C7 as one number: the next bracket's unpaired count above its PSD


@dataclass(frozen=True, slots=True)
class _Memo:
    """What a round's search asks again and again, by pairing numbers: each pair's
    ``_pair_counts`` once worked out, and each player's ``_wanting``."""

    wants: dict[int, int]
    costs: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)


class NoPairingError(ValueError):
    """No pairing of the round keeps every absolute rule (everyone has met, say)."""


@dataclass(frozen=True, slots=True)
class SwissRules:
    """A Swiss tournament's settings: what the bye scores (half points) and the colour
    the top seed gets in round 1 (FIDE draws it by lot; Postal gives white)."""

    bye_halves: int = 2
    initial: Color = Color.WHITE
    rounds: int | None = None  # how many rounds it has (None: not known, no final round)


def pair_round(
    players: Sequence[int],
    rounds: Sequence[PastRound],
    rules: SwissRules | None = None,
    absent: Sequence[int] = (),
) -> Round:
    """The next round of a Swiss between ``players`` (pairing numbers, present this
    round) after ``rounds``, whose games may hold the ``absent`` (withdrawn: their
    opponents keep those games' points, colours and encounters). Raises
    ``NoPairingError`` when no pairing keeps the absolute criteria, ``ValueError`` for
    fewer than two players or a game not finished."""
    rules = rules or SwissRules()
    if len(players) < 2:
        raise ValueError(f"a Swiss round needs two players, not {len(players)}")
    everyone = swiss_players([*players, *absent], rounds, rules.bye_halves)
    entrants = {number: everyone[number] for number in players}
    if rules.rounds == len(rounds) + 1:  # the final round: topscorers (A.7)
        entrants = {
            number: replace(player, topscorer=player.halves > len(rounds))
            for number, player in entrants.items()
        }
    entrants = {  # who may meet whom, worked out once (C1, C3)
        number: replace(
            player,
            partners=frozenset(n for n, other in entrants.items() if may_meet(player, other)),
        )
        for number, player in entrants.items()
    }
    ranked = sorted(entrants.values(), key=lambda player: player.rank)
    if not _completes(ranked):
        raise NoPairingError(f"no pairing of round {len(rounds) + 1}")
    pairs, bye = _pair_brackets(ranked)
    games = [allocate(one, two, rules.initial) for one, two in pairs]

    def board_order(game: tuple[int, int]) -> tuple[int, int, tuple[int, int]]:
        one, two = entrants[game[0]], entrants[game[1]]
        return (-max(one.halves, two.halves), -(one.halves + two.halves), min(one.rank, two.rank))

    number = len(rounds) + 1
    ordered = sorted(games, key=board_order)
    return Round(
        number,
        tuple(
            Pairing(number, board, white, black) for board, (white, black) in enumerate(ordered, 1)
        ),
        bye.number if bye else None,
    )


def _pair_brackets(
    ranked: list[SwissPlayer],
) -> tuple[list[tuple[SwissPlayer, SwissPlayer]], SwissPlayer | None]:
    """Pair the scoregroups from the top, each with the players moved down into it."""
    groups: list[list[SwissPlayer]] = []
    for player in ranked:
        if groups and groups[-1][0].halves == player.halves:
            groups[-1].append(player)
        else:
            groups.append([player])
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    moved: list[SwissPlayer] = []
    memo = _Memo({player.number: _wanting(player) for player in ranked})
    for index, group in enumerate(groups):
        below = [player for lower in groups[index + 1 :] for player in lower]
        following = groups[index + 1] if index + 1 < len(groups) else []
        made, floated = _pair_bracket(moved, group, below, following, memo, complete=False)
        if below and not _completes(floated + below):  # A.9: this bracket is the PPB
            made, floated = _pair_bracket(moved, group, below, [], memo)
            pairs.extend(made)
            made, moved = _pair_collapsed(floated, below, memo)
            pairs.extend(made)
            break
        pairs.extend(made)
        moved = floated
    return pairs, (moved[0] if moved else None)


def _pair_collapsed(
    moved: list[SwissPlayer], residents: list[SwissPlayer], memo: _Memo
) -> tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]]:
    """A.9's collapsed last bracket: the penultimate pairing bracket's downfloaters and
    every player below it, paired as one last bracket whose residents' scores differ, so
    each pair's score difference counts on C6 (``_Search.collapsed``)."""
    collapsed = _Memo(memo.wants)  # the pairs' costs differ here: C6 is in them
    target = (len(moved) + len(residents)) // 2
    cheapest = _Search([], [], collapsed, collapsed=True, cheapest_first=True)
    cheapest.run(moved, residents, target)
    if cheapest.best is None:
        return _any_pairing(moved + residents)
    # The best counts found, then the first candidate in D's order that has them (B.4):
    # no candidate is perfect here, so D's order alone would walk costly ones for long.
    first = _Search([], [], collapsed, collapsed=True, goal=cheapest.best_counts)
    first.run(moved, residents, target)
    return first.best if first.best is not None else cheapest.best


def _pair_bracket(
    moved: list[SwissPlayer],
    residents: list[SwissPlayer],
    below: list[SwissPlayer],
    following: list[SwissPlayer],
    memo: _Memo,
    complete: bool = True,
) -> tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]]:
    """The bracket's pairs and its downfloaters: the most pairs (C5), the best candidate
    for that many; with ``complete`` (the penultimate pairing bracket, A.9), only those
    whose downfloaters leave the rest pairable (C4)."""
    size = len(moved) + len(residents)
    for target in range(size // 2, -1, -1):
        if not below and target < size // 2:
            break  # the last bracket pairs everyone but the bye
        search = _Search(below, following, memo, complete=complete)
        search.run(moved, residents, target)
        if search.best is not None:
            return search.best
    return _any_pairing(moved + residents)


def _any_pairing(
    players: list[SwissPlayer],
) -> tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]]:
    """Every player paired but one eligible for the bye, by a maximum matching: the last
    bracket's fallback when the bounded search found no candidate."""
    graph = with_bye(_adjacency(players), [player.bye_eligible for player in players])
    count = len(players)
    mate = maximum_matching(graph)
    pairs = [
        (players[v], players[mate[v]])
        for v in range(count)
        if mate[v] != -1 and mate[v] < count and v < mate[v]
    ]
    paired = {p.number for pair in pairs for p in pair}
    return pairs, [player for player in players if player.number not in paired]


def _adjacency(players: Sequence[SwissPlayer]) -> list[list[int]]:
    index = {player.number: i for i, player in enumerate(players)}
    return [sorted(index[n] for n in one.partners if n in index) for one in players]


def _c7(found: NextBracket) -> int:
    """C7 as one number: the next bracket's unpaired count shifted above its PSD's weight
    (``_weighed`` differences: sums compare as the PSDs, largest first, do)."""
    return found.left << _C7_SHIFT | sum(_weighed(difference) for difference in found.differences)


def _meets(one: SwissPlayer, two: SwissPlayer) -> bool:
    return two.number in one.partners


def _completes(players: Sequence[SwissPlayer]) -> bool:
    """C4: every one of ``players`` can be paired, one eligible player sitting out when
    they are odd in number. Dirac's theorem answers most cases at once: when everyone
    may meet at least half of the others (the bye counting as one more player), the
    graph has a Hamiltonian cycle, hence a perfect matching."""
    numbers = {player.number for player in players}
    count = len(numbers) + len(numbers) % 2
    if count == 0:
        return True
    enough = all(2 * len(player.partners & numbers) >= count for player in players)
    if enough and len(numbers) % 2:
        enough = 2 * sum(player.bye_eligible for player in players) >= count
    return enough or pairs_everyone(
        _adjacency(players), [player.bye_eligible for player in players]
    )


def _psd(halves: Sequence[int], floaters: Sequence[int], lowest: int) -> tuple[int, ...]:
    """C6's pairing score differences, largest first: each pair's difference, and each
    downfloater's score less an artificial one point below the bracket's lowest."""
    return tuple(sorted([*halves, *(score - (lowest - 2) for score in floaters)], reverse=True))


@dataclass
class _Search:
    """One bracket's search for one number of pairs: candidates in D's order, each
    judged on C4 and the quality criteria; ``best`` is (pairs, downfloaters)."""

    below: list[SwissPlayer]
    following: list[SwissPlayer]  # the next scoregroup, where the downfloaters go (C7)
    memo: _Memo
    best: tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]] | None = None
    best_counts: tuple[int, ...] = _WORST
    steps: int = 0
    done: bool = False
    cap: int | None = None  # the step at which the current remainder's search ends
    limit: int = NODE_LIMIT * 4  # the step at which any search ends
    cut: bool = False  # whether a bound ended a search before it saw every candidate
    perfect: bool = False  # whether the best candidate is perfect (B.4)
    floor: int = 0  # the best C7 can be: the next bracket's unpaired, then its PSD
    lowest: int = 0  # the bracket's lowest score (C16/C18: a downfloater's difference)
    complete: bool = True  # whether C4 is checked: the penultimate pairing bracket's (A.9)
    collapsed: bool = False  # the collapsed last bracket: residents' scores differ (A.9)
    cheapest_first: bool = False  # each player's opponents tried cheapest first
    goal: tuple[int, ...] | None = None  # the counts to reach: the first candidate taken
    _chosen: list[tuple[SwissPlayer, SwissPlayer]] = field(default_factory=list)
    completions: dict[frozenset[int], bool] = field(default_factory=dict)
    next_bracket: dict[frozenset[int], int] = field(default_factory=dict)

    def run(self, moved: list[SwissPlayer], residents: list[SwissPlayer], target: int) -> None:
        """Try the MDP subsets by increasing C6 score differences, stopping after the
        first subset that gives a candidate (a later one cannot score lower on C6)."""
        lowest = self.lowest = residents[-1].halves
        floating = len(moved) + len(residents) - 2 * target
        found_psd: tuple[int, ...] | None = None
        if self.goal is not None:  # only candidates as good as the goal are kept
            self.best_counts = (*self.goal[:-1], self.goal[-1] + 1)
        for psd, subset in self._subsets(moved, residents, target, lowest):
            if found_psd is not None and psd > found_psd and not self.collapsed:
                return  # (collapsed, C6 is in the counts: every subset is judged)
            rest = [player for player in moved if player not in subset]
            if floating and self.following:  # the best C7 these downfloaters' scores allow
                alike = residents[: floating - len(rest)]  # a resident for each of that score
                self.floor = _c7(ideal_next(rest + alike, self.following))
            start = (self.floor,) + (0,) * (_COUNTS - 1)
            self.cut = False
            self._pair_moved(list(subset), residents, target - len(subset), rest, start)
            if self.cut and not self.perfect and not self.collapsed:  # a perfect one hidden?
                self._perfect(list(subset), residents, target - len(subset), rest, start)
            if self.best is not None and found_psd is None:
                found_psd = psd
            if self.done:
                return

    def _perfect(
        self,
        heads: list[SwissPlayer],
        pool: list[SwissPlayer],
        remainder: int,
        unpaired: list[SwissPlayer],
        start: tuple[int, ...],
    ) -> None:
        """After a search the bound cut short without a perfect candidate: look again for
        one that costs nothing, the best counts set just above a perfect one, so that a
        pair costing something is cut at once and so is a branch whose players left cannot
        all meet at no cost (``_free_matching``). The first perfect candidate in D's order
        (B.4) is found without walking the costly ones before it, which the bound could
        not get past (an 80-player round 2 of 32 left on zero: five colours missed that
        need not be). Within ``PERFECT_LIMIT`` steps; without one, the best stands."""
        kept = (self.best, self.best_counts, self.steps, self.done)
        self.best, self.best_counts = None, (*start[:-1], start[-1] + 1)
        self.steps, self.done, self.cut, self.limit = 0, False, False, PERFECT_LIMIT
        self._pair_moved(heads, pool, remainder, unpaired, start)
        self.limit = NODE_LIMIT * 4
        if not self.perfect:
            self.best, self.best_counts, self.steps, self.done = kept

    def _subsets(
        self, moved: list[SwissPlayer], residents: list[SwissPlayer], target: int, lowest: int
    ) -> list[tuple[tuple[int, ...], tuple[SwissPlayer, ...]]]:
        """The MDPs to pair, each with the C6 score differences it gives: as many as can
        be (C5), best first."""
        options = []
        for count in range(min(len(moved), target, len(residents)), -1, -1):
            remainder = target - count
            if len(residents) - count < 2 * remainder:
                continue
            for subset in islice(combinations(moved, count), _SUBSETS):
                unpaired = [p.halves for p in moved if p not in subset]
                floating = len(residents) - count - 2 * remainder
                psd = _psd(
                    [p.halves - lowest for p in subset],
                    unpaired + [lowest] * floating,
                    lowest,
                )
                options.append((psd, subset))
        return sorted(options, key=lambda option: option[0])

    def _pair_moved(
        self,
        heads: list[SwissPlayer],
        pool: list[SwissPlayer],
        remainder: int,
        unpaired: list[SwissPlayer],
        counts: tuple[int, ...],
    ) -> None:
        """Pair each MDP of ``heads`` with a resident (S2 transposed), then the rest."""
        if not heads:  # the remainder, within its own share of the steps
            self.cap = self.steps + REMAINDER_LIMIT
            for first, second in resident_exchanges(pool, remainder):
                self._pair_half(
                    first, second, counts, unpaired, _tally(first, second, self.memo.wants)
                )
                if self.done or self.steps > self.cap:
                    break
            self.cap = None
            return
        head = heads[0]
        for index, resident, more in self._options(head, pool, counts):
            self._chosen.append((head, resident))
            self._pair_moved(heads[1:], pool[:index] + pool[index + 1 :], remainder, unpaired, more)
            self._chosen.pop()

    def _pair_half(
        self,
        first: list[SwissPlayer],
        second: list[SwissPlayer],
        counts: tuple[int, ...],
        unpaired: list[SwissPlayer],
        tally: tuple[int, ...],
    ) -> None:
        """S1's players in order, each against the first S2 player left that may meet
        them (transpositions of S2 in lexicographic order); ``tally`` counts their
        colour preferences (``_tally``)."""
        if not first:
            self._judge(counts, unpaired + second)
            return
        head = first[0]
        for index, other, more in self._options(head, second, counts):
            left = _untally(tally, self.memo.wants[head.number], self.memo.wants[other.number])
            if more[:3] == self.best_counts[:3]:
                floor = max(0, left[0] - left[3] - left[4], left[1] - left[2] - left[4])
                if floor and (*more[:3], more[3] + floor, *more[4:]) >= self.best_counts:
                    continue  # the players left cannot all get their colours
            rest = second[:index] + second[index + 1 :]
            if self._tight(more) and not _free_matching(first[1:], rest, self._cost):
                continue  # only pairs costing nothing could still do better: none left
            self._chosen.append((head, other))
            self._pair_half(first[1:], rest, more, unpaired, left)
            self._chosen.pop()

    def _options(
        self, head: SwissPlayer, pool: list[SwissPlayer], counts: tuple[int, ...]
    ) -> Iterator[tuple[int, SwissPlayer, tuple[int, ...]]]:
        """The opponents ``head`` may meet in ``pool``, in order, with the counts each
        pair brings, while they could still beat the best candidate (``cheapest_first``:
        in the order of what they bring)."""
        options = self._open_options(head, pool, counts)
        yield from sorted(options, key=lambda o: o[2]) if self.cheapest_first else options

    def _open_options(
        self, head: SwissPlayer, pool: list[SwissPlayer], counts: tuple[int, ...]
    ) -> Iterator[tuple[int, SwissPlayer, tuple[int, ...]]]:
        for index, other in enumerate(pool):
            if self._stop():
                return
            if _meets(head, other):
                more = _add(counts, self._cost(head, other))
                if more < self.best_counts:
                    yield index, other, more

    def _cost(self, one: SwissPlayer, two: SwissPlayer) -> tuple[int, ...]:
        """``_pair_counts``, remembered: the search meets the same pairs again and again."""
        key = (one.number, two.number)
        cost = self.memo.costs.get(key)
        if cost is None:
            cost = _pair_counts(one, two)
            if self.collapsed and one.halves != two.halves:  # C6 (C7 has no place here)
                cost = (_weighed(abs(one.halves - two.halves)), *cost[1:])
            self.memo.costs[key] = cost
        return cost

    def _judge(self, counts: tuple[int, ...], floaters: list[SwissPlayer]) -> None:
        """A whole candidate: keep it when it beats the best so far and completes."""
        if not self.below and (len(floaters) > 1 or (floaters and not floaters[0].bye_eligible)):
            return
        down = [p for p in floaters if p.floats[-1:] == (Float.DOWN,)]
        down_two = [p for p in floaters if p.floats[-2:-1] == (Float.DOWN,)]
        if (self.floor, *counts[1:]) >= self.best_counts:
            return  # C7 cannot go below its floor: no better than the best
        total = (
            self._next_bracket(floaters) if floaters and self.following else 0,
            *counts[1:5],
            counts[5] + len(down),
            counts[6],
            counts[7] + len(down_two),
            counts[8],
            counts[9] + sum(_weighed(p.halves - (self.lowest - 2)) for p in down),
            counts[10],
            counts[11] + sum(_weighed(p.halves - (self.lowest - 2)) for p in down_two),
            counts[12],
        )
        if self.collapsed:  # C6 in the first place: the bye's score difference (A.8)
            total = (counts[0] + sum(_weighed(p.halves - (self.lowest - 2)) for p in floaters),
                     *total[1:])  # fmt: skip
        if total >= self.best_counts:
            return
        if self.complete and self.below and not self._completes_with(floaters):
            return
        self.best = (list(self._chosen), sorted(floaters, key=lambda player: player.rank))
        self.best_counts = total
        self.done = self.perfect = total[0] == self.floor and not any(total[1:])
        self.done = self.done or total == self.goal

    def _completes_with(self, floaters: list[SwissPlayer]) -> bool:
        """C4 for these downfloaters (remembered: many candidates share them)."""
        key = frozenset(player.number for player in floaters)
        if key not in self.completions:
            self.completions[key] = _completes(floaters + self.below)
        return self.completions[key]

    def _tight(self, counts: tuple[int, ...]) -> bool:
        """Whether any pair that costs something would leave the candidate no better
        than the best (the cheapest cost is one on the last criterion)."""
        return (*counts[:-1], counts[-1] + 1) >= self.best_counts

    def _next_bracket(self, floaters: list[SwissPlayer]) -> int:
        """C7: the next bracket's (these downfloaters and the next scoregroup) unpaired,
        then its PSD, at best (``swiss_next.next_bracket``, remembered)."""
        key = frozenset(player.number for player in floaters)
        if key not in self.next_bracket:
            floaters = sorted(floaters, key=lambda player: player.rank)
            last = len(self.below) == len(self.following)
            found = next_bracket(
                floaters, self.following, _adjacency(floaters + self.following), last
            )
            self.next_bracket[key] = _c7(found)
        return self.next_bracket[key]

    def _stop(self) -> bool:
        self.steps += 1
        if self.cap is not None and self.steps > self.cap:
            self.cut = True
            return True
        if self.steps > NODE_LIMIT and self.best is not None:
            self.done = self.cut = True
        if self.steps > self.limit:
            self.cut = True
        return self.done or self.steps > self.limit


def _tally(
    first: list[SwissPlayer], second: list[SwissPlayer], wants: dict[int, int]
) -> tuple[int, ...]:
    """S1's players wanting white, black; S2's wanting white, black, nothing: the
    fewest colour preferences (C10) S1 against S2 must miss is then
    max(0, S1 white - S2 black - S2 none, S1 black - S2 white - S2 none)."""
    tally = [0] * 6
    for player in first:
        tally[wants[player.number]] += 1
    for player in second:
        tally[wants[player.number] + 3] += 1
    return (tally[0], tally[1], tally[3], tally[4], tally[5])


def _wanting(player: SwissPlayer) -> int:
    """0 for a preference for white, 1 for black, 2 for none."""
    wants = player.preference
    return 2 if wants is None else 0 if wants is Color.WHITE else 1


def _untally(tally: tuple[int, ...], one: int, two: int) -> tuple[int, ...]:
    """``tally`` without an S1 player and an S2 player wanting ``one`` and ``two``
    (``_wanting``)."""
    left = list(tally)
    if one < 2:
        left[one] -= 1
    left[two + 2] -= 1
    return tuple(left)


def _free_matching(
    first: list[SwissPlayer],
    second: list[SwissPlayer],
    cost: Callable[[SwissPlayer, SwissPlayer], tuple[int, ...]],
) -> bool:
    """Whether each of ``first`` can meet a different one of ``second`` at no ``cost``
    (Kuhn's augmenting paths over the pairs that may meet and cost nothing)."""
    if len(first) < 2:
        return True
    edges = [
        [j for j, other in enumerate(second) if _meets(one, other) and cost(one, other) is _FREE]
        for one in first
    ]
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(first)))


def _pair_counts(one: SwissPlayer, two: SwissPlayer) -> tuple[int, ...]:
    """What a pair costs on C8-C19: topscorers' colour excesses, colour preferences
    missed, strong ones missed, the higher-scored player's downfloat and the lower-scored
    one's upfloat again (a round, two rounds after the last: C12-C15), and the score
    difference weighed (``_weighed``) for each of the two floating the same way again
    (C16-C19)."""
    beyond, in_a_row = colour_excesses(one, two)
    misses, strong = colour_misses(one, two)
    down_again = up_again = down_two = up_two = 0
    down_sd = up_sd = down_two_sd = up_two_sd = 0
    if one.halves != two.halves:  # the higher-scored one floats down (A.4.b), the other up
        high, low = (one, two) if one.halves > two.halves else (two, one)
        down_again = int(high.floats[-1:] == (Float.DOWN,))
        up_again = int(low.floats[-1:] == (Float.UP,))
        down_two = int(high.floats[-2:-1] == (Float.DOWN,))
        up_two = int(low.floats[-2:-1] == (Float.UP,))
        weight = _weighed(high.halves - low.halves)
        down_sd, down_two_sd = weight * down_again, weight * down_two
        up_sd, up_two_sd = weight * up_again, weight * up_two
    if not (beyond or in_a_row or misses or up_again or up_two or down_sd or down_two_sd):
        return _FREE
    return (
        0, beyond, in_a_row, misses, strong, down_again, up_again, down_two, up_two,
        down_sd, up_sd, down_two_sd, up_two_sd,
    )  # fmt: skip


def _weighed(difference: int) -> int:
    """A score difference (half points) as a weight: sums of weights compare as the
    lists of differences, largest first, compare (C16-C19 minimise the differences)."""
    return 1 << (_SD_BITS * difference)


def _add(one: tuple[int, ...], two: tuple[int, ...]) -> tuple[int, ...]:
    if two is _FREE:
        return one
    return tuple(map(add, one, two))
