"""Playing a tournament's games through the fake Discord: each game read from its thread,
resigned or drawn, the table read back from the standings message."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tests.discord.harness import command
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import MANAGE_GUILD

# The threads' starter messages share the channel's 5-per-5-seconds limit.
OPENING_TIMEOUT = 60.0


@dataclass
class Board:
    """A tournament game as its thread shows it: the thread, its seats."""

    thread: FakeChannel
    white: FakeUser
    black: FakeUser

    @property
    def names(self) -> frozenset[str]:
        return frozenset((self.white.name, self.black.name))


async def resign(fake: FakeDiscord, loser: FakeUser, thread: FakeChannel) -> None:
    confirm = await command(fake, loser, "resign", channel=thread)
    press = await fake.click(loser, confirm, "Resign")
    await fake.wait_until(lambda: [m for m in press.messages() if m.files])


async def draw(fake: FakeDiscord, game: Board) -> None:
    await command(fake, game.white, "move", {"move": "e4"}, channel=game.thread)
    offer = await command(fake, game.black, "draw", channel=game.thread)
    press = await fake.click(game.white, offer, "Accept")
    await fake.wait_until(lambda: [m for m in press.messages() if m.files])


def first_board(fake: FakeDiscord, thread: FakeChannel) -> FakeMessage:
    return next(m for m in fake.channel_messages(thread.id) if m.files)


def starter(fake: FakeDiscord, thread: FakeChannel) -> FakeMessage:
    """The line a game's thread starts from: in the channel, the message the thread has
    its id from (or a forum post's own first message)."""
    parent = thread.parent_id or thread.id
    found = [m for m in fake.channel_messages(parent) if m.id == thread.id]
    return found[0] if found else fake.channel_messages(thread.id)[0]


def has_board(fake: FakeDiscord, thread: FakeChannel) -> bool:
    return any(m.files for m in fake.channel_messages(thread.id))


async def opened_games(
    fake: FakeDiscord,
    users: dict[int, FakeUser],
    count: int,
    seen: Iterable[Board] = (),
    sides: tuple[str, str] = ("white", "black"),
) -> list[Board]:
    """The tournament's ``count`` games opened since ``seen``, one thread each, read from
    each thread's first board, which mentions both players once and names the first mover;
    the board and the line the thread starts from say who has which side (``sides``, as
    the game names them)."""
    known = {board.thread.id for board in seen}

    def opened() -> list[FakeChannel]:
        return [t for t in fake.threads() if t.id not in known and has_board(fake, t)]

    await fake.wait_until(lambda: len(opened()) >= count, timeout=OPENING_TIMEOUT)
    boards = []
    for thread in opened():
        first = first_board(fake, thread)
        white_name, black_name = thread.name.split(" · ")[0].split(" vs ")
        white = next(u for u in users.values() if u.name == white_name)
        black = next(u for u in users.values() if u.name == black_name)
        boards.append(Board(thread, white, black))
        assert sorted(first.mentions) == sorted((white.id, black.id)), (thread.name, first)
        assert f"{white.name} to move" in first.text()
        seats = f"{white.name} ({sides[0]}) – {black.name} ({sides[1]})"  # who has which side
        assert seats in first.text(), first.text()
        assert seats in starter(fake, thread).text()
        assert all(first.text().count(f"<@{user.id}>") == 1 for user in (white, black))
    assert len(boards) == count, [b.thread.name for b in boards]
    return boards


def points(table: str) -> dict[str, str]:
    """Each player's points as the standings message writes them."""
    found = {}
    for line in table.splitlines():
        if " — points: " in line:
            name = line.split(". ", 1)[1].split(" — ")[0]
            found[name] = line.split("points: ")[1].split(",")[0]
    return found


def announced(fake: FakeDiscord, channel: FakeChannel, words: str) -> list[FakeMessage]:
    """Postal's own messages in ``channel`` (no command's answer) that say ``words``."""
    return [
        m
        for m in fake.channel_messages(channel.id)
        if m.interaction_id is None and words in m.text()
    ]


async def signed_up(fake: FakeDiscord, title: str = "Club") -> dict[str, FakeUser]:
    """A round robin of three opened by alice (who may manage the server), ``title``,
    joined by alice, bob and carol, not started: the players by name."""
    players = {name: fake.add_user(name) for name in ("alice", "bob", "carol")}
    players["alice"].permissions |= MANAGE_GUILD
    await command(fake, players["alice"], "tournament create", {"title": title, "players": 3})
    for user in players.values():
        await command(fake, user, "tournament join")
    return players
