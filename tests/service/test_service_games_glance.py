"""/games at a glance in the service: the player's move first by time left, each game with
its last move and time left, then the games waiting for the opponent, then the challenges
to the player; menus that show a listed game's board or open its Move… menu, with the
checks of the commands they stand for."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import BoardShown, GameService, ManualClock, MoveMenu, Place
from bot.service.errors import InvalidButtonError, NotYourTurnError, UnknownGameError
from bot.service.results import ButtonAction
from bot.text.reports import entry_line, game_list_menus, game_list_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game


async def test_the_list_reads_where_to_move_and_how_urgently(
    service: GameService, clock: ManualClock
) -> None:
    """Alice's move in a 7-day and a 1-day game (the 1-day one first), carol's move in a
    game where she played, a challenge from carol: in that order, each line with the last
    move and the time left."""
    slow = (await start_game(service, days=7)).game
    await play(service, slow.id, "e4", "e5")
    urgent = (await start_game(service, days=1)).game
    clock.advance(hours=5)
    waiting = (await start_game(service, white=ALICE, black=CAROL, days=3)).game
    await play(service, waiting.id, "d4")
    challenge = await service.challenges.challenge(CAROL, PLACE, ALICE, game="xiangqi")
    listing = await service.reports.games(ALICE, place=PLACE)
    assert [e.game.id for e in listing.entries] == [urgent.id, slow.id, waiting.id]
    assert [c.id for c in listing.challenges] == [challenge.challenge.id]
    assert say(game_list_text(listing)).splitlines() == [
        "alice's games:",
        "Your move:",
        f"#{urgent.id} vs bob · chess · no move yet · 19 hours left",
        f"#{slow.id} vs bob · chess · 1... e5 · 6 days left",
        "Waiting for the opponent:",
        f"#{waiting.id} vs carol · chess · 1. d4 · 3 days left",
        "Challenges to you:",
        f"challenge #{challenge.challenge.id} from carol · xiangqi · 3 days per move · 2 days left",
    ]
    with using(Locale.FR):
        said = say(game_list_text(listing))
    assert "À vous de jouer :" in said and "6 jours restants" in said
    boards, plays = game_list_menus(listing)
    assert [c.value for c in boards.choices] == [str(urgent.id), str(slow.id), str(waiting.id)]
    assert [c.value for c in plays.choices] == [str(urgent.id), str(slow.id)]
    assert game_list_menus(await service.reports.games(BOB, ALICE, place=PLACE))[1:] == ()


async def test_a_challenge_listed_says_its_clock(service: GameService) -> None:
    """A challenge to the player is listed with its clock in the phrase of its message (a
    time bank, weekends off), in every language."""
    created = await service.challenges.challenge(
        CAROL, PLACE, ALICE, days=3, increment=1, cap=7, weekends_off=True
    )
    listing = await service.reports.games(ALICE, place=PLACE)
    assert say(game_list_text(listing)).splitlines()[-1] == (
        f"challenge #{created.challenge.id} from carol · chess · "
        "3 days + 1 day per move, max 7, weekends off · 2 days left"
    )
    with using(Locale.FR):
        said = say(game_list_text(listing)).splitlines()[-1]
    assert said == (
        f"défi #{created.challenge.id} de carol · échecs · "
        "3 jours + 1 jour par coup, max. 7, sans les week-ends · 2 jours restants"
    )


async def test_the_menus_show_a_board_and_open_the_move_menu(service: GameService) -> None:
    """Show a board… answers the game's board to the chooser; Play in… its Move… menu.
    Neither lets anyone see or move where the commands would not: another server's game is
    unknown there, the opponent's turn is refused, a value no list made is refused."""
    game = (await start_game(service)).game
    elsewhere = (await start_game(service, white=BOB, black=CAROL, place=Place(2, 20))).game
    listing = await service.reports.games(ALICE, place=PLACE)
    boards, plays = game_list_menus(listing)
    shown = await service.buttons.press_custom_id(
        ALICE, boards.custom_id, place=PLACE, values=(str(game.id),)
    )
    assert isinstance(shown, BoardShown) and shown.game.id == game.id
    menu = await service.buttons.press_custom_id(
        ALICE, plays.custom_id, place=PLACE, values=(str(game.id),)
    )
    assert isinstance(menu, MoveMenu) and menu.game.id == game.id
    with pytest.raises(UnknownGameError):
        await service.buttons.press(
            ALICE, ButtonAction.LIST_BOARD, ALICE.id, place=PLACE, values=(str(elsewhere.id),)
        )
    with pytest.raises(NotYourTurnError):
        await service.buttons.press(
            BOB, ButtonAction.LIST_PLAY, BOB.id, place=PLACE, values=(str(game.id),)
        )
    for values in ((), ("x",), ("1", "2"), ("9" * 30,)):
        with pytest.raises(InvalidButtonError):
            await service.buttons.press(
                ALICE, ButtonAction.LIST_BOARD, ALICE.id, place=PLACE, values=values
            )


async def test_the_daily_digest_lists_as_games_does(
    service: GameService, clock: ManualClock
) -> None:
    """Bob's digest lists the games where it is his move in /games' order (the least time
    left first, not the order the games began or their moves came), each line as /games
    says it: last move, time left."""
    await service.preferences.settings(BOB, notify="dm", digest="8:00")
    slow = (await start_game(service, days=5)).game
    urgent = (await start_game(service, days=1)).game
    middle = (await start_game(service, days=3)).game
    for game in (urgent, slow, middle):
        await play(service, game.id, "e4")
    clock.now = datetime(2026, 1, 6, 8, 0, tzinfo=UTC)
    (digest,) = await service.digests.hand_over_digests()
    order = [urgent.id, middle.id, slow.id]
    assert [entry.game.id for entry in digest.entries] == order
    assert [game.id for game in digest.games] == order
    listing = await service.reports.games(BOB, place=PLACE)
    assert [entry.game.id for entry in listing.entries] == order
    assert [say(entry_line(e)) for e in digest.entries] == [
        say(entry_line(e)) for e in listing.entries
    ]
    assert say(entry_line(digest.entries[0])) == (
        f"#{urgent.id} vs alice · chess · 1. e4 · 4 hours left"
    )


async def test_a_spectator_sees_the_games_running_where_they_ask(service: GameService) -> None:
    """/games on a server ends with the others' games that live where it is asked, as the
    privacy rules let the asker read them there: carol, with no game, sees alice vs bob in
    its channel, not in another channel nor on another server; alice's own game is in her
    own sections, not among the running ones."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    other = (await start_game(service, place=Place(1, 11))).game
    far = (await start_game(service, place=Place(2, 10))).game
    listing = await service.reports.games(CAROL, place=PLACE)
    assert [e.game.id for e in listing.running] == [game.id]
    assert say(game_list_text(listing)).splitlines() == [
        "carol has no active games.",
        "Running here:",
        f"#{game.id} alice vs bob · chess · 1. e4 · 3 days left",
    ]
    (boards,) = game_list_menus(listing)
    assert [c.value for c in boards.choices] == [str(game.id)]
    shown = await service.buttons.press_custom_id(
        CAROL, boards.custom_id, place=PLACE, values=(str(game.id),)
    )
    assert isinstance(shown, BoardShown) and shown.game.id == game.id
    elsewhere = await service.reports.games(CAROL, place=Place(1, 12))
    assert elsewhere.running == () and other.id != far.id
    assert (await service.reports.games(ALICE, place=PLACE)).running == ()
    assert (await service.reports.games(CAROL)).running == ()  # outside a server: none
