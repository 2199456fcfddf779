"""A console session played from a script, for tests that read what the console printed."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.console import run_console
from bot.i18n import Locale
from tests.fake_engines import FakeEngines


async def play(tmp_path: Path, script: str, locale: Locale = Locale.EN) -> str:
    """Everything the console prints for ``script`` (one ``<user> <command>`` a line) on
    ``tmp_path/c.db``, replies in ``locale`` unless a player chose theirs; no images, a
    fake engine."""
    out = io.StringIO()
    tmp_path.mkdir(parents=True, exist_ok=True)  # a folder of its own per language
    await run_console(
        tmp_path / "c.db",
        None,
        io.StringIO(script),
        out,
        interactive=False,
        engines=FakeEngines(),
        locale=locale,
    )
    return out.getvalue()


def vote_closes_said(output: str) -> str:
    """``output`` with each "vote is open until <a moment>." (the vote's close, which the
    wall clock the console runs on moves) written "vote is open until <close>."."""
    return re.sub(r"vote is open until [^.]+ UTC\.", "vote is open until <close>.", output)
