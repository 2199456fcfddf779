"""The xiangqi chase rule (``rules.xiangqi.chase``): which moves chase, and who loses a cycle.

Cycles are checked against Fairy-Stockfish (pyffish, a dev-time oracle: the product never uses
it) when it is installed; the expected results below are what it answered, except where the
chase module's docstring says Postal follows the rule and Fairy-Stockfish does not.
"""

from __future__ import annotations

import random

import pytest

from rules import Color, Game, Outcome, Termination
from rules.core import Move
from rules.records import ReadGame
from rules.xiangqi import XIANGQI
from rules.xiangqi.chase import chased_by
from tests.rules.xiangqi.boards import fen_of

# --- which moves chase -----------------------------------------------------------------------


def chased(fen: str, move: str) -> list[str]:
    before = XIANGQI.from_fen(fen)
    played = before.parse_move(move)
    after = before.play(played)
    return sorted(XIANGQI.square_name(sq) for sq in chased_by(before, played, after))


@pytest.mark.parametrize(
    ("pieces", "move", "expected", "why"),
    [
        ({"a4": "R", "c5": "n"}, "a4a5", ["c5"], "a new attack on an unprotected horse"),
        ({"a4": "R", "c5": "n", "e7": "b"}, "a4a5", [], "the elephant protects the horse"),
        ({"a1": "N", "c5": "r", "e7": "b"}, "a1b3", ["c5"], "a horse on a chariot, protected"),
        ({"b5": "P", "c6": "n"}, "b5b6", [], "a soldier may attack freely"),
        ({"a5": "R", "c6": "p"}, "a5a6", [], "a soldier that has not crossed is fair game"),
        ({"a3": "R", "c4": "p"}, "a3a4", ["c4"], "a soldier that has crossed can be chased"),
        ({"a4": "R", "c5": "r"}, "a4a5", [], "chariot against chariot: either may take"),
        ({"a0": "R", "a7": "n"}, "a0a1", [], "sliding along the line: no new threat"),
        ({"a4": "R", "c5": "n"}, "e0f0", [], "the general's step attacks nothing new"),
    ],
)
def test_which_moves_chase(
    pieces: dict[str, str], move: str, expected: list[str], why: str
) -> None:
    assert chased(fen_of(pieces), move) == expected, why


def test_a_discovered_attack_chases() -> None:
    """A horse stepping off a chariot's line uncovers its attack on an unprotected cannon."""
    fen = fen_of({"a2": "R", "a4": "N", "a7": "c"})
    assert chased(fen, "a4b6") == ["a7"]


CHECK_FEN = "4k4/9/4b4/9/2c6/9/1N7/9/R8/3K5 w - - 0 1"


def test_a_check_does_not_take_a_pieces_protection_away() -> None:
    """a1a9 checks; the horse's attack on the c5 cannon, which the e7 elephant could take
    back but for the check, is no chase; the quiet a1a2 chases nothing either."""
    position = XIANGQI.from_fen(CHECK_FEN)
    assert position.play(position.parse_move("a1a9")).is_check()
    assert chased(CHECK_FEN, "a1a9") == []
    assert chased(CHECK_FEN, "a1a2") == []


def test_a_check_that_newly_attacks_an_unprotected_piece_is_also_a_chase() -> None:
    """The horse checks from b8 and forks the unprotected cannon on d7: check and chase."""
    fen = fen_of({"a6": "N", "d7": "c"})
    position = XIANGQI.from_fen(fen)
    assert position.play(position.parse_move("a6b8")).is_check()
    assert chased(fen, "a6b8") == ["d7"]


# --- cycles ----------------------------------------------------------------------------------

ISSUE_FEN = "2bakr3/9/3a5/4P1r2/9/9/9/9/2n1K4/5AB2 b - - 0 1"
ISSUE_MOVES = "g6e6 e1d1 e6g6 g0e2 g6e6 e2g0 e6g6 g0e2 g6e6 e2g0"

# (FEN, ICCS moves of a cycle played twice, termination, winner) — Fairy-Stockfish agrees.
CYCLES = [
    (
        "2ba1a1Cr/r3kn3/nR6b/p3p1p2/2p1c3p/4C3c/P1P1P1P2/2NR4B/9/2BAKA3 w - - 30 27",
        "b7d7 a7c6 d7b7 c6a7",
        Termination.PERPETUAL_CHASE,
        Color.BLACK,
    ),
    (
        "R2a2b1r/4a4/2rkb4/2p1pn2p/9/p5p1C/2P1P3P/7CB/4A4/3A1KBNR b - - 1 28",
        "e8f7 h2h4 f7e8 h4h2",
        Termination.PERPETUAL_CHASE,
        Color.BLACK,
    ),
    (
        "r1ba1aC2/3k2n1r/4b4/n1pPp1p1p/p4c1R1/P8/1R4P1P/2NAB1c1N/9/3AK1B2 b - - 23 24",
        "f5f2 h5g5 f2f5 g5h5",
        Termination.PERPETUAL_CHASE,
        Color.WHITE,
    ),
    (
        "2ra1abnr/4k4/9/2p3p1p/2nC2P2/p1P5P/cc2PN3/N3B3C/R3A4/2BA1K2R w - - 1 28",
        "i0g0 b3b8 g0i0 b8b3",
        Termination.PERPETUAL_CHASE,
        Color.WHITE,
    ),
    (
        "rn1akabnr/9/4b2c1/p1p1p1p2/1c6p/1C4P2/P1P1P2CP/R8/8R/1NBAKABN1 w - - 10 6",
        "b4b2 b5h5 b2b4 h5b5",
        Termination.PERPETUAL_CHASE,
        Color.WHITE,
    ),
    (
        "2bak1b2/9/n4a3/p2Ppnp1C/4P4/9/P5P1P/R7C/4r3R/1NB1K2N1 w - - 0 22",
        "e0f0 e1f1 f0e0 f1e1",
        Termination.PERPETUAL_CHECK,
        Color.WHITE,
    ),
    # One side checks throughout while the other chases: the checking side loses.
    (
        "2ba3nr/4k4/n3ba1Rr/p5p1p/C2cp4/1N1pP3P/P2R1cP2/4B4/3K5/2BA5 b - - 25 32",
        "d4c4 d3c3 c4d4 c3d3",
        Termination.PERPETUAL_CHECK,
        Color.WHITE,
    ),
    (
        "1n1a1abn1/5k3/r5R2/pCp2c3/2P1p3p/PN6P/4Pp3/8B/4AR3/2BA1K3 b - - 12 35",
        "f3g3 f1g1 g3f3 g1f1",
        Termination.PERPETUAL_CHECK,
        Color.WHITE,
    ),
    # Neither checks nor chases: a draw.
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "h0g2 h9g7 g2h0 g7h9",
        Termination.REPETITION,
        None,
    ),
]

# Where Postal follows the rule as stated and Fairy-Stockfish differs (see ``chase``).
DIFFERENCES = [
    # A cannon sliding along its file keeps threatening d9 (not new): Fairy-Stockfish: red loses.
    (
        "3a2bnr/r2ka3c/2nCb4/2p5p/6p2/p5B2/P1P1p1P1P/2NRB1N2/5K2C/3A1A2R w - - 18 20",
        "d7d3 i8h8 d3d7 h8i8",
        Termination.REPETITION,
        None,
    ),
    # Black's chariot moving off f7 takes the red cannon's screen away, so f0 loses its
    # protection: a chase for Postal; Fairy-Stockfish: a draw.
    (
        "1r1aka1n1/C4C3/b3br3/p3p1p1p/P1p6/2P3Bc1/6P1P/N8/R2n5/1R1AKABNc w - - 18 33",
        "h0i2 f7g7 i2h0 g7f7",
        Termination.PERPETUAL_CHASE,
        Color.WHITE,
    ),
    # Red's cannon leaving b7 was the screen of the black cannon protecting b9 (chase), then
    # attacks b9 itself (chase): red chases b9 throughout; Fairy-Stockfish: a draw.
    (
        "1nbak1bn1/1R2a4/rC5r1/p1p3p1p/9/5pP1P/P1P6/N6cB/4K1C2/R1BA1c3 b - - 11 23",
        "h2b2 b7f7 b2h2 f7b7",
        Termination.PERPETUAL_CHASE,
        Color.BLACK,
    ),
    # The red elephant leaving e2 leaves the black horse alone between the generals, so it
    # can no longer take back on g4 (chase); back on e2 it attacks the cannon (chase): red
    # chases g4 throughout; Fairy-Stockfish sees no flying-general pin: a draw.
    (
        "n3k4/9/6R2/9/4n4/6c2/9/4B4/9/4K4 w - - 0 1",
        "e2c0 a9b7 c0e2 b7a9",
        Termination.PERPETUAL_CHASE,
        Color.BLACK,
    ),
    # The red horse on e5 is red's only piece between the generals, but the black elephant on
    # e7 stands there too: the horse is not pinned and protects f7, so black's h6h7 chases
    # nothing; Fairy-Stockfish counts the horse as pinned: black loses.
    (
        "r1b1ka3/2C6/2nab2r1/p1p2C3/P3N1P2/8p/2P4cP/B1RA2p2/2N5R/4KAB2 b - - 10 33",
        "h7h6 f6f7 h6h7 f7f6",
        Termination.REPETITION,
        None,
    ),
    # Both sides chase throughout: red g4 (the flying-general pin above, then the elephant),
    # black a2 (a horse becoming the cannon's screen, then attacking itself): a draw;
    # Fairy-Stockfish sees only black's chase: black loses.
    (
        "4k4/c8/6R2/9/4n4/6c2/2n6/R3B4/9/4K4 w - - 0 1",
        "e2c0 c3a4 c0e2 a4c3",
        Termination.REPETITION,
        None,
    ),
]


# Red checks with every other move (e4d4) and chases nothing: no perpetual check, no chase.
CHECK_CYCLE_FEN = "4ka3/4a4/c1P1b1N2/8p/1P1r5/4CR3/4P3P/N8/4AK2c/2BA2r2 b - - 11 42"
CHECK_CYCLE = "e9d9 e4d4 d9e9 d4e4 e9d9 e4d4 d9e9 d4e4"


def test_a_check_on_every_other_move_is_no_perpetual_chase() -> None:
    """A real game: red's checks would have made every attacked piece look unprotected and
    red lose by perpetual chase; it is a draw (Fairy-Stockfish: a draw)."""
    game = Game("xiangqi", CHECK_CYCLE_FEN)
    for move in CHECK_CYCLE.split():
        assert game.outcome() is None
        game = game.play(move)
    assert game.outcome() == Outcome(Termination.REPETITION, None)


def play_cycle(fen: str, cycle: str) -> Game:
    game = Game("xiangqi", fen)
    for move in (cycle.split() * 2)[:-1]:
        game = game.play(move)
        assert game.outcome() is None
    return game.play(cycle.split()[-1])


def test_the_issue_cycle_is_lost_by_the_chasing_side() -> None:
    """Black's chariot chases the unprotected red elephant: black loses at the third
    occurrence (Postal drew it before; Fairy-Stockfish: black loses)."""
    game = Game("xiangqi", ISSUE_FEN)
    for move in ISSUE_MOVES.split():
        assert game.outcome() is None
        game = game.play(move)
    assert game.outcome() == Outcome(Termination.PERPETUAL_CHASE, Color.WHITE)


def test_a_record_of_the_issue_cycle_reads_on_and_reports_the_chase() -> None:
    text = f'[FEN "{ISSUE_FEN}"]\n\n{ISSUE_MOVES} e6g6 *'
    (found,) = XIANGQI.read_games(text)
    assert isinstance(found, ReadGame) and found.played_past_ending
    assert found.ending is not None
    assert (found.ending.ply, found.ending.outcome) == (
        10,
        Outcome(Termination.PERPETUAL_CHASE, Color.WHITE),
    )


@pytest.mark.parametrize(("fen", "cycle", "termination", "winner"), CYCLES + DIFFERENCES)
def test_cycles(fen: str, cycle: str, termination: Termination, winner: Color | None) -> None:
    assert play_cycle(fen, cycle).outcome() == Outcome(termination, winner)


def test_the_history_form_of_the_rules_agrees() -> None:
    """``variant.outcome(positions)`` (a list of positions, no game) judges chases alike."""
    game = play_cycle(*CYCLES[0][:2])
    assert XIANGQI.outcome(game.positions) == game.outcome()


# --- the oracle ------------------------------------------------------------------------------


def fairy(move: str) -> str:
    """ICCS to Fairy-Stockfish's coordinates (ranks 1 to 10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def fairy_outcome(fen: str, moves: list[str]) -> tuple[bool, int]:
    sf = pytest.importorskip("pyffish")
    ended, value = sf.is_optional_game_end("xiangqi", fen, [fairy(m) for m in moves])
    return bool(ended), int(value)


def as_fairy(game: Game) -> tuple[bool, int]:
    """Postal's outcome as Fairy-Stockfish states it: (ended, value for the side to move)."""
    outcome = game.outcome()
    if outcome is None:
        return False, 0
    if outcome.winner is None:
        return True, 0
    return True, 32000 if outcome.winner is game.position.side_to_move else -32000


@pytest.mark.parametrize(("fen", "cycle", "termination", "winner"), CYCLES)
def test_fairy_stockfish_agrees_on_the_listed_cycles(
    fen: str, cycle: str, termination: Termination, winner: Color | None
) -> None:
    game = play_cycle(fen, cycle)
    assert fairy_outcome(fen, game.uci_moves()) == as_fairy(game)


@pytest.mark.parametrize(("fen", "cycle", "termination", "winner"), DIFFERENCES)
def test_fairy_stockfish_differs_where_the_docstring_says(
    fen: str, cycle: str, termination: Termination, winner: Color | None
) -> None:
    """Each difference the chase module documents is real: Fairy-Stockfish judges the
    cycle otherwise."""
    game = play_cycle(fen, cycle)
    assert fairy_outcome(fen, game.uci_moves()) != as_fairy(game)


def test_fairy_stockfish_agrees_on_the_issue_cycle() -> None:
    game = Game("xiangqi", ISSUE_FEN).extended(ISSUE_MOVES.split())
    assert fairy_outcome(ISSUE_FEN, ISSUE_MOVES.split()) == as_fairy(game) == (True, -32000)


def test_fairy_stockfish_agrees_on_the_check_cycle() -> None:
    game = Game("xiangqi", CHECK_CYCLE_FEN).extended(CHECK_CYCLE.split())
    assert fairy_outcome(CHECK_CYCLE_FEN, CHECK_CYCLE.split()) == as_fairy(game) == (True, 0)


def test_fairy_stockfish_agrees_on_random_cycles() -> None:
    """Random positions, a random two-move shuffle played twice: the same verdict, except in
    the kinds of cycle the chase module's docstring explains."""
    pytest.importorskip("pyffish")
    rng = random.Random(20261123)
    verdicts: dict[str, int] = {}
    disagreements = []
    while sum(verdicts.values()) < 150:
        game = Game("xiangqi")
        for _ in range(rng.randint(10, 60)):
            moves = game.position.legal_moves()
            if game.outcome() is not None:
                break
            game = game.play(rng.choice(moves))
        start = game.position
        quiet = [m for m in start.legal_moves() if not start.is_capture(m)]
        if game.outcome() is not None or not quiet:
            continue
        first = rng.choice(quiet)
        answers = [
            m for m in start.play(first).legal_moves() if not start.play(first).is_capture(m)
        ]
        if not answers:
            continue
        second = rng.choice(answers)
        cycle = [first, second, Move(first[1], first[0]), Move(second[1], second[0])] * 2
        try:
            played = Game("xiangqi", start).extended(cycle)
        except ValueError:
            continue  # the way back is not legal
        expected = fairy_outcome(start.fen(), played.uci_moves())
        outcome = played.outcome()
        verdicts[outcome.termination.value if outcome else "none"] = (
            verdicts.get(outcome.termination.value if outcome else "none", 0) + 1
        )
        if as_fairy(played) != expected:
            disagreements.append((start.fen(), played.uci_moves(), outcome, expected))
    assert len(disagreements) <= 1, disagreements
