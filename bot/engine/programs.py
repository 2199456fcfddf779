"""Which program plays which variant: a setting's command, or the Debian package's binary."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

# The Debian packages (``apt-get install stockfish fairy-stockfish``) put these in /usr/games.
PROGRAMS = {
    "chess": "stockfish",
    "chess960": "stockfish",
    "xiangqi": "fairy-stockfish",
    "janggi": "fairy-stockfish",
}
PACKAGE_DIR = Path("/usr/games")


def engine_command(variant_name: str, setting: str | None) -> tuple[str, ...]:
    """The command for ``variant_name``: ``setting`` split as a shell would (a path, a name,
    or a program with arguments), else the default program's name.

    Raises ``ValueError`` for a variant no engine plays or a setting that does not split.
    """
    if variant_name not in PROGRAMS:
        raise ValueError(f"no engine plays {variant_name!r}")
    words = tuple(shlex.split(setting)) if setting and setting.strip() else ()
    return words or (PROGRAMS[variant_name],)


def locate(command: tuple[str, ...], search_path: str | None = None) -> tuple[str, ...] | None:
    """``command`` with its program found: a path as given if it is an executable file, a
    bare name on ``PATH`` (``search_path`` overrides it) or in /usr/games. ``None`` if absent.
    """
    program = command[0]
    if os.sep in program:
        found = program if os.path.isfile(program) and os.access(program, os.X_OK) else None
    else:
        path = os.environ.get("PATH", "") if search_path is None else search_path
        found = shutil.which(program, path=os.pathsep.join((path, str(PACKAGE_DIR))))
    return None if found is None else (found, *command[1:])
