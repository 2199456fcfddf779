"""PGN: exporting a chess game and reading one back (mainline, tags, clear errors)."""

from __future__ import annotations

import io
import itertools
import re
import threading
from pathlib import Path

import pytest

from rules import (
    Annotations,
    Color,
    Game,
    InvalidFenError,
    InvalidRecordError,
    Outcome,
    Termination,
)
from rules.chess import CHESS

DATA = Path(__file__).parent / "data"
OPERA_GAME = (DATA / "chess_opera_game.pgn").read_text(encoding="utf-8")
OPERA_MOVES = [
    "e4",
    "e5",
    "Nf3",
    "d6",
    "d4",
    "Bg4",
    "dxe5",
    "Bxf3",
    "Qxf3",
    "dxe5",
    "Bc4",
    "Nf6",
    "Qb3",
    "Qe7",
    "Nc3",
    "c6",
    "Bg5",
    "b5",
    "Nxb5",
    "cxb5",
    "Bxb5+",
    "Nbd7",
    "O-O-O",
    "Rd8",
    "Rxd7",
    "Rxd7",
    "Rd1",
    "Qe6",
    "Bxd7+",
    "Nxd7",
    "Qb8+",
    "Nxb8",
    "Rd8#",
]
SEVEN_TAGS = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def play(game: Game, moves: list[str]) -> Game:
    for move in moves:
        game = game.play(move)
    return game


def tag_names(pgn: str) -> list[str]:
    return re.findall(r'^\[(\w+) "', pgn, flags=re.MULTILINE)


def movetext(pgn: str) -> str:
    return pgn.split("\n\n", 1)[1]


# --- export ----------------------------------------------------------------------------------


def test_export_has_the_seven_tag_roster_in_order() -> None:
    """The first seven tags are Event, Site, Date, Round, White, Black, Result; extras follow
    (the opening's ECO and name, found by position, unless the caller gives them)."""
    game = play(Game("chess"), ["e4", "e5"])
    pgn = CHESS.write_record(game, {"ECO": "C99", "White": "Alice", "Black": "Bob"})
    assert tag_names(pgn) == [*SEVEN_TAGS, "ECO", "Opening"]
    assert '[ECO "C99"]' in pgn and '[Opening "King\'s Pawn Game"]' in pgn
    assert '[White "Alice"]' in pgn and '[Black "Bob"]' in pgn
    assert re.search(r'^\[Date "\d{4}\.\d\d\.\d\d"\]$', pgn, flags=re.MULTILINE)
    assert "SetUp" not in pgn and "FEN" not in pgn
    assert movetext(pgn) == "1. e4 e5 *\n"


def test_export_of_a_finished_game_carries_its_result() -> None:
    """A mated game ends with 1-0 or 0-1, in the Result tag and after the moves."""
    game = play(Game("chess"), ["f3", "e5", "g4", "Qh4#"])
    pgn = CHESS.write_record(game, {})
    assert '[Result "0-1"]' in pgn
    assert movetext(pgn) == "1. f3 e5 2. g4 Qh4# 0-1\n"


def test_export_uses_a_result_given_by_the_caller() -> None:
    """A result decided outside the rules (a resignation) is written as given."""
    pgn = CHESS.write_record(play(Game("chess"), ["e4"]), {"Result": "0-1"})
    assert '[Result "0-1"]' in pgn and movetext(pgn).rstrip().endswith("1. e4 0-1")


def test_export_from_a_custom_start_with_black_to_move() -> None:
    """A game from a FEN gets SetUp and FEN tags, and black's first move is numbered '30...'."""
    fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"
    game = play(Game("chess", fen), ["Kd7", "e4", "Ke6"])
    pgn = CHESS.write_record(game, {})
    assert tag_names(pgn) == [*SEVEN_TAGS, "SetUp", "FEN"]
    assert f'[FEN "{fen}"]' in pgn and '[SetUp "1"]' in pgn
    assert movetext(pgn) == "30... Kd7 31. e4 Ke6 *\n"


def test_export_escapes_quotes_and_backslashes_in_tags() -> None:
    """Tag values with quotes or backslashes are escaped and read back unchanged."""
    white = 'Robert "Bobby" \\ Fischer'
    pgn = CHESS.write_record(Game("chess"), {"White": white})
    assert r'[White "Robert \"Bobby\" \\ Fischer"]' in pgn
    assert CHESS.read_record(pgn)[0]["White"] == white


def test_export_wraps_movetext_at_eighty_columns() -> None:
    """No movetext line is longer than 80 characters, and wrapping only splits at spaces."""
    _, game = CHESS.read_record(OPERA_GAME)
    pgn = CHESS.write_record(game, {"Event": "x" * 120})
    lines = movetext(pgn).splitlines()
    assert len(lines) >= 3
    assert all(len(line) <= 80 for line in lines)
    assert all(line == line.strip() and line for line in lines)
    assert " ".join(lines).split()[1::3][:3] == ["e4", "Nf3", "d4"]
    assert lines[-1].endswith("Rd8# 1-0")
    # Filled greedily: the next token would not have fitted on the previous line.
    for line, following in itertools.pairwise(lines):
        assert len(line) + 1 + len(following.split()[0]) > 80


# --- reading ---------------------------------------------------------------------------------


def test_reads_tags_and_mainline_skipping_comments_nags_and_variations() -> None:
    """The Opera game with comments, NAGs, nested variations and numbers reads as its mainline."""
    tags, game = CHESS.read_record(OPERA_GAME)
    assert game.san_moves() == OPERA_MOVES
    assert tags["White"] == "Morphy, Paul" and tags["ECO"] == "C41"
    assert tags["Annotator"] == 'a "quoted" note \\ with a backslash'
    assert list(tags)[:7] == SEVEN_TAGS
    assert game.outcome() == Outcome(Termination.CHECKMATE, Color.WHITE)


def test_round_trip_keeps_tags_and_moves() -> None:
    """Exporting a read game and reading it again gives the same tags and moves."""
    tags, game = CHESS.read_record(OPERA_GAME)
    again_tags, again = CHESS.read_record(CHESS.write_record(game, tags))
    assert again_tags == {**tags, "Opening": "Philidor Defense"}  # C41, named by position
    assert again.moves == game.moves


def test_round_trip_from_a_custom_start() -> None:
    """A game from a FEN reads back from the same start with the same moves."""
    game = play(Game("chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 4 12"), ["O-O", "O-O-O"])
    tags, again = CHESS.read_record(CHESS.write_record(game, {}))
    assert tags["FEN"] == game.start.fen()
    assert again.start == game.start and again.moves == game.moves


@pytest.mark.parametrize(
    "movetext_variant",
    [
        "1.e4 e5 2.Nf3 Nc6 *",
        "1. e4 1... e5 2. Nf3 2... Nc6 *",
        "1. e4! e5?! 2. Nf3 $1 Nc6 $2 $14 *",
        "1. e4 {best by test} e5 ; a line comment\n2. Nf3 Nc6 *",
        "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 Nc6 *",
        "1. e4 e5 2. Nf3 Nc6",
        "1. e4 e5 2. Nf3 Nc6 1-0 3. Bb5",
    ],
)
def test_reader_tolerates_pgn_decorations(movetext_variant: str) -> None:
    """Move numbers with or without spaces, NAGs, annotations, comments and variations."""
    _, game = CHESS.read_record(f'[Event "x"]\n\n{movetext_variant}\n')
    assert game.san_moves() == ["e4", "e5", "Nf3", "Nc6"]


def test_reads_a_record_without_tags() -> None:
    """Bare movetext reads as a game from the standard start."""
    tags, game = CHESS.read_record("1. d4 d5 2. c4 *")
    assert tags == {} and game.san_moves() == ["d4", "d5", "c4"]


def test_bad_move_names_ply_and_token() -> None:
    """An illegal move raises InvalidRecordError with its ply and the text as written."""
    with pytest.raises(InvalidRecordError) as info:
        CHESS.read_record("1. e4 e5 2. Nf3 Nf6 3. Ke3 *")
    error = info.value
    assert error.ply == 5 and error.move == "Ke3"
    assert "ply 5" in str(error) and "'Ke3'" in str(error)


def test_garbage_move_and_ambiguous_move_are_named() -> None:
    """Unreadable and ambiguous tokens are reported with their ply too."""
    with pytest.raises(InvalidRecordError) as info:
        CHESS.read_record("1. e4 banana *")
    assert (info.value.ply, info.value.move) == (2, "banana")
    with pytest.raises(InvalidRecordError) as info:
        CHESS.read_record("1. d3 d5 2. Nd2 Nf6 3. Nf3 *")
    assert (info.value.ply, info.value.move) == (5, "Nf3")
    assert "Ndf3" in str(info.value) and "Ngf3" in str(info.value)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n",
        "1. e4 { unclosed comment *",
        "1. e4 ( 1. d4 *",
        "1. e4 ) e5 *",
        '[Variant "xiangqi"]\n\n1. e4 *',
    ],
)
def test_unreadable_records_are_refused(text: str) -> None:
    """Empty records, unbalanced comments or variations and other variants are refused."""
    with pytest.raises(InvalidRecordError):
        CHESS.read_record(text)


def test_stray_closing_brace_is_refused_without_hanging() -> None:
    """A '}' that closes no comment is an error, not an endless loop (run in a watched thread)."""
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            CHESS.read_record("1. e4 } e5 *")
        except InvalidRecordError as error:
            outcome.append(error)
        else:
            outcome.append(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "read_record never returned"
    assert outcome and isinstance(outcome[0], InvalidRecordError)


def test_bad_fen_tag_is_refused() -> None:
    """A FEN tag that is not a valid position raises InvalidFenError."""
    with pytest.raises(InvalidFenError):
        CHESS.read_record('[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*')


def test_reads_a_saved_python_chess_export_from_a_custom_start() -> None:
    """python-chess's own PGN (FEN start, NAGs, comments, variations, '7...') reads correctly."""
    text = (DATA / "chess_python_chess_export.pgn").read_text(encoding="utf-8")
    tags, game = CHESS.read_record(text)
    assert tags["SetUp"] == "1" and game.start.fen() == tags["FEN"]
    assert game.san_moves() == [
        *("Ng5", "d5", "exd5", "Nxd5", "Nxf7", "Kxf7", "Qf3+", "Ke6"),
        *("Nc3", "Nb4", "O-O", "c6", "d4", "Kd7"),
    ]
    assert game.position.fen() == "r1bq1b1r/pp1k2pp/2p5/3np3/1nBP4/2N2Q2/PPP2PPP/R1B2RK1 w - - 1 11"


def test_reads_pgn_exported_by_python_chess() -> None:
    """Oracle check: a game python-chess exports (with comments and variations) reads back."""
    chess_pgn = pytest.importorskip("chess.pgn")
    import chess

    board_game = chess_pgn.Game()
    board_game.headers["White"] = "Oracle"
    node = board_game
    for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"]:
        node = node.add_variation(node.board().parse_san(san))
        node.comment = f"after {san}"
    board_game.variations[0].add_variation(chess.Move.from_uci("c7c6"))
    board_game.headers["Result"] = "*"
    exported = str(board_game)
    tags, game = CHESS.read_record(exported)
    assert tags["White"] == "Oracle"
    assert game.uci_moves() == [m.uci() for m in board_game.mainline_moves()]
    ours = CHESS.write_record(game, tags)
    reread = chess_pgn.read_game(io.StringIO(ours))
    assert [m.uci() for m in reread.mainline_moves()] == game.uci_moves()
    assert reread.headers["White"] == "Oracle"


def test_move_numbers_are_skipped_but_moves_with_dots_are_kept() -> None:
    """'12.' and '3...' are move numbers; a token like WXF '77.8' is a move and stays."""
    from rules.pgn import split_record

    _, moves, result = split_record("1. e4 1... e5 2.Nf3 77.8 *")
    assert moves == ["e4", "e5", "Nf3", "77.8"]
    assert result == "*"


def test_marks_and_variations_are_written_where_their_moves_are() -> None:
    """A mark goes onto its move, a variation (UCI, from the position before its move) is
    written in SAN in parentheses after the move's comment, numbered from the move it
    replaces, and the mainline resumes with its number; an illegal tail is cut."""
    game = play(Game("chess"), ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"])
    pgn = CHESS.write_record(
        game,
        {},
        {6: "[%eval #1]"},
        Annotations({3: "?!", 6: "??"}, {3: ("g1f3", "b8c6"), 6: ("g7g6", "h5f3", "e1e1")}),
    )
    movetext = " ".join(pgn.split("\n\n", 1)[1].split())
    assert movetext == (
        "1. e4 e5 2. Qh5?! (2. Nf3 Nc6) 2... Nc6 3. Bc4 Nf6?? {[%eval #1]} (3... g6 4. Qf3) *"
    )
    again = CHESS.read_record(pgn)[1]
    assert again.uci_moves() == game.uci_moves()
