"""Shared fixtures: real published results from ``tests/data`` as plain data.

Every data file lives inside the repository (``tests/data/README.md`` names each
one's public source), so a fresh clone runs the whole suite: a missing file is
a failure, never a skip.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

TEST_DATA = Path(__file__).resolve().parent / "data"


# The fixtures through which a test reaches the database (pytest-django's).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }
)


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark ``database`` every test that touches the database.

    ``scripts/test.sh`` runs the whole suite on SQLite, then ``-m database``
    again on PostgreSQL: the pure tests (games, scoring, imports) run once.
    A test that reaches the database another way (a subprocess) carries the
    marker itself.
    """
    uses_fixture = DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    if uses_fixture or item.get_closest_marker("django_db"):
        item.add_marker(pytest.mark.database)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say which database the run used: test.sh runs the suite on two."""
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    terminalreporter.write_line(f"database: {engine}")


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English: a request in French leaves its thread in French."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


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


@pytest.fixture
def usebio_pairs():
    """Return a loader: file name in tests/data/usebio -> its published pairs."""
    return lambda name: read_usebio_pairs(TEST_DATA / "usebio" / name)


@pytest.fixture
def usebio_boards():
    """Return a loader: file name in tests/data/usebio -> its boards."""
    return lambda name: read_usebio_boards(TEST_DATA / "usebio" / name)


@dataclass(frozen=True)
class JfrLine:
    """A traveller line of a JFR Pary board page, with its published %."""

    ns: int
    ew: int
    pct_ns: float
    pct_ew: float
    director: bool  # a "TD" artificial line


_JFR_ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
_JFR_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)


def read_jfr_board(path: Path) -> list[JfrLine]:
    """Read a JFR Pary board page (wb120802001.html...) into its lines."""
    lines = []
    for row in _JFR_ROW.findall(path.read_text(encoding="utf-8", errors="replace")):
        if 'class="nor"' not in row:  # only traveller rows end in % cells
            continue
        cells = [
            re.sub(r"<[^>]+>|&nbsp;", "", c).strip() for c in _JFR_CELL.findall(row)
        ]
        if len(cells) < 10 or not (cells[1].isdigit() and cells[2].isdigit()):
            continue
        try:
            pct_ns, pct_ew = float(cells[-2]), float(cells[-1])
        except ValueError:
            continue
        lines.append(
            JfrLine(int(cells[1]), int(cells[2]), pct_ns, pct_ew, cells[3] == "TD")
        )
    return lines


@dataclass(frozen=True)
class JfrSession:
    """The JFR Pary session WB120802: its PBN and its published board pages."""

    folder: Path

    @property
    def pbn(self) -> Path:
        return self.folder / "wb120802.pbn"

    def board(self, number: int) -> list[JfrLine]:
        return read_jfr_board(self.folder / f"wb120802{number:03d}.html")


@pytest.fixture
def jfr_session() -> JfrSession:
    """The JFR Pary session WB120802 in tests/data/jfr."""
    return JfrSession(TEST_DATA / "jfr" / "WB120802")


@pytest.fixture
def data_dir() -> Path:
    """The folder of the suite's data files, tests/data."""
    return TEST_DATA


@pytest.fixture
def director(client, django_user_model):
    """The test client, logged in as a tournament director (a staff user)."""
    user = django_user_model.objects.create_user(
        "td", password="pw", is_staff=True, is_superuser=True
    )
    client.force_login(user)
    return client
