"""The plan of one move: what playing it changes, worked out without the store.

A move goes plan -> write -> describe: ``plan_move`` decides everything the move sets off
(the game after it and its prepared answers, who moved last, the outcome and the row's
ending), the store writes the plan in one transaction, and the use case words the result
from the plan and what the write returned."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import rules
from bot.service.answer_plan import AnswerPlan, plan_answers
from bot.service.game_facts import replace_record
from bot.service.outbox_items import ending_items, turn_dm, turn_in_place
from bot.service.results import PlayerRef
from bot.service.time_bank import ClockKind, banks_after, terms_of
from bot.service.time_left import time_left
from bot.store import (
    Answering,
    ConditionalNode,
    GameEnding,
    GameRecord,
    GameStatus,
    MoveWrite,
    OutboxSource,
    Player,
    PreparedAnswer,
    RateFunction,
    SeatedGame,
    VoteClose,
)
from rules import Color, Move


@dataclass(frozen=True, slots=True)
class MovePlan:
    """``mover_id`` plays ``uci`` (``stored`` and ``chinese`` are its names as the row keeps
    them) in ``record``; ``after`` is the game once the move and the prepared ``answers`` it
    sets off are played, ``last_mover_id`` who played the last of them. ``deadline`` is when
    ``opponent_id`` must answer (None once the game is over or without a clock)."""

    record: GameRecord
    mover_id: int
    side: Color
    uci: str
    stored: str
    chinese: str | None
    number: str
    after: rules.Game
    answers: AnswerPlan
    last_mover_id: int
    opponent_id: int
    outcome: rules.Outcome | None
    ending: GameEnding | None
    now: datetime
    deadline: datetime | None = None
    waiting_bank: int | None = None  # seconds: the time bank of the player then waiting

    @property
    def fen(self) -> str:
        return self.after.position.fen()

    def write(
        self,
        seated: SeatedGame,
        outbox: OutboxSource,
        *,
        next_look_at: datetime | None,
        rate: RateFunction | None,
        client_locale: str | None,
        vote: VoteClose | None = None,
    ) -> MoveWrite:
        """What the store writes for this plan, ``seated`` being the game as read for it
        (its last moves and whether conditional lines wait), with the ``outbox`` rows
        (``move_outbox``), when the clock must next look, how an ending is rated, and the
        mover's app language when it changed."""
        return MoveWrite(
            game=self.record,
            move=PreparedAnswer(self.uci, self.stored, self.mover_id, self.chinese),
            fen=self.fen,
            now=self.now,
            deadline_at=self.deadline,
            next_look_at=next_look_at,
            answers=self.answers.stored,
            followed=self.answers.followed,
            lines_waiting=seated.has_conditionals,
            ending=self.ending,
            rate=rate,
            outbox=outbox,
            client_locale=client_locale,
            before=seated.recent,  # read with the game: the write need not read them back
            waiting_bank=self.waiting_bank,
            vote=vote,
        )

    def clocks(self, mover: Player | None) -> tuple[timedelta | None, int | None]:
        """The time the player to move after this plan has (None: untimed) and the bank in
        seconds of the player then waiting (None: not a time bank); ``mover`` is the
        mover's row (a move on vacation, or in an agreed pause, spends none of the bank: the
        vacation or the pause held it)."""
        record = self.record
        terms = terms_of(
            record.days_per_move, record.untimed, record.increment_days, record.cap_days
        )
        if terms.kind is ClockKind.UNTIMED:
            return None, None
        if terms.kind is ClockKind.PER_MOVE:
            return terms.start, None
        left = time_left(record, self.now, mover)
        if left is None:  # no deadline yet: the bank is full
            left = terms.start
        waiting = terms.start
        if record.waiting_bank is not None:
            waiting = timedelta(seconds=record.waiting_bank)
        moves = self.after.ply - record.ply
        running, other = banks_after(terms, left, waiting, moves)
        return running, int(other.total_seconds())


def plan_move(
    game: rules.Game,
    move: Move,
    record: GameRecord,
    mover_id: int,
    *,
    stored: str,
    chinese: str | None,
    lines: Sequence[ConditionalNode],
    now: datetime,
) -> MovePlan:
    """The plan of ``mover_id`` playing ``move`` in ``game`` (``record``'s game), with the
    prepared ``lines`` of both players; the deadline is left for the caller (it reads the
    opponent's vacation). Raises ``rules.RulesError`` for an illegal ``move``."""
    position = game.position
    number = f"{position.fullmove_number}." + ("" if position.side_to_move is Color.WHITE else "..")
    played = game.play(move)
    answers = plan_answers(played, record, mover_id, lines)
    after, last_mover_id = answers.game or played, answers.last_mover_id or mover_id
    outcome = after.outcome()
    return MovePlan(
        record=record,
        mover_id=mover_id,
        side=position.side_to_move,
        uci=position.uci(move),
        stored=stored,
        chinese=chinese,
        number=number,
        after=after,
        answers=answers,
        last_mover_id=last_mover_id,
        opponent_id=record.opponent_of(last_mover_id),
        outcome=outcome,
        ending=GameEnding(outcome.result(), outcome.termination.value) if outcome else None,
        now=now,
    )


def move_outbox(
    plan: MovePlan, refs: dict[int, PlayerRef], away: bool, answering: Answering | None
) -> OutboxSource:
    """The messages the written ``plan`` leaves to send: the ending's, else the turn's."""
    record = plan.record
    if plan.outcome:
        return lambda ratings: ending_items(
            record,
            refs,
            in_place=away,
            actor_id=plan.last_mover_id,
            ratings=ratings,
            answering=answering,
        )
    told = refs[plan.opponent_id]
    outbox = turn_dm(record.id, plan.after.ply, told)
    if away or answering is not None:
        outbox += turn_in_place(record.id, plan.after.ply, told, answering)
    return plan.answers.told(outbox, mover_id=plan.mover_id)


def written_record(plan: MovePlan, version: int | None) -> GameRecord:
    """``plan``'s game as its written row now reads."""
    over, ending = plan.outcome is not None, plan.ending
    return replace_record(
        plan.record,
        ply=plan.after.ply,
        fen=plan.fen,
        to_move_id=None if over else plan.opponent_id,
        last_move_at=plan.now,
        deadline_at=plan.deadline,
        waiting_bank=None if over else plan.waiting_bank,
        status=GameStatus.FINISHED if over else plan.record.status,
        result=ending.result if ending else None,
        termination=ending.termination if ending else None,
        finished_at=plan.now if over else None,
        version=version,
    )
