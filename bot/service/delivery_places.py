"""Where an outbox row of a game is said: the game's own place, or one of its other places
(a server more, between servers: ``game_places``), with the game as seen from there."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from bot.store import (
    OWN_PLACE,
    GamePlace,
    GameRecord,
    OutboxRow,
    OutboxState,
    OutboxTarget,
    ReminderFacts,
    Routing,
    Store,
    TeamCountsFacts,
    TeamReminderFacts,
    team_of_player,
    team_player_id,
)


async def where_said(
    store: Store, now: datetime, row: OutboxRow, record: GameRecord
) -> tuple[GameRecord, Routing] | None:
    """``record`` as seen where ``row`` is said, and the row's routing there: the game's own
    place (mentioning nobody who acts from another place), or the other place the row was
    copied to (that server's channel and thread, mentioning only the player who acts from
    there). None when it is not to be said: recorded failed (the place is gone, or Discord
    no longer knows the game's own) or superseded (a reminder or a closed DM's notice for
    the player or team of another place, said in theirs; a row an interaction's answer said
    in that place, ``Routing.shown_in``)."""
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
    one = _for_one(row)
    if one is not None and one != place.player_id:
        await store.outbox.finish(row.id, OutboxState.SUPERSEDED, _THEIRS, now)
        return None
    if one is not None and team_of_player(one) is not None:
        return seen_at(record, place), row.routing  # a team's row: its members mentioned
    mention = tuple(i for i in row.routing.mention if i == place.player_id)
    return seen_at(record, place), dataclasses.replace(row.routing, mention=mention)


def seen_at(record: GameRecord, place: GamePlace) -> GameRecord:
    """``record`` as seen from its other place ``place``: that server's channel and thread."""
    return dataclasses.replace(
        record,
        guild_id=place.guild_id,
        channel_id=place.channel_id,
        thread_id=place.thread_id,
        thread_owned=place.thread_id is not None,
        message_id=None,
    )


_THEIRS = "for the player of another place"


def _for_one(row: OutboxRow) -> int | None:
    """The seat whose place alone says ``row``: a team's reminder or counts (the team's; its
    members' closed DMs' notices of it too), a player's reminder or closed DM's notice (theirs);
    None: every place."""
    if isinstance(row.facts, TeamReminderFacts | TeamCountsFacts):
        return team_player_id(row.facts.team_id)
    if isinstance(row.facts, ReminderFacts) or row.routing.dm_fallback:
        return row.user_id
    return None


async def _at_own_place(
    store: Store, now: datetime, row: OutboxRow, record: GameRecord
) -> tuple[GameRecord, Routing] | None:
    """``row`` in the game's own place: a player who acts from another place (no member of
    this server: pinged there by the row's copy) is not mentioned, and a row for them (or
    their team) alone is superseded. ``game_places`` is read only for a row said in the
    place that mentions someone or speaks to one seat; a game of one place keeps the row as
    it is."""
    one = _for_one(row)
    if row.target is not OutboxTarget.PLACE or not (row.routing.mention or one is not None):
        return record, row.routing
    away = {p.player_id for p in await store.game_places.of_game(record.id)}
    if not away:
        return record, row.routing
    if one in away:
        await store.outbox.finish(row.id, OutboxState.SUPERSEDED, _THEIRS, now)
        return None
    mention = tuple(i for i in row.routing.mention if i not in away)
    return record, dataclasses.replace(row.routing, mention=mention)
