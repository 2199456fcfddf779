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
  loses (``PERPETUAL_CHECK``; both sides checking throughout is a draw); otherwise a side that
  chased the same piece with every one of its moves loses (``PERPETUAL_CHASE``, the chase rule
  of ``rules.xiangqi.chase``, which states it with its source; both chasing is a draw);
  otherwise the game is drawn (``REPETITION``).
- The natural move limit (自然限着): when 60 moves by each side (120 plies) have been played
  without a capture, the game is drawn (``Termination.SIXTY_MOVES``), at once — xiangqi has
  no claimable draws, and a correspondence game must not go on for ever. Only a capture
  resets the count (the FEN half-move clock): checks, replies to checks and soldier moves do
  not, so a long series of checks cannot keep a game alive. Repetition is judged first: a
  perpetual check completed on the 120th ply still loses.
- A check is judged as a check (perpetual check first); it is also a chase of an unprotected
  piece it newly threatens, and it never makes a piece look unprotected (protection is
  judged with the check set aside): ``rules.xiangqi.chase`` states this with the rule book's
  wording. Out of scope: the rule book's idle-move subtleties. There are no claimable draws.

Sources for the move limit, which rule books and sites set differently:

- The Chinese Xiangqi Association's competition rules (中国象棋竞赛规则, 2011 edition, quoted
  on Chinese rules pages such as http://198.12.123.165:9000/Skiing/22535571.html): a draw
  "符合自然限着的回合规定，即在连续60个回合中（也可根据比赛等级酌减），双方都没有吃过一个棋子"
  — no capture by either side in 60 consecutive moves (which events may lower). Chosen here:
  it is the governing body's number, and the longest, so no game ends sooner than there.
- Xiangqi.cc (judged by the Asian rules): a draw after 50 moves by each side (100 plies)
  without a capture (https://xiangqi-cc.software.informer.com/).
- Fairy-Stockfish's ``xiangqi`` keeps the engine's default ``nMoveRule = 50`` (50 moves by
  each side; only captures reset it, since soldiers are not pawns there).
- Xiangqi.com enforces its "move limits" (https://www.xiangqi.com/help/limits) for perpetual
  check, chase and idle repetition; the ICCS guide (http://www.ithaca.edu/ic3/chess_rules.htm)
  suggests a 30-move progress rule that also counts soldier advances. Both are stricter than
  the governing body.

Notation: ICCS coordinates (``h2e2``), WXF (``C2.5``) and Chinese (``炮二平五``); see
``rules.xiangqi.notation``. Records: ``rules.xiangqi.record``.
"""

from __future__ import annotations

from rules.xiangqi.position import XiangqiPosition
from rules.xiangqi.variant import START_FEN, XIANGQI, XiangqiVariant

__all__ = ["START_FEN", "XIANGQI", "XiangqiPosition", "XiangqiVariant"]
