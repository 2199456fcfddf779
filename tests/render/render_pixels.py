"""Helpers the render tests share: decode a PNG, compare colours."""

from __future__ import annotations

import io

from PIL import Image


def decode(png: bytes) -> Image.Image:
    """The PNG's pixels as RGB (asserting it is a PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def close(a: tuple, b: tuple, tolerance: int = 12) -> bool:
    """Whether two colours agree within ``tolerance`` on every channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
