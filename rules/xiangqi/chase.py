"""The chase rule: which moves chase a piece, and which side chased throughout a cycle.

The Asian (AXF) rules forbid perpetually chasing (長捉) a piece as they forbid perpetual check:
when a position occurs for the third time and one side chased the same piece with every one
of its moves since the first of those occurrences, while the other side did not, the chasing
side loses. Rules followed here, as Fairy-Stockfish implements the AXF rules (its
``Position::chased`` and the repetition judgement; Postal's code is its own):

- **A chase** is a move after which one of the mover's pieces threatens to capture an enemy
  piece it did not threaten before the move: the moved piece (a chariot or cannon moving
  along a line does not newly threaten what stands on that line), a piece whose line the move
  opened (a discovered attack), or a piece whose target lost its protection by the move.
- **Exempt attackers:** the general and soldiers may attack freely; their attacks are never a
  chase. **Exempt targets:** the general (attacking it is a check, judged as perpetual check)
  and soldiers that have not crossed the river.
- **A threat** is a capture the attacker could make (its own general's safety aside, as a
  capture that loses the game is still a threat) of a piece that is *unprotected* — after the
  capture its owner could not legally take back on that square (a check set aside, below) —
  or *stronger* whatever its protection: a chariot attacked by a horse or cannon; a chariot,
  horse or cannon attacked by an advisor or elephant. Two pieces of one kind attacking each
  other is no chase (either may take), unless the attacked one cannot legally take back (it
  is pinned; a check is set aside here too).
- **Perpetual chase** in a cycle is chasing the *same* piece after every one of one's moves
  (the chased piece is followed as it moves). Perpetual check is judged first: when a side
  checks with every move, it loses (the other side's chasing does not matter), both checking
  perpetually draws; otherwise, one side chasing perpetually loses, both chasing draws, and a
  cycle with neither is a draw.

**A check is not a chase; a check may also be a chase.** The Asian rules judge checks first:
"Under any circumstance, the side that perpetually checks with one piece or several pieces
will be ruled to lose" (rule 6), and "'One check one chase' or 'several checks and one chase'
should be ruled as a draw" (rule 12). So a checking move is a check; it is *also* a chase of a
piece it newly threatens that is unprotected, as a chase stays a chase whatever else the move
does (rule 36: a chase that is also an offer to exchange "still constitutes a perpetual
chase"); H. G. Muller's reading of the rules (option 1, "ignore checking moves", "contradicts
Asia rules") and Fairy-Stockfish agree. What a check must not do is make pieces look
unprotected: while in check the other side cannot legally take anything back, so protection
is judged with the check set aside (Muller's "fictionally resolve the check"): a piece is
protected if its owner could take back but for the check already given (the checking pieces
still block lines and screen cannons; a pinned protector still does not protect). Hence:

- a side checking with every move loses by perpetual check, whatever it also chases;
- a check that threatens a *protected* piece is only a check: checking every other move
  and quiet moves in between is a draw (rule 12), not a perpetual chase;
- a check that threatens the same *unprotected* piece the side's other moves chase keeps the
  chase going: perpetual chase.

Not implemented (as in Fairy-Stockfish): the rule book's idle-move subtleties (a move that
only threatens mate is no chase here, rule 9 agrees).

Sources: the Asian rules' English translation by Eric Wu (Hong Kong Chinese Chess
Association's committee of referees; http://www.wxf.org/xq/rule/asia/, the rule numbers above);
H. G. Muller's and P. Nguyen's account of how the Asian rules judge a chase, worked
out for engines ("Perpetual chasing in Xiangqi", TalkChess, August 2010,
https://talkchess.com/forum3/viewtopic.php?p=367311: a chase is a capture possible after the
move that was not possible, or not of an unprotected piece, before it; king and pawn attacks
and mutual attacks of equal pieces excluded; a rook counts as unprotected against a cannon or
horse); Xiangqi.com's help on move limits (https://www.xiangqi.com/help/limits); and
Fairy-Stockfish's implementation (pyffish 0.0.90), the oracle of
``tests/rules/xiangqi/test_xiangqi_chase.py``. On the issue's cycle and on 8,700 random
repetition cycles (4,700, then 4,000 after checks were settled: 5 differ) Postal and
Fairy-Stockfish agree except in the kinds below, where Fairy-Stockfish's bitboard shortcuts
differ from the rule as stated above and Postal follows the rule (each has a cycle in
``DIFFERENCES`` of the tests, with Postal's verdict, checked to differ from Fairy-Stockfish's):

- **A slide along a line.** A chariot or cannon sliding along a line while still threatening
  a piece on it (the threat is not new) is a chase for Fairy-Stockfish when the slide changes
  which square a piece blocks a line to the general from, or when the slider counts as
  discovering itself. Postal: no chase (the threat is not new).
- **Protection lost through a moved cannon screen.** Moving the screen of the cannon that
  protects a piece (either side's screen) leaves the piece unprotected: a chase for Postal, as
  the rule book's appendix says of taking protection away: "Red keeps moving its Pawn to keep
  the Black Knight 'unprotected'. This constitutes the Red Rook perpetually chasing the
  unprotected Black Knight." Fairy-Stockfish only notices lost protection when a protector
  becomes pinned by a chariot or cannon.
- **Protection lost through a flying-general pin.** A move that leaves one of the other side's
  pieces alone between the generals pins it (it may not leave the file), so what it protected
  is unprotected: a chase for Postal ("If one side cannot capture the other for some reason,
  the other side cannot perpetually chase it", rule 24: protection is a capture that can
  legally be made). Fairy-Stockfish's pin tracking knows no flying general, so it sees none.
  Conversely it counts a piece as pinned whenever it is its side's only piece on the file
  between the generals, even with an enemy piece between them too; Postal judges the
  recapture's legality, so such a piece still protects.
- **Both sides chasing in one cycle.** Perpetual chasing by both sides is a draw, as both
  sides checking is ("It is a draw when both sides keep checking", rule 7; both sides
  repeating forbidden moves is a draw). Fairy-Stockfish draws too when it sees both chases;
  where it misses one (the two kinds above) it gives the loss to the other side, and Postal
  draws.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Color, Move, Square
from rules.xiangqi.geometry import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    SOLDIER,
    file_of,
    on_own_side,
    rank_of,
)
from rules.xiangqi.movegen import pseudo_legal_moves
from rules.xiangqi.position import XiangqiPosition

# What each attacker threatens whatever its protection ("stronger" pieces).
_STRONGER = {
    HORSE: frozenset((CHARIOT,)),
    CANNON: frozenset((CHARIOT,)),
    ADVISOR: frozenset((CHARIOT, HORSE, CANNON)),
    ELEPHANT: frozenset((CHARIOT, HORSE, CANNON)),
}
_NONE: frozenset[int] = frozenset()


def chasers(start: XiangqiPosition, moves: Sequence[Move]) -> frozenset[Color]:
    """The sides that chased one same piece with every one of their moves of ``moves``, a
    cycle played from ``start`` (its first position, which recurs at its end)."""
    chased: dict[Color, set[Square] | None] = {Color.WHITE: None, Color.BLACK: None}
    before = start
    for move in moves:
        after = before.play(move)
        mover = before.side_to_move
        followed = chased[mover.other]  # the mover's pieces the other side chases
        if followed is not None and move.from_square in followed:
            followed.discard(move.from_square)
            followed.add(move.to_square)
        new = chased_by(before, move, after)
        kept = chased[mover]
        chased[mover] = set(new) if kept is None else kept & new
        before = after
    return frozenset(color for color, kept in chased.items() if kept)


def chased_by(before: XiangqiPosition, move: Move, after: XiangqiPosition) -> frozenset[Square]:
    """The squares of the pieces ``move`` chases (pieces of the side to move in ``after``)."""
    # The chaser's threats are captures it could make next: ask with the chaser to move.
    now = _threats(_turned(after))
    if not now:
        return frozenset()
    earlier = _threats(before)
    f, t = move[0], move[1]
    moved = abs(after.board[t])
    found = set()
    for attacker, target in now:
        if attacker == t:
            if moved in (CHARIOT, CANNON) and _on_line(f, t, target):
                continue  # it stood on that line before: no new threat
            found.add(target)
        elif (attacker, target) not in earlier:
            found.add(target)
    return frozenset(found)


def _threats(chaser: XiangqiPosition) -> set[tuple[Square, Square]]:
    """The (attacker, target) pairs the side to move in ``chaser`` threatens."""
    board = chaser.board
    red = chaser.side_to_move is Color.WHITE
    sign = 1 if red else -1
    found = set()
    for move in pseudo_legal_moves(board, red):
        f, t = move[0], move[1]
        attacker = board[f] * sign
        target = -board[t] * sign
        if target <= 0 or attacker == GENERAL or attacker == SOLDIER or target == GENERAL:
            continue
        if target == SOLDIER and on_own_side(t, not red):
            continue  # a soldier that has not crossed the river may be attacked freely
        if target in _STRONGER.get(attacker, _NONE):
            found.add((f, t))
        elif target == attacker and _can_answer(chaser, list(board), f, t):
            continue  # mutual attack: it may take first (a check set aside)
        elif not _protected(chaser, move):
            found.add((f, t))
    return found


def _protected(chaser: XiangqiPosition, capture: Move) -> bool:
    """Whether, after ``capture`` (made regardless of the chaser's own general), the other
    side could take back on the captured square (a check set aside: ``_can_answer``)."""
    f, t = capture[0], capture[1]
    board = list(chaser.board)
    board[t] = board[f]
    board[f] = 0
    return _can_answer(chaser, board, t)


def _can_answer(
    chaser: XiangqiPosition, board: list[int], target: Square, origin: Square | None = None
) -> bool:
    """Whether the side not to move in ``chaser`` has a move to ``target`` (from ``origin``
    if given) on ``board``: a legal one, or one legal but for the check the chaser is giving.

    The check is set aside by leaving the checking pieces where they are (they still block
    lines and screen cannons) but making them attack nothing: an advisor of the checking side
    stands in for each. The general's own steps then do not count, as the squares around it
    would look safer than they are."""
    if _answers(chaser, board, target, origin, set_aside=False):
        return True
    checkers = [sq for sq in _checkers(chaser) if board[sq] == chaser.board[sq]]
    if not checkers:
        return False
    stand_in = ADVISOR if chaser.side_to_move is Color.WHITE else -ADVISOR
    for square in checkers:
        board[square] = stand_in
    return _answers(chaser, board, target, origin, set_aside=True)


def _answers(
    chaser: XiangqiPosition,
    board: list[int],
    target: Square,
    origin: Square | None,
    *,
    set_aside: bool,
) -> bool:
    red = chaser.side_to_move is Color.WHITE
    general = chaser.king_square(chaser.side_to_move.other)
    generals = (chaser.king_square(Color.WHITE), chaser.king_square(Color.BLACK))  # never moved
    answer = XiangqiPosition._make(tuple(board), not red, 0, 1, generals)
    return any(
        move[1] == target
        and (origin is None or move[0] == origin)
        and not (set_aside and move[0] == general)
        for move in answer.legal_moves()
    )


def _checkers(chaser: XiangqiPosition) -> set[Square]:
    """The squares of the chaser's pieces that give check (the other side's general is
    attacked while the chaser is to move, as after a checking move)."""
    general = chaser.king_square(chaser.side_to_move.other)
    red = chaser.side_to_move is Color.WHITE
    return {move[0] for move in pseudo_legal_moves(chaser.board, red) if move[1] == general}


def _turned(position: XiangqiPosition) -> XiangqiPosition:
    """The same board with the other side to move."""
    return XiangqiPosition._make(
        position.board,
        position.side_to_move is not Color.WHITE,
        position.halfmove_clock,
        position.fullmove_number,
        (position.king_square(Color.WHITE), position.king_square(Color.BLACK)),
    )


def _on_line(f: Square, t: Square, target: Square) -> bool:
    if file_of(f) == file_of(t):
        return file_of(target) == file_of(f)
    return rank_of(target) == rank_of(f)


__all__ = ["chased_by", "chasers"]
