"""Player preferences through ``/settings``: stored, checked, and applied to boards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, ManualClock, MovePlayed, Orientation, errors
from bot.service.option_errors import NotAChoiceError, UnknownNameError
from bot.store import Store
from bot.text.errors import error_message
from bot.text.words import settings_text
from rules import Color
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


async def test_boards_show_the_viewers_own_side_by_default(service: GameService) -> None:
    """Own side at the bottom: white's /board while black is to move still shows white."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    assert (await service.play.board(ALICE, PLACE)).board.orientation is Color.WHITE
    assert (await service.play.board(BOB, PLACE)).board.orientation is Color.BLACK
    assert (await service.play.legal_targets(ALICE, PLACE, "d2")).board.orientation is Color.WHITE


async def test_side_to_move_orientation_turns_the_players_boards(service: GameService) -> None:
    """A player who chose the side to move sees it at the bottom of /board and /moves."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    chosen = await service.preferences.settings(ALICE, orientation="turn")
    assert chosen.orientation is Orientation.TURN
    assert "the side to move at the bottom" in settings_text(chosen, str)
    assert (await service.play.board(ALICE, PLACE)).board.orientation is Color.BLACK
    assert (await service.play.legal_targets(ALICE, PLACE, "e7")).board.orientation is Color.BLACK
    # Bob keeps the default: his own side.
    assert (await service.play.board(BOB, PLACE)).board.orientation is Color.BLACK
    await service.preferences.settings(ALICE, orientation="own")
    assert (await service.play.board(ALICE, PLACE)).board.orientation is Color.WHITE


async def test_a_spectator_sees_the_side_to_move(service: GameService) -> None:
    """Someone with no side in the game sees the side to move at the bottom."""
    started = await start_game(service)
    await play(service, started.game.id, "e4")
    shown = await service.play.board(CAROL, PLACE, game_id=started.game.id)
    assert shown.board.orientation is Color.BLACK


async def test_the_board_after_a_move_is_turned_for_the_player_to_move(
    service: GameService,
) -> None:
    """The board a move posts is for the player now to move; a mate's for the mover."""
    started = await start_game(service)
    game_id = started.game.id
    await service.preferences.settings(BOB, orientation="turn")
    played = await service.play.move(ALICE, PLACE, "f3", game_id=game_id)
    assert played.board.orientation is Color.BLACK
    await play(service, game_id, "e5", "g4")
    mate = await service.play.move(BOB, PLACE, "Qh4", game_id=game_id)
    assert isinstance(mate, MovePlayed), mate
    assert mate.ending is not None
    # Bob chose the side to move, and nobody is to move: white's side, where the mate is.
    assert mate.board.orientation is Color.WHITE
    await service.preferences.settings(BOB, orientation="own")
    shown = await service.play.board(BOB, PLACE, game_id=game_id)
    assert shown.board.orientation is Color.BLACK


async def test_a_mating_move_shows_the_movers_own_side(service: GameService) -> None:
    """By default the last move's board is the mover's own side."""
    started = await start_game(service)
    await play(service, started.game.id, "f3", "e5", "g4")
    mate = await service.play.move(BOB, PLACE, "Qh4", game_id=started.game.id)
    assert isinstance(mate, MovePlayed), mate
    assert mate.ending is not None and mate.board.orientation is Color.BLACK


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"orientation": "sideways"}, "orientation must be own or turn"),
        ({"notify": "pigeon"}, "notify must be channel, dm or off"),
        ({"theme": "plaid"}, 'Unknown theme "plaid"'),
        # One bad value refuses the whole command, good ones included.
        ({"orientation": "turn", "theme": "plaid"}, 'Unknown theme "plaid"'),
        ({"reminders": "36"}, "reminders are hours before a deadline, any of 48, 24, 12, 6, 1"),
        ({"reminders": "soon"}, 'not "soon"'),
        ({"timezone": "Mars/Olympus_Mons"}, '"Mars/Olympus_Mons" is not a time zone name'),
        ({"timezone": "CEST+2"}, "e.g. Europe/Paris"),
        ({"quiet": "23:00"}, "write them like 23:00-07:00"),
        ({"quiet": "25-7"}, '"25" is not a time of day'),
        ({"quiet": "7-7"}, "starts and ends at the same time"),
        ({"digest": "noonish"}, "give the time of day for it (e.g. 08:00), or off"),
        ({"digest": "08:00", "timezone": "Nowhere/Else"}, "is not a time zone name"),
    ],
)
async def test_bad_values_are_refused_and_nothing_changes(
    service: GameService, db_path: Path, options: dict[str, Any], message: str
) -> None:
    """An unknown value is refused with what is allowed (or how to write it); no
    preference is stored."""
    await service.preferences.settings(ALICE)
    before = snapshot(db_path)
    with pytest.raises(errors.InvalidOptionError) as refused:
        await service.preferences.settings(ALICE, **options)
    assert message in error_message(refused.value)  # its English, as the edge words it
    assert snapshot(db_path) == before


@pytest.mark.store
async def test_preferences_survive_a_restart(db_path: Path, clock: ManualClock) -> None:
    """Preferences are stored in the database, not in the process."""
    store = await Store.open(db_path)
    try:
        await GameService(store, clock).preferences.settings(
            ALICE, orientation="to move", notify="dm"
        )
    finally:
        await store.close()
    store = await Store.open(db_path)
    try:
        shown = await GameService(store, clock).preferences.settings(ALICE)
    finally:
        await store.close()
    assert shown.orientation is Orientation.TURN
    assert shown.notify.value == "dm"


async def test_unknown_takeback_policy_is_refused(service: GameService) -> None:
    """takebacks takes ask, casual or never."""
    with pytest.raises(NotAChoiceError) as refused:
        await service.preferences.settings(ALICE, takebacks="sometimes")
    assert refused.value.option == "takebacks" and refused.value.word == "sometimes"
    assert refused.value.choices == ("ask", "casual", "never")


@pytest.mark.store
async def test_a_piece_set_per_variant(service: GameService) -> None:
    """A chess set and a xiangqi set are chosen apart; each game draws with its own."""
    chosen = await service.preferences.settings(ALICE, pieces="simple")
    assert chosen.chess_pieces == "simple" and chosen.xiangqi_pieces == "default"
    assert "pieces simple (chess), traditional (xiangqi, by your language)" in settings_text(
        chosen, str
    )
    await service.preferences.settings(ALICE, pieces="Simplified", theme="blue")
    chess = await start_game(service)
    xiangqi = await start_game(service, "xiangqi")
    board = (await service.play.board(ALICE, PLACE, game_id=chess.game.id)).board
    assert board.pieces == "simple" and board.theme == "blue"
    assert (await service.play.board(ALICE, PLACE, game_id=xiangqi.game.id)).board.pieces == (
        "simplified"
    )
    # Bob chose nothing: the renderer's own sets.
    assert (await service.play.board(BOB, PLACE, game_id=chess.game.id)).board.pieces is None
    await service.preferences.settings(ALICE, pieces="default")
    assert (await service.play.board(ALICE, PLACE, game_id=chess.game.id)).board.pieces is None
    with pytest.raises(UnknownNameError) as unknown:
        await service.preferences.settings(ALICE, pieces="staunton")
    assert (unknown.value.kind, unknown.value.word) == ("pieces", "staunton")


async def test_the_chosen_set_draws_a_different_png(service: GameService) -> None:
    """The renderer really draws the chosen set: another PNG than the default's."""
    started = await start_game(service)
    default = (await service.play.board(ALICE, PLACE, game_id=started.game.id)).board.render_png()
    await service.preferences.settings(ALICE, pieces="simple")
    simple = (await service.play.board(ALICE, PLACE, game_id=started.game.id)).board.render_png()
    assert simple != default and simple.startswith(b"\x89PNG")


@pytest.mark.store
async def test_name_strips_on_the_boards_of_who_wants_them(service: GameService) -> None:
    """strip on: the players' names, ratings (rated games) and the turn on one's boards."""
    started = await start_game(service, rated=True)
    assert (await service.play.board(ALICE, PLACE)).board.strip is None
    shown = await service.preferences.settings(ALICE, strip=True)
    assert shown.board_strip and "names and ratings drawn on boards" in settings_text(shown, str)
    strip = (await service.play.board(ALICE, PLACE)).board.strip
    assert strip is not None and strip.to_move is Color.WHITE
    assert (strip.white.name, strip.black.name) == ("alice", "bob")
    assert strip.white.rating == 1500 and strip.black.rating == 1500
    played = await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    assert played.board.strip is None  # the board after the move is bob's, who said no
    png = (await service.play.board(ALICE, PLACE)).board.render_png()
    assert png.startswith(b"\x89PNG")
    await service.preferences.settings(ALICE, strip=False)
    assert (await service.play.board(ALICE, PLACE)).board.strip is None


async def test_after_a_prepared_answer_the_board_is_the_movers(service: GameService) -> None:
    """Bob answers e4 with a prepared e5: alice is to move again, and the board is hers."""
    started = await start_game(service)
    await service.conditional.add(BOB, None, "e4 e5", game_id=started.game.id)
    played = await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    assert played.game.to_move is not None and played.game.to_move.id == ALICE.id
    assert played.board.orientation is Color.WHITE
