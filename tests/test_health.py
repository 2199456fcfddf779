"""``python -m bot health``: Docker's HEALTHCHECK reads the bot's heartbeat file."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from bot.config import Settings
from bot.health import main, mark_alive
from tests.processes import call_postal, run_postal


def test_a_fresh_file_is_healthy_and_a_stale_or_missing_one_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Marked just now: exit 0. Older than --max-age, missing, garbled, or no file named:
    exit 1 with one ``postal: unhealthy`` line saying why."""
    alive = tmp_path / "alive"
    mark_alive(alive)
    assert main(["--file", str(alive)]) == 0
    # The mark is in whole seconds and time passes before it is read (a second or more on
    # a loaded machine): how many seconds is no part of "healthy".
    out = capsys.readouterr().out
    assert re.fullmatch(r"healthy: last heartbeat \d+ s ago\n", out), out
    alive.write_text(f"{time.time() - 600:.0f}\n", encoding="ascii")
    assert main(["--file", str(alive), "--max-age", "180"]) == 1
    assert "postal: unhealthy: last heartbeat 600 s ago" in capsys.readouterr().err
    assert main(["--file", str(tmp_path / "none")]) == 1
    assert "does not exist" in capsys.readouterr().err
    alive.write_text("soon", encoding="ascii")
    assert main(["--file", str(alive)]) == 1
    assert "postal: unhealthy:" in capsys.readouterr().err
    os.environ.pop("HEALTH_FILE", None)
    assert main([]) == 1
    assert "no --file and no HEALTH_FILE set" in capsys.readouterr().err


def test_health_is_a_subcommand_reading_health_file(tmp_path: Path) -> None:
    """``python -m bot health`` reads ``HEALTH_FILE``, which the settings carry to the bot;
    Docker runs it every half minute, so it imports neither the store nor the bot's
    start-up (a tenth of a CPU-second, not half a second or more)."""
    alive = tmp_path / "alive"
    mark_alive(alive)
    # PYTHONPROFILEIMPORTTIME: each imported module is listed on stderr.
    done = run_postal(["health"], env={"HEALTH_FILE": str(alive), "PYTHONPROFILEIMPORTTIME": "1"})
    assert done.returncode == 0 and done.stdout.startswith("healthy"), done.stderr
    imported = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines()}
    assert "bot.subcommands" in imported  # (import_module's own imports are not listed)
    assert not {"bot.store", "bot.startup", "discord"} & imported
    assert "health" in call_postal(["--help"]).stdout
    settings = Settings.from_env({"HEALTH_FILE": str(alive)}, env_file=None)
    assert settings.health_file == alive
    assert Settings.from_env({}, env_file=None).health_file is None
