"""Extract Postal's messages into ``bot/locales/postal.pot`` and bring every language's
``.po`` up to date with it; or check the catalogs.

    python tools/catalogs.py extract   # after wrapping new text in _(), ngettext(), ...
    python tools/catalogs.py check     # what is untranslated, or wrong, in each language

Sources: every ``_``/``ngettext``/``pgettext``/``npgettext``/``N_`` call under ``bot/``
(``babel.cfg``), and the slash commands' names, descriptions and choices
(``bot.discord.translator.command_strings``). Locations are written without line numbers so
that moving code does not rewrite every catalog; new messages arrive untranslated, changed
ones are marked fuzzy (shown in English until a translator confirms them).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.discord.analyse import ANALYSIS_COMMANDS  # noqa: E402
from bot.discord.board_commands import BOARD_COMMANDS  # noqa: E402
from bot.discord.commands import ALL_COMMANDS  # noqa: E402
from bot.discord.translator import command_strings  # noqa: E402
from bot.i18n import Locale  # noqa: E402
from bot.i18n.catalogs import DOMAIN, TEMPLATE_PATH, catalog_path, read_catalog  # noqa: E402
from bot.i18n.checks import catalog_problems  # noqa: E402

# A fixed date keeps the files' headers from changing on every run.
CREATION_DATE = datetime(2026, 11, 23, tzinfo=UTC)
# Text("...", field=...), Plural("...", "...", n) and TextIn("button", "...")
# (bot/i18n/text.py) are messages too.
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "Text": None,
    "Plural": (1, 2),
    "TextIn": ((1, "c"), 2),
}
COMMENT_TAGS = ("Translators:",)


def _new_catalog(locale: str | None = None) -> Catalog:
    return Catalog(
        locale=locale,
        domain=DOMAIN,
        project="Postal",
        version="0.1",
        copyright_holder="Postal's contributors",
        msgid_bugs_address="",
        creation_date=CREATION_DATE,
        revision_date=CREATION_DATE,
        fuzzy=False,
    )


def extract() -> Catalog:
    """The template: every message of the product's sources and commands."""
    template = _new_catalog()
    results = extract_from_dir(
        str(ROOT / "bot"),
        method_map=[("locales/**", "ignore"), ("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, _lineno, message, comments, context in results:
        template.add(
            message,
            locations=[(f"bot/{filename}", None)],
            auto_comments=comments,
            context=context,
        )
    for where, text, source in command_strings(
        (*ALL_COMMANDS, *BOARD_COMMANDS, *ANALYSIS_COMMANDS)
    ):
        if text and text != "…":
            template.add(text, locations=[(source, None)], context=where.msgctxt)
    return template


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, include_lineno=False, ignore_obsolete=True, width=100)


def update(template: Catalog) -> None:
    """Write the template, then merge it into each language's catalog (made if missing)."""
    _write(TEMPLATE_PATH, template)
    for locale in Locale:
        if locale is Locale.EN:
            continue
        path = catalog_path(locale)
        catalog = read_catalog(path, locale) if path.exists() else _new_catalog(locale.value)
        catalog.update(template, update_creation_date=False)
        _write(path, catalog)


def check() -> int:
    """Print each language's problems; 1 if there are any."""
    status = 0
    for locale in Locale:
        if locale is Locale.EN:
            continue
        problems = catalog_problems(read_catalog(catalog_path(locale), locale))
        print(f"{locale.value}: {len(problems)} problems")
        for problem in problems:
            print(f"  {problem}")
        status = status or int(bool(problems))
    return status


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        template = extract()
        update(template)
        print(f"{len(template)} messages in {TEMPLATE_PATH.relative_to(ROOT)}")
        return 0
    if argv == ["check"]:
        return check()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
