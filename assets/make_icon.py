"""Generate the application icon from the game's own card art.

    .venv/bin/python assets/make_icon.py

Writes ``assets/icon.png`` (256 px, also the window icon), ``assets/icon.ico``
(Windows) and ``assets/icon.icns`` (macOS).  Both containers simply hold PNG
images, which every supported Windows and macOS version reads.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from engine.cards import Card  # noqa: E402
from game.cardart import CardArt  # noqa: E402

HERE = Path(__file__).resolve().parent


def render(size: int) -> pygame.Surface:
    """Three fanned cards (7-8-9 of hearts, a run) on a transparent square."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    art = CardArt()
    w, h = int(size * 0.5), int(size * 0.7)
    for i, code in enumerate(("7H", "8H", "9H")):
        face = art.face(Card(code), (w, h))
        angle = 18 - 18 * i
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        cx = size * (0.33 + 0.17 * i)
        cy = size * (0.5 + 0.03 * abs(i - 1))
        icon.blit(turned, turned.get_rect(center=(cx, cy)))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def write_ico(path: Path, images: dict[int, bytes]) -> None:
    """An .ico whose entries are PNG images (size 256 is written as 0)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, data = b"", b""
    offset = 6 + 16 * len(images)
    for size, png in sorted(images.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    path.write_bytes(header + entries + data)


def write_icns(path: Path, images: dict[int, bytes]) -> None:
    """An .icns with PNG entries (ic07 = 128 px, ic08 = 256 px, ic09 = 512 px)."""
    kinds = {128: b"ic07", 256: b"ic08", 512: b"ic09"}
    body = b"".join(kinds[s] + struct.pack(">I", 8 + len(p)) + p for s, p in sorted(images.items()) if s in kinds)
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def main() -> None:
    pygame.init()
    sizes = (16, 32, 48, 64, 128, 256, 512)
    images = {s: png_bytes(render(s) if s >= 64 else pygame.transform.smoothscale(render(256), (s, s))) for s in sizes}
    (HERE / "icon.png").write_bytes(images[256])
    write_ico(HERE / "icon.ico", {s: images[s] for s in (16, 32, 48, 64, 128, 256)})
    write_icns(HERE / "icon.icns", images)
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"assets/{name}  {(HERE / name).stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
