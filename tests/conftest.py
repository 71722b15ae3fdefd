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


@dataclass(frozen=True)
class UsebioPair:
    """A pair of the PARTICIPANTS list with its published result."""

    pair: str  # "1NS" in a Mitchell, "7" in a Howell, as on the travellers
    direction: str
    percentage: str
    place: str


def read_usebio_pairs(path: Path) -> list[UsebioPair]:
    """Read the published percentage and place of every pair."""
    root = ET.parse(path).getroot()
    pairs = []
    for pair in root.iter("PAIR"):
        number = pair.findtext("PAIR_NUMBER", "")
        pairs.append(
            UsebioPair(
                pair=number,
                direction=pair.findtext("DIRECTION", "") or "",
                percentage=pair.findtext("PERCENTAGE", ""),
                place=pair.findtext("PLACE", ""),
            )
        )
    return pairs


def _usebio_path(name: str) -> Path:
    path = SHARED_DATA / "usebio" / name
    if not path.exists():
        pytest.skip(f"shared data file {path} is not available")
    return path


@pytest.fixture
def usebio_pairs():
    """Return a loader: file name in shared/data/usebio -> its published pairs."""
    return lambda name: read_usebio_pairs(_usebio_path(name))


@pytest.fixture
def usebio_boards():
    """Return a loader: file name in shared/data/usebio -> its boards."""

    return lambda name: read_usebio_boards(_usebio_path(name))
