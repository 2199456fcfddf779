"""Every runnable example in README.md and docs/*.md runs as written and says what its
comments promise (the convention: docs/development.md, *Examples that run*).

- A fenced block whose first line is ``$ python -m bot console …`` is a console session:
  its other lines are typed, one by one, into a console on a fresh database.
- In a ``sh`` block, a line starting with ``python -m`` (or ``echo … | python -m``) is run
  in a fresh folder and must exit 0; other lines (installing, Docker) are not run.
- A trailing ``# "text"`` promises ``text`` in what that line prints; ``…`` in it stands for
  anything, a space any run of spaces and line ends. An unquoted comment is a remark.
"""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from bot.console import run_console
from tests.fake_engines import FakeEngines

ROOT = Path(__file__).resolve().parents[1]
SESSION_START = "$ python -m bot console"
# A console line: a user, then a slash command.
CONSOLE_LINE = re.compile(r"^[a-z][\w-]*:? /\w")
COMMAND_LINE = re.compile(r"^(?:echo .*\| *)?python -m \S")
PROMISE = re.compile(r'\s+#\s*"(?P<text>.*)"\s*$')
REMARK = re.compile(r"\s+#\s.*$")


@dataclass(frozen=True, slots=True)
class Line:
    """One line of an example: what is typed, what its comment promises (None: nothing)."""

    typed: str
    promise: str | None


@dataclass(frozen=True, slots=True)
class Example:
    """A console session or one shell command, and where it is written."""

    source: str
    kind: str  # "console" or "sh"
    lines: tuple[Line, ...]

    def __str__(self) -> str:
        return f"{self.source}: {self.lines[0].typed}"


def pages() -> list[Path]:
    """The pages whose examples must run: the README and every page of docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def fenced_blocks(text: str) -> list[tuple[int, str, list[str]]]:
    """(line number, info string, lines) of each fenced block of a Markdown text."""
    blocks: list[tuple[int, str, list[str]]] = []
    fence: str | None = None
    info, start, lines = "", 0, list[str]()
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if fence is None and stripped.startswith("```"):
            fence, info, start, lines = raw[: raw.index("`")], stripped[3:].strip(), number, []
        elif fence is not None and stripped.startswith("```"):
            blocks.append((start, info, lines))
            fence = None
        elif fence is not None:
            lines.append(raw.removeprefix(fence))
    return blocks


def read_line(text: str) -> Line:
    """``text`` as typed, and its promise (``# "…"``), comments taken off."""
    promised = PROMISE.search(text)
    if promised is not None:
        return Line(text[: promised.start()].rstrip(), promised.group("text"))
    return Line(REMARK.sub("", text).rstrip(), None)


def examples(path: Path) -> list[Example]:
    """The runnable examples of a page. Raises ``AssertionError`` for console lines outside
    a session (they would silently never run)."""
    found: list[Example] = []
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    for start, info, lines in fenced_blocks(path.read_text(encoding="utf-8")):
        where = f"{name}:{start}"
        if lines and lines[0].startswith(SESSION_START):
            typed = tuple(read_line(line) for line in lines[1:] if line.strip())
            found.append(Example(where, "console", typed))
            continue
        stray = [line for line in lines if CONSOLE_LINE.match(line)]
        assert not stray, f"{where}: console lines outside a session: {stray[0]!r}"
        if info.split(" ")[0] == "sh":
            for line in lines:
                if COMMAND_LINE.match(line):
                    found.append(Example(where, "sh", (read_line(line),)))
    return found


def all_examples() -> list[Example]:
    return [example for path in pages() for example in examples(path)]


def kept(said: str, promise: str) -> bool:
    """Whether ``said`` contains ``promise``: ``…`` in it matches anything, a space any
    run of spaces and line ends."""
    pattern = ".*?".join(
        r"\s+".join(re.escape(word) for word in piece.split()) for piece in promise.split("…")
    )
    return re.search(pattern, said, re.DOTALL) is not None


async def test_the_pages_have_examples_to_run() -> None:
    """The extractor finds the examples (the first game, the rules and renderer commands):
    a change of convention cannot make the test below run nothing."""
    found = all_examples()
    assert sum(example.kind == "console" for example in found) >= 2
    assert sum(example.kind == "sh" for example in found) >= 5
    promised = [line for example in found for line in example.lines if line.promise]
    assert any("Checkmate — white wins" in (line.promise or "") for line in promised)


def test_a_console_line_outside_a_session_is_refused(tmp_path: Path) -> None:
    """A block of console lines without its ``$ python -m bot console`` line fails."""
    page = tmp_path / "page.md"
    page.write_text("```text\nalice /move e4\n```\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="console lines outside a session"):
        examples(page)


@pytest.mark.parametrize("example", [e for e in all_examples() if e.kind == "console"], ids=str)
async def test_a_console_session_runs_as_written(example: Example, tmp_path: Path) -> None:
    """Each line is typed into one console on a fresh database; none is refused, and each
    says what its comment promises."""
    database, images = tmp_path / "demo.db", tmp_path / "boards"
    for line in example.lines:
        out = io.StringIO()
        await run_console(
            database,
            images,
            io.StringIO(line.typed + "\n"),
            out,
            interactive=False,
            engines=FakeEngines(),
        )
        said = out.getvalue()
        refused = [text for text in said.splitlines() if text.startswith("! ")]
        assert not refused, f"{example.source}: {line.typed!r} was refused: {refused}"
        if line.promise is not None:
            assert kept(said, line.promise), f"{line.typed!r} did not say {line.promise!r}:\n{said}"


@pytest.mark.parametrize("example", [e for e in all_examples() if e.kind == "sh"], ids=str)
def test_a_command_runs_as_written(example: Example, tmp_path: Path) -> None:
    """The command exits 0, prints what its comment promises, and an image it writes
    (``-o``) is one Pillow reads."""
    line = example.lines[0]
    command = line.typed.replace("python -m", f"{shlex.quote(sys.executable)} -m")
    done = subprocess.run(
        command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{example.source}: {line.typed}\n{done.stderr}"
    if line.promise is not None:
        assert kept(done.stdout, line.promise), f"{line.typed}: {done.stdout!r}"
    written = re.search(r"-o (\S+\.png)", line.typed)
    if written is not None:
        with Image.open(tmp_path / written.group(1)) as image:
            image.load()
