"""Where a board's coordinates are drawn: inside its edge squares, in a frame, or nowhere."""

from __future__ import annotations

from enum import Enum


class Coordinates(Enum):
    """Where the files' letters and the ranks' numbers go (chess; a xiangqi board numbers
    its files in bands above and below for either of the first two)."""

    # In the corners of the edge squares, as lichess draws them: the board fills the image.
    INSIDE = "inside"
    # In a margin around the board (9 % of the width at 512 px).
    FRAME = "frame"
    NONE = "none"

    @classmethod
    def of(cls, value: Coordinates | bool | str) -> Coordinates:
        """``value`` as a placement: True is INSIDE, False NONE, a name its member.
        Raises ValueError for anything else."""
        if isinstance(value, Coordinates):
            return value
        if value is True:
            return cls.INSIDE
        if value is False:
            return cls.NONE
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                pass
        names = ", ".join(member.value for member in cls)
        raise ValueError(f"coordinates must be True, False or one of {names}, not {value!r}")

    @property
    def shown(self) -> bool:
        return self is not Coordinates.NONE
