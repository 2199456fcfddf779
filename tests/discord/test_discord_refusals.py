"""Refusals are ephemeral, specific, and change nothing: no public message, no move stored."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser

KNIGHTS_FEN = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"


async def refused(
    running: Harness, user: FakeUser, move: str, where: FakeChannel, game_id: int
) -> str:
    """Play ``move`` expecting a refusal; returns its text after checking nothing changed."""
    fake = running.fake
    assert running.bot is not None
    before_public = len(fake.public_messages())
    before_ply = (await running.bot.service.reports.game_view(game_id)).ply
    answer = await command(fake, user, "move", {"move": move}, channel=where)
    assert answer.ephemeral, answer.text()
    assert answer.visible_to == user.id
    assert answer.files == []
    assert len(fake.public_messages()) == before_public
    assert (await running.bot.service.reports.game_view(game_id)).ply == before_ply
    return answer.text()


def game_id_of(fake: FakeDiscord, thread: FakeChannel) -> int:
    first = fake.channel_messages(thread.id)[0]
    title = next(line for line in first.text().splitlines() if "game #" in line)
    return int(title.rsplit("#", 1)[1])


async def test_illegal_unreadable_and_not_your_turn(running: Harness) -> None:
    """Illegal, unreadable and out-of-turn moves get specific ephemeral answers."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    game_id = game_id_of(fake, thread)
    assert "Nf6 is illegal" in await refused(running, alice, "Nf6", thread, game_id)
    assert '"Nf9" is not a move' in await refused(running, alice, "Nf9", thread, game_id)
    assert "not your turn" in await refused(running, bob, "e5", thread, game_id)
    await play(fake, alice, "e4", thread)
    assert "not your turn" in await refused(running, alice, "d4", thread, game_id)


async def test_ambiguous_move_lists_the_candidates(running: Harness) -> None:
    """An ambiguous move asks which piece was meant, naming both."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, fen=KNIGHTS_FEN)
    text = await refused(running, alice, "Nd2", thread, game_id_of(fake, thread))
    assert "Nbd2" in text and "Nfd2" in text


async def test_not_a_player_and_game_over(running: Harness) -> None:
    """A bystander cannot move, and nobody can once the game is over."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    game_id = game_id_of(fake, thread)
    assert "not playing" in await refused(running, carol, "e4", thread, game_id)
    for mover, move in [(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")]:
        await play(fake, mover, move, thread)
    assert "is over" in await refused(running, alice, "e4", thread, game_id)


async def test_button_of_someone_else_is_refused(running: Harness) -> None:
    """Pressing Accept on a challenge addressed to someone else is refused ephemerally."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    challenge = await command(fake, alice, "challenge", {"opponent": bob})
    press = await fake.click(carol, challenge, "Accept")
    answer = await fake.reply(press)
    assert answer.ephemeral and answer.visible_to == carol.id
    assert "for bob" in answer.text()
    assert fake.threads() == []
    assert [b["label"] for b in fake.messages[challenge.id].buttons()] == [
        "Accept",
        "Decline",
        "Cancel",
    ]
    own = await fake.reply(await fake.click(alice, challenge, "Accept"))
    assert own.ephemeral and "your own challenge" in own.text()


async def test_bad_challenge_options_are_explained(running: Harness) -> None:
    """Challenging yourself or giving a broken FEN is refused with a clear message."""
    fake = running.fake
    alice = fake.add_user("alice")
    itself = await command(fake, alice, "challenge", {"opponent": alice})
    assert itself.ephemeral and "cannot challenge yourself" in itself.text()
    broken = await command(fake, alice, "challenge", {"fen": "not a fen"})
    assert broken.ephemeral and "start position is not valid" in broken.text()
    robot = fake.add_user("robot", bot=True)
    against_bot = await command(fake, alice, "challenge", {"opponent": robot})
    assert against_bot.ephemeral and "is a bot" in against_bot.text()
    assert fake.public_messages() == []


async def test_double_move_plays_once(running: Harness) -> None:
    """Two simultaneous /move commands (a double click) play one move; the other is refused."""
    import asyncio

    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    first, second = await asyncio.gather(
        fake.slash(alice, "move", {"move": "e4"}, channel=thread),
        fake.slash(alice, "move", {"move": "e4"}, channel=thread),
    )
    answers = [await fake.reply(first), await fake.reply(second)]
    assert sorted(a.ephemeral for a in answers) == [False, True]
    assert running.bot is not None
    assert (await running.bot.service.reports.game_view(game_id_of(fake, thread))).ply == 1
