"""The Docker image's file set, built without Docker: what the Dockerfile copies into /src is
built into a wheel and installed into a fresh virtual environment, and with the sources out
of the path that installation migrates a database, plays a game in the console (board
images drawn from its packaged sprites and fonts) and analyses it with the real engine.

No Docker engine runs here; this is the part of the image a Python install decides. Runs
once (it is not in the suites CI repeats on PostgreSQL, and uses no database fixture).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.console.test_console import SCHOLARS_MATE_SCRIPT
from tests.console.unconfirmed import confirm_off, script_users

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = SCHOLARS_MATE_SCRIPT.replace("alice /pgn\n", "alice /analyse\n")


def dockerfile_sources() -> list[str]:
    """The paths the Dockerfile's COPY lines bring into /src (the build's input)."""
    sources = []
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and words[-1].startswith("/src"):
            sources += words[1:-1]
    return sources


def build_wheel(src: Path, dist: Path) -> Path:
    """``src`` as a wheel in ``dist``, built with this environment's setuptools (no network;
    the Dockerfile's ``pip install /src`` builds the same wheel in isolation)."""
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist)]
    subprocess.run([*command, "--no-build-isolation", str(src)], check=True, timeout=120)
    (wheel,) = dist.glob("postal-*.whl")
    return wheel


def fresh_environment(home: Path, wheel: Path) -> Path:
    """A new virtual environment with ``wheel`` installed in it; the dependencies are this
    environment's (a path in a .pth file, which does not run this environment's own .pth
    files: its editable Postal stays out). Returns its python."""
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.check_output(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            text=True,
        ).strip()
    )
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
    subprocess.run([*pip, "--target", str(site), str(wheel)], check=True, timeout=120)
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def test_the_installed_wheel_migrates_plays_and_analyses(tmp_path: Path) -> None:
    """From the wheel alone (sources deleted, run isolated from the checkout): the package
    data is there, migrate brings a new database up to date, the console plays a mate and
    writes its board image, and /analyse analyses it with Stockfish."""
    if not (shutil.which("stockfish") or Path("/usr/games/stockfish").exists()):
        pytest.skip("stockfish is not installed (apt-get install stockfish)")
    src = tmp_path / "src"
    for name in dockerfile_sources():
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(source, src / name, ignore=ignore)
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, src / name)
    assert {"pyproject.toml", "rules", "bot"} <= set(dockerfile_sources())
    wheel = build_wheel(src, tmp_path / "dist")
    shutil.rmtree(src)  # as the Dockerfile does: only the installed package is left
    python = fresh_environment(tmp_path, wheel)
    work = tmp_path / "data"
    work.mkdir()
    database = work / "postal.db"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    env["DATABASE_URL"] = f"sqlite:///{database}"

    def postal(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        # -I: neither the checkout (the working directory) nor PYTHONPATH is on the path.
        return subprocess.run([str(python), "-I", "-m", *args], input=stdin, text=True,
                              capture_output=True, cwd=work, env=env, timeout=120)  # fmt: skip

    where = postal("bot", "health", "--help")
    assert where.returncode == 0, where.stderr
    found = subprocess.run(
        [str(python), "-I", "-c", "import bot, rules; print(bot.__file__, rules.__file__)"],
        text=True, capture_output=True, cwd=work, env=env, check=True,
    ).stdout  # fmt: skip
    assert str(ROOT) not in found and str(tmp_path / "venv") in found
    package = Path(found.split()[0]).parent
    for data in ("render/pieces/cburnett/wB.png", "render/pieces/cburnett/LICENSE.txt",
                 "render/fonts/DejaVuSans-Bold-Names.ttf", "locales/fr/LC_MESSAGES/postal.po",
                 "store/migrations/0001_initial.sql"):  # fmt: skip
        assert (package / data).is_file(), data
    migrated = postal("bot", "migrate")
    assert migrated.returncode == 0, migrated.stderr
    confirm_off(database, script_users(SCRIPT))
    played = postal("bot", "console", "--images", str(work / "boards"), stdin=SCRIPT)
    assert played.returncode == 0, played.stderr
    assert "Checkmate" in played.stdout, played.stdout[-2000:]
    assert "Analysis of alice vs bob · chess (game #1)." in played.stdout, played.stdout[-2000:]
    assert (work / "boards" / "game1-analysis-graph.png").is_file()
    assert list((work / "boards").glob("game1-ply*.png"))


def test_the_base_image_is_pinned_to_its_engines_debian_release() -> None:
    """The base image names its Debian release (bookworm: stockfish 15.1, fairy-stockfish
    11.1), not a tag that follows Debian's current one."""
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    (base,) = [line.split()[1] for line in dockerfile.splitlines() if line.startswith("FROM ")]
    assert base == "python:3.11-slim-bookworm"
    assert "stockfish fairy-stockfish" in dockerfile


def test_bot_containers_have_a_healthcheck_and_the_one_off_does_not() -> None:
    """The image's HEALTHCHECK runs ``python -m bot health`` on the HEALTH_FILE it sets; the
    compose file's bots check it, its one-off migrate disables it."""
    dockerfile = " ".join((ROOT / "Dockerfile").read_text(encoding="utf-8").split())
    assert "HEALTH_FILE=/tmp/postal-alive" in dockerfile
    healthcheck = "HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3"
    assert healthcheck + ' \\ CMD ["python", "-m", "bot", "health"]' in dockerfile
    compose = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
    bots, services = compose.split("\nservices:\n")
    assert 'test: ["CMD", "python", "-m", "bot", "health"]' in bots
    migrate = services.split("  migrate:\n")[1].split("\n\n")[0]
    assert "healthcheck:\n      disable: true" in migrate
