"""An offer's answer in a club match's game between two servers leaves both servers'
threads alike (issue 26), however it was given: a draw offer, a takeback request or a pause
asked for in one server and accepted or declined from the other, by the offer's button or
by the command typed there. In both threads the offer's messages lose their Accept and
Decline (a press there would be refused), the answer is said, and only the newest board
keeps its controls. In a game of one server,
a typed answer takes the buttons off the offer it answers as a press on them does."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest

from tests.discord.harness import Harness, command, start_game
from tests.discord.test_discord_match_places import MatchGame, one_board_match, said
from tests.fakediscord import FakeChannel, FakeDiscord


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


@dataclass(frozen=True)
class Kind:
    """An offer: the command that makes (and, typed by the opponent, accepts) it, its
    options, the words of the offer, of its acceptance, of its decline."""

    command: str
    options: dict[str, Any]
    offered: str
    accepted: str
    declined: str


KINDS = {
    "draw": Kind("draw", {}, "offers a draw", "Draw by agreement", "declined the draw offer"),
    "takeback": Kind(
        "takeback", {}, "asks to take back", "accepted the takeback", "declined the takeback"
    ),
    "pause": Kind("pause", {"days": 2}, "asks to pause", "agreed to pause", "declined the pause"),
}


def boards_retired(fake: FakeDiscord, thread: FakeChannel) -> bool:
    """Only the newest board of ``thread`` has buttons (its controls, or GIF and PGN)."""
    *older, newest = [m for m in fake.channel_messages(thread.id) if m.files]
    return bool(newest.buttons()) and not any(m.buttons() for m in older)


def offers_with_buttons(fake: FakeDiscord, thread: FakeChannel, kind: Kind) -> list[str]:
    """The offer's messages in ``thread`` that still carry its Accept or Decline."""
    return [m.text()[:60] for m in said(fake, thread, kind.offered) if m.buttons()]


async def answered(running: Harness, game: MatchGame, kind: Kind, how: str, in_b: bool) -> str:
    """The offer of ``kind`` made from one server and answered from the other (``in_b``:
    answered from B, by the Tigers' player) ``how``: by its button (Accept or Decline) or
    by the command typed; returns the words the answer says."""
    fake = running.fake
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    maker, maker_thread = (game.lion, game.thread_a) if in_b else (game.tiger, game.thread_b)
    answerer, there = (game.tiger, game.thread_b) if in_b else (game.lion, game.thread_a)
    await command(fake, maker, kind.command, kind.options, channel=maker_thread)
    await running.delivered()
    for thread in (game.thread_a, game.thread_b):  # the offer is shown in both first
        await fake.wait_until(partial(offers_with_buttons, fake, thread, kind))
    offer = [m for m in said(fake, there, kind.offered) if m.buttons()]
    if how == "typed":
        await command(fake, answerer, kind.command, kind.options, channel=there)
        return kind.accepted
    await fake.acknowledged(await fake.click(answerer, offer[0], how))
    return kind.accepted if how == "Accept" else kind.declined


@pytest.mark.parametrize("in_b", [True, False], ids=["answered-in-b", "answered-in-a"])
@pytest.mark.parametrize("how", ["Accept", "Decline", "typed"])
@pytest.mark.parametrize("name", sorted(KINDS))
async def test_an_answer_leaves_both_threads_alike(
    running: Harness, name: str, how: str, in_b: bool
) -> None:
    """Whichever way and wherever the offer is answered, each thread says the answer and
    keeps no Accept or Decline of the offer, and only its newest board keeps buttons."""
    fake, kind = running.fake, KINDS[name]
    game = await one_board_match(fake)
    words = await answered(running, game, kind, how, in_b)
    for thread in (game.thread_a, game.thread_b):
        await fake.wait_until(partial(said, fake, thread, words))
    await running.delivered()
    for thread in (game.thread_a, game.thread_b):
        assert offers_with_buttons(fake, thread, kind) == [], thread.name
        await fake.wait_until(partial(boards_retired, fake, thread))


async def test_a_typed_acceptance_takes_the_buttons_off_the_offer(running: Harness) -> None:
    """A game of one server: a draw offer's message loses its Accept and Decline when the
    opponent accepts by typing /draw, as when they press Accept."""
    fake = running.fake
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    place, _ = await start_game(fake, ann, bob, moves=("e4", "e5"))
    offer = await command(fake, ann, "draw", channel=place)
    assert offer.button("Accept"), offer.text()
    ended = await command(fake, bob, "draw", channel=place)
    assert "Draw by agreement" in ended.text(), ended.text()
    await running.delivered()
    assert offers_with_buttons(fake, place, KINDS["draw"]) == []
