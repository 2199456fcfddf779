"""The rules CLI: ``python -m rules perft|legal|game``.

The contract (arguments, output, exit statuses) is in docs/CONTRACTS.md: status 0 when every
input was read, 2 for a bad FEN, depth or move (``legal`` still answers every line first).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from rules import KNOWN_VARIANT_NAMES, Game, RulesError, get_variant
from rules.perft import perft

CONTRACT_HELP = (
    "Exit status 0 when every input was read, 2 for a bad FEN, depth or move. The full "
    "contract (arguments, output, statuses) is docs/CONTRACTS.md in Postal's repository."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules",
        description="Postal's rules engine from a shell: perft counts, legal moves, games.",
        epilog=CONTRACT_HELP,
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def variant_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--variant", choices=KNOWN_VARIANT_NAMES, default="chess")

    perft_cmd = commands.add_parser("perft", help="count leaf nodes to a depth")
    perft_cmd.add_argument("fen", help='a FEN, or "startpos"')
    perft_cmd.add_argument("depth", type=int)
    variant_option(perft_cmd)

    legal_cmd = commands.add_parser("legal", help="list legal moves of FENs read from stdin")
    legal_cmd.add_argument("--san", action="store_true", help="SAN (chess) / WXF (xiangqi)")
    variant_option(legal_cmd)

    game_cmd = commands.add_parser("game", help="play moves read from stdin, print JSON")
    game_cmd.add_argument("--fen", default=None)
    variant_option(game_cmd)
    return parser


# Each ply multiplies the count by about 30 (chess) or 40 (xiangqi): depth 7 already takes
# hours here, and a depth near the recursion limit would end in a RecursionError, not a count.
MAX_PERFT_DEPTH = 20


def _perft(variant_name: str, fen: str, depth: int, out: TextIO) -> int:
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        print(
            f"error: depth {depth} is out of range: it must be 0 to {MAX_PERFT_DEPTH}",
            file=sys.stderr,
        )
        return 2
    try:
        position = get_variant(variant_name).from_fen(fen)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(perft(position, depth), file=out)
    return 0


def _legal(variant_name: str, san: bool, source: TextIO, out: TextIO) -> int:
    """One line of moves per FEN line; a bad FEN's line says ``error: …`` and the rest are
    still answered (output line N answers input line N), then the status is 2."""
    variant = get_variant(variant_name)
    status = 0
    for line in source:
        fen = line.strip()
        try:
            position = variant.from_fen(fen)
        except RulesError as error:
            print(f"error: {error}", file=out, flush=True)
            status = 2
            continue
        names = [position.san(m) if san else position.uci(m) for m in position.legal_moves()]
        print(" ".join(names), file=out, flush=True)
    return status


def _game(variant_name: str, fen: str | None, source: TextIO, out: TextIO) -> int:
    try:
        game = Game(variant_name, fen)
    except RulesError as error:
        print(json.dumps({"error": str(error), "ply": 0, "move": None}), file=out)
        return 2
    for token in source.read().split():
        try:
            game = game.play(token)
        except RulesError as error:
            print(json.dumps({"error": str(error), "ply": game.ply + 1, "move": token}), file=out)
            return 2
    outcome = game.outcome()
    report = {
        "fen": game.position.fen(),
        "uci": game.uci_moves(),
        "san": game.san_moves(),
        "outcome": {
            "result": outcome.result() if outcome else "*",
            "termination": outcome.termination.value if outcome else None,
        },
        "claimable": [t.value for t in game.claimable_draws()],
    }
    print(json.dumps(report, ensure_ascii=False), file=out)
    return 0


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    args = _parser().parse_args(argv)
    source = stdin or sys.stdin
    out = stdout or sys.stdout
    if args.command == "perft":
        return _perft(args.variant, args.fen, args.depth, out)
    if args.command == "legal":
        return _legal(args.variant, args.san, source, out)
    return _game(args.variant, args.fen, source, out)


if __name__ == "__main__":
    sys.exit(main())
