"""Vote chess's reminders: a team to move is reminded as a player is, on the same schedule
(the server's reminder hours), counted back from its voting window's close rather than the
game's deadline (``reminder_times.reminded_before``), and posted in the game's place.

Who is mentioned: a role team's Discord role, at most once a day (``ROLE_MENTION_EVERY``:
a role reaches many people, and Discord limits pings), and the members who have not voted
this turn and want mentions (``NotifyMode.CHANNEL``), read as the row is delivered so that
a member who voted meanwhile is not pinged.

Members who asked (``/vote remind``) and have not voted get a DM too: one row each, at most
one a window (its key names the window, not the reminder's hours), dropped at delivery if
they voted meanwhile or (on the team by its role) no longer hold the role, which Discord
alone knows: the adapter asks as it sends (``TeamReminder.must_hold``). A DM Discord
refuses (closed DMs) is said in the game's place instead, as any DM, and holds up no one
else's.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service.core import ServiceCore
from bot.service.delivery_results import Reminder
from bot.service.results import GameView
from bot.service.vote_facts import HeldRole, TeamReminder
from bot.store import (
    GameRecord,
    NotifyMode,
    OutboxItem,
    OutboxTarget,
    Team,
    TeamReminderFacts,
    team_of_player,
)
from bot.store.records import from_epoch, to_epoch

# A team's role is mentioned by its reminders at most this often.
ROLE_MENTION_EVERY = timedelta(days=1)


async def team_reminder_due(
    core: ServiceCore, view: GameView, hours_before: int, now: datetime
) -> Reminder | None:
    """The reminder of the team to move in ``view`` (``hours_before`` its window closes),
    its role's mention taken if a day has passed since the last; None when no window is
    open (nothing to vote on), its close time passed included (the clock's round closes
    it: a late round, after a restart say, must not say "1 hour left" beside the close)."""
    assert view.to_move is not None and view.deadline is not None
    team_id = team_of_player(view.to_move.id)
    team = None if team_id is None else await core.store.teams.get(team_id)
    if team is None or team.closes_at is None or team.closes_at <= now:
        return None
    role = team.role_id is not None and await core.store.teams.role_reminded(
        team.id, now, now - ROLE_MENTION_EVERY
    )
    assert team.window_ply is not None
    dms = await core.store.teams.dm_wanted_by(team.id, team.window_ply)
    return Reminder(view, view.to_move, hours_before, view.deadline, team.closes_at, role, dms)


def team_reminder_items(reminder: Reminder) -> list[OutboxItem]:
    """The row of a team's reminder, in the game's place, and a DM row for each member who
    asked and has not voted (its key the window's: a later reminder of the window, which
    finds the same members, writes none)."""
    assert reminder.window_closes_at is not None
    team_id = team_of_player(reminder.player.id)
    assert team_id is not None
    game_id, closes = reminder.game.id, to_epoch(reminder.window_closes_at)
    facts = TeamReminderFacts(team_id, closes, reminder.hours_before, reminder.mention_role)
    key = f"team_reminder:{game_id}:{closes}:{reminder.hours_before}"
    dm = TeamReminderFacts(team_id, closes, reminder.hours_before)
    return [
        OutboxItem(OutboxTarget.PLACE, facts, game_id=game_id, dedupe_key=key),
        *(
            OutboxItem(
                OutboxTarget.DM,
                dm,
                game_id=game_id,
                user_id=member,
                dedupe_key=f"team_reminder_dm:{game_id}:{closes}:{member}",
            )
            for member in reminder.dm_members
        ),
    ]


async def team_reminder(
    core: ServiceCore,
    facts: TeamReminderFacts,
    record: GameRecord,
    view: GameView,
    member_id: int | None = None,
) -> TeamReminder | str:
    """What a team's reminder row says now: who to mention (the role if the row took its
    mention; the members yet to vote who want mentions), or, for a member's own row
    (``member_id``: their DM, or its fallback in the game's place), them alone; or why it
    is no longer worth saying (the window closed or moved, or the member voted, before it
    went out)."""
    store = core.store
    team = await store.teams.get(facts.team_id)
    closes = from_epoch(facts.closes_at)
    if not _still_open(team, record, closes) or closes <= core.now():
        return "the team's vote closed before the reminder went out"
    assert team is not None and team.window_ply is not None
    voted = await store.teams.voters(team.id, team.window_ply)
    if member_id is not None:
        if member_id in voted:
            return "the member voted before the reminder went out"
        member = await core.ref(member_id)
        listed = member_id == team.captain_id or member_id in team.members
        held = None if listed or team.role_id is None else HeldRole(team.guild_id, team.role_id)
        return TeamReminder(view, team.name, facts.hours, closes, None, (member,), held)
    refs = await core.refs(*(m for m in (team.captain_id, *team.members) if m not in voted))
    members = tuple(
        ref for ref in refs.values() if ref.notify is NotifyMode.CHANNEL and not ref.digest
    )
    role = team.role_id if facts.role else None
    return TeamReminder(view, team.name, facts.hours, closes, role, members)


def _still_open(team: Team | None, record: GameRecord, closes: datetime) -> bool:
    """Whether ``team``'s window that closes at ``closes`` is still open in ``record``."""
    return (
        team is not None
        and record.is_active
        and record.to_move_id == team.player_id
        and team.window_ply == record.ply
        and team.closes_at == closes
    )
