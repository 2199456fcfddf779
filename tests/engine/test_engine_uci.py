"""The UCI client against a scripted fake engine (a real subprocess) and real engines' text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.engine.api import Budget, Score
from bot.engine.uci import (
    UciCrashed,
    UciEngine,
    UciGarbage,
    UciTimeout,
    _parse_option,
    go_command,
    parse_info,
)
from tests.engine.fake_log import received

Command = Callable[[str], tuple[str, ...]]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
GO = "go depth 3"


def test_info_lines_as_stockfish_writes_them() -> None:
    line = (
        "info depth 12 seldepth 17 multipv 1 score cp -35 nodes 104542 nps 871183 "
        "hashfull 40 tbhits 0 time 120 pv c7c5 c2c3 g8f6"
    )
    info = parse_info(line)
    assert (info.depth, info.score, info.multipv, info.pv) == (
        12,
        Score(centipawns=-35),
        1,
        ("c7c5", "c2c3", "g8f6"),
    )
    assert parse_info("info depth 5 score mate -3 pv e1e2").score == Score(mate=-3)
    assert parse_info("info depth 9 score cp 40 lowerbound nodes 5").bound
    assert parse_info("info string NNUE evaluation using nn.nnue enabled").score is None
    assert parse_info("info depth 3 currmove e2e4 currmovenumber 1").depth == 3


@pytest.mark.parametrize(
    "line",
    [
        "info depth seven",
        "info depth 3 score cp",
        "info depth 3 score cp x",
        "info depth 3 score wdl 1 2 3",
        "info depth -1",
    ],
)
def test_malformed_info_lines_are_garbage(line: str) -> None:
    with pytest.raises(UciGarbage):
        parse_info(line)


def test_option_lines_of_both_engines_are_read() -> None:
    skill = _parse_option("option name Skill Level type spin default 20 min -20 max 20")
    assert skill is not None
    assert (skill.name, skill.type, skill.default, skill.min, skill.max) == (
        "Skill Level",
        "spin",
        "20",
        -20,
        20,
    )
    variant = _parse_option(
        "option name UCI_Variant type combo default chess var 3check var chess var xiangqi"
    )
    assert variant is not None and variant.choices == ("3check", "chess", "xiangqi")
    debug = _parse_option("option name Debug Log File type string default ")
    assert debug is not None and debug.name == "Debug Log File"
    assert _parse_option("option name  type spin") is None
    assert _parse_option("option name Hash") is None


def test_go_lines_for_each_budget() -> None:
    assert go_command(Budget(movetime_ms=300)) == "go movetime 300"
    assert go_command(Budget(depth=18)) == "go depth 18"
    assert go_command(Budget(nodes=5000)) == "go nodes 5000"
    assert go_command(Budget(movetime_ms=300), depth_cap=5) == "go movetime 300 depth 5"
    assert go_command(Budget(depth=18), depth_cap=5) == "go depth 5"
    assert go_command(Budget(depth=2), depth_cap=5) == "go depth 2"
    assert go_command(Budget(depth=2), searchmoves=("e2e4", "d2d4")) == (
        "go depth 2 searchmoves e2e4 d2d4"
    )


async def test_handshake_options_and_a_search(fake_command: Command, fake_log: Path) -> None:
    engine = await UciEngine.start(fake_command("normal"))
    try:
        assert engine.name == "FakeFish 1.0"
        assert engine.options["Skill Level"].min == -20
        engine.set_option("Skill Level", 3)
        engine.set_option("Skill Level", 3)  # already set: not sent again
        engine.set_option("UCI_LimitStrength", False)
        with pytest.raises(KeyError):
            engine.set_option("Hash", 64)
        answer = await engine.search(START, ["e2e4"], GO, timeout=10)
    finally:
        await engine.close()
    assert answer.best_move == "a7a6"
    assert answer.score == Score(centipawns=12)
    assert (answer.depth, answer.pv) == (3, ("a7a6",))
    assert not engine.alive
    assert received(fake_log) == [
        "uci",
        "isready",
        "setoption name Skill Level value 3",
        "setoption name UCI_LimitStrength value false",
        f"position fen {START} moves e2e4",
        GO,
        "quit",
    ]


async def test_unknown_lines_are_ignored(fake_command: Command) -> None:
    engine = await UciEngine.start(fake_command("babble"))
    try:
        answer = await engine.search(START, [], GO, timeout=10)
    finally:
        await engine.close()
    assert answer.best_move == "b1c3"


async def test_a_mate_score(fake_command: Command) -> None:
    engine = await UciEngine.start(fake_command("mate"))
    try:
        answer = await engine.search(START, [], GO, timeout=10)
    finally:
        await engine.close()
    assert answer.score == Score(mate=-2)


async def test_an_engine_that_exits_on_go_has_crashed(fake_command: Command) -> None:
    engine = await UciEngine.start(fake_command("crash"))
    try:
        with pytest.raises(UciCrashed):
            await engine.search(START, [], GO, timeout=10)
    finally:
        await engine.close()


async def test_an_engine_that_never_answers_times_out_and_is_killed(
    fake_command: Command,
) -> None:
    engine = await UciEngine.start(fake_command("hang"))
    with pytest.raises(UciTimeout):
        await engine.search(START, [], GO, timeout=0.3)
    # it ignores quit too: close kills it after the grace period
    await engine.close(grace=0.2)
    assert not engine.alive


@pytest.mark.parametrize("mode", ["garbage", "binary"])
async def test_garbage_is_refused(fake_command: Command, mode: str) -> None:
    engine = await UciEngine.start(fake_command(mode))
    try:
        with pytest.raises(UciGarbage):
            await engine.search(START, [], GO, timeout=10)
    finally:
        await engine.close()


async def test_a_handshake_without_uciok_times_out(fake_command: Command) -> None:
    with pytest.raises(UciTimeout):
        await UciEngine.start(fake_command("hang-handshake"), timeout=0.5)


async def test_an_engine_that_exits_at_once_has_crashed(fake_command: Command) -> None:
    with pytest.raises(UciCrashed):
        await UciEngine.start(fake_command("exit"))


async def test_a_missing_program_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        await UciEngine.start((str(tmp_path / "no-such-engine"),))
