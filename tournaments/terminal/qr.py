"""QR codes as inline SVG, drawn server-side (no JavaScript, prints crisply)."""

from __future__ import annotations

import segno


def qr_svg(text: str, *, scale: int = 3) -> str:
    """An ``<svg>`` element encoding ``text`` (medium error correction)."""
    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=scale, border=2, title=text)
