"""Draw the app icons (static/icons/icon-192.png, icon-512.png) with the standard library only.

A white playing card with a blue spade on the app's blue, full bleed so it also serves as a maskable icon
(the card stays inside the central safe zone). static/icons/icon.svg is the same drawing by hand.

    .venv/bin/python -m offline.make_icons
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

BLUE = (11, 92, 173)
WHITE = (255, 255, 255)
SAMPLES = 4  # per axis: 16 samples a pixel for smooth edges
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def _in_rounded_rect(
    x: float, y: float, left: float, top: float, right: float, bottom: float, r: float
) -> bool:
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + r), right - r)
    cy = min(max(y, top + r), bottom - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _in_spade(x: float, y: float) -> bool:
    """A spade in the unit square (0..1), point up: two round lobes, a pointed top and a flared stem."""
    for cx in (0.31, 0.69):
        if (x - cx) ** 2 + (y - 0.60) ** 2 <= 0.2**2:
            return True
    # The top: between two arcs meeting at the point (0.5, 0.04) and reaching the lobes.
    if 0.04 <= y <= 0.62:
        t = (y - 0.04) / 0.58
        half = 0.49 * (1 - (1 - t) ** 1.6)
        if abs(x - 0.5) <= half:
            return True
    if 0.6 <= y <= 0.96:
        return abs(x - 0.5) <= 0.035 + (y - 0.6) ** 2 * 1.3
    return False


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """x, y in 0..1 over the whole icon."""
    card = (0.24, 0.16, 0.76, 0.84)
    if _in_rounded_rect(x, y, *card, 0.06):
        # The spade occupies the card's middle.
        sx = (x - 0.30) / 0.40
        sy = (y - 0.26) / 0.44
        if 0 <= sx <= 1 and 0 <= sy <= 1 and _in_spade(sx, sy):
            return BLUE
        return WHITE
    return BLUE


def draw(size: int) -> bytes:
    rows = []
    step = 1 / (size * SAMPLES)
    for py in range(size):
        row = bytearray([0])  # filter type 0
        for px in range(size):
            r = g = b = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = colour_at((px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step)
                    r, g, b = r + c[0], g + c[1], b + c[2]
            n = SAMPLES * SAMPLES
            row += bytes((round(r / n), round(g / n), round(b / n)))
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size))
        print(f"wrote {OUT / f'icon-{size}.png'}")


if __name__ == "__main__":
    main()
