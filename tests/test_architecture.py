"""Layer boundaries from docs/CONTRACTS.md, checked by parsing every product module's imports.

rules/ stands alone (standard library only); only bot/discord imports discord; only bot/store
touches SQL; bot/render and bot/service never reach up to the adapters. Imports under
``if TYPE_CHECKING:`` count too: a type-only import is still a dependency.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SQL_STATEMENT = re.compile(
    r"\b(SELECT\s[\s\S]*?\sFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM"
    r"|CREATE\s+(TABLE|INDEX)|PRAGMA\s+\w+)\b"
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool) -> set[str]:
    """Absolute names of every module ``source`` imports, relative imports resolved."""
    return imports_in(ast.parse(source), module, is_package)


def imports_in(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Absolute names of every module the syntax ``tree`` imports, relative imports
    resolved."""
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
            else:
                base = ""
            target = ".".join(p for p in (base, node.module or "") if p)
            names.add(target)
            # "from pkg import sub" may import a submodule: count pkg.sub as well.
            names.update(f"{target}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def product_modules(*packages: str) -> dict[str, set[str]]:
    """Module name -> imported names, for every .py file under the given top-level folders."""
    found = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            name = module_name(path)
            source = path.read_text(encoding="utf-8")
            found[name] = imports_of(source, name, path.name == "__init__.py")
    return found


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def offenders(modules: dict[str, set[str]], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} imports {name}"
        for module, names in modules.items()
        for name in names
        if any(within(name, prefix) for prefix in forbidden)
    )


PRODUCT = ("rules", "bot")


@functools.cache
def every_module() -> dict[str, set[str]]:
    """The product's modules and their imports, parsed once, by the first test that asks:
    not at import, where every pytest worker collecting the suite would pay for it."""
    return product_modules(*PRODUCT)


def test_the_import_parser_resolves_relative_imports() -> None:
    """The guard itself: relative and from-imports resolve to absolute module names."""
    source = "import os\nfrom ..service import play\nfrom . import sprites\nimport discord.ui\n"
    assert imports_of(source, "bot.render.board", is_package=False) == {
        "os",
        "bot.service",
        "bot.service.play",
        "bot.render",
        "bot.render.sprites",
        "discord.ui",
    }
    assert imports_of("from .chess import CHESS\n", "rules", is_package=True) == {
        "rules.chess",
        "rules.chess.CHESS",
    }
    assert offenders({"bot.render.board": {"bot.service.play"}}, ("bot.service",)) == [
        "bot.render.board imports bot.service.play"
    ]


def test_rules_imports_only_the_standard_library_and_itself() -> None:
    """rules/ has no third-party or bot imports, so it runs anywhere Python does."""
    rules = {name: names for name, names in every_module().items() if within(name, "rules")}
    assert "rules.chess.position" in rules
    bad = sorted(
        f"{module} imports {name}"
        for module, names in rules.items()
        for name in names
        if name.split(".")[0] not in sys.stdlib_module_names and not within(name, "rules")
    )
    assert bad == []


def test_only_bot_discord_imports_discord() -> None:
    """The discord library is imported by bot/discord alone."""
    outside = {
        name: names for name, names in every_module().items() if not within(name, "bot.discord")
    }
    assert offenders(outside, ("discord",)) == []


@pytest.mark.parametrize("library", ["sqlite3", "aiosqlite", "asyncpg"])
def test_only_bot_store_imports_database_drivers(library: str) -> None:
    """Database drivers (SQLite's, PostgreSQL's) are imported by bot/store alone."""
    outside = {
        name: names for name, names in every_module().items() if not within(name, "bot.store")
    }
    assert offenders(outside, (library,)) == []


def test_only_bot_store_contains_sql() -> None:
    """No SQL statement appears in a string constant outside bot/store."""
    bad = []
    for package in ("rules", "bot"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if within(module_name(path), "bot.store") or "__pycache__" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                    continue
                if SQL_STATEMENT.search(node.value):
                    bad.append(f"{module_name(path)}:{node.lineno}")
    assert bad == []


def test_render_imports_no_service_store_or_adapter() -> None:
    """bot/render depends on rules and Pillow only, never on the layers above or beside it."""
    render = {name: names for name, names in every_module().items() if within(name, "bot.render")}
    forbidden = ("bot.service", "bot.store", "bot.discord", "bot.console", "discord")
    assert offenders(render, forbidden) == []


def test_service_imports_no_adapter() -> None:
    """bot/service knows nothing of Discord or the console that call it."""
    service = {name: names for name, names in every_module().items() if within(name, "bot.service")}
    assert offenders(service, ("discord", "bot.discord", "bot.console")) == []


def test_text_sits_between_the_adapters_and_the_service() -> None:
    """bot/text words the service's facts for both adapters: it may read the service's result
    types, but never the adapters; and the service (and the layers below it) never import it,
    so no English sentence can creep back into the facts."""
    text = {name: names for name, names in every_module().items() if within(name, "bot.text")}
    assert "bot.text.words" in text
    assert offenders(text, ("discord", "bot.discord", "bot.console")) == []
    below = {
        name: names
        for name, names in every_module().items()
        if any(within(name, layer) for layer in ("rules", "bot.service", "bot.store", "bot.render"))
    }
    assert offenders(below, ("bot.text",)) == []


def test_store_imports_no_layer_above_it() -> None:
    """bot/store never imports the service or the adapters that sit on top of it."""
    store = {name: names for name, names in every_module().items() if within(name, "bot.store")}
    forbidden = ("bot.service", "bot.discord", "bot.console", "discord")
    assert offenders(store, forbidden) == []


def test_engine_imports_only_rules_and_the_standard_library() -> None:
    """bot/engine drives engine processes with the standard library and checks moves with rules:
    the service may import it, it imports nothing of Postal's other layers nor a third party."""
    engine = {name: names for name, names in every_module().items() if within(name, "bot.engine")}
    assert "bot.engine.api" in engine
    bad = sorted(
        f"{module} imports {name}"
        for module, names in engine.items()
        for name in names
        if name.split(".")[0] not in sys.stdlib_module_names
        and not within(name, "rules")
        and not within(name, "bot.engine")
    )
    assert bad == []


def test_nothing_below_the_service_imports_the_engines() -> None:
    """Engines are the service's to use: rules, store and render never import bot/engine."""
    below = {
        name: names
        for name, names in every_module().items()
        if any(within(name, layer) for layer in ("rules", "bot.store", "bot.render"))
    }
    assert offenders(below, ("bot.engine",)) == []


def test_rules_never_imports_bot() -> None:
    """The rules engine is the bottom layer: nothing in rules/ imports bot."""
    rules = {name: names for name, names in every_module().items() if within(name, "rules")}
    assert offenders(rules, ("bot",)) == []


def test_the_product_imports_no_chess_library() -> None:
    """python-chess, pyffish (Fairy-Stockfish) and cairosvg are test oracles and benchmark
    peers, never product code."""
    assert offenders(every_module(), ("chess", "cairosvg", "pyffish")) == []


def test_game_service_holds_use_cases_side_by_side() -> None:
    """``GameService``'s class hierarchy holds one Postal class: its use cases are objects it
    holds (``service.play``, ``service.endings``), not mixins it inherits."""
    from bot.service.service import GameService

    postal = [cls for cls in GameService.__mro__ if cls.__module__.split(".")[0] in PRODUCT]
    assert postal == [GameService]


def test_use_cases_reach_the_core_through_its_public_api() -> None:
    """No module of bot/service but core.py names one of the core's underscored helpers
    (``core._view``): what use cases share, the core offers under a plain name."""
    private = re.compile(r"\b_?core\._[a-z]")
    reaching = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "bot" / "service").glob("*.py"))
        if path.name != "core.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if private.search(line)
    ]
    assert reaching == []


# Imports inside a function that break a loop of imports, as they stand: this list may only
# shrink (the test below fails on a new one, and on one of these once it is gone).
KNOWN_LOOP_BREAKERS = {
    ("rules", "rules.chess"),
    # get_variant's lazy import, as for chess: Chess960's variant is a chess variant
    ("rules", "rules.chess960"),
    # and janggi's, whose records read with rules.pgn (as xiangqi's do)
    ("rules", "rules.janggi"),
    ("rules.game", "rules"),
    ("rules.xiangqi.variant", "rules.xiangqi.record"),
    ("rules.xiangqi.position", "rules.xiangqi.variant"),
    ("rules.xiangqi.position", "rules.xiangqi.notation"),
    ("rules.chess.position", "rules.chess.variant"),
    ("rules.chess.position", "rules.chess.fen"),
    ("rules.chess.position", "rules.chess.notation"),
}


def _function_imports(path: Path, module: str) -> tuple[set[str], set[str]]:
    """(imported at module level, imported inside a function) by ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.name == "__init__.py"
    inner: set[str] = set()
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner |= imports_in(function, module, package)
            function.body = [ast.Pass()]  # what is left imports at module level
    return imports_in(tree, module, package), inner


def test_no_import_inside_a_function_breaks_a_loop() -> None:
    """An import inside a function whose module imports (at module level, perhaps through
    others) the importing module again only hides a loop of imports: the layers are wrong.
    Today's are listed in ``KNOWN_LOOP_BREAKERS`` (rules' positions and their notations;
    none in bot/); ``rules.move_text`` asking both games, ``bot.discord.conditional``
    reaching for the commands and the SQLite database opening the PostgreSQL one (now
    ``bot.store.opening``) were three and are gone."""
    paths = {
        module_name(path): path
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    top: dict[str, set[str]] = {}
    inner: dict[str, set[str]] = {}
    for module, path in paths.items():
        top[module], inner[module] = _function_imports(path, module)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = {start}, [start]
        while todo:
            for name in top.get(todo.pop(), set()) & paths.keys():
                if name == goal:
                    return True
                if name not in seen:
                    seen.add(name)
                    todo.append(name)
        return False

    breakers = {
        (module, name)
        for module, names in inner.items()
        for name in names & paths.keys()
        if name == module or reaches(name, module)
    }
    assert breakers == KNOWN_LOOP_BREAKERS
