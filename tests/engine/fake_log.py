"""Reading the fake engine's log of received lines."""

from __future__ import annotations

from pathlib import Path


def received(log: Path) -> list[str]:
    """The lines the fake engines received, without their pids."""
    if not log.exists():
        return []
    return [line.split(" ", 1)[1] for line in log.read_text(encoding="utf-8").splitlines()]
