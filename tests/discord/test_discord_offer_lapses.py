"""An offer nobody answered leaves no live buttons (issue 26): a draw offer, takeback request
or pause request that lapses because the opponent moved, or that is still pending when the
game ends (a resignation, a time-out, an agreed draw, a mate), loses its Accept and Decline
in every place of the game: both servers' threads of a club match's game, the one thread of
a game of one server. The sender is not woken by the test: the bot must wake it itself."""

from __future__ import annotations

from functools import partial

import pytest

from tests.discord.harness import Harness, command, start_game
from tests.discord.test_discord_match_answers import KINDS, Kind
from tests.discord.test_discord_match_places import MatchGame, one_board_match, said
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser


@pytest.fixture
def environ(environ: dict[str, str]) -> dict[str, str]:
    """Commands registered globally, as in production: both servers have them."""
    return {key: value for key, value in environ.items() if key != "DEV_GUILD_ID"}


ANSWERS = {"Accept", "Decline"}


def live_offers(fake: FakeDiscord, thread: FakeChannel) -> list[str]:
    """Postal's messages in ``thread`` that still carry an offer's Accept or Decline."""
    return [
        m.text()[:60]
        for m in fake.channel_messages(thread.id)
        if ANSWERS & {button.get("label") for button in m.buttons()}
    ]


async def offered(
    fake: FakeDiscord, by: FakeUser, kind: Kind, there: FakeChannel, threads: list[FakeChannel]
) -> None:
    """``by`` makes an offer of ``kind`` typed in ``there``; it is shown, with its
    buttons, in each of ``threads``."""
    await command(fake, by, kind.command, kind.options, channel=there)
    for thread in threads:
        await fake.wait_until(partial(live_offers, fake, thread))


def no_live_offers(fake: FakeDiscord, thread: FakeChannel) -> bool:
    return not live_offers(fake, thread)


async def none_live(fake: FakeDiscord, threads: list[FakeChannel]) -> None:
    """Every offer's buttons in ``threads`` come off, without the test waking the sender."""
    for thread in threads:
        await fake.wait_until(partial(no_live_offers, fake, thread))


async def after_e4_e5(fake: FakeDiscord) -> MatchGame:
    """A one-board match's game after 1. e4 (played from A) e5 (from B)."""
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    return game


def both(game: MatchGame) -> list[FakeChannel]:
    return [game.thread_a, game.thread_b]


@pytest.mark.parametrize("from_b", [True, False], ids=["made-in-b", "made-in-a"])
@pytest.mark.parametrize("name", sorted(KINDS))
async def test_an_offer_the_opponents_move_lapses_loses_its_buttons_in_both_servers(
    running: Harness, name: str, from_b: bool
) -> None:
    """An offer made from one server by the player waiting; the opponent moves from the
    other: the offer lapsed, and neither thread keeps its Accept or Decline."""
    fake = running.fake
    game = await one_board_match(fake)
    await command(fake, game.lion, "move", {"move": "e4"}, channel=game.thread_a)
    if from_b:  # the Tigers' player waits after e5; the Lions' player moves
        await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
        await offered(fake, game.tiger, KINDS[name], game.thread_b, both(game))
        moved = await command(fake, game.lion, "move", {"move": "Nf3"}, channel=game.thread_a)
        assert "lapsed" in moved.text(), moved.text()  # the move's answer, in A's thread
    else:
        await offered(fake, game.lion, KINDS[name], game.thread_a, both(game))
        await command(fake, game.tiger, "move", {"move": "e5"}, channel=game.thread_b)
    await none_live(fake, both(game))


async def test_offers_pending_at_a_resignation_lose_their_buttons_in_both_servers(
    running: Harness,
) -> None:
    """A draw offer from A and a pause asked from B, both pending, when the Tigers' player
    resigns: neither thread keeps an offer's buttons."""
    fake = running.fake
    game = await after_e4_e5(fake)
    await offered(fake, game.lion, KINDS["draw"], game.thread_a, both(game))
    await offered(fake, game.tiger, KINDS["pause"], game.thread_b, both(game))
    confirm = await command(fake, game.tiger, "resign", channel=game.thread_b)
    await fake.acknowledged(await fake.click(game.tiger, confirm, "Resign"))
    for thread in both(game):
        await fake.wait_until(partial(said, fake, thread, "resigned"))
    await none_live(fake, both(game))


async def test_an_offer_pending_at_a_time_out_loses_its_buttons_in_both_servers(
    running: Harness,
) -> None:
    """The Tigers' player asks from B to take back e5 and the Lions' player never answers
    nor moves: at the time-out neither thread keeps the request's buttons."""
    fake = running.fake
    game = await after_e4_e5(fake)
    await offered(fake, game.tiger, KINDS["takeback"], game.thread_b, both(game))
    running.clock.advance(days=30)
    await running.clock_round()
    for thread in both(game):
        await fake.wait_until(partial(said, fake, thread, "ran out of time"))
    await none_live(fake, both(game))


async def test_a_pause_pending_at_an_agreed_draw_loses_its_buttons_in_both_servers(
    running: Harness,
) -> None:
    """The Tigers' player asks for a pause, then accepts the Lions' player's draw offer by
    its button in B: the pause request left pending loses its buttons in both threads as
    the draw offer does."""
    fake = running.fake
    game = await after_e4_e5(fake)
    await offered(fake, game.tiger, KINDS["pause"], game.thread_b, both(game))
    await command(fake, game.lion, "draw", channel=game.thread_a)
    draw = await fake.wait_until(
        lambda: [m for m in said(fake, game.thread_b, "offers a draw") if m.buttons()]
    )
    await fake.acknowledged(await fake.click(game.tiger, draw[0], "Accept"))
    await none_live(fake, both(game))


async def test_offers_pending_at_a_mate_lose_their_buttons_in_both_servers(
    running: Harness,
) -> None:
    """The fool's mate: the Lions' player asks for a pause before the Tigers' player mates
    with his own draw offer standing: both lose their buttons in both threads."""
    fake = running.fake
    game = await one_board_match(fake)
    for player, move, thread in (
        (game.lion, "f3", game.thread_a),
        (game.tiger, "e5", game.thread_b),
        (game.lion, "g4", game.thread_a),
    ):
        await command(fake, player, "move", {"move": move}, channel=thread)
    await offered(fake, game.lion, KINDS["pause"], game.thread_a, both(game))
    await offered(fake, game.tiger, KINDS["draw"], game.thread_b, both(game))
    await command(fake, game.tiger, "move", {"move": "Qh4#"}, channel=game.thread_b)
    for thread in both(game):
        await fake.wait_until(partial(said, fake, thread, "Checkmate"))
    await none_live(fake, both(game))


@pytest.mark.parametrize("name", sorted(KINDS))
async def test_in_a_game_of_one_server_a_lapsed_offer_loses_its_buttons(
    running: Harness, name: str
) -> None:
    """A game of one thread: bob's offer lapses when ann moves, and loses its buttons."""
    fake = running.fake
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    place, _ = await start_game(fake, ann, bob, moves=("e4", "e5"))
    await offered(fake, bob, KINDS[name], place, [place])
    await command(fake, ann, "move", {"move": "Nf3"}, channel=place)
    await none_live(fake, [place])


async def test_in_a_game_of_one_server_an_offer_pending_at_a_resignation_loses_its_buttons(
    running: Harness,
) -> None:
    """A game of one thread: ann's takeback request is pending when bob resigns."""
    fake = running.fake
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    place, _ = await start_game(fake, ann, bob, moves=("e4", "e5", "Nf3"))
    await offered(fake, ann, KINDS["takeback"], place, [place])
    confirm = await command(fake, bob, "resign", channel=place)
    await fake.acknowledged(await fake.click(bob, confirm, "Resign"))
    await none_live(fake, [place])
