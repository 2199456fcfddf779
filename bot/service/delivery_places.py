"""Where an outbox row of a game is said: the game's own place, or one of its other places
(a server more, between servers: ``game_places``), with the game as seen from there."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from bot.store import (
    OWN_PLACE,
    GameRecord,
    OutboxRow,
    OutboxState,
    OutboxTarget,
    ReminderFacts,
    Routing,
    Store,
)


async def where_said(
    store: Store, now: datetime, row: OutboxRow, record: GameRecord
) -> tuple[GameRecord, Routing] | None:
    """``record`` as seen where ``row`` is said, and the row's routing there: the game's own
    place (mentioning nobody who acts from another place), or the other place the row was
    copied to (that server's channel and thread, mentioning only the player who acts from
    there). None when it is not to be said: recorded failed (the place is gone, or Discord
    no longer knows the game's own) or superseded (a reminder or a closed DM's notice for
    the player of another place, said in theirs; a row an interaction's answer said in
    that place, ``Routing.shown_in``)."""
    if row.routing.shown_in == (OWN_PLACE if row.place_id is None else row.place_id):
        await store.outbox.finish(row.id, OutboxState.SUPERSEDED, "said by the answer there", now)
        return None
    if row.place_id is None:
        gone = (
            None
            if row.target is not OutboxTarget.PLACE
            else await store.outbox.unreachable(record.id)
        )
        if gone is not None:
            await store.outbox.finish(row.id, OutboxState.FAILED, f"unreachable: {gone}", now)
            return None
        return await _at_own_place(store, now, row, record)
    place = await store.game_places.get(row.place_id)
    if place is None:
        await store.outbox.finish(row.id, OutboxState.FAILED, "the place is gone", now)
        return None
    if _for_one(row) and row.user_id != place.player_id:
        await store.outbox.finish(row.id, OutboxState.SUPERSEDED, _THEIRS, now)
        return None
    mention = tuple(i for i in row.routing.mention if i == place.player_id)
    there = dataclasses.replace(
        record,
        guild_id=place.guild_id,
        channel_id=place.channel_id,
        thread_id=place.thread_id,
        thread_owned=place.thread_id is not None,
        message_id=None,
    )
    return there, dataclasses.replace(row.routing, mention=mention)


_THEIRS = "for the player of another place"


def _for_one(row: OutboxRow) -> bool:
    """Whether ``row`` speaks to one player alone (a reminder, a closed DM's notice): said
    only in the place that player acts from."""
    return isinstance(row.facts, ReminderFacts) or row.routing.dm_fallback


async def _at_own_place(
    store: Store, now: datetime, row: OutboxRow, record: GameRecord
) -> tuple[GameRecord, Routing] | None:
    """``row`` in the game's own place: a player who acts from another place (no member of
    this server: pinged there by the row's copy) is not mentioned, and a row for them alone
    is superseded. ``game_places`` is read only for a row said in the place that mentions
    someone or speaks to one player; a game of one place keeps the row as it is."""
    for_one = _for_one(row)
    if row.target is not OutboxTarget.PLACE or not (row.routing.mention or for_one):
        return record, row.routing
    away = {p.player_id for p in await store.game_places.of_game(record.id)}
    if not away:
        return record, row.routing
    if for_one and row.user_id in away:
        await store.outbox.finish(row.id, OutboxState.SUPERSEDED, _THEIRS, now)
        return None
    mention = tuple(i for i in row.routing.mention if i not in away)
    return record, dataclasses.replace(row.routing, mention=mention)
