"""Challenges and new games worded at the edge (bot/text/challenges.py), from the facts
the service returns."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, ManualClock, User
from bot.service.results import ChallengeClosed
from bot.store import Store
from bot.text.challenges import closed_text
from bot.text.results import result_text
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, PLACE


async def test_a_challenge_and_its_game_are_worded_from_facts(service: GameService) -> None:
    """The challenge, its acceptance and its closing, in English and in French."""
    created = await service.challenges.challenge(ALICE, PLACE, BOB, color="black", days=None)
    assert result_text(created) == (
        "alice challenges bob to chess (alice plays black, no time limit, casual). "
        "bob may accept or decline within 48 hours."
    )
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    assert result_text(started) == (
        "bob accepted. bob (white) vs alice (black), chess, no time limit, casual. bob to move."
    )
    assert closed_text(ChallengeClosed(created.challenge, "declined", "bob")) == "bob declined."
    expired = ChallengeClosed(created.challenge, "expired")
    assert closed_text(expired) == "The challenge expired unanswered."
    with using(Locale.FR):
        assert say(closed_text(expired)) == "Le défi a expiré sans réponse."
    assert result_text(object()) == ""


def test_a_result_s_own_text_is_never_said_as_its_sentence() -> None:
    """Only bot/text words a result: a ``text`` a result carries (a PGN, say) is data, not
    a sentence to print."""

    @dataclass(frozen=True)
    class Exported:
        text: str

    assert result_text(Exported("1. e4 e5 *")) == ""


async def test_a_game_against_the_computer_is_worded_from_facts(
    store: Store, clock: ManualClock
) -> None:
    """The player's side, the computer's level, unrated, a custom start and who moves."""
    service = GameService(store, clock, engines=FakeEngines())
    service.computer.introduce(User(999, "Postal", is_bot=True))
    started = await service.computer.challenge(
        ALICE, PLACE, level=5, color="white", fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    )
    assert result_text(started) == (
        "alice (white) vs Postal (black, level 5), chess, 3 days per move, unrated, "
        "from a custom position. alice to move."
    )
