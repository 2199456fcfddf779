"""A player's janggi notation (``/settings janggi_notation:``) through the service: Korean by
default; coordinates chosen, the messages for that player alone (their /moves, autocomplete,
their games list, the moves under a board shown to them) name janggi moves in coordinates,
while the shared ones (the move's message, a board the channel sees) stay in Korean, the
game's own; Korean typed is answered in Korean; a bad value is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService, JanggiNotation, MovePlayed
from bot.service.option_errors import NotAChoiceError
from bot.text.words import settings_text
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot


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
