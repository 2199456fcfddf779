"""Janggi against the computer through the service: the player's ``setup`` is honoured on
their side (even a random one, decided at once), the computer keeping the usual 마상상마;
a setup that cannot be used is refused by name and writes nothing; ``weekends:off`` is
honoured against the computer as in a challenge."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from bot.service import GameService, ManualClock, User
from bot.service.janggi_setups import DEFAULT_SETUP, SetupError, SetupProblem
from bot.service.option_errors import UntimedWeekendsError
from bot.store import Store
from bot.text.errors import error_message
from rules import Color
from rules.janggi import Setup, start_fen
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot

POSTAL = User(999, "Postal", is_bot=True)


@pytest.fixture
def engines() -> FakeEngines:
    return FakeEngines(("chess", "xiangqi", "janggi"))


@pytest.fixture
def service(store: Store, clock: ManualClock, engines: FakeEngines) -> GameService:
    made = GameService(store, clock, engines=engines)
    made.computer.introduce(POSTAL)
    return made


async def _start_fen(store: Store, game_id: int) -> str:
    record = await store.games.get(game_id)
    assert record is not None and record.variant == "janggi"
    return record.start_fen


@pytest.mark.parametrize(
    ("color", "cho", "han"),
    [
        ("cho", Setup.SANG_MA_SANG_MA, DEFAULT_SETUP),
        ("han", DEFAULT_SETUP, Setup.SANG_MA_SANG_MA),
    ],
)
async def test_the_players_setup_is_on_their_side(
    service: GameService, store: Store, engines: FakeEngines, color: str, cho: Setup, han: Setup
) -> None:
    """setup:상마상마 as Cho or Han arranges the player's row; the computer keeps 마상상마;
    the start is janggi's own (not custom), and the engine is asked from it."""
    started = await service.computer.challenge(
        ALICE, PLACE, game="janggi", color=color, level=1, setup="상마상마"
    )
    assert not started.custom_start
    assert await _start_fen(store, started.game.id) == start_fen(cho, han)
    if color == "han":  # the computer, Cho, moved first from that start
        await service.computer.reply_all()
        assert engines.requests[0].start_fen == start_fen(cho, han)


async def test_a_random_side_takes_the_setup_where_the_coin_put_the_player(
    service: GameService, store: Store
) -> None:
    """With color:random the side is decided at once, so the setup goes on it."""
    for _ in range(6):
        started = await service.computer.challenge(
            ALICE, PLACE, game="janggi", level=1, setup="상마마상"
        )
        human = Color.WHITE if started.game.white.id == ALICE.id else Color.BLACK
        cho, han = (
            (Setup.SANG_MA_MA_SANG, DEFAULT_SETUP)
            if human is Color.WHITE
            else (DEFAULT_SETUP, Setup.SANG_MA_MA_SANG)
        )
        assert await _start_fen(store, started.game.id) == start_fen(cho, han)
        await service.endings.abort(ALICE, PLACE, game_id=started.game.id)


@pytest.mark.parametrize(
    ("game", "setup", "fen", "problem", "words"),
    [
        ("chess", "마상마상", None, SetupProblem.NOT_JANGGI, "Only janggi has setups"),
        ("xiangqi", "마상마상", None, SetupProblem.NOT_JANGGI, "Only janggi has setups"),
        ("janggi", "마마상상", None, SetupProblem.UNKNOWN, "must be one of"),
        (
            "janggi",
            "마상마상",
            rules.get_variant("janggi").start_fen,
            SetupProblem.WITH_OTHER_START,
            "is a start of its own",
        ),
    ],
)
async def test_a_setup_the_computer_game_cannot_use_is_refused(
    service: GameService,
    db_path: Path | str,
    game: str,
    setup: str,
    fen: str | None,
    problem: SetupProblem,
    words: str,
) -> None:
    """A setup for chess or xiangqi, an unknown one, or one with a FEN is refused by name
    against the computer (it was silently ignored), and nothing is written."""
    before = snapshot(db_path)
    with pytest.raises(SetupError) as raised:
        await service.computer.challenge(ALICE, PLACE, game=game, level=1, setup=setup, fen=fen)
    assert raised.value.problem is problem
    assert words in error_message(raised.value)
    assert snapshot(db_path) == before


async def test_weekends_off_is_honoured_against_the_computer(service: GameService) -> None:
    """weekends:off against the computer stops the player's clock on their weekends (it was
    silently dropped): the game says so."""
    started = await service.computer.challenge(
        ALICE, PLACE, game="janggi", color="cho", level=1, weekends_off=True
    )
    assert started.game.weekends_off
    plain = await service.computer.challenge(ALICE, PLACE, game="janggi", color="cho", level=1)
    assert not plain.game.weekends_off


async def test_weekends_off_without_a_clock_is_refused(
    service: GameService, db_path: Path | str
) -> None:
    """weekends:off with no time limit (a challenge or the computer) is refused by name (it
    was silently stored for a clock that does not exist), and nothing is written."""
    await service.computer.challenge(ALICE, PLACE, game="janggi", level=1)  # the players exist
    before = snapshot(db_path)
    for attempt in (
        service.challenges.challenge(
            ALICE, PLACE, BOB, game="janggi", days=None, weekends_off=True
        ),
        service.computer.challenge(ALICE, PLACE, game="janggi", days=None, weekends_off=True),
    ):
        with pytest.raises(UntimedWeekendsError) as raised:
            await attempt
        assert "no clock to stop on weekends" in error_message(raised.value)
    assert snapshot(db_path) == before
