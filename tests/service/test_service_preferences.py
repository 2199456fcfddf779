"""Player preferences through ``/settings``: stored, checked, and applied to boards."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, Orientation, errors
from bot.store import Store
from rules import Color
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def test_boards_show_the_viewers_own_side_by_default(service: GameService) -> None:
    """Own side at the bottom: white's /board while black is to move still shows white."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    assert (await service.board(ALICE, PLACE)).board.orientation is Color.WHITE
    assert (await service.board(BOB, PLACE)).board.orientation is Color.BLACK
    assert (await service.legal_targets(ALICE, PLACE, "d2")).board.orientation is Color.WHITE


async def test_side_to_move_orientation_turns_the_players_boards(service: GameService) -> None:
    """A player who chose the side to move sees it at the bottom of /board and /moves."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    chosen = await service.settings(ALICE, orientation="turn")
    assert chosen.orientation is Orientation.TURN
    assert "the side to move at the bottom" in chosen.text
    assert (await service.board(ALICE, PLACE)).board.orientation is Color.BLACK
    assert (await service.legal_targets(ALICE, PLACE, "e7")).board.orientation is Color.BLACK
    # Bob keeps the default: his own side.
    assert (await service.board(BOB, PLACE)).board.orientation is Color.BLACK
    await service.settings(ALICE, orientation="own")
    assert (await service.board(ALICE, PLACE)).board.orientation is Color.WHITE


async def test_a_spectator_sees_the_side_to_move(service: GameService) -> None:
    """Someone with no side in the game sees the side to move at the bottom."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    shown = await service.board(CAROL, PLACE, game_id=started.game.id)
    assert shown.board.orientation is Color.BLACK


async def test_the_board_after_a_move_is_turned_for_the_player_to_move(
    service: GameService,
) -> None:
    """The board a move posts is for the player now to move; a mate's for the mover."""
    started = await start_game(service)
    game_id = started.game.id
    await service.settings(BOB, orientation="turn")
    played = await service.move(ALICE, PLACE, "f3", game_id=game_id)
    assert played.board.orientation is Color.BLACK
    await play(service, game_id, "e5", "g4")
    mate = await service.move(BOB, PLACE, "Qh4", game_id=game_id)
    assert mate.ending is not None
    # Bob chose the side to move, and nobody is to move: white's side, where the mate is.
    assert mate.board.orientation is Color.WHITE
    await service.settings(BOB, orientation="own")
    shown = await service.board(BOB, PLACE, game_id=game_id)
    assert shown.board.orientation is Color.BLACK


async def test_a_mating_move_shows_the_movers_own_side(service: GameService) -> None:
    """By default the last move's board is the mover's own side."""
    started = await start_game(service)
    await play(service, started.game.id, "f3", "e5", "g4")
    mate = await service.move(BOB, PLACE, "Qh4", game_id=started.game.id)
    assert mate.ending is not None and mate.board.orientation is Color.BLACK


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"orientation": "sideways"}, "orientation must be own (your side at the bottom)"),
        ({"notify": "pigeon"}, "notify must be channel, dm or off"),
        ({"theme": "plaid"}, 'Unknown theme "plaid"'),
        # One bad value refuses the whole command, good ones included.
        ({"orientation": "turn", "theme": "plaid"}, 'Unknown theme "plaid"'),
    ],
)
async def test_bad_values_are_refused_and_nothing_changes(
    service: GameService, db_path: Path, options: dict[str, str], message: str
) -> None:
    """An unknown value is refused with what is allowed; no preference is stored."""
    await service.settings(ALICE)
    before = snapshot(db_path)
    with pytest.raises(errors.InvalidOptionError) as refused:
        await service.settings(ALICE, **options)
    assert message in refused.value.message
    assert snapshot(db_path) == before


async def test_preferences_survive_a_restart(db_path: Path, clock: ManualClock) -> None:
    """Preferences are stored in the database, not in the process."""
    store = await Store.open(db_path)
    try:
        await GameService(store, clock).settings(ALICE, orientation="to move", notify="dm")
    finally:
        await store.close()
    store = await Store.open(db_path)
    try:
        shown = await GameService(store, clock).settings(ALICE)
    finally:
        await store.close()
    assert shown.orientation is Orientation.TURN
    assert shown.notify.value == "dm"
