"""Sign-up deadlines on Discord, end to end: ``/tournament create deadline:`` shows when
sign-up closes; at the deadline the scheduler's round, with no command, posts the pairings in
the channel once and opens each game in its own thread; too few players: the channel is told
it is cancelled; a deadline refused is answered privately and opens nothing."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage
from tests.fakediscord.model import MANAGE_GUILD


async def _ended(fake: FakeDiscord, press: FakeInteraction) -> None:
    """Wait for the board a resignation's confirmation shows."""
    await fake.wait_until(lambda: [m for m in press.messages() if m.files])


def _posted(fake: FakeDiscord, words: str) -> list[FakeMessage]:
    """Postal's own messages in the channel (no command's answer) saying ``words``."""
    return [
        m
        for m in fake.channel_messages(fake.channel.id)
        if m.interaction_id is None and words in m.text()
    ]


async def test_the_deadline_starts_it_and_opens_its_threads(running: Harness) -> None:
    """Three join a tournament whose sign-up closes in a day; nothing happens before the
    deadline; at it the clock starts it: the pairings posted once, three threads opened,
    each with its first board; the sign-up message loses its buttons."""
    fake = running.fake
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    alice.permissions |= MANAGE_GUILD
    made = await command(fake, alice, "tournament create", {"title": "Cup", "deadline": "1d"})
    assert "sign-up closes" in made.text() and "<t:" in made.text(), made.text()
    for user in (alice, bob, carol):
        await command(fake, user, "tournament join")
    running.clock.advance(hours=23)
    await running.clock_round()
    assert _posted(fake, "has started") == [] and fake.threads() == []
    running.clock.advance(hours=1)
    await running.clock_round()
    assert len(_posted(fake, "Cup has started: 3 games, all at once.")) == 1
    await fake.wait_until(
        lambda: (
            len([t for t in fake.threads() if any(m.files for m in fake.channel_messages(t.id))])
            == 3
        ),
        timeout=60,
    )
    await running.clock_round()
    assert len(_posted(fake, "has started")) == 1 and len(fake.threads()) == 3
    signup = fake.messages[made.id]
    assert signup.buttons() == [] and "Under way" in signup.text(), signup.text()


async def test_too_few_at_the_deadline_is_announced_as_cancelled(running: Harness) -> None:
    """Two players at the deadline: the channel is told once it is cancelled, no thread;
    the sign-up message says so and loses its buttons."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.permissions |= MANAGE_GUILD
    made = await command(fake, alice, "tournament create", {"title": "Cup", "deadline": "2h"})
    await command(fake, bob, "tournament join")
    await command(fake, alice, "tournament join")
    running.clock.advance(hours=2)
    await running.clock_round()
    await running.clock_round()
    [told] = _posted(fake, "Cup is cancelled: only 2 players had joined")
    assert fake.threads() == []
    refused = await command(fake, bob, "tournament join", {"tournament": 1})
    assert refused.ephemeral and "was cancelled at its sign-up deadline" in refused.text()
    assert told.text().endswith("and it needs 3.")
    signup = fake.messages[made.id]
    assert signup.buttons() == [] and "Cancelled: too few players" in signup.text()


async def test_a_bad_deadline_is_refused_privately(running: Harness) -> None:
    """An unreadable deadline: a private refusal saying what is read; no tournament."""
    fake = running.fake
    alice = fake.add_user("alice")
    alice.permissions |= MANAGE_GUILD
    refused = await command(fake, alice, "tournament create", {"deadline": "next friday"})
    assert refused.ephemeral and '"next friday" is neither a duration' in refused.text()
    missing = await command(fake, alice, "tournament join")
    assert "There is no open tournament here." in missing.text()


async def test_a_no_vacation_tournament_keeps_its_clocks_through_a_vacation(
    running: Harness,
) -> None:
    """``vacation:false`` is shown on the tournament's message; a player's /vacation then
    says which of their games keep their clocks running."""
    fake = running.fake
    alice, bob, carol = (fake.add_user(n) for n in ("alice", "bob", "carol"))
    alice.permissions |= MANAGE_GUILD
    made = await command(fake, alice, "tournament create", {"title": "Cup", "vacation": False})
    assert "No vacation: a vacation pauses none of its games." in made.text()
    for user in (alice, bob, carol):
        await command(fake, user, "tournament join")
    await command(fake, alice, "tournament start")
    away = await command(fake, bob, "vacation", {"days": 5})
    assert "2 games keep their clocks running: their tournament allows no vacation." in (
        away.text()
    ), away.text()


async def test_stats_show_the_tournaments_a_player_finished(running: Harness) -> None:
    """A round robin of three played out (alice beats both, bob beats carol): bob's /stats
    lists it with his place and points."""
    fake = running.fake
    players = {n: fake.add_user(n) for n in ("alice", "bob", "carol")}
    players["alice"].permissions |= MANAGE_GUILD
    await command(fake, players["alice"], "tournament create", {"title": "Cup"})
    for user in players.values():
        await command(fake, user, "tournament join")
    started = await command(fake, players["alice"], "tournament start")
    for line in started.text().splitlines()[1:]:  # Round 1, game #1: bob (white) – carol (black)
        game, pair = line.split(", game #", 1)[1].split(": ", 1)
        loser = players["carol" if "carol" in pair else "bob"]
        confirm = await command(fake, loser, "resign", {"game": int(game)})
        press = await fake.click(loser, confirm, "Resign")
        await _ended(fake, press)
    stats = await command(fake, players["bob"], "stats")
    assert "Tournaments: 1 finished." in stats.text(), stats.text()
    assert "Cup (#1): place 2 of 3, points: 1" in stats.text()
