"""One move to write, as one value: ``MoveWrite``, what ``Games.play_move`` writes in one
version-guarded transaction. The service builds it from its plan of the move
(``bot.service.move_plan``); the store only writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.ending_batches import OutboxSource
from bot.store.game_rows import RECENT_PLIES
from bot.store.ratings import RateFunction
from bot.store.records import GameEnding, GameRecord, OfferKind, PreparedAnswer, RecentMove
from bot.store.teams import VoteClose, team_of_player

# What a move makes lapse (the position they were about has changed): every takeback request,
# and the offers of the mover's opponent (a draw offer is answered by moving). The mover's own
# draw offer stands. ``Written.lapsed`` says which of them stood.
LAPSING_FROM_ANYONE: frozenset[OfferKind] = frozenset({OfferKind.TAKEBACK})
LAPSING_FROM_OPPONENT: frozenset[OfferKind] = frozenset(OfferKind)


@dataclass(frozen=True, slots=True)
class MoveWrite:
    """``move`` played in ``game`` as read at ``game.version``, then the prepared
    ``answers`` it sets off (conditional moves, each answering the one before), written in
    one transaction guarded by the version.

    ``fen`` and ``deadline_at`` are the position and deadline after the last move,
    ``waiting_bank`` the bank (seconds) of the player then waiting (None: no time bank);
    ``next_look_at`` when the clock must next look at the game (None: the default,
    ``bot.store.clock_looks``). ``ending`` ends the game after the last move, rated by
    ``rate`` when the game is rated. ``outbox`` rows (or the function making them from the
    ending's rating changes) are written in the same transaction.

    Each move makes offers lapse (``LAPSING_FROM_ANYONE``, ``LAPSING_FROM_OPPONENT``). What
    follows the prepared moves in the lines the game ``followed`` stays prepared; every other
    line is dropped. ``lines_waiting`` False (the game had no conditional lines at
    ``game.version``) skips that statement: a line added since raised the version, so the
    write is refused anyway. ``client_locale`` (the language the mover's app now reports,
    given only when it differs from the stored one) is stored for the mover in the same
    write. ``before``: the game's last moves read with it at ``game.version``
    (``SeatedGame.recent``); ``Written.recent`` is then they and the new moves, else the
    write reads them back.

    Raises ``ValueError`` when an answer is not the other player's reply to the move before
    it, or when ``before`` does not end at ``game.ply``.

    A team's move (vote chess: its mover is a team's player) is written only with ``vote``,
    the window it closes, in the same transaction and guarded (``bot.store.teams``); the move
    that makes a team the player to move opens its window. A team never has prepared
    answers. Raises ``ValueError`` for a team's move without its window.
    """

    game: GameRecord
    move: PreparedAnswer
    fen: str
    now: datetime
    deadline_at: datetime | None
    next_look_at: datetime | None = None
    answers: tuple[PreparedAnswer, ...] = ()
    followed: tuple[int, ...] = ()
    lines_waiting: bool = True
    ending: GameEnding | None = None
    rate: RateFunction | None = None
    outbox: OutboxSource = ()
    client_locale: str | None = None
    before: tuple[RecentMove, ...] | None = None
    waiting_bank: int | None = None
    vote: VoteClose | None = None

    def __post_init__(self) -> None:
        team = team_of_player(self.move.mover_id)
        if team is not None and (self.vote is None or self.vote.team_id != team):
            raise ValueError(f"team {team} moves in game #{self.game.id} only by its vote")
        for earlier, answer in zip(self.steps, self.answers, strict=False):
            if answer.mover_id != self.game.opponent_of(earlier.mover_id):
                raise ValueError(
                    f"answer {answer.uci} of player {answer.mover_id} does not reply to "
                    f"{earlier.uci} in game #{self.game.id}"
                )
        before = self.before
        if before is not None and (
            (before[-1].ply if before else 0) != self.game.ply
            or len(before) < min(self.game.ply, RECENT_PLIES - 1)
        ):
            plies = [move.ply for move in before]
            raise ValueError(
                f"moves {plies} are not game #{self.game.id}'s last at ply {self.game.ply}"
            )

    @property
    def steps(self) -> tuple[PreparedAnswer, ...]:
        """The moves written, in order: the move, then its answers."""
        return (self.move, *self.answers)

    @property
    def recent(self) -> tuple[RecentMove, ...] | None:
        """The last ``RECENT_PLIES`` moves once written (None: ``before`` was not read)."""
        if self.before is None:
            return None
        ply = self.game.ply
        new = (
            RecentMove(ply + 1 + index, step.uci, step.san, step.chinese)
            for index, step in enumerate(self.steps)
        )
        return (*self.before, *new)[-RECENT_PLIES:]
