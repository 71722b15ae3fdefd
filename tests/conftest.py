"""Shared fixtures: real published results from ``shared/data`` as plain data."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@dataclass(frozen=True)
class UsebioLine:
    """One traveller line of a USEBIO file, as published."""

    ns_pair: str
    ew_pair: str
    score: int | None  # NS points; None for an artificial score
    artificial: tuple[int, int] | None  # (NS %, EW %) for "A6040"
    ns_points: float | None  # the published NS matchpoints, Butler or cross-IMPs
    ew_points: float | None


@dataclass(frozen=True)
class UsebioBoard:
    number: int
    average: float | None  # BOARD_AVERAGE: the Butler datum
    lines: tuple[UsebioLine, ...]


def _points(line: ET.Element, side: str) -> float | None:
    for suffix in ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS"):
        text = line.findtext(f"{side}_{suffix}")
        if text is not None:
            return float(text)
    return None


def read_usebio_boards(path: Path) -> list[UsebioBoard]:
    """Read the boards and traveller lines of a USEBIO 1.2 results file."""
    root = ET.parse(path).getroot()
    boards = []
    for board in root.iter("BOARD"):
        lines = []
        for line in board.findall("TRAVELLER_LINE"):
            raw = line.findtext("SCORE", "").strip()
            score, artificial = None, None
            if raw.startswith("A"):
                artificial = (int(raw[1:3]), int(raw[3:5]))
            else:
                score = int(raw)
            lines.append(
                UsebioLine(
                    ns_pair=line.findtext("NS_PAIR_NUMBER", ""),
                    ew_pair=line.findtext("EW_PAIR_NUMBER", ""),
                    score=score,
                    artificial=artificial,
                    ns_points=_points(line, "NS"),
                    ew_points=_points(line, "EW"),
                )
            )
        if lines:
            average = board.findtext("BOARD_AVERAGE")
            boards.append(
                UsebioBoard(
                    number=int(board.findtext("BOARD_NUMBER", "0")),
                    average=float(average) if average is not None else None,
                    lines=tuple(lines),
                )
            )
    return boards


@pytest.fixture
def usebio_boards():
    """Return a loader: file name in shared/data/usebio -> its boards."""

    def load(name: str) -> list[UsebioBoard]:
        path = SHARED_DATA / "usebio" / name
        if not path.exists():
            pytest.skip(f"shared data file {path} is not available")
        return read_usebio_boards(path)

    return load
