"""The answers a move sets off: when a move has just been played, which prepared
(conditional) answers follow at once. Both players' trees may meet, so one move can set off
a chain over several turns; ``plan_answers`` works the chain out without the store, and the
move path writes it with the move (``bot.service.move_plan``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import rules
from bot.service.notation import ChessMove, stored_names, xiangqi_name
from bot.service.results import ConditionalAnswer
from bot.store import (
    ConditionalNode,
    GameRecord,
    OutboxItem,
    OutboxTarget,
    PreparedAnswer,
    RecentMove,
    TurnFacts,
    XiangqiNotation,
)
from rules import Color, Move


@dataclass(frozen=True, slots=True)
class PlannedAnswer:
    node_id: int
    mover_id: int
    move: Move
    notation: str
    uci: str
    number: str
    after: rules.Game
    chinese: str | None = None  # a xiangqi move's Chinese (``notation`` is its WXF)


def move_number(position: rules.Position) -> str:
    """``12.`` before White's (Red's) move, ``12...`` before Black's."""
    dots = "." if position.side_to_move is Color.WHITE else "..."
    return f"{position.fullmove_number}{dots}"


def children_of(nodes: Sequence[ConditionalNode]) -> dict[int | None, list[ConditionalNode]]:
    children: dict[int | None, list[ConditionalNode]] = {}
    for node in nodes:
        children.setdefault(node.parent_id, []).append(node)
    return children


# --- answering a move --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnswerPlan:
    """What a move sets off: the prepared answers played after it, in order, and every
    prepared move the game followed (what comes after each stays prepared)."""

    answers: tuple[PlannedAnswer, ...] = ()
    followed: tuple[int, ...] = ()

    @property
    def game(self) -> rules.Game | None:
        """The game after the last answer (None: no answer)."""
        return self.answers[-1].after if self.answers else None

    @property
    def last_mover_id(self) -> int | None:
        return self.answers[-1].mover_id if self.answers else None

    @property
    def stored(self) -> tuple[PreparedAnswer, ...]:
        """The answers as the store appends them: standard SAN as plain text (a chess move's
        notation is a ``ChessMove``, a value said in the reader's letters, which a store
        writes as nothing else than a str)."""
        return tuple(
            PreparedAnswer(a.uci, str(a.notation), a.mover_id, a.chinese) for a in self.answers
        )

    def facts(
        self, notation: XiangqiNotation = XiangqiNotation.WXF
    ) -> tuple[ConditionalAnswer, ...]:
        """The answers for the move's message, xiangqi moves in ``notation`` (the mover's,
        as the move they played is named there)."""
        return tuple(
            ConditionalAnswer(a.mover_id, a.number, self._named(a, notation), a.uci)
            for a in self.answers
        )

    @staticmethod
    def _named(answer: PlannedAnswer, notation: XiangqiNotation) -> str:
        if answer.chinese is None:
            return answer.notation  # chess: a ChessMove, said in the reader's letters
        return xiangqi_name(RecentMove(0, answer.uci, answer.notation, answer.chinese), notation)

    def told(self, items: list[OutboxItem], *, mover_id: int) -> list[OutboxItem]:
        """The outbox rows of the move, when answers followed it: the player to move is
        told every move since their turn (``since_ply``, the ``conditional`` plies
        marked), and no turn DM goes to the mover, who sees their own answer."""
        if not self.answers:
            return items
        first = self.answers[0].after.ply - 1
        prepared = tuple(a.after.ply for a in self.answers)
        return [
            dataclasses.replace(
                item,
                facts=dataclasses.replace(item.facts, since_ply=first, conditional=prepared),
            )
            if isinstance(item.facts, TurnFacts)
            else item
            for item in items
            if not (item.target is OutboxTarget.DM and item.user_id == mover_id)
        ]


def plan_answers(
    game: rules.Game, record: GameRecord, mover_id: int, nodes: Sequence[ConditionalNode]
) -> AnswerPlan:
    """What follows at once after ``mover_id`` played the last move of ``game`` (``record``
    is the game before it): each player's tree is followed along the moves played; when the
    player to move has an answer prepared there, it is played, and so on, until a line ends,
    a move was not expected, or the game ends."""
    if not nodes:
        return AnswerPlan()
    children = children_of(nodes)
    players = (record.white_id, record.black_id)
    # Each player's prepared moves for the ply just played (roots are at that ply).
    frontier = {p: [n for n in children.get(None, []) if n.player_id == p] for p in players}
    answers: list[PlannedAnswer] = []
    followed: list[int] = []
    last_mover = mover_id
    while True:
        played = _last_uci(game)
        for player in players:
            hit = next((n for n in frontier[player] if n.ply == game.ply and n.uci == played), None)
            frontier[player] = children.get(hit.id, []) if hit is not None else []
            if hit is not None:
                followed.append(hit.id)
        if game.outcome() is not None:
            break
        responder = record.opponent_of(last_mover)
        answer = next((n for n in frontier[responder] if n.ply == game.ply + 1), None)
        if answer is None:
            break
        position = game.position
        try:
            move = position.parse_move(answer.uci)
        except rules.RulesError:
            break  # checked when stored; a rules change since is no reason to fail a move
        notation, chinese = stored_names(position, move)
        answers.append(
            PlannedAnswer(
                answer.id,
                responder,
                move,
                ChessMove(notation) if chinese is None else notation,
                position.uci(move),
                move_number(position),
                game.play(move),
                chinese,
            )
        )
        game, last_mover = answers[-1].after, responder
    return AnswerPlan(tuple(answers), tuple(followed))


def _last_uci(game: rules.Game) -> str:
    before, last = game.before_last_move, game.last_move
    assert before is not None and last is not None
    return before.uci(last)
