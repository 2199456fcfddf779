"""The cells of a cross-table: each player's results against each other, in table order."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.tournament.standings import Played

_MINE = {("1-0", True): "1", ("1-0", False): "0", ("0-1", True): "0", ("0-1", False): "1"}


def cross_cells(order: Sequence[int], games: Sequence[Played]) -> tuple[tuple[str, ...], ...]:
    """``cells[i][j]``: what ``order[i]`` scored against ``order[j]`` in their finished
    games, one mark a game ("1", "½", "0"; "1½" for two), in game order; "" for none."""
    marks: dict[tuple[int, int], str] = {}
    for game in games:
        if game.result is None:
            continue
        for me, them, white in ((game.white, game.black, True), (game.black, game.white, False)):
            mark = "½" if game.result == "1/2-1/2" else _MINE.get((game.result, white), "")
            marks[(me, them)] = marks.get((me, them), "") + mark
    return tuple(tuple(marks.get((me, them), "") for them in order) for me in order)
