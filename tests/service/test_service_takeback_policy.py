"""Takeback policy: a player chooses whether opponents may ask them to take back a move."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService, OfferMade, TakebackPolicy, errors
from bot.text.errors import error_message
from bot.text.words import settings_text
from tests.service.service_helpers import ALICE, BOB, PLACE, play, snapshot, start_game


async def test_a_player_who_chose_never_is_not_asked(service: GameService, db_path: Path) -> None:
    """Bob chose never: alice's request is refused at once, no offer, no ping."""
    shown = await service.preferences.settings(BOB, takebacks="never")
    assert shown.takeback_policy is TakebackPolicy.NEVER
    assert "takeback requests never asked" in settings_text(shown, str)
    started = await start_game(service, rated=False)
    await play(service, started.game.id, "e4")
    before = snapshot(db_path)
    with pytest.raises(errors.TakebacksRefusedError) as refused:
        await service.endings.takeback(ALICE, PLACE, game_id=started.game.id)
    assert error_message(refused.value) == "bob does not take takeback requests; play on."
    assert snapshot(db_path) == before  # not even a ping counted


@pytest.mark.store
async def test_casual_only_refuses_in_rated_games(service: GameService) -> None:
    """Casual only: asked in a casual game, not in a rated one."""
    await service.preferences.settings(BOB, takebacks="casual only")
    rated = await start_game(service, rated=True)
    casual = await start_game(service, rated=False)
    for started in (rated, casual):
        await play(service, started.game.id, "e4")
    with pytest.raises(errors.TakebacksRefusedError) as refused:
        await service.endings.takeback(ALICE, PLACE, game_id=rated.game.id)
    assert refused.value.rated_only
    assert "in rated games" in error_message(refused.value)
    asked = await service.endings.takeback(ALICE, PLACE, game_id=casual.game.id)
    assert isinstance(asked, OfferMade) and asked.to.id == BOB.id


async def test_the_default_asks_always(service: GameService) -> None:
    """A player who never chose is asked, rated or not."""
    started = await start_game(service, rated=True)
    await play(service, started.game.id, "e4")
    assert isinstance(
        await service.endings.takeback(ALICE, PLACE, game_id=started.game.id), OfferMade
    )
    assert (await service.preferences.settings(BOB)).takeback_policy is TakebackPolicy.ASK


async def test_a_player_who_refuses_may_still_ask(service: GameService) -> None:
    """The choice is about being asked: bob (never) may ask alice, who then answers."""
    await service.preferences.settings(BOB, takebacks="never")
    started = await start_game(service, rated=False)
    await play(service, started.game.id, "e4", "e5")
    asked = await service.endings.takeback(BOB, PLACE, game_id=started.game.id)
    assert isinstance(asked, OfferMade) and asked.to.id == ALICE.id
