"""Helpers the render tests share: decode a PNG, compare colours."""

from __future__ import annotations

import io

from PIL import Image


def decode(png: bytes) -> Image.Image:
    """The PNG's pixels as RGB (asserting it is a PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """The colour at ``xy`` of a multi-band image (RGB, RGBA), as a tuple of channels."""
    colour = image.getpixel(xy)
    assert isinstance(colour, tuple), f"{image.mode} image: {colour!r} is not a colour tuple"
    return colour


def close(a: object, b: object, tolerance: int = 12) -> bool:
    """Whether two colours (tuples of channels, as ``getpixel`` gives for RGB images) agree
    within ``tolerance`` on every channel."""
    assert isinstance(a, tuple) and isinstance(b, tuple), (a, b)
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
