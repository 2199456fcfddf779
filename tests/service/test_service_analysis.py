"""/analyse in the service: finished games only, every position evaluated in the background
with progress, stored (asking again is instant, a restart carries on), lichess's judgements,
the record with [%eval] comments, the graph and the critical board."""

from __future__ import annotations

import asyncio
import io
from datetime import timedelta
from pathlib import Path

import chess.pgn
import pytest
from PIL import Image

import rules
from bot.engine.api import UnavailableReason
from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, ManualClock
from bot.service.analysis import (
    ANALYSIS_CLAIM_LEASE,
    AnalysisFailedError,
    AnalysisProgress,
    NoEngineError,
    NotFinishedError,
    NothingToAnalyseError,
    ProgressMessage,
)
from bot.service.judgement import Judgement
from bot.store import ClaimKind, PositionEvaluation, Store
from bot.text.reasons import refusal
from rules import Color
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game

SCHOLARS_MATE = ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")


async def finished_game(service: GameService, *moves: str, variant: str = "chess") -> int:
    started = await start_game(service, variant)
    game_id = started.game.id
    await play(service, game_id, *moves)
    view = await service.reports.game_view(game_id)
    if view.active:
        await service.endings.confirm_resign(ALICE if view.to_move == view.white else BOB, game_id)
    return game_id


def engine_service(store: Store, clock: ManualClock, engines: FakeEngines) -> GameService:
    return GameService(store, clock, engines=engines)


async def test_scholars_mate_is_analysed_with_the_blunder_found(
    store: Store, clock: ManualClock
) -> None:
    """Every position but the mate on the board is searched; 3...Nf6 is a blunder (a mate
    against the mover from an equal position), the critical move, with the engine's move
    instead; black's accuracy is below white's; progress counts up to all 8 positions."""
    engines = FakeEngines()
    service = engine_service(store, clock, engines)
    game_id = await finished_game(service, *SCHOLARS_MATE)
    started = await service.analysis.analyse(CAROL, PLACE, game_id=game_id)
    assert started.result is None and started.progress.total == 8
    seen: list[AnalysisProgress] = []

    async def progress(now: AnalysisProgress) -> None:
        seen.append(now)

    result = await service.analysis.follow(CAROL, game_id, progress)
    assert seen and all(p.total == 8 and 0 < p.done <= 8 for p in seen)
    assert [p.done for p in seen] == sorted(p.done for p in seen)
    assert len(engines.requests) == 7  # the mated position is judged by the rules
    assert {len(r.moves) for r in engines.requests} == set(range(7))
    assert all(
        r.budget.nodes == service.analysis.nodes and r.level is None for r in engines.requests
    )
    assert engines.requests[0].requester == str(CAROL.id)
    blunder = result.moves[5]
    assert (blunder.ply, blunder.number, blunder.played, blunder.mover) == (
        6,
        "3...",
        "Nf6",
        Color.BLACK,
    )
    assert blunder.judgement is Judgement.BLUNDER and blunder.best is not None
    assert result.critical == blunder
    assert result.black.blunders == 1 and result.white.blunders == 0
    assert result.white.accuracy is not None and result.black.accuracy is not None
    assert result.black.accuracy < result.white.accuracy
    assert result.moves[6].judgement is None  # the mate itself
    assert len(result.evaluations) == 8
    assert result.evaluations[7].centipawns == 1000  # black mated: white's view


async def test_the_record_carries_lichess_eval_comments(store: Store, clock: ManualClock) -> None:
    """Each move but the mating one is followed by [%eval] from white's view, which a PGN
    reader that knows lichess's comments (python-chess) reads back as the same scores; each
    judged move carries its mark (a NAG) and the engine's line from its best move as a
    variation, and no other move does."""
    service = engine_service(store, clock, FakeEngines())
    game_id = await finished_game(service, *SCHOLARS_MATE)
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    result = await service.analysis.follow(ALICE, game_id)
    assert "3... Nf6?? {[%eval #1]} (3... Nce7) 4. Qxf7# 1-0" in " ".join(result.record.split())
    assert result.record.count("[%eval") == 6
    assert result.record_filename == f"postal-chess-{game_id}-analysis.pgn"
    game = chess.pgn.read_game(io.StringIO(result.record))
    assert game is not None
    nodes = list(game.mainline())
    assert [n.san() for n in nodes] == list(SCHOLARS_MATE)
    for ply, node in enumerate(nodes[:-1], start=1):
        expected = result.evaluations[ply]
        score = node.eval()
        assert score is not None
        white = score.white()
        if expected.mate is not None:
            assert white.mate() == expected.mate
        else:
            assert white.score() == expected.centipawns
    assert nodes[-1].eval() is None
    marks = {m.ply: m.judgement.glyph for m in result.moves if m.judgement is not None}
    bests = {m.ply: m.best for m in result.moves if m.judgement is not None}
    assert marks and None not in bests.values()
    glyphs = {chess.pgn.NAG_DUBIOUS_MOVE: "?!", chess.pgn.NAG_MISTAKE: "?"}
    glyphs[chess.pgn.NAG_BLUNDER] = "??"
    for ply, node in enumerate(nodes, start=1):
        assert [glyphs[nag] for nag in node.nags] == ([marks[ply]] if ply in marks else [])
        variations = [v.san() for v in node.parent.variations[1:]]
        assert variations == ([bests[ply]] if ply in bests else [])


async def test_asking_again_is_instant_and_searches_nothing(
    store: Store, clock: ManualClock, db_path: Path
) -> None:
    """A stored analysis is answered at once, also after reopening the database, without a
    search; the asker's view is their own (each player sees it)."""
    engines = FakeEngines()
    service = engine_service(store, clock, engines)
    game_id = await finished_game(service, *SCHOLARS_MATE)
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    first = await service.analysis.follow(ALICE, game_id)
    searched = len(engines.requests)
    again = await service.analysis.analyse(BOB, PLACE, game_id=game_id)
    assert again.result is not None and again.progress.done == again.progress.total == 8
    assert again.result.moves == first.moves and again.result.record == first.record
    assert len(engines.requests) == searched
    reopened = await Store.open(db_path)
    try:
        later = await engine_service(reopened, clock, FakeEngines()).analysis.analyse(
            CAROL, PLACE, game_id=game_id
        )
        assert later.result is not None and later.result.evaluations == first.evaluations
    finally:
        await reopened.close()


async def analysis_held_after_three(store: Store, clock: ManualClock) -> tuple[GameService, int]:
    """A finished Scholar's mate whose analysis has stored 3 positions and is held there
    (the engines wait on a gate that never opens): the service and the game's id."""
    held = FakeEngines(gate=asyncio.Event(), hold_after=3)
    service = engine_service(store, clock, held)
    game_id = await finished_game(service, *SCHOLARS_MATE)
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    for _ in range(200):
        if len(await store.analyses.evaluations(game_id)) == 3:
            break
        await asyncio.sleep(0.01)
    return service, game_id


async def test_a_restart_carries_an_unfinished_analysis_on(
    store: Store, clock: ManualClock, db_path: Path
) -> None:
    """Stopped after 3 positions (the process ends), the analysis is resumed at start-up by
    the next process, which searches only the positions not yet stored."""
    service, game_id = await analysis_held_after_three(store, clock)
    stored = await store.analyses.evaluations(game_id)
    assert len(stored) == 3
    await service.analysis.close()
    await store.close()

    reopened = await Store.open(db_path)
    try:
        engines = FakeEngines()
        later = engine_service(reopened, clock, engines)
        assert await later.analysis.resume() == 1
        progress = later.analysis.running(game_id)
        assert progress is not None and progress.done == 3
        result = await later.analysis.follow(ALICE, game_id)
        searched = {len(r.moves) for r in engines.requests}
        assert searched.isdisjoint({e.ply for e in stored}) and len(engines.requests) == 4
        assert (await reopened.analyses.evaluations(game_id))[:3] == stored
        assert result.moves[5].judgement is Judgement.BLUNDER
        assert await later.analysis.resume() == 0
    finally:
        await reopened.close()


async def test_processes_sharing_the_database_resume_an_analysis_once(
    store: Store, clock: ManualClock, db_path: Path
) -> None:
    """An unfinished analysis at start-up is claimed (``ClaimKind.ANALYSIS``) by the process
    that resumes it: a second process starting meanwhile leaves it alone, and a claim left by
    a killed process keeps the others off only until its lease runs out."""
    service, game_id = await analysis_held_after_three(store, clock)
    await service.analysis.close()
    # A process killed while running it: its claim stays until the lease ends.
    now = clock.now.timestamp()
    await store.claims.take(ClaimKind.ANALYSIS, [game_id], "shards:9/10", now, now + 120)

    def process(name: str, engines: FakeEngines) -> GameService:
        return GameService(store, clock, engines=engines, process=name)

    first = process("shards:0/2", FakeEngines(gate=asyncio.Event(), hold_after=0))
    second = process("shards:1/2", FakeEngines())
    assert await first.analysis.resume() == 0
    clock.advance(ANALYSIS_CLAIM_LEASE + timedelta(seconds=1))
    assert await first.analysis.resume() == 1  # the killed process's lease is over
    assert await second.analysis.resume() == 0 and second.analysis.running(game_id) is None
    await first.analysis.close()  # released on the way out: the next to start takes it
    assert await second.analysis.resume() == 1
    result = await second.analysis.follow(ALICE, game_id)
    assert result.moves[5].judgement is Judgement.BLUNDER


async def test_asking_on_another_process_joins_the_running_analysis(
    store: Store, clock: ManualClock, db_path: Path
) -> None:
    """Process B asked for the analysis process A is running (two stores on one database)
    searches nothing: it follows A's progress through the store and ends with A's result;
    asked again while A runs, then A stopping, B takes it over through the claim and
    searches only what A had not stored."""
    a_engines = FakeEngines(gate=asyncio.Event(), hold_after=3)
    a_side = GameService(store, clock, engines=a_engines, process="shards:0/2")
    game_id = await finished_game(a_side, *SCHOLARS_MATE)
    await a_side.analysis.analyse(ALICE, PLACE, game_id=game_id)
    for _ in range(500):  # 3 stored, the rest held
        if await store.analyses.evaluated(game_id) == 3:
            break
        await asyncio.sleep(0.01)
    other = await Store.open(db_path)
    try:
        b_engines = FakeEngines()
        b_side = GameService(other, clock, engines=b_engines, process="shards:1/2")
        b_side.analysis.watch_seconds = 0.02
        started = await b_side.analysis.analyse(BOB, PLACE, game_id=game_id)
        assert started.result is None and started.progress.done == 3
        seen: list[int] = []

        async def progress(now: AnalysisProgress) -> None:
            seen.append(now.done)

        following = asyncio.ensure_future(b_side.analysis.follow(BOB, game_id, progress))
        # A stores the final position (mate: judged by the rules, not searched): B sees it.
        await store.analyses.add_evaluation(game_id, PositionEvaluation(7, None, 0, 0, None))
        for _ in range(500):
            if seen:
                break
            await asyncio.sleep(0.01)
        assert seen == [4] and b_engines.requests == [] and not following.done()
        assert a_engines.gate is not None
        a_engines.gate.set()
        result = await asyncio.wait_for(following, 10)
        assert b_engines.requests == [] and len(result.evaluations) == 8

        # Another game: A stops mid-analysis while B follows; B carries it on.
        a_engines.gate.clear()
        a_engines.requests.clear()
        second = await finished_game(a_side, "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
        await a_side.analysis.analyse(ALICE, PLACE, game_id=second)
        await a_engines.wait_until(lambda: len(a_engines.requests) >= 4)
        await a_side.analysis.show_progress_in(ALICE, second, 40, 4000)
        await b_side.analysis.analyse(BOB, PLACE, game_id=second)
        await b_side.analysis.show_progress_in(BOB, second, 50, 5000)
        taken: list[ProgressMessage] = []
        b_side.analysis.on_taken_over = taken.extend
        following = asyncio.ensure_future(b_side.analysis.follow(BOB, second))
        await asyncio.sleep(0.1)
        assert b_engines.requests == [] and taken == []
        stored = {e.ply for e in await store.analyses.evaluations(second)}
        await a_side.analysis.close()
        result = await asyncio.wait_for(following, 10)
        assert len(result.evaluations) == 8
        # A's asker's message is B's to show now; B's own asker follows in their answer.
        assert [(m.viewer.id, m.channel_id, m.message_id) for m in taken] == [(ALICE.id, 40, 4000)]
        assert b_engines.requests and stored.isdisjoint(len(r.moves) for r in b_engines.requests)
        assert {r.requester for r in b_engines.requests} == {str(ALICE.id)}
    finally:
        await b_side.analysis.close()
        await other.close()


async def test_a_process_following_anothers_analysis_shows_its_askers_after_a_restart(
    store: Store, clock: ManualClock, db_path: Path
) -> None:
    """B follows the analysis A runs and restarts meanwhile: the new B, not running it,
    follows it again to go on showing B's asker's message, and only that one (A shows its
    own asker's); both end with A's result."""
    a_engines = FakeEngines(gate=asyncio.Event(), hold_after=3)
    a_side = GameService(store, clock, engines=a_engines, process="shards:0/2")
    game_id = await finished_game(a_side, *SCHOLARS_MATE)
    await a_side.analysis.analyse(ALICE, PLACE, game_id=game_id)
    await a_side.analysis.show_progress_in(ALICE, game_id, 40, 4000)
    other = await Store.open(db_path)
    try:
        b_side = GameService(other, clock, engines=FakeEngines(), process="shards:1/2")
        await b_side.analysis.analyse(BOB, PLACE, game_id=game_id)
        await b_side.analysis.show_progress_in(BOB, game_id, 50, 5000)
        await b_side.analysis.close()
        again = GameService(other, clock, engines=FakeEngines(), process="shards:1/2")
        again.analysis.watch_seconds = 0.02
        assert await again.analysis.resume() == 0  # A runs it ...
        assert again.analysis.running(game_id) is not None  # ... B follows it
        shown = await again.analysis.progress_messages()
        assert [(m.viewer.id, m.channel_id, m.message_id) for m in shown] == [(BOB.id, 50, 5000)]
        following = asyncio.ensure_future(again.analysis.follow(BOB, game_id))
        assert a_engines.gate is not None
        a_engines.gate.set()
        result = await asyncio.wait_for(following, 10)
        assert len(result.evaluations) == 8
        assert await again.analysis.resume() == 0 and again.analysis.running(game_id) is None
    finally:
        await a_side.analysis.close()
        await other.close()


@pytest.mark.store
async def test_an_engine_failure_stops_it_and_asking_again_carries_on(
    store: Store, clock: ManualClock
) -> None:
    """The engine failing on one position ends the analysis with a clear error saying how
    far it got; asking again searches only what is missing and finishes."""
    engines = FakeEngines(fail_at={4})
    service = engine_service(store, clock, engines)
    game_id = await finished_game(service, *SCHOLARS_MATE)
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    with pytest.raises(AnalysisFailedError) as failed:
        await service.analysis.follow(ALICE, game_id)
    assert failed.value.total == 8 and failed.value.done < 8
    assert failed.value.game_id == game_id
    stored = await store.analyses.get(game_id)
    assert stored is not None and stored.failure and stored.finished_at is None
    kept = {e.ply for e in await store.analyses.evaluations(game_id)}
    engines.fail_at.clear()
    engines.requests.clear()
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    result = await service.analysis.follow(ALICE, game_id)
    assert {len(r.moves) for r in engines.requests}.isdisjoint(kept)
    assert len(result.evaluations) == 8


async def test_two_askers_share_one_analysis(store: Store, clock: ManualClock) -> None:
    """Both players asking at once get the same job: each position is searched once."""
    engines = FakeEngines(gate=asyncio.Event())
    service = engine_service(store, clock, engines)
    game_id = await finished_game(service, *SCHOLARS_MATE)
    first, second = await asyncio.gather(
        service.analysis.analyse(ALICE, PLACE, game_id=game_id),
        service.analysis.analyse(BOB, PLACE, game_id=game_id),
    )
    assert first.progress.total == second.progress.total == 8
    assert engines.gate is not None
    engines.gate.set()
    results = await asyncio.gather(
        service.analysis.follow(ALICE, game_id), service.analysis.follow(BOB, game_id)
    )
    assert results[0].moves == results[1].moves
    assert len(engines.requests) == 7


async def test_refusals_change_nothing(store: Store, clock: ManualClock, db_path: Path) -> None:
    """A game still being played, a game without moves, and no engine for the variant are
    refused with their own errors, and nothing is stored."""
    service = engine_service(store, clock, FakeEngines(variants=("chess",)))
    running = (await start_game(service)).game.id
    await play(service, running, "e4")
    before = snapshot(db_path)
    with pytest.raises(NotFinishedError) as not_over:
        await service.analysis.analyse(ALICE, PLACE, game_id=running)
    assert not_over.value.game_id == running
    assert snapshot(db_path) == before

    aborted = (await start_game(service)).game.id
    await service.endings.abort(ALICE, PLACE, game_id=aborted)
    with pytest.raises(NothingToAnalyseError):
        await service.analysis.analyse(ALICE, PLACE, game_id=aborted)

    xiangqi = await finished_game(service, "h2e2", "h9g7", variant="xiangqi")
    before = snapshot(db_path)
    with pytest.raises(NoEngineError) as missing:
        await service.analysis.analyse(ALICE, PLACE, game_id=xiangqi)
    assert missing.value.reason is UnavailableReason.MISSING
    worded = refusal(missing.value)  # the edge's sentence, the computer's with "analyse"
    assert worded is not None and worded.startswith("Postal can't analyse xiangqi games")
    assert "Fairy-Stockfish" in worded and "apt-get install fairy-stockfish" in worded
    assert snapshot(db_path) == before
    with pytest.raises(NoEngineError):
        await GameService(store, clock).analysis.analyse(ALICE, PLACE, game_id=xiangqi)


@pytest.mark.store
async def test_xiangqi_analysis_writes_the_xiangqi_record(store: Store, clock: ManualClock) -> None:
    """A xiangqi game is analysed the same way; its record is the xiangqi dialect with the
    evaluations, red's view."""
    service = engine_service(store, clock, FakeEngines())
    moves = ("h2e2", "h9g7", "e2e6", "b9c7")  # the cannon takes a soldier with check
    game_id = await finished_game(service, *moves, variant="xiangqi")
    await service.analysis.analyse(BOB, PLACE, game_id=game_id)
    result = await service.analysis.follow(BOB, game_id)
    assert result.record_filename.endswith("-analysis.txt")
    assert result.record.count("[%eval") == 4
    assert "[Variant" in result.record or "xiangqi" in result.record.lower()
    # Each judged move has its mark and the engine's line (ICCS) as a variation, which the
    # xiangqi reader skips: the record reads back as the game played.
    judged = [m for m in result.moves if m.judgement is not None]
    assert judged and all(m.best is not None for m in judged)
    text = " ".join(result.record.split())
    assert text.count("(") == len(judged)
    for move in judged:
        assert f"{result.replay.uci_moves()[move.ply - 1].upper()[:2]}-" in text
        assert move.judgement is not None and f"{move.judgement.glyph} {{[%eval" in text
    _, again = rules.get_variant("xiangqi").read_record(result.record)
    assert again.uci_moves() == result.replay.uci_moves()
    assert len(result.evaluations) == 5
    # The moves it names are said in the reader's notation: Chinese to a Chinese reader.
    played = [move.played for move in result.moves]
    assert played == ["C2.5", "H8+7", "C5+4", "H2+3"]
    with using(Locale.ZH_HANS):
        assert [say(move) for move in played] == ["炮二平五", "马８进７", "炮五进四", "马２进３"]
    with using(Locale.ZH_HANT):
        assert say(played[1]) == "馬８進７"
    # A notation chosen in /settings wins over the language's default.
    await service.preferences.settings(BOB, notation="iccs")
    chosen = await service.analysis.follow(BOB, game_id)
    with using(Locale.ZH_HANS):
        assert [say(move.played) for move in chosen.moves] == ["h2e2", "h9g7", "e2e6", "b9c7"]


async def test_the_graph_and_critical_board_are_pictures(store: Store, clock: ManualClock) -> None:
    """The graph is an 800×240 PNG; the critical board a PNG of the position before 3...Nf6
    seen from black's side."""
    service = engine_service(store, clock, FakeEngines())
    game_id = await finished_game(service, *SCHOLARS_MATE)
    await service.analysis.analyse(ALICE, PLACE, game_id=game_id)
    result = await service.analysis.follow(ALICE, game_id)
    graph = Image.open(io.BytesIO(result.graph_png()))
    assert (graph.format, graph.size) == ("PNG", (800, 240))
    png = result.critical_png()
    assert png is not None
    board = Image.open(io.BytesIO(png))
    assert (board.format, board.size) == ("PNG", (512, 512))
