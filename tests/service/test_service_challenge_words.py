"""Challenges and new games worded at the edge (bot/text/challenges.py), from the facts
the service returns."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, ManualClock, User
from bot.service.results import ChallengeClosed
from bot.store import Store
from bot.text.challenges import challenge_text, closed_text
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


async def test_a_challenge_says_its_start(service: GameService) -> None:
    """A chess start an opening names is said by it (its line when the line reaches it, in
    every language), not as a custom position; a position no opening names stays custom; a
    Chess960 start says its number and a janggi one the challenger's setup. (Open
    challenges: one player may ping another only so often.)"""
    line = await service.challenges.challenge(ALICE, PLACE, None, color="white", start="e4 c5")
    assert ", after 1. e4 c5 (B20 Sicilian Defense)). Anyone may" in result_text(line)
    with using(Locale.KO):
        assert ", 1. e4 c5 (B20 Sicilian Defense) 뒤에서 시작" in say(
            challenge_text(line.challenge)
        )
    await service.challenges.cancel_challenge(ALICE, line.challenge.id)  # one open at a time
    named = await service.challenges.challenge(
        ALICE, PLACE, None, color="white", start="Sicilian Defense: Najdorf Variation"
    )
    assert "after 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 (B90 Sicilian " in (
        result_text(named)
    )
    await service.challenges.cancel_challenge(ALICE, named.challenge.id)
    custom = await service.challenges.challenge(
        ALICE, PLACE, None, color="white", fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    )
    assert "casual, from a custom position)." in result_text(custom)
    await service.challenges.cancel_challenge(ALICE, custom.challenge.id)
    chess960 = await service.challenges.challenge(
        ALICE, PLACE, None, game="chess960", color="white", position=195
    )
    assert "rated, from start position 195)." in result_text(chess960)
    await service.challenges.cancel_challenge(ALICE, chess960.challenge.id)
    janggi = await service.challenges.challenge(
        ALICE, PLACE, None, game="janggi", color="cho", setup="상마상마"
    )
    assert "alice's setup 상마상마)." in result_text(janggi)


async def test_a_game_against_the_computer_says_its_start(store: Store, clock: ManualClock) -> None:
    """Against the computer the start is said as a challenge says it: an opening's line, a
    Chess960 number."""
    service = GameService(store, clock, engines=FakeEngines(("chess", "chess960")))
    service.computer.introduce(User(999, "Postal", is_bot=True))
    line = await service.computer.challenge(ALICE, PLACE, level=1, color="white", start="e4 c5")
    assert "unrated, after 1. e4 c5 (B20 Sicilian Defense). alice to move." in result_text(line)
    chess960 = await service.computer.challenge(
        BOB, PLACE, level=1, game="chess960", color="white", position=195
    )
    assert "unrated, from start position 195. bob to move." in result_text(chess960)
