"""A process that plays random games through the service until it is killed (durability test)."""

from __future__ import annotations

import os
import random
from pathlib import Path

from bot.service import GameService, Place, User, UserError
from bot.store import Store

PLAYERS = [User(1000 + n, f"player{n}") for n in range(6)]
PLACE = Place(guild_id=1, channel_id=1)
ACTIVE_GAMES = 6


async def play_forever(db_path: Path, ready_fd: int, seed: int) -> None:
    """Open the store, say so on ``ready_fd`` (``ready\n``), then play random actions
    forever, writing ``m`` there after each move stored."""
    rng = random.Random(seed)
    store = await Store.open(db_path)
    service = GameService(store)
    os.write(ready_fd, b"ready\n")
    by_id = {user.id: user for user in PLAYERS}
    while True:
        active = [g for u in PLAYERS for g in (await store.games.active_for_player(u.id))]
        if len({g.id for g in active}) < ACTIVE_GAMES:
            white, black = rng.sample(PLAYERS, 2)
            variant = rng.choice(("chess", "xiangqi"))
            try:  # a spam limit may refuse it: pick another pair next time
                created = await service.challenges.challenge(
                    white, PLACE, black, game=variant, color="white"
                )
                await service.challenges.accept_challenge(black, created.challenge.id)
            except UserError:
                pass
            continue
        record = rng.choice(active)
        assert record.to_move_id is not None
        mover = by_id[record.to_move_id]
        other = by_id[record.opponent_of(mover.id)]
        roll = rng.random()
        try:
            if roll < 0.04 and record.ply > 2:
                request = await service.endings.takeback(other, None, game_id=record.id)
                await service.buttons.press(mover, *_accept(request))
            elif roll < 0.07:
                offer = await service.endings.draw(other, None, game_id=record.id)
                if rng.random() < 0.3:
                    await service.buttons.press(mover, *_accept(offer))
            elif roll < 0.08 and record.ply > 20:
                await service.endings.confirm_resign(mover, record.id)
            else:
                board = await service.play.board(mover, None, game_id=record.id)
                move = rng.choice(list(board.board.position.legal_moves()))
                await service.play.move(
                    mover, None, board.board.position.uci(move), game_id=record.id
                )
                os.write(ready_fd, b"m")
        except UserError:
            continue


def _accept(result: object) -> tuple:  # type: ignore[type-arg]
    buttons = getattr(result, "buttons", ())
    if not buttons:
        raise UserError("nothing to accept")
    button = buttons[0]
    return button.action, button.target_id, button.argument
