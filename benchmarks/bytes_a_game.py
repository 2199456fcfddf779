"""Disk per stored game on each store: ``python benchmarks/bytes_a_game.py --size 10000``.

Builds ``--size`` games as ``benchmarks/scale.py`` does (90 % finished with ~78 plies, 10 %
active with ~20, cloned in SQL) on each ``--db`` (``sqlite``, ``postgresql``: a throwaway
server) and prints the bytes on disk of Postal's tables and indexes per game, and of the
``moves`` table with its primary key per move (``scale.disk_bytes`` says how each is read).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scale import build, disk_bytes
from benchmarks.service import fresh_database
from bot.service import ManualClock
from bot.store import Store


async def measure(url: str, size: int) -> str:
    await build(url, size, ManualClock())
    store = await Store.open(url)
    try:
        db = store.database
        if db.dialect.value == "postgresql":
            async with db.transaction() as conn:  # what autovacuum leaves after the build
                await conn.execute("ANALYZE")
        games = int((await db.fetch("SELECT COUNT(*) FROM games"))[0][0])
        moves = int((await db.fetch("SELECT COUNT(*) FROM moves"))[0][0])
        total, of_moves = await disk_bytes(store)
    finally:
        await store.close()
    return (
        f"{games:,} games, {moves:,} moves: {total / games / 1000:.2f} KB a game, "
        f"{of_moves / moves:.0f} bytes a move (moves and its key)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--db", action="append", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    for db in args.db or ["sqlite", "postgresql"]:
        with fresh_database(db) as url:
            print(f"{db}: {asyncio.run(measure(url, args.size))}", flush=True)


if __name__ == "__main__":
    main()
