"""The plan of a move, made without a store."""

from __future__ import annotations

from datetime import UTC, datetime

import rules
from bot.service.move_plan import plan_move
from bot.store import GameRecord, GameStatus

NOW = datetime(2026, 1, 2, 12, tzinfo=UTC)
WHITE, BLACK = 1, 2


def _record(game: rules.Game) -> GameRecord:
    return GameRecord(
        id=7,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        message_id=None,
        variant="chess",
        start_fen=game.start.fen(),
        white_id=WHITE,
        black_id=BLACK,
        days_per_move=3,
        rated=False,
        status=GameStatus.ACTIVE,
        result=None,
        termination=None,
        ply=game.ply,
        fen=game.position.fen(),
        to_move_id=WHITE if game.ply % 2 == 0 else BLACK,
        created_at=NOW,
        last_move_at=NOW,
        deadline_at=None,
        finished_at=None,
        version=1,
    )


def test_an_ordinary_move_passes_the_turn_and_leaves_the_deadline_to_the_caller() -> None:
    game = rules.Game("chess")
    move = game.position.parse_move("e2e4")
    plan = plan_move(game, move, _record(game), WHITE, stored="e4", chinese=None, lines=[], now=NOW)
    assert (plan.uci, plan.number, plan.opponent_id, plan.last_mover_id) == (
        "e2e4",
        "1.",
        BLACK,
        WHITE,
    )
    assert plan.after.ply == 1 and plan.outcome is None and plan.ending is None
    assert plan.deadline is None and plan.answers.answers == ()


def test_mate_is_planned_as_the_game_s_ending() -> None:
    game = rules.Game.replay("chess", rules.Game("chess").start.fen(), ["f2f3", "e7e5", "g2g4"])
    move = game.position.parse_move("d8h4")
    plan = plan_move(
        game, move, _record(game), BLACK, stored="Qh4#", chinese=None, lines=[], now=NOW
    )
    assert plan.number == "2..." and plan.outcome is not None
    assert plan.ending is not None and plan.ending.result == "0-1"
    assert plan.ending.termination == rules.Termination.CHECKMATE.value
