"""A scripted UCI engine, run as a real subprocess by the engine tests.

``python fake_uci.py MODE``: it answers the handshake like a Fairy-Stockfish (options
``Threads``, ``Contempt``, ``Skill Level``, ``UCI_LimitStrength``, ``UCI_Elo``,
``UCI_Variant``), and each
``go`` with the first legal move by Postal's rules (in the engine's coordinates) unless MODE
says otherwise:

- ``normal``; ``babble``: unknown lines around every answer (which a client must ignore);
- ``mate``: reports ``score mate -2``;
- ``crash``: exits on ``go``; ``crash-once``: the first process to see a ``go`` (a state file
  in ``FAKE_UCI_STATE``) exits, the later ones answer;
- ``hang``: never answers ``go`` nor ``quit``; ``hang-handshake``: never sends ``uciok``;
  ``hang-ready``: answers the handshake's ``isready``, never a later one;
  ``exit``: exits before the handshake; ``no-variant``: declares no ``UCI_Variant``;
- ``illegal``: answers ``bestmove a1a1``-like nonsense legal in no position; with
  ``searchmoves`` given it answers the first of them (the pool's retry);
- ``garbage``: a malformed ``info`` line; ``binary``: bytes that are not UTF-8;
- ``slow``: sleeps ``FAKE_UCI_DELAY`` seconds (default 0.05) before each answer;
- ``flood``: answers ``go`` with ``info`` lines without end (and never ``bestmove``), so
  the pipe fills and stays full while the client stops reading.

Every line received is appended to ``FAKE_UCI_LOG`` (if set) as ``PID LINE``.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

# Imported before the handshake, so that answering a go is quick even on a loaded machine.
from rules import Game

MODE = sys.argv[1] if len(sys.argv) > 1 else "normal"
LOG = os.environ.get("FAKE_UCI_LOG")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def log(line: str) -> None:
    if LOG:
        with open(LOG, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()} {line}\n")


def first_legal(variant: str, fen: str, moves: list[str]) -> str:
    """The first legal move by Postal's rules, written as the engine writes it (xiangqi:
    ranks 1-10, where Postal's ICCS counts 0-9)."""

    def postal(move: str) -> str:
        if variant != "xiangqi":
            return move
        a, r1, b, r2 = re.fullmatch(r"([a-i])(10|[1-9])([a-i])(10|[1-9])", move).groups()  # type: ignore[union-attr]
        return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"

    game = Game(variant, fen).extended(postal(move) for move in moves)
    position = game.position
    best = position.uci(position.legal_moves()[0])
    if variant == "xiangqi":
        return f"{best[0]}{int(best[1]) + 1}{best[2]}{int(best[3]) + 1}"
    return best


def main() -> None:
    if MODE == "exit":
        sys.exit(3)
    variant = "chess"
    fen = "startpos"
    moves: list[str] = []
    readies = 0
    crashed_once = os.environ.get("FAKE_UCI_STATE", "")
    for raw in sys.stdin:
        line = raw.strip()
        log(line)
        if MODE == "babble":
            say("hello from the fake engine")
        if line == "uci":
            say("id name FakeFish 1.0")
            say("id author Postal's tests")
            say("option name Threads type spin default 1 min 1 max 512")
            say("option name Contempt type spin default 24 min -100 max 100")
            say("option name Skill Level type spin default 20 min -20 max 20")
            say("option name UCI_LimitStrength type check default false")
            say("option name UCI_Elo type spin default 1350 min 1350 max 2850")
            if MODE != "no-variant":
                say("option name UCI_Variant type combo default chess var chess var xiangqi")
            if MODE != "hang-handshake":
                say("uciok")
        elif line == "isready":
            readies += 1
            if MODE != "hang-ready" or readies == 1:
                say("readyok")
        elif line.startswith("setoption name UCI_Variant value "):
            variant = line.rsplit(" ", 1)[1]
        elif line.startswith("position fen "):
            body = line[len("position fen ") :]
            fen, _, rest = body.partition(" moves ")
            moves = rest.split()
        elif line.startswith("go"):
            answer(line, variant, fen, moves, crashed_once)
        elif line == "quit" and MODE != "hang":
            return


def answer(line: str, variant: str, fen: str, moves: list[str], state: str) -> None:
    if MODE == "crash":
        sys.exit(1)
    if MODE == "crash-once" and state and not os.path.exists(state):
        Path(state).write_text("crashed", encoding="utf-8")
        sys.exit(1)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "flood":
        while True:  # until killed: a write blocks once the pipe is full
            say("info depth 1 score cp 0 nodes 1 pv " + "e2e4 " * 50)
    if MODE == "slow":
        time.sleep(float(os.environ.get("FAKE_UCI_DELAY", "0.05")))
    if MODE == "garbage":
        say("info depth seven score cp x")
        return
    if MODE == "binary":
        sys.stdout.buffer.write(b"\xff\xfe\xfa garbage\n")
        sys.stdout.flush()
        return
    tokens = line.split()
    if MODE == "illegal":
        best = tokens[tokens.index("searchmoves") + 1] if "searchmoves" in tokens else "a1a1"
    else:
        best = first_legal(variant, fen, moves)
    score = "mate -2" if MODE == "mate" else "cp 12"
    say(f"info depth 3 seldepth 4 multipv 1 score {score} nodes 100 nps 1000 pv {best}")
    if MODE == "babble":
        say("info string thinking hard")
    say(f"bestmove {best}")


if __name__ == "__main__":
    main()
