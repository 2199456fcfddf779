"""What ``pip install`` puts in place speaks every language with no step after it: the
package carries each language's ``.po`` (read and compiled in memory when first used), and
Postal imported from the installed files, not this checkout, answers in French."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot.i18n import Locale

ROOT = Path(__file__).resolve().parents[2]
# setuptools' build_py: the files an install copies, as pyproject.toml's package data says.
BUILD = "import sys; from setuptools import setup; sys.argv[1:] = {argv!r}; setup()"
SPEAK = """\
import bot
from bot.i18n import Locale, _, using
with using(Locale.FR):
    print(bot.__file__)
    print(_("no time limit"))
"""


def source_tree(into: Path) -> Path:
    """The checkout's files git knows (no build leftovers such as an egg-info whose stale
    SOURCES.txt would list files the package data no longer takes)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    for name in listed:
        source = ROOT / name
        if source.is_file() and not name.startswith("tests/"):
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def test_an_installed_postal_carries_and_speaks_every_language(tmp_path: Path) -> None:
    built = tmp_path / "lib"
    argv = ["-q", "build_py", "--build-lib", str(built)]
    subprocess.run(
        [sys.executable, "-c", BUILD.format(argv=argv)],
        cwd=source_tree(tmp_path / "src"),
        check=True,
        capture_output=True,
    )
    for locale in Locale:
        if locale is not Locale.EN:
            assert (built / "bot/locales" / locale.value / "LC_MESSAGES/postal.po").is_file()
    assert (built / "bot/locales/postal.pot").is_file()
    said = subprocess.run(
        [sys.executable, "-c", SPEAK],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(built)},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    assert said[0].startswith(str(built))  # the installed files, not this checkout
    assert said[1] == "sans limite de temps"
