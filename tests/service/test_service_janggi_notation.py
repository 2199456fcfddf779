"""A player's janggi notation (``/settings janggi_notation:``) through the service: Korean by
default; coordinates chosen, the messages for that player alone (their /moves, autocomplete,
their games list, the moves under a board shown to them) name janggi moves in coordinates,
while the shared ones (the move's message, a board the channel sees) stay in Korean, the
game's own; Korean typed is answered in Korean; a bad value is refused and changes nothing.
Prepared (conditional) lines and analyses are in their owner's or asker's notation."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.render.eval_graph import UPPER_FILL
from bot.service import GameService, JanggiNotation, ManualClock, MovePlayed
from bot.service.conditional import ConflictingAnswerError
from bot.service.option_errors import NotAChoiceError
from bot.store import Store
from bot.text.analysis_words import graph_legend, player_line
from bot.text.words import settings_text
from tests.fake_engines import FakeEngines
from tests.render.render_pixels import decode, near
from tests.service.service_helpers import ALICE, BOB, PLACE, play, snapshot


async def _janggi(service: GameService) -> int:
    created = await service.challenges.challenge(ALICE, PLACE, BOB, game="janggi", color="cho")
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    return started.game.id


async def test_the_setting_is_stored_shown_and_checked(
    service: GameService, db_path: Path | str
) -> None:
    """Korean by default; coordinates chosen is kept and said; a bad value names the two."""
    shown = await service.preferences.settings(BOB)
    assert shown.janggi_notation is JanggiNotation.KOREAN
    assert "janggi moves in Korean (79졸78)" in settings_text(shown, str)
    chosen = await service.preferences.settings(BOB, janggi_notation="coordinates")
    assert chosen.janggi_notation is JanggiNotation.COORDINATES
    assert "janggi moves written to you in coordinates (i4h4)" in settings_text(chosen, str)
    before = snapshot(db_path)
    with pytest.raises(NotAChoiceError) as refused:
        await service.preferences.settings(BOB, janggi_notation="hanja", notify="dm")
    assert refused.value.option == "janggi_notation"
    assert refused.value.choices == ("korean", "coordinates")
    assert snapshot(db_path) == before


@pytest.mark.store
async def test_messages_for_one_player_use_theirs_shared_ones_korean(
    service: GameService,
) -> None:
    """Bob reads coordinates: his /moves, autocomplete and games list name moves so, and so
    do the moves under a board shown to him alone; his own move's message (shared) and a
    board the channel sees stay Korean; Alice (default) reads Korean everywhere."""
    game_id = await _janggi(service)
    await service.preferences.settings(BOB, janggi_notation="coordinates")
    first = await service.play.move(ALICE, PLACE, "79졸78")
    assert isinstance(first, MovePlayed) and first.san == "79졸78"
    looked = await service.play.legal_targets(BOB, PLACE, "c7")
    assert set(looked.moves) == {"c7c6", "c7b7", "c7d7"}
    assert "c7c6" in await service.play.legal_move_suggestions(BOB, PLACE, "c7")
    # Korean typed is answered in Korean, whatever he chose.
    assert "43병53" in await service.play.legal_move_suggestions(BOB, PLACE, "43병")
    assert "43병53" not in await service.play.legal_move_suggestions(BOB, PLACE, "c")
    played = await service.play.move(BOB, PLACE, "c7c6")
    assert isinstance(played, MovePlayed) and played.san == "43병53"  # the shared message
    mine = await service.board_menus.recent_moves(game_id, reader=BOB.id)
    assert mine == "1. i4h4 c7c6"
    shared = await service.board_menus.recent_moves(game_id, reader=BOB.id, shared=True)
    assert shared == "1. 79졸78 43병53"
    assert await service.board_menus.recent_moves(game_id, reader=ALICE.id) == shared
    listed = await service.reports.games(BOB)
    assert [entry.last_move for entry in listed.entries] == ["1... c7c6"]
    alices = await service.reports.games(ALICE)
    assert [entry.last_move for entry in alices.entries] == ["1... 43병53"]


async def test_conditional_lines_are_in_the_owners_notation(service: GameService) -> None:
    """Bob reads coordinates: the line he prepares, typed in coordinates, is listed back in
    coordinates, and a refused move of it is named so; typed in Korean, it is answered in
    Korean; Alice's line is in Korean, the default."""
    game_id = await _janggi(service)
    await service.preferences.settings(BOB, janggi_notation="coordinates")
    await service.play.move(ALICE, PLACE, "79졸78")
    added = await service.conditional.add(BOB, PLACE, "c7c6 a4a5 a7a6", game_id=game_id)
    assert [m.notation for m in added.line.moves] == ["c7c6", "a4a5", "a7a6"]
    listed = await service.conditional.list(BOB, PLACE, game_id=game_id)
    assert [[m.notation for m in line.moves] for line in listed.lines] == [["c7c6", "a4a5", "a7a6"]]
    with pytest.raises(ConflictingAnswerError) as conflict:
        await service.conditional.add(BOB, PLACE, "c7c6 a4a5 g7g6", game_id=game_id)
    refused = conflict.value
    assert (refused.expected, refused.stored, refused.new) == ("a4a5", "a7a6", "g7g6")
    korean = await service.conditional.add(BOB, PLACE, "43병53 73졸63 47병57", game_id=game_id)
    assert [m.notation for m in korean.line.moves] == ["43병53", "73졸63", "47병57"]

    await service.play.move(BOB, PLACE, "c7c6")
    mine = await service.conditional.add(ALICE, PLACE, "a4a5 a7a6", game_id=game_id)
    assert [m.notation for m in mine.line.moves] == ["71졸61", "41병51"]


async def test_an_analysis_names_moves_in_the_askers_notation(
    store: Store, clock: ManualClock
) -> None:
    """A janggi analysis asked by Bob (coordinates) names the moves played and the engine's
    better ones in coordinates; Alice's (Korean, the default) in Korean; the annotated record
    is janggi's PGN, named .pgn as /pgn names it; the sides are Cho and Han, and its pictures
    are drawn."""
    service = GameService(store, clock, engines=FakeEngines(("janggi",)))
    game_id = await _janggi(service)
    await service.preferences.settings(BOB, janggi_notation="coordinates")
    await play(service, game_id, "79졸78", "c7c6", "e2e2", "e9e9")
    reports = {}
    for user in (ALICE, BOB):
        await service.analysis.analyse(user, PLACE, game_id=game_id)
        reports[user.id] = await service.analysis.follow(user, game_id)
    bobs, alices = reports[BOB.id], reports[ALICE.id]
    assert [m.played for m in bobs.moves] == ["i4h4", "c7c6", "e2e2", "e9e9"]
    assert [m.played for m in alices.moves] == ["79졸78", "43병53", "한수쉼", "한수쉼"]
    best = [m.best for m in bobs.moves if m.best is not None]
    assert best and all(_is_coordinates(b) for b in best)
    assert all(not _is_coordinates(m.best) for m in alices.moves if m.best is not None)
    assert bobs.record_filename == f"postal-janggi-{game_id}-analysis.pgn"
    assert '[Variant "janggi"]' in bobs.record
    # Its sides are Cho and Han; its graph and critical moment are drawn (the graph had no
    # janggi colours: /analyse failed there).
    assert player_line(bobs, bobs.white).startswith("Cho alice: ")
    assert player_line(bobs, bobs.black).startswith("Han bob: ")
    graph = decode(bobs.graph_png(legend=graph_legend()))
    assert graph.size == (800, 240)
    assert near(graph, UPPER_FILL["janggi"], 4).getbbox() is not None
    critical = bobs.critical_png()
    assert critical is None or decode(critical).size[0] == 512


def _is_coordinates(move: str) -> bool:
    return move.isascii() and move[0].isalpha() and move[-1].isdigit()
