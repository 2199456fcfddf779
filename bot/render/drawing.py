"""Small drawing helpers shared by the board renderers: anti-aliased shapes and palettes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.themes import RGB

SUPERSAMPLE = 4


def paste_ellipse(
    canvas: Image.Image,
    centre: tuple[float, float],
    radius: float,
    colour: RGB,
    width: float | None = None,
) -> None:
    """Draw a smooth disc (or a ring ``width`` wide) on an RGB canvas."""
    box = int(radius * 2) + 4
    left, top = round(centre[0] - box / 2), round(centre[1] - box / 2)
    big = box * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    r = radius * SUPERSAMPLE
    c = (centre[0] - left) * SUPERSAMPLE, (centre[1] - top) * SUPERSAMPLE
    shape = (c[0] - r, c[1] - r, c[0] + r, c[1] + r)
    draw = ImageDraw.Draw(mask)
    if width is None:
        draw.ellipse(shape, fill=255)
    else:
        draw.ellipse(shape, outline=255, width=max(1, round(width * SUPERSAMPLE)))
    small = mask.resize((box, box), Image.Resampling.LANCZOS)
    canvas.paste(colour, (left, top, left + box, top + box), small)


def paste_glow(
    canvas: Image.Image,
    centre: tuple[float, float],
    radius: float,
    colour: RGB,
    solid: float = 0.25,
) -> None:
    """A disc of ``colour`` that is solid to ``solid`` of ``radius`` and fades out linearly
    to its edge, on an RGB canvas (clipped to it)."""
    box = max(2, round(radius * 2))
    # radial_gradient: 0 in the middle, 181 at the middle of its 256 px square's edges
    # (a circle of radius 128), 255 in its corners; so v / 181 is the share of the radius.
    fade = [round(255 * min(1.0, max(0.0, (1 - v / 181) / (1 - solid)))) for v in range(256)]
    mask = Image.radial_gradient("L").resize((box, box), Image.Resampling.BILINEAR).point(fade)
    left, top = round(centre[0] - box / 2), round(centre[1] - box / 2)
    canvas.paste(colour, (left, top, left + box, top + box), mask)


def palette_of(sample: Image.Image) -> Image.Image:
    """A 256-colour palette image that represents every colour of ``sample`` closely."""
    return sample.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` mapped onto ``palette`` without dithering (flat areas stay flat)."""
    return image.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
