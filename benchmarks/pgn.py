"""Reading PGN files: Postal's record reader against python-chess on the same files, same run.

Run: ``python benchmarks/pgn.py [FILE.pgn ...]`` (after ``pip install -e '.[bench]'`` for the
peer). Without files it reads ``tests/rules/data/corpus/stockfish_selfplay.pgn`` (120 full
games). Both
readers read every game's mainline, checking each move's legality (python-chess with
``chess.pgn.read_game``, Postal with ``CHESS.read_games``); each figure is the best of
``--repeat`` runs. It also says whether both read the same moves (python-chess as the oracle).
"""

from __future__ import annotations

import argparse
import io
import logging
import time
from collections.abc import Callable
from pathlib import Path

from rules.chess import CHESS
from rules.errors import InvalidRecordError
from rules.pgn import decode_record

DEFAULT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "rules"
    / "data"
    / "corpus"
    / "stockfish_selfplay.pgn"
)


def postal_games(text: str) -> list[list[str] | None]:
    """Each game's mainline in UCI (None for a game Postal refuses)."""
    return [
        None if isinstance(found, InvalidRecordError) else found.game.uci_moves()
        for found in CHESS.read_games(text)
    ]


def postal_count(text: str) -> tuple[int, int]:
    games = plies = 0
    for found in CHESS.read_games(text):
        games += 1
        if not isinstance(found, InvalidRecordError):
            plies += found.game.ply
    return games, plies


def python_chess_reader() -> Callable[[str], tuple[int, int]] | str:
    try:
        import chess.pgn  # noqa: F401 - only to know whether the peer is there
    except ImportError:
        return "python-chess is not installed (pip install -e '.[bench]')"

    def count(text: str) -> tuple[int, int]:
        games = plies = 0
        for moves in python_chess_games(text):
            games += 1
            plies += len(moves or ())
        return games, plies

    return count


def python_chess_games(text: str) -> list[list[str] | None]:
    """Each game's mainline in UCI as python-chess reads it (None where it reports an error,
    or fails: it raises IndexError on some real files, and then the game is skipped)."""
    import chess.pgn

    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)  # it logs every refused move
    stream = io.StringIO(text)
    found: list[list[str] | None] = []
    while True:
        try:
            game = chess.pgn.read_game(stream)
        except (IndexError, ValueError):
            found.append(None)
            continue
        if game is None:
            return found
        found.append(None if game.errors else [m.uci() for m in game.mainline_moves()])


def best_time(run: Callable[[], tuple[int, int]], repeat: int) -> tuple[float, int, int]:
    best = float("inf")
    games = plies = 0
    for _ in range(repeat):
        started = time.perf_counter()
        games, plies = run()
        best = min(best, time.perf_counter() - started)
    return best, games, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = args.files or [DEFAULT]
    text = "\n\n".join(decode_record(path.read_bytes()).text for path in files)
    print(f"{len(files)} file(s), {len(text.encode()) / 1e6:.2f} MB")
    peer = python_chess_reader()
    ours, games, plies = best_time(lambda: postal_count(text), args.repeat)
    print(f"Postal        {games:6d} games {plies:8d} plies {ours:7.3f} s "
          f"{games / ours:8.0f} games/s {plies / ours:9.0f} plies/s")  # fmt: skip
    if isinstance(peer, str):
        print(peer)
        return
    theirs, their_games, their_plies = best_time(lambda: peer(text), args.repeat)
    print(f"python-chess  {their_games:6d} games {their_plies:8d} plies {theirs:7.3f} s "
          f"{their_games / theirs:8.0f} games/s {their_plies / theirs:9.0f} plies/s")  # fmt: skip
    print(f"Postal is {theirs / ours:.2f}x python-chess's speed")
    ours_read, theirs_read = postal_games(text), python_chess_games(text)
    same = sum(1 for a, b in zip(ours_read, theirs_read, strict=False) if a == b)
    # Game by game in file order: a game python-chess splits differently shifts the rest.
    print(f"same mainline as python-chess in {same} of {len(theirs_read)} games")


if __name__ == "__main__":
    main()
