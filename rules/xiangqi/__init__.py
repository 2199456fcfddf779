"""Xiangqi (Chinese chess) for Postal's rules engine.

Rules implemented — the simplified Asian (WXF) rules:

- Board of 9 files × 10 ranks, red moves first; every piece moves as in standard xiangqi
  (palace for general and advisors, elephant eye, horse leg, cannon screens, soldiers
  sideways only after crossing the river, never back). The generals may never face each
  other on an open file: a move that would leave them facing is illegal.
- A side with no legal move loses, whether in check (checkmate) or not (reported as
  ``Termination.STALEMATE`` with the other side as winner: there is no stalemate draw).
- Draw when neither side has a chariot, horse, cannon or soldier (nothing can cross the
  river, so no mate is possible).
- Repetition: when a position (placement and side to move) occurs for the third time, a side
  that gave check with every one of its moves since the first of those three occurrences
  loses (``PERPETUAL_CHECK``); otherwise — including when both sides checked throughout —
  the game is drawn (``REPETITION``).
- Out of scope: the full Asian/Chinese chase rules (perpetual chase, "one check one chase",
  idle vs. forbidden moves), and any move-count draw rule. There are no claimable draws.

Notation: ICCS coordinates (``h2e2``), WXF (``C2.5``) and Chinese (``炮二平五``); see
``rules.xiangqi.notation``. Records: ``rules.xiangqi.record``.
"""

from __future__ import annotations

from rules.xiangqi.position import XiangqiPosition
from rules.xiangqi.variant import START_FEN, XIANGQI, XiangqiVariant

__all__ = ["START_FEN", "XIANGQI", "XiangqiPosition", "XiangqiVariant"]
