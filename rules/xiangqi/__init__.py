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
- Fairy-Stockfish's ``xiangqi`` (``Position::is_optional_game_end`` in its ``position.cpp``):
  50 moves by each side (100 plies) without a capture draw, lengthened by 2 plies for each
  check beyond 10 given since the last capture by the side that gave more of them (its
  reading of the AXF rule that checks do not count towards the limit, 10 allowed). Red giving
  14 checks and black 3: a draw at ply 108. Only captures reset the count (soldiers are not
  pawns there); a mate on the last ply still wins, and the limit is judged *before*
  repetition, so a perpetual check completed on the last ply is a draw there.
- Where Postal and Fairy-Stockfish differ: a game without a capture ends at Postal's 120
  plies and at Fairy-Stockfish's 100 + 2 × (checks − 10). With at most 10 checks by each side
  Fairy-Stockfish draws at ply 100, while Postal plays on to 120; with 11 to 19 it draws
  between plies 102 and 118; at 20 both end at 120; with more than 20 checks by one side
  Postal has drawn at 120 while Fairy-Stockfish plays on. Postal counts no checks because a
  correspondence game must end, and a side cannot keep a lost position alive by checking.
  On a perpetual check completed on the 120th ply Postal gives the loss (repetition first).
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
