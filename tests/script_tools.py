"""Load one of ``tools/``'s scripts as a module (they are scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_tool(name: str, module_name: str | None = None) -> ModuleType:
    """``tools/<name>.py`` as a module registered as ``module_name`` (default ``name``)."""
    registered = module_name or name
    spec = importlib.util.spec_from_file_location(registered, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[registered] = module
    spec.loader.exec_module(module)
    return module
