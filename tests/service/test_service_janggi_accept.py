"""The accepting player's own janggi setup through the service: a janggi challenge offers
the four setups (``setup_menu``), choosing one accepts with it on the acceptor's side (the
coin's when the challenger chose random), the challenger's kept; plain Accept keeps 마상상마;
a setup for another game, an unknown one or a custom start is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ButtonAction, GameService, GameStarted, ManualClock
from bot.service.janggi_setups import DEFAULT_SETUP, SetupError, SetupProblem
from bot.store import Store
from rules.janggi import Setup, start_fen
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot


async def _start_fen(store: Store, game_id: int) -> str:
    record = await store.games.get(game_id)
    assert record is not None
    return record.start_fen


async def test_the_acceptor_chooses_their_setup(service: GameService, store: Store) -> None:
    """Alice (Cho) chose 상마상마; Bob picks 마상마상 from the challenge's menu: the game
    starts with both, rated as janggi's own start."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="janggi", color="cho", setup="상마상마"
    )
    assert created.setup_menu
    started = await service.buttons.press(
        BOB, ButtonAction.ACCEPT_SETUP, created.challenge.id, values=("마상마상",)
    )
    assert isinstance(started, GameStarted)
    assert await _start_fen(store, started.game.id) == start_fen(
        Setup.SANG_MA_SANG_MA, Setup.MA_SANG_MA_SANG
    )
    assert started.game.rated


async def test_a_random_side_takes_the_acceptors_setup_where_the_coin_put_them(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """With the challenger's side random, the acceptor's setup goes on the side they got."""
    for _ in range(4):
        clock.advance(days=1)  # past the challenge limits
        created = await service.challenges.challenge(ALICE, PLACE, BOB, game="janggi")
        started = await service.challenges.accept_challenge(BOB, created.challenge.id, "상마마상")
        bob_is_cho = started.game.white.id == BOB.id
        cho, han = (
            (Setup.SANG_MA_MA_SANG, DEFAULT_SETUP)
            if bob_is_cho
            else (DEFAULT_SETUP, Setup.SANG_MA_MA_SANG)
        )
        assert await _start_fen(store, started.game.id) == start_fen(cho, han)
        await service.endings.abort(BOB, PLACE, game_id=started.game.id)


async def test_plain_accept_keeps_the_usual_setup(service: GameService, store: Store) -> None:
    """Accept without a setup: the acceptor has 마상상마, as before."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="janggi", color="han", setup="마상마상"
    )
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert await _start_fen(store, started.game.id) == start_fen(
        DEFAULT_SETUP, Setup.MA_SANG_MA_SANG
    )


@pytest.mark.parametrize(
    ("game", "fen", "setup", "problem"),
    [
        ("chess", None, "마상마상", SetupProblem.NOT_JANGGI),
        ("janggi", None, "마마상상", SetupProblem.UNKNOWN),
        (
            "janggi",
            "4ka3/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1",
            "마상마상",
            SetupProblem.CUSTOM_CHALLENGE,
        ),
    ],
)
async def test_a_setup_the_challenge_cannot_take_is_refused(
    service: GameService,
    db_path: Path | str,
    game: str,
    fen: str | None,
    setup: str,
    problem: SetupProblem,
) -> None:
    """A setup accepting chess, an unknown one, or a janggi challenge from a custom position
    is refused by name; the challenge stays open and nothing is written. Only a janggi
    challenge of setups offers the menu."""
    color = "cho" if game == "janggi" else "white"
    created = await service.challenges.challenge(ALICE, PLACE, BOB, game=game, color=color, fen=fen)
    assert created.setup_menu is (game == "janggi" and fen is None)
    before = snapshot(db_path)
    with pytest.raises(SetupError) as raised:
        await service.challenges.accept_challenge(BOB, created.challenge.id, setup)
    assert raised.value.problem is problem
    assert snapshot(db_path) == before
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert started.game.active
