"""Tournaments of rounds on Discord, end to end: a Swiss of seven with a withdrawal and a
knockout with a level match, each later round's games opening in threads of their own as
the last game of the round before ends, the table right at every step."""

from __future__ import annotations

import io
import re

from PIL import Image

from tests.discord.harness import Harness, command
from tests.discord.tournament_play import Board, announced, draw, opened_games, points, resign
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.model import MANAGE_GUILD

SWISS = ("alice", "bob", "carol", "dave", "erin", "frank", "gina")


class Club:
    """Seven players in joining order (the seeds: all unrated) and the points each should
    have, kept by hand as games end and byes are given."""

    def __init__(self, fake: FakeDiscord, names: tuple[str, ...]) -> None:
        self.fake = fake
        self.players = {name: fake.add_user(name) for name in names}
        self.users = {user.id: user for user in self.players.values()}
        self.expected = dict.fromkeys(names, 0.0)
        self.withdrawn: set[str] = set()

    def seed(self, user: FakeUser) -> int:
        return list(self.players).index(user.name)

    def shown(self) -> dict[str, str]:
        return {
            (f"{name} (withdrew)" if name in self.withdrawn else name): f"{score:g}"
            for name, score in self.expected.items()
        }

    async def check(self, asker: FakeUser) -> str:
        """The standings as ``asker`` reads them: each player's points as kept by hand, and
        the table's image (a list, a Swiss having no grid) as a phone shows it unshrunk."""
        shown = await command(self.fake, asker, "tournament standings")
        with Image.open(io.BytesIO(shown.file("standings.png").content)) as image:
            assert image.format == "PNG" and image.width < 600, image.size
        table = shown.text()
        assert points(table) == self.shown(), (points(table), self.shown())
        return table

    async def play(self, game: Board, *, drawn: bool = False) -> None:
        """``game`` drawn, or won by the higher seed (the lower resigns), then the table."""
        if drawn:
            await draw(self.fake, game)
            self.expected[game.white.name] += 0.5
            self.expected[game.black.name] += 0.5
        else:
            winner, loser = sorted((game.white, game.black), key=self.seed)
            await resign(self.fake, loser, game.thread)
            self.expected[winner.name] += 1
        await self.check(game.white)


def _round_said(fake: FakeDiscord, number: int) -> str:
    """The announcement of Club's round ``number`` in the channel (posted once)."""
    said = announced(fake, fake.channel, f"Club, round {number}:")
    assert len(said) == 1, [m.text() for m in said]
    return said[0].text()


def _bye(text: str) -> str:
    found = re.search(r"(\w+) has the bye\.", text)
    assert found is not None, text
    return found.group(1)


async def test_a_swiss_of_seven_with_a_withdrawal(running: Harness) -> None:
    """Seven players, three rounds: round 1 gives gina (the lowest seed) the bye, worth a
    win; each later round is paired when the round before ends and its games open in
    threads of their own, both players mentioned once. In round 2 a player who has played
    half their games withdraws: their result stands and their game going is lost by
    forfeit; round 3 pairs the six left (no bye, nobody again the bye, nobody meeting
    twice). The table is right after every result, and the end is announced once."""
    fake = running.fake
    club = Club(fake, SWISS)
    alice = club.players["alice"]
    alice.permissions |= MANAGE_GUILD
    made = {"title": "Club", "players": 7, "format": "swiss", "rounds": 3}
    await command(fake, alice, "tournament create", made)
    for user in club.players.values():
        await command(fake, user, "tournament join")
    started = await command(fake, alice, "tournament start")
    assert "Club has started with round 1 of 3: 3 games" in started.text()
    assert _bye(started.text()) == "gina"
    club.expected["gina"] += 1  # a bye is worth a win
    first = await opened_games(fake, club.users, 3)
    assert set().union(*(g.names for g in first)) == set(SWISS) - {"gina"}
    await club.check(alice)
    await club.play(first[0], drawn=True)
    for game in first[1:]:
        await club.play(game)
    second = await opened_games(fake, club.users, 3, first)
    said = _round_said(fake, 2)
    bye = _bye(said)
    assert bye != "gina" and all(bye not in g.names for g in second)
    club.expected[bye] += 1
    met = [g.names for g in first]
    assert not any(g.names in met for g in second)  # no pair meets twice
    await club.check(alice)
    # The lowest seed paired in round 2 who played in round 1 withdraws: 1 of 2 games over.
    leaving = max(
        (u for g in second for u in (g.white, g.black) if u.name != "gina"), key=club.seed
    )
    theirs = next(g for g in second if leaving.name in g.names)
    gone = await command(fake, leaving, "tournament withdraw")
    assert f"{leaving.name} withdrew from Club after 1 of 2 games: their results" in gone.text()
    assert "1 game ended." in gone.text()
    winner = theirs.black if theirs.white is leaving else theirs.white
    club.expected[winner.name] += 1  # the forfeit
    club.withdrawn.add(leaving.name)
    await club.check(alice)
    for game in second:
        if game is not theirs:
            await club.play(game)
    third = await opened_games(fake, club.users, 3, [*first, *second])
    said = _round_said(fake, 3)
    assert "has the bye" not in said  # six left: everyone plays
    assert all(leaving.name not in g.names for g in third)
    met += [g.names for g in second]
    assert not any(g.names in met for g in third)
    for game in third:
        await club.play(game)
    await running.delivered()
    ended = announced(fake, fake.channel, "Club is over")
    assert len(ended) == 1, [m.text() for m in ended]
    best = max(club.expected.values())
    leaders = [name for name, score in club.expected.items() if score == best]
    if len(leaders) == 1:
        assert f"Club is over: {leaders[0]} wins." in ended[0].text()
    assert points(ended[0].text()) == club.shown()
    assert f"{leaving.name} (withdrew) — points: " in ended[0].text()
    await running.clock_round()
    assert len(announced(fake, fake.channel, "Club is over")) == 1


async def _bracket(fake: FakeDiscord, asker: FakeUser) -> str:
    return (await command(fake, asker, "tournament standings")).text()


def _between(games: list[Board], one: str, two: str) -> list[Board]:
    return [g for g in games if g.names == {one, two}]


async def test_a_knockout_with_a_level_match(running: Harness) -> None:
    """Four players: alice (1) meets dave (4), bob (2) meets carol (3), two games a match,
    one with each colour, each in its own thread. alice and dave win a game each: the tie
    is played again with the colours reversed (one more pair, each in its thread); both
    drawn, alice goes through as the higher seed (the stated rule), and only then does the
    final start, bob beating her twice. The bracket is right after every result, and the
    end is announced once with bob the winner."""
    fake = running.fake
    club = Club(fake, ("alice", "bob", "carol", "dave"))
    alice, carol, dave = (club.players[name] for name in ("alice", "carol", "dave"))
    alice.permissions |= MANAGE_GUILD
    made = {"title": "Club", "players": 4, "format": "knockout"}
    await command(fake, alice, "tournament create", made)
    for user in club.players.values():
        await command(fake, user, "tournament join")
    await command(fake, alice, "tournament start")
    first = await opened_games(fake, club.users, 4)
    level = _between(first, "alice", "dave")
    assert {g.white.name for g in level} == {"alice", "dave"}  # one with each colour
    for game in level:  # each wins with white
        await resign(fake, game.black, game.thread)
    assert "Round 1, match 1: alice 1 – 1 dave\n" in await _bracket(fake, carol) + "\n"
    again = await opened_games(fake, club.users, 2, first)
    assert all(g.names == {"alice", "dave"} for g in again)
    assert {g.white.name for g in again} == {"alice", "dave"}  # colours reversed in one
    assert len(announced(fake, fake.channel, "Club, round 1: 2 games start.")) == 1
    for game in _between(first, "bob", "carol"):
        await resign(fake, carol, game.thread)
    table = await _bracket(fake, dave)
    assert "Round 1, match 2: bob 2 – 0 carol: bob goes through" in table
    assert "Round 2, match 1: (to be decided) 0 – 0 bob" in table  # the final waits
    for game in again:
        await draw(fake, game)
    table = await _bracket(fake, dave)
    assert "alice 2 – 2 dave: alice goes through as the higher seed" in table
    final = await opened_games(fake, club.users, 2, [*first, *again])
    assert all(g.names == {"alice", "bob"} for g in final)
    for number, game in enumerate(final, 1):
        await resign(fake, alice, game.thread)
        table = await _bracket(fake, carol)
        assert f"Round 2, match 1: alice 0 – {number} bob" in table
    await running.delivered()
    ended = announced(fake, fake.channel, "Club is over")
    assert len(ended) == 1 and "Club is over: bob wins." in ended[0].text()
    assert "alice 0 – 2 bob: bob goes through" in ended[0].text()
    await running.clock_round()
    assert len(announced(fake, fake.channel, "Club is over")) == 1
