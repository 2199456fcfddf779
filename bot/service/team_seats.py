"""Who answers for a team seated in a game (vote chess): its captain resigns, offers a draw
and answers the opponent's, for the team (docs/playing.md, *Vote chess*); moves are voted."""

from __future__ import annotations

from bot.service.results import User
from bot.store import GameRecord, Store, team_of_player


async def captained_seat(store: Store, record: GameRecord, user: User) -> User | None:
    """The team's seat in ``record`` that ``user`` captains, as the player who acts; None
    when ``user`` captains no team of that game."""
    for seat in (record.white_id, record.black_id):
        team_id = team_of_player(seat)
        team = None if team_id is None else await store.teams.get(team_id)
        if team is not None and team.captain_id == user.id:
            return User(seat, team.name)
    return None
