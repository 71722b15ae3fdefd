"""Shared fixtures: real published results from ``tests/data`` as plain data.

Every data file lives inside the repository (``tests/data/README.md`` names each
one's public source), so a fresh clone runs the whole suite: a missing file is
a failure, never a skip.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from demo_world import DemoCopy
    from room_server import Room

    from tournaments.demo.club import DemoSummary

TEST_DATA = Path(__file__).resolve().parent / "data"


# The fixtures through which a test reaches the database (pytest-django's):
# a test whose fixture closure holds one is a database test.  Every test holds
# ``django_db_blocker`` (pytest-django's autouse fixtures ask for it), so that
# one does not count; ``django_db_setup`` does (a module-wide world is built
# through it).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "django_db_setup",
        "live_server",
    }
)


# Whether a test uses the suite's own test database (not only a database of
# its own, as the real-worker tests, marked ``database`` by hand, do).
USES_TEST_DATABASE = pytest.StashKey[bool]()


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark ``database`` every test that touches the database.

    ``scripts/test.sh`` runs the whole suite on SQLite, then ``-m database``
    again on PostgreSQL: the pure tests (games, scoring, imports) run once.
    The marker is decided here, at collection, from the test's whole fixture
    closure (autouse fixtures included) and its ``django_db`` marker; a test
    that reaches a database another way (a subprocess) carries the marker
    itself.  :func:`guard_unmarked_tests` fails, naming it, any test that
    opens the test database without the marker (a fixture unblocking it by
    hand), so ``-m database`` and ``-m "not database"`` each run alone.
    """
    uses_fixture = DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    item.stash[USES_TEST_DATABASE] = bool(
        uses_fixture or item.get_closest_marker("django_db")
    )
    if item.stash[USES_TEST_DATABASE]:
        item.add_marker(pytest.mark.database)


# Test modules that share a pytest-xdist worker, by what they share: the
# served room (``room``, one serve.sh a run) is a session fixture, which each
# worker would otherwise start for itself; the real-worker tests copy one
# migrated database (``worker_database``) made once a worker process.
SHARED_WORKER = {
    "tests/test_celery_worker.py": "migrated-template",
    "tests/test_celery_faults.py": "migrated-template",
    "tests/test_workbook_worker.py": "migrated-template",
    "tests/live/test_concurrent_entry.py": "migrated-template",
    "tests/browser/test_room_browser.py": "served-room",
    "tests/browser/test_push_browser.py": "served-room",
    "tests/browser/test_offline_room_browser.py": "served-room",
    "tests/live/test_serve_room.py": "served-room",
    "tests/browser/test_clock_browser.py": "served-room",
    "tests/browser/test_decisions_browser.py": "served-room",
    "tests/browser/test_one_sign_in_browser.py": "served-room",
}


# Folders whose modules are long (a browser, a served room, a real server):
# run first, so that a run does not end with one worker alone on one of them.
LONG_FIRST = ("tests/browser/", "tests/live/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the long modules first (a stable sort: a module's tests stay
    together and in order), so that ``--dist loadfile`` hands them out
    while the short ones can still fill the other workers' time."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist loadfile`` with :data:`SHARED_WORKER`'s groups.

    ``scripts/test.sh`` runs both passes with ``-n auto --dist loadfile``: a
    module's tests run on one worker, so a world a module builds once is
    built once, and the modules of a group share one.  (pytest-xdist's own
    ``xdist_group`` marker renames the tests' node ids, which pytest 9 no
    longer lets a plugin do: it would group nothing.)
    """
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModulesAndGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return SHARED_WORKER.get(module, module)

    return ModulesAndGroups(config, log)


class UnmarkedDatabaseAccess(Exception):
    """A test not marked ``database`` unblocked the test database."""


# The test being set up or run when it carries no ``database`` marker; None
# otherwise (and during teardown, when session fixtures end their work).
_unmarked: pytest.Item | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    global _unmarked
    _unmarked = None if item.get_closest_marker("database") else item


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    global _unmarked
    _unmarked = None


def guard_unmarked_tests() -> None:
    """Make ``django_db_blocker.unblock()`` refuse a test without the marker.

    pytest-django already refuses an unmarked test's queries; the one way
    round is the blocker's ``unblock``, which fixtures call to build a world
    once for a module.  Such a test would pass in the full run (the database
    set up by an earlier test) and fail alone or on the other engine.
    """
    from pytest_django.plugin import DjangoDbBlocker

    unblock = DjangoDbBlocker.unblock

    def checked(self: DjangoDbBlocker):
        if _unmarked is not None:
            raise UnmarkedDatabaseAccess(
                f"{_unmarked.nodeid} reaches the test database but is not "
                "marked 'database': request the db fixture (or "
                "django_db_setup) instead of unblocking it by hand"
            )
        return unblock(self)

    DjangoDbBlocker.unblock = checked


guard_unmarked_tests()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say which database the run used: test.sh runs the suite on two."""
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    terminalreporter.write_line(f"database: {engine}")


@pytest.fixture(autouse=True)
def empty_cache(request: pytest.FixtureRequest) -> Iterator[None]:
    """An empty cache (sign-in lock-outs, API throttles) before each test that
    uses the test database, where the cache lives (the table donne_cache,
    which a live server's flush keeps): the test database is set up first,
    never the checkout's.  Not after: the test's own transaction takes its
    rows away, and a test that leaves that transaction broken (a refused
    constraint) could not run the clear.  A test that runs servers on a
    database of its own has nothing to clear here (and pytest-django sets up
    no test database for a run of such tests alone)."""
    if not request.node.stash.get(USES_TEST_DATABASE, False):
        yield
        return
    from django.core.cache import cache

    request.getfixturevalue("django_db_setup")
    with request.getfixturevalue("django_db_blocker").unblock():
        cache.clear()
    yield


@pytest.fixture(scope="session")
def demo_copy(django_db_setup, django_db_blocker) -> DemoCopy:
    """The rows ``load_demo()`` makes, made once a run (``demo_world``)."""
    from demo_world import shared_demo_copy

    with django_db_blocker.unblock():
        return shared_demo_copy()


@pytest.fixture
def demo(db, demo_copy: DemoCopy) -> DemoSummary:
    """The demo club and its nine events, laid in the test's transaction as
    ``load_demo()`` would leave them (its summary returned): a fraction of a
    second instead of a replay of every entry.  Ask for it before fixtures
    that create rows of their own."""
    return demo_copy.lay()


@pytest.fixture(scope="session")
def served_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    """A club night served by the real ``scripts/serve.sh`` on 127.0.0.2,
    started once a run (a cold start migrates a database and collects the
    static files): its own SQLite file and secret file (no
    DJANGO_SECRET_KEY, as a club runs it), a director ``td``.  The tests
    that use it share one xdist worker (:data:`SHARED_WORKER`)."""
    from room_server import serve_room

    folder = tmp_path_factory.mktemp("room")
    with serve_room(folder, secret_file=folder / "secret") as served:
        served.director()
        yield served


@pytest.fixture
def room(served_room: Room) -> Room:
    """The served room with no sign-in lock-out nor throttle count left by
    an earlier test (the room is shared; the tests of the suite's own
    database start from an empty one)."""
    served_room.forget_sign_ins()
    return served_room


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
