"""Write the command list of ``docs/playing.md`` from the command catalog
(``bot/service/catalog.py``), where each command and option is described once; or check it.

    python tools/command_list.py          # rewrite the list between its markers
    python tools/command_list.py check    # exit 1 if the list differs from the catalog

``tests/test_command_list.py`` runs the check, so a command or description changed in the
catalog and not in the docs fails the suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.service.catalog import COMMANDS, CommandSpec  # noqa: E402

DOC = ROOT / "docs" / "playing.md"
START = "<!-- command list: written by tools/command_list.py from bot/service/catalog.py -->"
END = "<!-- end of the command list -->"


def _row(spec: CommandSpec, prefix: str = "") -> str:
    words = [f"/{prefix}{spec.name}", *spec.option_names]
    return f"| `{' '.join(words)}` | {spec.description} |"


def command_list() -> str:
    """The Markdown table of every slash command (subcommands on rows of their own), with
    its options and what it does, in the catalog's order and words."""
    rows = ["| command and options | what it does |", "| --- | --- |"]
    for spec in COMMANDS:
        if spec.console_only:
            continue
        rows.append(_row(spec))
        rows.extend(_row(sub, f"{spec.name} ") for sub in spec.subcommands)
    return "\n".join(rows)


def written(doc: str) -> str:
    """``doc`` with the list between its markers replaced by the catalog's; ValueError if
    the markers are missing."""
    before, start, rest = doc.partition(START)
    _, end, after = rest.partition(END)
    if not start or not end:
        raise ValueError(f"{DOC.name} has no {START} … {END} section")
    return f"{before}{START}\n{command_list()}\n{END}{after}"


def main(arguments: list[str]) -> int:
    doc = DOC.read_text(encoding="utf-8")
    if arguments == ["check"]:
        if written(doc) != doc:
            print(f"{DOC.relative_to(ROOT)}: the command list differs from the catalog")
            return 1
        return 0
    DOC.write_text(written(doc), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
