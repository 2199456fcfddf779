"""The engine contract's values refuse what no engine could be asked or could answer."""

from __future__ import annotations

import pytest

from bot.engine.api import (
    Budget,
    EngineFailed,
    EngineUnavailable,
    Score,
    SearchRequest,
    UnavailableReason,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.mark.parametrize(
    "kwargs", [{}, {"movetime_ms": 100, "depth": 3}, {"depth": 0}, {"nodes": -5}]
)
def test_a_budget_has_exactly_one_positive_limit(kwargs: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="budget"):
        Budget(**kwargs)


def test_a_budget_with_one_limit_is_accepted() -> None:
    assert Budget(depth=12).depth == 12
    assert Budget(movetime_ms=50).movetime_ms == 50
    assert Budget(nodes=10_000).nodes == 10_000


def test_a_score_has_exactly_one_of_centipawns_and_mate() -> None:
    with pytest.raises(ValueError):
        Score()
    with pytest.raises(ValueError):
        Score(centipawns=10, mate=2)
    assert Score(centipawns=31).negated() == Score(centipawns=-31)
    assert Score(mate=3).negated() == Score(mate=-3)


@pytest.mark.parametrize("level", [0, 9, -1])
def test_a_level_outside_one_to_eight_is_refused(level: int) -> None:
    with pytest.raises(ValueError, match="level"):
        SearchRequest("chess", START, (), Budget(depth=1), level=level)


def test_the_errors_carry_their_facts_for_the_edge_to_word() -> None:
    missing = EngineUnavailable("xiangqi", UnavailableReason.MISSING, "fairy-stockfish")
    assert (missing.variant_name, missing.reason, missing.command) == (
        "xiangqi",
        UnavailableReason.MISSING,
        "fairy-stockfish",
    )
    failed = EngineFailed("chess", "crashed twice")
    assert (failed.variant_name, failed.detail) == ("chess", "crashed twice")
