"""Janggi (Korean chess) for Postal's rules engine.

The rules are those the Korea Janggi Association (대한장기협회) plays, and where its rules
leave room or are not stated in a form a program can follow, those of Fairy-Stockfish's
``janggi`` variant (``janggi_variant()`` in its ``src/variant.cpp``; endings in
``Position::is_immediate_game_end`` / ``is_optional_game_end`` and
``material_counting_result`` in ``src/position.cpp`` and ``src/position.h``), which is the
test oracle (``tests/rules/janggi``). Each choice, with its source:

- Board: 9 files × 10 ranks, no river; WHITE is Cho (초, blue/green, moves first, FEN
  uppercase, ranks 1–4 at the start), BLACK is Han (한, red). Squares are named as
  Fairy-Stockfish names them, ``a1`` … ``i10``.
- The palace (3 × 3 points on files d–f) has two diagonals; the points they join are the
  four corners and the centre (Fairy-Stockfish's ``diagonalLines``). General and guards stay
  in their palace and step one point along any of its lines. Chariots slide, cannons jump,
  and soldiers step forward-diagonally along the diagonals, in either palace.
- Chariot: any distance along a file, a rank or a palace diagonal.
- Cannon: moves and captures only by jumping exactly one piece (the screen), along a file,
  a rank or a palace diagonal; the screen may not be a cannon, a cannon never captures a
  cannon, and it may not pass a cannon after its screen.
- Horse: one step orthogonally, then one diagonally outward; blocked by a piece on the
  first point. Elephant: one step orthogonally, then two diagonally outward (the 1 + 2
  move); blocked by a piece on either point passed. Both go anywhere (no river).
- Soldier: one step forward or sideways anywhere, never back; forward-diagonally along a
  palace diagonal.
- Generals may face each other on an open file (no flying-general rule): that is bikjang
  (빅장). The side to move in bikjang must break it or pass; a move that leaves the
  generals facing is illegal for it (Fairy-Stockfish's ``bikjangRule``).
- Passing (한수쉼): a side may pass instead of moving when not in check, and always while in
  bikjang (even in check), as Fairy-Stockfish models it. The pass is written as the general's
  square twice (``e2e2``, Fairy-Stockfish's UCI) and is ``Move(k, k)`` in the API; a
  record's null move reads as a pass.
- Endings, all automatic (a correspondence game must end, and Fairy-Stockfish judges them
  without a claim; ``rules.janggi.endings``):
  checkmate loses (there is no stalemate: out of check a side can always pass); a pass
  answered by a pass ends the game, and so does a pass while the generals face each other
  (bikjang not broken); 100 plies without a capture end it (Fairy-Stockfish's n-move rule,
  its default 50 moves a side, kept for janggi); the third occurrence of a position (same
  placement and side to move) is lost by a side that gave check with every one of its moves
  since the first occurrence (``perpetualCheckIllegal``). Every other such ending — double
  pass, bikjang, the move limit, repetition — is decided by counting, never drawn.
  Where both apply, the move limit is judged before repetition, as Fairy-Stockfish orders
  them (the same counting decides both unless the repetition is a perpetual check).
- Counting (Fairy-Stockfish's ``JANGGI_MATERIAL``): chariot 13, cannon 7, horse 5,
  elephant 3, guard 3, soldier 2, and 1.5 for Han (덤, the second player's compensation); the
  side with more points wins, which with the half point can never be a tie. The
  association's rules count the same points; a game between people ends by counting only
  when the players or the arbiter call it, which a correspondence game has no one to do.
- Setups: each side chooses its horse/elephant arrangement before the game (마상마상,
  마상상마, 상마마상, 상마상마), named from the player's own left as Korean players and
  pychess-variants' janggi guide name them (왼상 = 상마상마 has the elephant outside on the
  player's left); ``Setup`` and ``start_fen``. Fairy-Stockfish's start is 마상상마 for both.
- Out of scope: Kakao Janggi's and Fairy-Stockfish's ``janggimodern`` move-repetition rule,
  and the association's 장군/멍군 announcements (accepted and ignored in input).

FEN: as Fairy-Stockfish writes it (``rules.janggi.fen``). Notation: coordinates and the
Korean numeric notation ``79졸78`` (``rules.janggi.notation``).
"""

from __future__ import annotations

from rules.janggi.position import JanggiPosition
from rules.janggi.variant import JANGGI, START_FEN, JanggiVariant, Setup, start_fen

__all__ = ["JANGGI", "START_FEN", "JanggiPosition", "JanggiVariant", "Setup", "start_fen"]
