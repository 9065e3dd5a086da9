#!/usr/bin/env python3
"""Draws the app icon (the same design as Android's adaptive icon) as the 1024 x 1024 opaque PNG
that Xcode's single-size AppIcon set needs. Plain Python (zlib), no imaging library; rerun after
changing the design: python3 ios/make-app-icon.py"""
import struct
import zlib
from pathlib import Path

SIZE = 1024
# The Android foreground's 108-unit canvas, scaled so its 66-unit safe zone fills the icon.
SCALE = SIZE / 66.0
OFFSET = (108 - 66) / 2
FELT, GRID = (0x1B, 0x7F, 0x3B), (0x0B, 0x3D, 0x1C)
BLACK, WHITE = (0x14, 0x14, 0x14), (0xF4, 0xF4, 0xF0)
SAMPLES = 4  # per axis, for smooth disc edges


def colour_at(x, y):
    """The design's colour at a point of the 108-unit canvas."""
    for (cx, cy), fill, rim in (((43, 43), BLACK, None), ((65, 65), WHITE, BLACK)):
        d2 = (x - cx) ** 2 + (y - cy) ** 2
        if d2 <= 9**2:
            return rim if rim and d2 > 8**2 else fill
    on_line = lambda v: any(abs(v - line) <= 0.75 for line in (32, 54, 76))
    inside = lambda v: 31.25 <= v <= 76.75
    if (on_line(x) and inside(y)) or (on_line(y) and inside(x)):
        return GRID
    return FELT


def pixel(px, py):
    acc = [0, 0, 0]
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            x = OFFSET + (px + (sx + 0.5) / SAMPLES) / SCALE
            y = OFFSET + (py + (sy + 0.5) / SAMPLES) / SCALE
            for i, c in enumerate(colour_at(x, y)):
                acc[i] += c
    return bytes(round(a / SAMPLES**2) for a in acc)


def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no alpha
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    rows = [b"".join(pixel(x, y) for x in range(SIZE)) for y in range(SIZE)]
    out = Path(__file__).resolve().parent / "Ply/Resources/Assets.xcassets/AppIcon.appiconset/AppIcon.png"
    out.write_bytes(png(SIZE, SIZE, rows))
    print(out)


if __name__ == "__main__":
    main()
