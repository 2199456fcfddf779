"""Helpers the render tests share: decode a PNG, compare colours."""

from __future__ import annotations

import io

from PIL import Image, ImageChops


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


def near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> Image.Image:
    """A mask (mode L) of the RGB ``image``'s pixels that agree with ``colour`` within
    ``tolerance`` on every channel, as ``close`` says: 255 there, 0 elsewhere. Pillow works
    it out band by band, where a loop over ``getpixel`` takes seconds at 256 x 256."""
    difference = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, colour))
    red, green, blue = difference.split()
    furthest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return furthest.point(lambda value: 255 if value <= tolerance else 0)
