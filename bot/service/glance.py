"""A games list at a glance: each game's last move and the time its player to move has
left, and the open challenges that wait for the player's answer."""

from __future__ import annotations

from bot.service.core import ServiceCore
from bot.service.errors import DamagedGameError
from bot.service.game_facts import may_read
from bot.service.notation import janggi_reading
from bot.service.report_results import GameListEntry
from bot.service.results import ChallengeView, Place, PlayerRef
from bot.service.time_left import time_left
from bot.service.vacation_rule import clock_movers
from bot.store import GameRecord

# Open challenges a list shows after the games (a player receives few: see the limits).
CHALLENGES_LISTED = 5


async def list_entries(
    core: ServiceCore,
    records: list[GameRecord],
    refs: dict[int, PlayerRef],
    target_id: int | None,
    viewer_id: int,
) -> tuple[GameListEntry, ...]:
    """``records`` as a list's entries about ``target_id`` (None: a spectator's, each
    seen from white's side), seen by ``viewer_id`` (their xiangqi notation): their last
    moves read in one statement, the time left from ``time_left`` (the clock's, not the
    wall clock's)."""
    last = await core.store.games.last_moves(records)
    movers = await clock_movers(core, records)
    notation = await core.notation(viewer_id)
    viewer = await core.store.players.get(viewer_id) if viewer_id is not None else None
    janggi = janggi_reading(viewer)
    now = core.now()
    entries = []
    for record in records:
        view = await core.view(record, refs)
        move = last.get(record.id)
        said = None
        if move is not None and record.damaged_at is None:
            try:
                said = await core.recent_line(record, [move], notation, janggi=janggi)
            except DamagedGameError:
                said = None  # listed still, its move unnamed: /board tells what is wrong
        entries.append(
            GameListEntry(
                view,
                view.opponent_of(record.white_id if target_id is None else target_id),
                target_id is not None and record.to_move_id == target_id,
                said,
                time_left(record, now, movers.get(record.id)),
            )
        )
    return tuple(entries)


async def challenges_to(
    core: ServiceCore, player_id: int, guild_id: int | None
) -> tuple[ChallengeView, ...]:
    """The open challenges addressed to ``player_id`` (on ``guild_id`` if set), soonest
    to expire first, at most ``CHALLENGES_LISTED``."""
    found = await core.store.challenges.open_to(player_id, guild_id, CHALLENGES_LISTED)
    return tuple([await core.challenge_view(challenge) for challenge in found])


async def running_here(
    core: ServiceCore, viewer_id: int, place: Place, limit: int
) -> tuple[GameListEntry, ...]:
    """Up to ``limit`` running games of others that live where ``place`` is (its thread's
    game, or its channel's), those ``may_read`` lets the viewer see there, newest first:
    the server's games a spectator may read where they ask."""
    found = await core.store.games.active_here(
        place.guild_id, place.channel_id, place.thread_id, limit + 1
    )
    shown = [
        record
        for record in found
        if not record.has_player(viewer_id) and may_read(record, viewer_id, place)
    ][:limit]
    refs = await core.refs(*{p for g in shown for p in (g.white_id, g.black_id)})
    return await list_entries(core, shown, refs, None, viewer_id)
