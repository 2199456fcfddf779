"""Vote chess's counts as a member reads them: each nominated move in its reader's
notation, its votes shown or kept secret (``vote_rules.counts_shown``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.notation import ChessMove, XiangqiMove
from bot.service.vote_facts import MoveCount
from bot.service.vote_rules import counts_shown
from bot.store import Nomination, Team

# The variants whose moves are SAN, said in the reader's piece letters.
CHESS_LETTERS = frozenset({"chess", "chess960"})


def said_move(variant: str, stored: str, chinese: str | None) -> str:
    """A nominated move as sentences name it, in its reader's letters or notation (its row
    keeps standard SAN, or WXF with the Chinese)."""
    if chinese is not None:
        return XiangqiMove(stored, chinese)
    return ChessMove(stored) if variant in CHESS_LETTERS else stored


def counts_of(
    team: Team,
    variant: str,
    nominations: Sequence[Nomination],
    *,
    shown: bool = False,
    voted: bool = False,
) -> tuple[MoveCount, ...]:
    """The nominations with their votes, unless the team keeps them secret from this
    member now (``voted``: they have voted this turn; ``shown``: the window closed)."""
    visible = shown or counts_shown(team, voted=voted)
    return tuple(
        MoveCount(said_move(variant, n.san, n.chinese), n.votes if visible else None, n.uci)
        for n in nominations
    )
