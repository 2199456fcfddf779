"""What a closed voting window says once its outbox row is delivered (``delivery_contents``):
in the game's place (``VOTE_CLOSED``: the move elected, never the counts, which the other
side would read there) and to the team alone (``TEAM_COUNTS``: every nomination's votes),
both counted again from the turn's votes, which the close froze."""

from __future__ import annotations

from bot.service.core import ServiceCore
from bot.service.vote_counts import counts_of, said_move
from bot.service.vote_facts import TeamCountsNotice, WindowClosed, team_thread_asked
from bot.service.vote_rules import elect
from bot.store import GameRecord, TeamCountsFacts, VoteClosedFacts

_GONE = "the team is gone"


async def told_close(
    core: ServiceCore, facts: VoteClosedFacts, record: GameRecord
) -> WindowClosed | str:
    """What the clock's close of a window (``facts``) says in ``record``'s place: the move
    it elected, without the counts; why not, when the team is gone."""
    return await _closed(core, facts, record, shown=False)


async def told_counts(
    core: ServiceCore, facts: TeamCountsFacts, record: GameRecord
) -> TeamCountsNotice | str:
    """What a team's closed window (``facts``) says to the team in ``record`` (as seen from
    its own server): the move elected and every nomination's votes, whatever its secrecy;
    why not, when the team is gone."""
    closed = await _closed(core, facts, record, shown=True)
    team = await core.store.teams.get(facts.team_id)
    if isinstance(closed, str) or team is None:
        return _GONE
    # Whom Postal added to the thread: a former holder of the role is taken out before the
    # counts are posted there.
    added = await core.store.team_thread_members.of_team(team.id) if team.thread_id else ()
    thread = team_thread_asked(team, record, added)
    return TeamCountsNotice(await core.view(record), closed, thread)


async def _closed(
    core: ServiceCore, facts: VoteClosedFacts | TeamCountsFacts, record: GameRecord, *, shown: bool
) -> WindowClosed | str:
    """The close of ``facts``'s window counted again: the move elected and why, and the
    counts when ``shown`` (to the team alone)."""
    team = await core.store.teams.get(facts.team_id)
    if team is None:
        return _GONE
    nominations = await core.store.teams.nominations(team.id, facts.ply)
    # The game's place is read by the other side too: the counts go to the team alone (its
    # private thread), whatever its secrecy, so they never tell the opponent how it voted.
    counts = counts_of(team, record.variant, nominations, shown=shown) if shown else ()
    election = elect(nominations, team.captain_id)
    if election is None:
        return WindowClosed(record.id, team.name, counts)
    chosen = election.nomination
    said = said_move(record.variant, chosen.san, chosen.chinese)
    return WindowClosed(record.id, team.name, counts, said, election.by)
