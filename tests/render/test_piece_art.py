"""The shipped piece sprites are what tools/rasterise_pieces.py makes from the SVG sources in
assets/pieces/ (needs cairosvg, the '.[art]' extra; skipped without it)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]


def load_tool() -> Any:
    """tools/rasterise_pieces.py as a module (not a package: loaded from its file)."""
    spec = importlib.util.spec_from_file_location(
        "rasterise_pieces", ROOT / "tools" / "rasterise_pieces.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rasterise_pieces"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["cburnett", "simple"])
def test_sprites_are_rasterised_from_the_shipped_sources(name: str) -> None:
    """Each sprite equals (within rounding) the tool's drawing of its SVG source."""
    pytest.importorskip("cairosvg")
    tool = load_tool()
    piece_set = tool.SETS[name]
    for colour, kind in tool.pieces():
        drawn = tool.rasterise(piece_set.svg_of(tool.ASSETS / name, colour, kind))
        with Image.open(tool.OUTPUT / name / f"{colour}{kind.upper()}.png") as shipped:
            difference = ImageChops.difference(drawn, shipped.convert("RGBA"))
        extrema = difference.getextrema()  # (low, high) per band of an RGBA image
        assert all(isinstance(band, tuple) for band in extrema), extrema
        assert max(band[1] for band in extrema if isinstance(band, tuple)) <= 2, (
            f"{name} {colour}{kind}"
        )
