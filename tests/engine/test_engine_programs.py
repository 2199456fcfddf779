"""Which program plays which variant: ENGINE_CHESS/ENGINE_XIANGQI as a path or a command,
else the Debian package's binary found on PATH or in /usr/games (which root's PATH lacks)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from bot.engine import programs
from bot.engine.programs import engine_command, locate


def program(folder: Path, name: str, *, executable: bool = True) -> Path:
    """A file named ``name`` in ``folder``, executable or not."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    if executable:
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_without_a_setting_each_variant_runs_its_debian_program() -> None:
    """No setting (or a blank one): stockfish for chess, fairy-stockfish for xiangqi."""
    assert engine_command("chess", None) == ("stockfish",)
    assert engine_command("xiangqi", "  ") == ("fairy-stockfish",)


def test_a_setting_is_split_as_a_shell_would() -> None:
    """A command with arguments keeps them; a quoted path with a space stays one word."""
    assert engine_command("xiangqi", "nice -n 5 fairy-stockfish") == (
        "nice",
        "-n",
        "5",
        "fairy-stockfish",
    )
    assert engine_command("chess", "'/opt/stock fish/sf'") == ("/opt/stock fish/sf",)


def test_an_unknown_variant_has_no_engine() -> None:
    """A variant no engine plays is refused by name."""
    with pytest.raises(ValueError, match="shogi"):
        engine_command("shogi", None)


def test_a_bare_name_is_found_in_the_package_folder_when_path_lacks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """apt-get puts the engines in /usr/games, which is not on root's PATH: found there."""
    games = tmp_path / "games"
    found = program(games, "stockfish")
    monkeypatch.setattr(programs, "PACKAGE_DIR", games)
    assert locate(("stockfish",), search_path=str(tmp_path / "bin")) == (str(found),)


def test_path_comes_before_the_package_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program on PATH (a newer build) is taken before the Debian package's."""
    monkeypatch.setattr(programs, "PACKAGE_DIR", tmp_path / "games")
    program(tmp_path / "games", "stockfish")
    mine = program(tmp_path / "bin", "stockfish")
    assert locate(("stockfish", "--flag"), search_path=str(tmp_path / "bin")) == (
        str(mine),
        "--flag",
    )


def test_a_path_is_taken_as_given_only_if_it_can_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path names one file: used if executable, else absent; never looked up elsewhere."""
    monkeypatch.setattr(programs, "PACKAGE_DIR", tmp_path / "games")
    program(tmp_path / "games", "sf")
    runnable = program(tmp_path / "opt", "sf")
    plain = program(tmp_path / "other", "sf", executable=False)
    assert locate((str(runnable),)) == (str(runnable),)
    assert locate((str(plain),)) is None
    assert locate((str(tmp_path / "nowhere" / "sf"),)) is None


def test_a_program_found_nowhere_is_absent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither on PATH nor in the package folder: None, which the pool words as missing."""
    monkeypatch.setattr(programs, "PACKAGE_DIR", tmp_path / "games")
    assert locate(("fairy-stockfish",), search_path=str(tmp_path / "bin")) is None
