"""Players, a place and helpers shared by the service tests (fixtures live in conftest)."""

from __future__ import annotations

from typing import TypeVar

from bot.service import GameService, GameStarted, Place, User
from bot.store import OutboxKind, OutboxRow, OutboxTarget
from tests.dbtools import snapshot

ALICE = User(101, "alice")
BOB = User(202, "bob")
CAROL = User(303, "carol")
ROBOT = User(909, "robot", is_bot=True)
PLACE = Place(guild_id=1, channel_id=10)


async def start_game(
    service: GameService,
    variant: str = "chess",
    *,
    white: User = ALICE,
    black: User = BOB,
    place: Place = PLACE,
    days: int = 3,
    rated: bool | None = None,
    fen: str | None = None,
) -> GameStarted:
    """A game between ``white`` and ``black``: challenged by white, accepted by black."""
    created = await service.challenges.challenge(
        white, place, black, game=variant, color="white", days=days, rated=rated, fen=fen
    )
    return await service.challenges.accept_challenge(black, created.challenge.id)


async def play(service: GameService, game_id: int, *moves: str) -> None:
    """Play ``moves`` alternately, each by whoever is to move."""
    for text in moves:
        view = await service.reports.game_view(game_id)
        assert view.to_move is not None, f"game over before {text}"
        mover = (
            ALICE if view.to_move.id == ALICE.id else BOB if view.to_move.id == BOB.id else CAROL
        )
        await service.play.move(mover, None, text, game_id=game_id)


__all__ = ["ALICE", "BOB", "CAROL", "PLACE", "ROBOT", "play", "snapshot", "start_game"]


T = TypeVar("T")


async def rows_of_kind(service: GameService, game_id: int, kind: OutboxKind) -> list[OutboxRow]:
    """The game's outbox rows of ``kind``, in order."""
    return [row for row in await service.deliveries.deliveries_of(game_id) if row.kind is kind]


async def said_in_place(service: GameService, row: OutboxRow, shape: type[T]) -> T:
    """What ``row`` says when delivered: a post in the game's place, of ``shape``."""
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and delivery.target is OutboxTarget.PLACE
    assert isinstance(delivery.content, shape), delivery.content
    return delivery.content
