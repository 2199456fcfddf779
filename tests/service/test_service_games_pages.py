"""/games in pages: a player's active games, their move first and the most urgent first,
ten at a time with a Next page button that only the asker may press, until the last."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service import GameList, GameService, ManualClock, Place, User
from bot.service.errors import InvalidButtonError
from bot.service.reports import GAMES_PAGE
from bot.service.results import ButtonAction
from bot.text.reports import game_list_buttons, game_list_text
from tests.service.service_helpers import ALICE, BOB, PLACE, start_game

FAR = datetime.max.replace(tzinfo=UTC)


async def alices_games(service: GameService, clock: ManualClock, count: int) -> list[int]:
    """``count`` active games of Alice's, each against its own opponent (no pings limit),
    white in every other one (her move) and with deadlines not in the order of the ids;
    their ids in the order /games shows them."""
    for number in range(count):
        opponent = User(1000 + number, f"opponent{number}")
        white, black = (ALICE, opponent) if number % 2 else (opponent, ALICE)
        started = await start_game(
            service, white=white, black=black, days=(3, 7, 1, 14, 5)[number % 5], rated=False
        )
        if number % 4 == 3:  # one move each: still her move, a later deadline
            await play_both(service, started.game.id, white, black)
        clock.advance(minutes=10)
    listed = await service.core.store.games.active_for_player(ALICE.id)
    listed.sort(key=lambda g: (g.to_move_id != ALICE.id, g.deadline_at or FAR, g.id))
    return [game.id for game in listed]


async def play_both(service: GameService, game_id: int, white: User, black: User) -> None:
    await service.play.move(white, None, "e4", game_id=game_id)
    await service.play.move(black, None, "e5", game_id=game_id)


async def test_games_come_in_pages_with_a_next_page_button_until_the_last(
    service: GameService, clock: ManualClock
) -> None:
    """23 games: pages of 10, 10 and 3 in the list's order, each but the last with a Next
    page button for the asker; every game once."""
    expected = await alices_games(service, clock, 23)
    page = await service.reports.games(ALICE, place=PLACE)
    shown: list[list[int]] = []
    while True:
        shown.append([entry.game.id for entry in page.entries])
        if not game_list_buttons(page):
            break
        (button,) = game_list_buttons(page)
        assert button.action is ButtonAction.GAMES_PAGE and button.allowed_user_ids == (ALICE.id,)
        pressed = await service.buttons.press_custom_id(ALICE, button.custom_id, place=PLACE)
        assert isinstance(pressed, GameList)
        page = pressed
    assert [len(ids) for ids in shown] == [GAMES_PAGE, GAMES_PAGE, 3]
    assert [game_id for ids in shown for game_id in ids] == expected
    # the heading, the section (all three wait for their opponent) and three games
    assert str(game_list_text(page)).count("\n") == 4


async def test_a_list_that_fits_a_page_has_no_button(
    service: GameService, clock: ManualClock
) -> None:
    """Ten games or fewer: one page, no button (one more game read says none follows)."""
    expected = await alices_games(service, clock, GAMES_PAGE)
    page = await service.reports.games(ALICE, place=PLACE)
    assert [entry.game.id for entry in page.entries] == expected and game_list_buttons(page) == ()


async def test_a_forged_next_page_is_refused(service: GameService, clock: ManualClock) -> None:
    """A Next page button's argument is a key the list wrote: anything else is refused."""
    await alices_games(service, clock, 1)
    for argument in ("", "2:5:7", "0:x:1", "0:5", f"0:{2**63}:1", "1:5:7:9", "0.5.7"):
        with pytest.raises(InvalidButtonError):
            await service.buttons.press(
                ALICE, ButtonAction.GAMES_PAGE, ALICE.id, argument, place=PLACE
            )


async def test_someone_elses_pages_show_only_what_the_viewer_may_read(
    service: GameService, clock: ManualClock
) -> None:
    """Bob asks for Alice's list on this server: her games here, in pages, Bob's press
    answered for Bob (a game on another server never shows)."""
    expected = await alices_games(service, clock, 12)
    elsewhere = await start_game(service, place=Place(guild_id=2, channel_id=20))
    page = await service.reports.games(BOB, ALICE, place=PLACE)
    assert [entry.game.id for entry in page.entries] == expected[:GAMES_PAGE]
    (button,) = game_list_buttons(page)
    assert button.allowed_user_ids == (BOB.id,)
    rest = await service.buttons.press_custom_id(BOB, button.custom_id, place=PLACE)
    assert isinstance(rest, GameList) and game_list_buttons(rest) == ()
    assert [entry.game.id for entry in rest.entries] == expected[GAMES_PAGE:]
    assert elsewhere.game.id not in expected
