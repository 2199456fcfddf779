"""A game's rows said in every one of its places (``game_places``, migration 0069): the
outbox copies, in the write that stores them, each row said in a game's own place to each
of the game's other places (``outbox.place_id``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.database import Statement
from bot.store.outbox_facts import OutboxKind, OutboxTarget

# The columns of a copy (the outbox's own, as ``bot.store.outbox`` inserts them, but for
# its claim, which a copy never has, and its place).
_COPIED = (
    "kind, target, game_id, challenge_id, user_id, facts, dedupe_key, nonce, next_attempt_at, "
    "created_at, place_id"
)

# The kinds said in every place of a game (its own and, between servers, one a server more:
# ``game_places``); the others (a tournament's) have one place of their own. A reminder (a
# player's, a team's) and a team's counts are copied too, and said only in its player's or
# team's place.
EVERY_PLACE = frozenset(
    {
        OutboxKind.TURN,
        OutboxKind.REMINDER,
        OutboxKind.ENDING,
        OutboxKind.OFFER,
        OutboxKind.OFFER_CLOSED,
        OutboxKind.PAUSE,
        OutboxKind.TAKEBACK,
        OutboxKind.MORE_TIME,
        OutboxKind.GAME_OPENED,
        OutboxKind.VOTE_CLOSED,
        OutboxKind.TEAM_REMINDER,
        OutboxKind.TEAM_COUNTS,
    }
)
# The rows just written for their games' own places (by game and nonce) once more for each of
# their games' other places, each copy with a nonce and dedupe key of its own: one statement
# for a batch of rows. Games without other places (nearly all) cost one probe each of
# game_places' (game_id, guild_id) key.
COPIES_A_STATEMENT = 1000  # 2 parameters a row


def _copy_sql(games: int, rows: int) -> str:
    """The copy of ``rows`` rows (by nonce) of ``games`` games (parameters: the games'
    ids, then the rows' nonces)."""
    return (
        f"INSERT INTO outbox ({_COPIED}) SELECT o.kind, o.target, o.game_id, o.challenge_id, "
        "o.user_id, o.facts, o.dedupe_key || ':place:' || CAST(p.id AS TEXT), "
        "substr(o.nonce, 1, 16) || 'p' || CAST(p.id AS TEXT), o.next_attempt_at, "
        "o.created_at, p.id FROM game_places p JOIN outbox o ON o.game_id = p.game_id "
        f"WHERE p.game_id IN ({', '.join('?' * games)}) "
        f"AND o.nonce IN ({', '.join('?' * rows)}) AND o.place_id IS NULL "
        "ON CONFLICT (dedupe_key) DO NOTHING"
    )


def copies_to_places(
    written: Sequence[tuple[OutboxTarget, int | None, OutboxKind, str]],
) -> list[Statement]:
    """The statements that copy the rows just ``written`` (each row's target, game id,
    kind and nonce) said in their games' own places to each of their games' other places."""
    copied = [
        (game, nonce)
        for target, game, kind, nonce in written
        if target is OutboxTarget.PLACE and game is not None and kind in EVERY_PLACE
    ]
    statements = []
    for start in range(0, len(copied), COPIES_A_STATEMENT):
        part = copied[start : start + COPIES_A_STATEMENT]
        games = list(dict.fromkeys(game for game, _ in part))
        params = [*games, *(nonce for _, nonce in part)]
        statements.append(Statement(_copy_sql(len(games), len(part)), params))
    return statements
