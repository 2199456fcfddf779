"""Running ``python -m bot`` as its own process, as an operator would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def process_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """A clean environment (only ``PATH``) plus ``env`` and what imports the project."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": path, **(env or {})}


def run_postal(
    args: list[str],
    env: dict[str, str] | None = None,
    stdin: str = "",
    prefix: tuple[str, ...] = (),
    encoding: str = "utf-8",
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot ARGS`` to its end (``prefix``: a wrapper such as setpriv;
    ``encoding``: how ``stdin`` and the output are turned into bytes and back)."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        encoding=encoding,
        cwd=ROOT,
        timeout=60,
        check=False,
        env=process_env(env),
    )
