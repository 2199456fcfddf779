"""The rules CLI contract in docs/CONTRACTS.md: perft, legal and game (chess)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.__main__ import main

REPO = Path(__file__).resolve().parents[2]
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(argv, io.StringIO(stdin), out)
    return status, out.getvalue()


def game(stdin: str, *extra: str) -> tuple[int, dict[str, object]]:
    status, out = run(["game", *extra], stdin)
    assert out.count("\n") == 1, "one JSON object on one line"
    return status, json.loads(out)


# --- perft -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "depth", "nodes"),
    [("startpos", "3", 8902), (KIWIPETE, "2", 2039), ("startpos", "0", 1)],
)
def test_perft_prints_one_integer(fen: str, depth: str, nodes: int) -> None:
    """`perft FEN DEPTH` prints the leaf count and nothing else."""
    assert run(["perft", fen, depth]) == (0, f"{nodes}\n")
    assert run(["perft", fen, depth, "--variant", "chess"]) == (0, f"{nodes}\n")


def test_perft_with_a_bad_fen_fails(capsys: pytest.CaptureFixture[str]) -> None:
    """An invalid FEN exits with status 2 and an error on stderr, nothing on stdout."""
    assert run(["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"]) == (2, "")
    assert capsys.readouterr().err.startswith("error: invalid FEN")
    assert run(["perft", "startpos", "-1"]) == (2, "")


MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"  # any depth: 0


@pytest.mark.parametrize(
    ("fen", "depth"), [("startpos", "-1"), ("startpos", "99999999999"), (MATED, "21")]
)
def test_perft_depth_out_of_range_is_one_line_and_status_2(
    fen: str, depth: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A depth the count could never reach (it used to end in a RecursionError) is refused."""
    assert run(["perft", fen, depth]) == (2, "")
    err = capsys.readouterr().err
    assert err == f"error: depth {depth} is out of range: it must be 0 to 20\n"
    assert run(["perft", MATED, "20"]) == (0, "0\n")


def test_unknown_variant_is_a_usage_error() -> None:
    """An unsupported --variant is refused by the argument parser."""
    with pytest.raises(SystemExit) as info:
        run(["perft", "startpos", "1", "--variant", "shogi"])
    assert info.value.code == 2


# --- legal -----------------------------------------------------------------------------------


def test_legal_prints_uci_moves_per_fen_line() -> None:
    """Each FEN line gets one output line of space-separated UCI moves."""
    status, out = run(["legal"], f"startpos\n{KIWIPETE}\n")
    assert status == 0
    lines = out.split("\n")
    assert lines[2] == "" and len(lines) == 3
    start_moves = lines[0].split(" ")
    assert len(start_moves) == 20 and "e2e4" in start_moves and "g1f3" in start_moves
    assert len(lines[1].split(" ")) == 48 and "e1g1" in lines[1].split(" ")


def test_legal_with_san() -> None:
    """--san prints the moves in SAN."""
    status, out = run(["legal", "--san"], "startpos\n4k3/4P3/4K3/8/8/8/8/8 w - - 0 1\n")
    assert status == 0
    first, second = out.splitlines()
    assert set(first.split(" ")) >= {"e4", "Nf3", "a3", "Nh3"}
    assert "e2e4" not in first
    assert set(second.split(" ")) == {"Kd5", "Ke5", "Kf5", "Kd6", "Kf6"}


def test_legal_reports_a_bad_fen_and_goes_on() -> None:
    """An invalid FEN prints `error: …` on its own line; later lines are still answered, and
    the status is 2 as for perft and game."""
    status, out = run(["legal"], "not a fen\nstartpos\n")
    assert status == 2
    error, moves = out.splitlines()
    assert error.startswith("error: ") and "not a fen" in error
    assert len(moves.split(" ")) == 20


def test_legal_prints_an_empty_line_when_there_is_no_move() -> None:
    """A mated position has no legal move: its line is empty."""
    mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert run(["legal"], mated + "\n") == (0, "\n")


# --- game ------------------------------------------------------------------------------------


def test_game_prints_the_json_report() -> None:
    """Moves in any notation are played; the JSON has fen, uci, san, outcome and claimable."""
    status, report = game("e4 e7e5\nng1f3  Nc6\n")
    assert status == 0
    assert report == {
        "fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "uci": ["e2e4", "e7e5", "g1f3", "b8c6"],
        "san": ["e4", "e5", "Nf3", "Nc6"],
        "outcome": {"result": "*", "termination": None},
        "claimable": [],
    }


def test_game_reports_checkmate() -> None:
    """A mating sequence ends with result 0-1 and termination checkmate."""
    status, report = game("f3 e5 g4 Qh4#")
    assert status == 0
    assert report["outcome"] == {"result": "0-1", "termination": "checkmate"}
    assert report["san"] == ["f3", "e5", "g4", "Qh4#"]


def test_game_reports_the_xiangqi_move_limit() -> None:
    """The 120th ply without a capture in xiangqi is reported as a draw, sixty_moves."""
    fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 1"
    status, report = game("a1a2", "--variant", "xiangqi", "--fen", fen)
    assert status == 0
    assert report["outcome"] == {"result": "1/2-1/2", "termination": "sixty_moves"}


def test_game_reports_claimable_draws() -> None:
    """A threefold repetition is listed as claimable while the game goes on."""
    status, report = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
    assert status == 0
    assert report["claimable"] == ["threefold_repetition"]
    assert report["outcome"] == {"result": "*", "termination": None}


def test_game_from_a_fen() -> None:
    """--fen starts the game from that position."""
    status, report = game("Kd7 e4", "--fen", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30")
    assert status == 0
    assert report["san"] == ["Kd7", "e4"]
    assert report["fen"] == "8/3k4/8/8/4P3/8/8/4K3 b - e3 0 31"


def test_game_stops_at_a_bad_move_with_status_2() -> None:
    """A bad move prints {"error", "ply", "move"} and exits with status 2."""
    status, report = game("e4 e5 Ke3 Nc6")
    assert status == 2
    assert set(report) == {"error", "ply", "move"}
    assert report["ply"] == 3 and report["move"] == "Ke3"
    assert "Ke3" in str(report["error"])
    status, report = game("e4 zz9")
    assert (status, report["ply"], report["move"]) == (2, 2, "zz9")


def test_game_with_a_bad_fen_fails_with_status_2() -> None:
    """An invalid --fen is reported as an error object, status 2."""
    status, report = game("e4", "--fen", "nonsense")
    assert status == 2 and "error" in report


def shell(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m rules ARGV`` run as a program, ``stdin`` piped in."""
    return subprocess.run(
        [sys.executable, "-m", "rules", *argv],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_cli_runs_as_a_module() -> None:
    """`python -m rules` works from a shell: output on stdout, status as the exit code
    (`echo "not a fen" | python -m rules legal` exits 2, like perft and game)."""
    done = shell("perft", "startpos", "2")
    assert (done.returncode, done.stdout) == (0, "400\n")
    done = shell("game", stdin="e4 e4")
    assert done.returncode == 2
    assert json.loads(done.stdout)["move"] == "e4"
    done = shell("legal", stdin="not a fen\n")
    assert done.returncode == 2 and done.stdout.startswith("error: ")


def test_legal_answers_every_input_line_so_output_zips_with_input() -> None:
    """A blank input line gets an error line, so output line N answers input line N."""
    status, out = run(["legal"], "startpos\n\n8/8/8/8/8/8/8/k6K w - - 0 1\n")
    lines = out.splitlines()
    assert status == 2
    assert len(lines) == 3
    assert lines[0].startswith("b1c3 ")
    assert lines[1].startswith("error: ")
    assert lines[2].startswith("h1")


# --- chess960 --------------------------------------------------------------------------------

CHESS960_READY = "4k2r/8/8/8/8/8/8/RK5R w HAh - 0 1"


def test_chess960_perft_counts_castling_by_the_king_taking_its_rook() -> None:
    """`perft --variant chess960` reads Shredder-FEN and counts Chess960 castling."""
    scharnagl = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    assert run(["perft", scharnagl, "3", "--variant", "chess960"]) == (0, "12189\n")
    assert run(["perft", "startpos", "3", "--variant", "chess960"]) == (0, "8902\n")


def test_chess960_legal_lists_castling_as_king_takes_rook() -> None:
    """`legal --variant chess960` lists castling as b1a1/b1h1, O-O-O/O-O with --san."""
    status, out = run(["legal", "--variant", "chess960"], CHESS960_READY + "\n")
    assert status == 0 and out.split()[-2:] == ["b1a1", "b1h1"]
    status, out = run(["legal", "--variant", "chess960", "--san"], CHESS960_READY + "\n")
    assert status == 0 and out.split()[-2:] == ["O-O-O", "O-O"]
    # Standard chess has no rights to read from a Shredder-FEN field.
    assert run(["legal"], CHESS960_READY + "\n")[0] == 2


def test_chess960_game_writes_fens_as_python_chess() -> None:
    """`game --variant chess960` plays O-O and reports the X-FEN python-chess writes."""
    status, report = game("O-O Kd7", "--variant", "chess960", "--fen", CHESS960_READY)
    assert status == 0
    assert report["uci"] == ["b1h1", "e8d7"] and report["san"] == ["O-O", "Kd7"]
    assert report["fen"] == "7r/3k4/8/8/8/8/8/R4RK1 w - - 2 2"


# --- janggi ----------------------------------------------------------------------------------


def test_janggi_perft_is_fairy_stockfish_s() -> None:
    """`perft --variant janggi` counts as Fairy-Stockfish's `go perft` (start: 32, 1024,
    33000), the passes included."""
    assert run(["perft", "startpos", "3", "--variant", "janggi"]) == (0, "33000\n")
    fsf_start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    assert run(["perft", fsf_start, "2", "--variant", "janggi"]) == (0, "1024\n")


def test_janggi_legal_lists_coordinates_or_korean_notation_with_the_pass_last() -> None:
    """`legal --variant janggi` writes Fairy-Stockfish's coordinates, `--san` Korean."""
    status, out = run(["legal", "--variant", "janggi"], "startpos\n")
    assert status == 0 and out.split()[:2] == ["a1a2", "a1a3"] and out.split()[-1] == "e2e2"
    status, out = run(["legal", "--variant", "janggi", "--san"], "startpos\n")
    assert status == 0 and "79졸78" in out.split() and out.split()[-1] == "한수쉼"
    assert run(["legal", "--variant", "janggi"], "startpos\nnot a fen\n")[0] == 2


def test_janggi_game_ends_on_two_passes_by_counting() -> None:
    """`game --variant janggi` reads both notations and passes; two passes end the game by
    counting, which Han wins on an even board (its 1.5 points)."""
    status, report = game("79졸78 b10c8 pass 한수쉼", "--variant", "janggi")
    assert status == 0
    assert report["uci"] == ["i4h4", "b10c8", "e2e2", "e9e9"]
    assert report["san"] == ["79졸78", "12마33", "한수쉼", "한수쉼"]
    assert report["outcome"] == {"result": "0-1", "termination": "double_pass"}
    status, report = game("79졸78 pass 한수쉼 a1a2", "--variant", "janggi")
    assert status == 2 and report["ply"] == 4 and report["move"] == "a1a2"
