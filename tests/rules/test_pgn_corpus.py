"""The record reader on the corpus in ``data/corpus`` with python-chess as the oracle.

``stockfish_selfplay.pgn``: 120 full games Stockfish played against itself (long games with
castling, promotions, en passant and repetitions, as python-chess exports them);
``features.pgn``: games written by hand with what real files contain (see its first line and
``rules.pgn``), some of which python-chess's own reader cannot read (moves on the tag line).
Each game's moves, as Postal's scanner splits them, are replayed by python-chess from the same
start; the whole files are also read by ``chess.pgn.read_game`` where it can.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest

from rules.chess import CHESS
from rules.pgn import NULL_TOKENS, decode_record, scan_games
from rules.records import ReadGame

chess = pytest.importorskip("chess")
chess_pgn = pytest.importorskip("chess.pgn")

CORPUS = Path(__file__).parent / "data" / "corpus"
FILES = sorted(CORPUS.glob("*.pgn"))


def corpus_text(path: Path) -> str:
    return decode_record(path.read_bytes()).text


def test_the_corpus_is_there() -> None:
    assert [path.name for path in FILES] == ["features.pgn", "stockfish_selfplay.pgn"]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_game_reads_and_agrees_with_python_chess(path: Path) -> None:
    """Every game reads; python-chess, playing the same move tokens from the same start,
    reaches the same moves, the same final board, and the same first automatic ending."""
    text = corpus_text(path)
    games = list(CHESS.read_games(text))
    scanned = list(scan_games(text))
    assert len(games) == len(scanned) > 0
    for found, tokens in zip(games, scanned, strict=True):
        assert isinstance(found, ReadGame), found
        board = chess.Board(found.tags.get("FEN", chess.STARTING_FEN))
        first_ending = 0 if board.outcome() is not None else None
        for token in tokens.moves:
            board.push(chess.Move.null() if token in NULL_TOKENS else board.parse_san(token))
            if first_ending is None and board.outcome() is not None:
                first_ending = (
                    board.ply() - chess.Board(found.tags.get("FEN", chess.STARTING_FEN)).ply()
                )
        assert found.game.uci_moves() == [move.uci() for move in board.move_stack]
        assert found.game.position.fen().split()[:2] == board.fen().split()[:2]
        ending = found.ending
        assert (ending.ply if ending else None) == first_ending, found.tags


def test_python_chess_reads_the_selfplay_file_the_same_way() -> None:
    """The whole file through ``chess.pgn.read_game``: same games, tags and mainlines."""
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    text = corpus_text(CORPUS / "stockfish_selfplay.pgn")
    stream = io.StringIO(text)
    theirs = []
    while (game := chess_pgn.read_game(stream)) is not None:
        assert not game.errors
        theirs.append((dict(game.headers), [move.uci() for move in game.mainline_moves()]))
    ours = [
        (dict(found.tags), found.game.uci_moves())
        for found in CHESS.read_games(text)
        if isinstance(found, ReadGame)
    ]
    assert ours == theirs and len(ours) == 120


def test_features_file_reads_as_written() -> None:
    """The hand-made file: each game's tags, length, result and warnings as intended."""
    games = [g for g in CHESS.read_games(corpus_text(CORPUS / "features.pgn"))]
    assert all(isinstance(g, ReadGame) for g in games)
    summary = [
        (g.tags.get("Event"), g.game.ply, g.result, [w.detail for w in g.warnings])
        for g in games
        if isinstance(g, ReadGame)
    ]
    assert summary == [
        ("ChessBase-style export", 45, "1-0", []),
        ("Annotated", 26, "*", []),
        ("En passant and null moves", 12, "*", []),
        ("Promotion without =, castling with zeros", 6, "*", []),
        ("Old program's tags", 18, None, []),
        ("A study from a FEN with an impossible castling right", 8, "*", ["q"]),
    ]
    old_tags = games[4]
    assert isinstance(old_tags, ReadGame)
    assert old_tags.tags["White"] == '"Socrates Expert"'
    assert old_tags.tags["Black"] == "Analysis\\ Analyse"
    assert old_tags.tags["Annotator"] == 'a "quoted" word and a backslash \\'


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_the_corpus_reads_the_same_with_other_line_ends(newline: str) -> None:
    text = corpus_text(CORPUS / "features.pgn")
    expected = [g.game.moves for g in CHESS.read_games(text) if isinstance(g, ReadGame)]
    other = text.replace("\n", newline)
    assert [g.game.moves for g in CHESS.read_games(other) if isinstance(g, ReadGame)] == expected


def test_the_corpus_reads_the_same_from_latin1_bytes() -> None:
    text = corpus_text(CORPUS / "features.pgn").replace("Kieseritzky", "Kieseritzký")
    games = [g for g in CHESS.read_games(text.encode("latin-1")) if isinstance(g, ReadGame)]
    assert games[0].tags["Black"] == "Kieseritzký, L." and len(games) == 6
