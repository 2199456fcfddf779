"""Extract Postal's messages into ``bot/locales/postal.pot`` and bring every language's
``.po`` up to date with it; or check the catalogs.

    python tools/catalogs.py extract   # after wrapping new text in _(), ngettext(), ...
    python tools/catalogs.py check     # what is untranslated, or wrong, in each language

Sources: every ``_``/``ngettext``/``pgettext``/``npgettext``/``N_`` call under ``bot/``
(``babel.cfg``), and the slash commands' names, descriptions and choices
(``bot.discord.translator.command_strings``). Locations are written without line numbers so
that moving code does not rewrite every catalog; new messages arrive untranslated, changed
ones are marked fuzzy (shown in English until a translator confirms them). No translation is
ever dropped: one whose message the sources do not have (yet) is kept as obsolete (``#~``,
never shown), and comes back, confirmed, the moment the sources have its message again; so
a translator may write translations ahead of the code that says them.
"""

from __future__ import annotations

import re
import sys
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.discord.analyse import ANALYSIS_COMMANDS  # noqa: E402
from bot.discord.board_commands import BOARD_COMMANDS  # noqa: E402
from bot.discord.commands import ALL_COMMANDS  # noqa: E402
from bot.discord.translator import command_strings  # noqa: E402
from bot.i18n import Locale  # noqa: E402
from bot.i18n.catalogs import (  # noqa: E402
    LOCALES_DIR,
    TEMPLATE_PATH,
    catalog_path,
    new_catalog,
    read_catalog,
)
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


def _new_catalog(locale: Locale | None = None) -> Catalog:
    return new_catalog(
        locale,
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


# Babel writes its own version into every header: a new Babel release would rewrite every
# catalog for nothing.
_GENERATED_BY = re.compile(rb'^"Generated-By: Babel [^"\\]*\\n"$', re.MULTILINE)


def _write(path: Path, catalog: Catalog) -> None:
    buffer = BytesIO()
    write_po(buffer, catalog, include_lineno=False, ignore_obsolete=False, width=100)
    text = _GENERATED_BY.sub(rb'"Generated-By: Babel\\n"', buffer.getvalue())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return any(strings)


def merge(catalog: Catalog, template: Catalog) -> None:
    """Bring a language's ``catalog`` up to date with ``template``, keeping every
    translation: messages new in the template arrive untranslated, changed ones fuzzy (a
    guess from the closest old message), and a translated message the template lacks
    becomes obsolete instead of being dropped. An obsolete translation (from an earlier
    run) whose message the template has again is used again, as it was."""
    before = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in catalog if m.id}
    for message in catalog.obsolete.values():
        key = (message.id if isinstance(message.id, str) else message.id[0], message.context)
        if key not in before:
            before[key] = message
            catalog[message.id] = message  # back among the live messages, for update()
    catalog.obsolete.clear()
    catalog.update(template, update_creation_date=False)
    catalog.obsolete.clear()
    for (msgid, context), message in before.items():
        if catalog.get(msgid, context) is None and _translated(message):
            key = msgid if context is None else (msgid, context)
            catalog.obsolete[key] = message


def update(template: Catalog, locales_dir: Path = LOCALES_DIR) -> None:
    """Write the template, then merge it into each language's catalog (made if missing)
    under ``locales_dir``."""
    _write(locales_dir / TEMPLATE_PATH.name, template)
    for locale in Locale:
        if locale is Locale.EN:
            continue
        path = locales_dir / locale.value / "LC_MESSAGES" / f"{template.domain}.po"
        catalog = read_catalog(path, locale) if path.exists() else _new_catalog(locale)
        merge(catalog, template)
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
