"""The games Donne runs: what each tells the shared machinery.

A game is a class in its own package (``tournaments/<game>/game.py``) that
implements ``Game``: its rescoring, its results page and workbook, its
director's event page, its tablet pages, how a table finds its open round, the
movement of its sections and which interchange files carry it.  Code shared by
every game asks the registered instance (``event_game(event).results_page(...)``)
rather than testing the game itself, so adding a game is one package and one
line in ``tournaments.installed_games``.

The game is named by one field, ``Event.kind``; a section plays its event's
game (``section_game``).  ``Section.movement`` names only how pairs move
(Mitchell, Howell, imported, or "game": set by the game), and ``Event.game``
the card game a pairs event's boards are played at (bridge or Bridgeote), a
choice inside the pairs game:
each card game implements ``CardGame`` and is found by ``card_game(event)``.

This module sits just above the models: it imports no game, no service and no
view.  The games register themselves when the app is ready
(``TournamentsConfig.ready``), so services and selectors may ask the registry
without importing a game's package.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tournaments.models import Event

if TYPE_CHECKING:
    import datetime as dt

    from django.contrib.auth.models import AbstractBaseUser
    from django.forms import Form
    from django.http import HttpRequest, HttpResponse, QueryDict
    from django.urls import URLPattern

    from tournaments.models import Board, Club, Match, Result, Section, Table
    from tournaments.movements import Movement

View = Callable[..., "HttpResponse"]


class Game(ABC):
    """One game as the shared machinery sees it (see the module docstring).

    A game implements a method with a ``def``, or by naming the function of
    its package that takes the method's arguments and does it
    (``workbook = staticmethod(barbu_workbook_bytes)``): a game declares only
    what is its own.
    """

    kind: ClassVar[str]
    # The model of an entered line ("tournaments.Result", ...).
    line_model: ClassVar[str] = "tournaments.Result"
    # Whether a board's results are shown as a traveller of comparable lines.
    travellers: ClassVar[bool] = True
    # Whether a board's lines belong to matches between teams (set by the
    # match, adjusted in IMP marks only).
    team_matches: ClassVar[bool] = False
    # Whether pairs are ranked on matchpoints or IMPs (penalties apply; the
    # director mails their scorecards, prints their set, plans their night,
    # and ``score_event`` scores them again with other settings).
    ranks_pairs: ClassVar[bool] = False
    # Whether the live line checks read its lines (bridge boards whose
    # travellers compare pairs: pairs and individual bridge).
    checks_lines: ClassVar[bool] = False
    # Whether a change to some boards rescores only them (``rescore_boards``).
    rescores_boards: ClassVar[bool] = False
    # The interchange formats that carry the game ("pbn", "usebio").
    exports: ClassVar[tuple[str, ...]] = ()
    # Whether the game's PBN and USEBIO files are kept per fingerprint
    # (``exporters.file_builds``): ``exporters.shown_rows`` and the game's
    # own ``shown_rows`` cover every row its files read.
    kept_files: ClassVar[bool] = False
    # The views creating a one-section event of the game: the API's
    # (``POST /api/<kind>-events/``) and the director's form
    # (``/director/<kind>-events/new/``); pairs events have their own pages.
    api_create: ClassVar[View | None] = None
    director_create: ClassVar[View | None] = None
    # The weekday (Monday 0) the demo club played the game's demo event on,
    # its last before today; None: the game has no demo event.
    demo_weekday: ClassVar[int | None] = None
    # The game's own routes by URL conf ("api", "director", "results"), what
    # ``urls`` gives by default.
    routes: ClassVar[Mapping[str, list[URLPattern]]] = {}

    @abstractmethod
    def rescore(self, section_id: int) -> dict[str, Any]:
        """Recompute the section's scores and ranking and store them whole."""

    def rescore_boards(
        self, section_id: int, boards: list[int], sections: list[Section]
    ) -> dict[str, Any]:
        """Recompute only these boards and the ranking (``rescores_boards``)."""
        raise NotImplementedError(f"{self.kind} rescores whole sections")

    def shown_rows(self, event: Event) -> list[list[tuple[object, ...]]]:
        """The rows of the game's own tables its files and workbook show,
        for their fingerprint (``exporters.shown_rows``); none by default."""
        return []

    @abstractmethod
    def results_page(
        self, request: HttpRequest, event: Event, live: bool
    ) -> HttpResponse:
        """The event's public results page."""

    @abstractmethod
    def workbook(self, event: Event) -> bytes:
        """The results workbook's bytes."""

    @abstractmethod
    def event_page(self, request: HttpRequest, event: Event) -> HttpResponse:
        """The director's page of the event."""

    @abstractmethod
    def open_round(self, table: Table, since: int = 1) -> int | None:
        """The first round from ``since`` whose lines are not all in (None:
        all are)."""

    @abstractmethod
    def table_play(self, request: HttpRequest, table: Table) -> HttpResponse:
        """The tablet's page of the table's open round."""

    @abstractmethod
    def table_board(
        self, request: HttpRequest, table: Table, round: int, number: int
    ) -> HttpResponse:
        """The tablet's entry page of one board."""

    @abstractmethod
    def table_answer(
        self, request: HttpRequest, table: Table, round: int, number: int
    ) -> HttpResponse:
        """The opponents' answer to a board's entered line."""

    def pairs_movement(self, section: Section) -> Movement | None:
        """The pairs movement (None for a game that moves players alone)."""
        return None

    @abstractmethod
    def expected_lines(self, section: Section) -> Mapping[int, int]:
        """{board number: lines expected when every table has played it}."""

    @abstractmethod
    def missing_results(self, section: Section) -> list[Any]:
        """The lines expected and not entered (``services.closing``)."""

    def entrants(self, section: Section) -> Iterable[Any]:
        """The section's pairs, each with a ``label`` (none in a game of
        players alone, whose lines are not audited board by board)."""
        return section.pairs.all()

    @abstractmethod
    def audit_text(self, snapshot: Mapping[str, Any], labels: dict[int, str]) -> str:
        """An audited line as the director reads it."""

    def board_page(
        self, request: HttpRequest, section: Section, board: Board, live: bool
    ) -> HttpResponse | None:
        """A board's public traveller; None: the pairs traveller."""
        return None

    def table_moves(self, movement: Any, round: Any, table: Table) -> list[str] | None:
        """The tablet's "after this round" lines, when a game's players move
        apart from its pairs; None: the pairs'."""
        return None

    def assignments(self, section: Section) -> Iterable[dict[str, Any]] | None:
        """The API's assignment rows, when a game seats more than pairs;
        None: the pairs movement's rows."""
        return None

    def urls(self, site: str) -> list[URLPattern]:
        """The game's own routes in one of the URL confs ("api", "director",
        "results"), included there by ``game_urls``: a page that exists for
        one game only lives in the game's package.  By default the game's
        ``routes`` for that conf."""
        return self.routes.get(site, [])

    def disputed_lines(self, section: Section) -> list[Any]:
        """The section's disputed lines the director has not resolved
        (``services.closing``); none for a game whose lines nobody disputes."""
        return []

    def dispute_sides(
        self, section: Section, disputes: list[Any]
    ) -> Mapping[int | None, Any]:
        """Each of these disputed lines beside the entry refused for it, by
        the line's id (the console's ``DisputeSides``); none: the console
        lists the disputes alone."""
        return {}

    def table_match(self, table: Table) -> Match | None:
        """The team match played at the table (None: the game plays no
        matches); the tablet names its round and the director its score."""
        return None

    def check_adjusted(self, fields: dict[str, object]) -> None:
        """Refuse an artificial adjusted score the game does not take
        (``ValidationError`` naming the field); by default every mark and
        percentage goes."""
        return None

    def tonight_names(self, request: HttpRequest, count: Form) -> HttpResponse | None:
        """Step 2 of "Tonight" for a night of the game, given step 1's valid
        count (``director.tonight``); None: the pairs night's."""
        return None

    def imported_event_store(
        self, imported: Any, *, user: AbstractBaseUser | None, file_name: str
    ) -> Event:
        """Store, in one transaction, an event an interchange reader gave for
        this game (its ``kind``, e.g. a USEBIO teams file's ``ImportedTeams``);
        ``ValidationError`` names a fault and nothing is stored."""
        raise NotImplementedError(f"no file is read as a {self.kind} event")

    def demo(self, club: Club, date: dt.date) -> Event | None:
        """Load the game's demo event into the demo club, dated ``date``,
        once (None: the club has it already, or the game has no demo)."""
        return None

    def pbn_games(self, event: Event) -> list[Any]:
        """The event's PBN games (when "pbn" is in ``exports``)."""
        raise NotImplementedError(f"PBN does not carry {self.kind} events")

    def usebio_event(self, root: Any, event: Event) -> None:
        """Add the event's element to a USEBIO root (when "usebio" is in
        ``exports``)."""
        raise NotImplementedError(f"USEBIO does not carry {self.kind} events")


GAMES: dict[str, Game] = {}


def register(*games: Game) -> None:
    """Make the games known by their kind (``TournamentsConfig.ready``)."""
    for game in games:
        GAMES[game.kind] = game


def kinds_with(capability: str) -> tuple[str, ...]:
    """The kinds of event whose game has ``capability`` (a ``Game`` flag such
    as "ranks_pairs"): what a query filters on, rather than naming games."""
    return tuple(kind for kind, game in GAMES.items() if getattr(game, capability))


def event_game(event: Event) -> Game:
    """The game of the event."""
    return GAMES[event.kind]


def section_game(section: Section) -> Game:
    """The game the section plays (its event's)."""
    return GAMES[section.session.event.kind]


def table_game(table: Table) -> Game:
    """The game played at the table."""
    return section_game(table.section)


def game_urls(site: str) -> list[URLPattern]:
    """Every registered game's own routes in the ``site`` URL conf."""
    return [pattern for game in GAMES.values() for pattern in game.urls(site)]


class CardGame(ABC):
    """The card game a pairs event's boards are played at (``Event.game``:
    bridge or Bridgeote), as the shared machinery sees it: how the tablet
    takes a board's line, how the one write path stores it, how the
    workbook's travellers sheet writes it, how a template shows a contract
    bridge's cannot.  Bridge's is shared code (``tournaments.board_games``),
    each other's lives in its game's package; like a ``Game``, a card game
    implements a method with a ``def`` or by naming its function.
    """

    game: ClassVar[str]
    # The workbook's travellers sheet: its header, ``traveller_cells`` each
    # line's cells up to the adjusted score (the MP and % columns follow).
    traveller_header: ClassVar[tuple[str, ...]]
    # Whether a deal is scored in card points and marks rather than from the
    # contract and the tricks: the write path then refuses a bridge line
    # (``services.results.check_tricks_scored``).  What the travellers show
    # is the game's traveller parts' (below).
    deal_marks: ClassVar[bool] = False
    # Whether PBN and USEBIO carry its events (they know bridge only).
    interchange: ClassVar[bool] = False
    # Whether the live line checks apply (a contract's makeable tricks and
    # its score against the field's, bridge's rules).
    checks_lines: ClassVar[bool] = False
    # The weekday (Monday 0) the demo club played the game's demo event on,
    # its last before today; None: the game has no demo event.
    demo_weekday: ClassVar[int | None] = None

    @abstractmethod
    def entry_form(self, data: QueryDict | None = None) -> Form:
        """The tablet's form of a board's line, bound to ``data`` once posted
        (its ``line()`` gives ``line_enter``'s keywords)."""

    @abstractmethod
    def entry_page(
        self,
        request: HttpRequest,
        here: Any,
        board: Board,
        form: Form,
        errors: list[str] | None = None,
        status: int = 200,
    ) -> HttpResponse:
        """The tablet's entry page of ``board`` where the table is (``here``,
        ``terminal.views.Here``), with the form and its errors."""

    @abstractmethod
    def entry_check(
        self, request: HttpRequest, here: Any, board: Board, form: Form
    ) -> HttpResponse:
        """The entry page showing the (valid) form's score, unsaved ("Check
        the score")."""

    @abstractmethod
    def line_enter(self, **line: Any) -> tuple[Result, bool]:
        """Store a board's line (or correct ``result``) through the one write
        path, checked by the card game's rules; (line, created)."""

    @abstractmethod
    def traveller_cells(self, report: Any, line: Any) -> list[object]:
        """A line's cells in the travellers sheet (``traveller_header``), up
        to the adjusted score: ``report`` its ``SectionReport``, ``line`` its
        ``LineRow``."""

    def contract_html(self, contract: str) -> str | None:
        """A stored contract of this card game that bridge's text cannot
        show (a Bridgeote capot), as players read it; None: not one."""
        return None

    def demo(self, club: Club, date: dt.date) -> Event | None:
        """Load the card game's demo pairs event into the demo club, dated
        ``date``, once (None: the club has it already, or there is none)."""
        return None

    # Its traveller's parts, which the shared pages include rather than
    # naming the game (bridge's by default): the board's traveller on the
    # results page and in the print set (given ``lines``, ``by_imps`` and
    # ``link``, whether the pairs link to their scorecards); whether a
    # board's vulnerability is shown; the director's traveller form's hint,
    # head cells and line cells (given ``row`` and ``closed``), its number
    # of columns and whether it previews a line's NS score as it is typed.
    results_traveller: ClassVar[str] = "results/_bridge_traveller.html"
    shows_vulnerability: ClassVar[bool] = True
    director_hint: ClassVar[str] = "director/_bridge_traveller_hint.html"
    director_head: ClassVar[str] = "director/_bridge_traveller_head.html"
    director_cells: ClassVar[str] = "director/_bridge_traveller_cells.html"
    director_columns: ClassVar[int] = 11
    previews_score: ClassVar[bool] = True

    def traveller_row_parsed(self, row: Any) -> dict[str, object]:
        """Read a row of the director's traveller form
        (``director.forms.TravellerRow``): {"kind": "played", ...
        ``line_enter``'s keywords}, "adjusted", "weighted" or "blank";
        ``forms.ValidationError`` names the box at fault."""
        return row.parsed()

    def traveller_row_fill(self, row: Any, result: Result) -> None:
        """Fill a row of the director's traveller form from a played line
        (neither adjusted nor weighted), as the director would type it."""
        row.contract = result.contract
        row.declarer = result.declarer
        row.lead = result.lead
        row.result = result.made
        row.score = str(result.score_ns)


CARD_GAMES: dict[str, CardGame] = {}


def register_card_games(*card_games: CardGame) -> None:
    """Make the card games known by their ``Event.game``
    (``TournamentsConfig.ready``)."""
    for played in card_games:
        CARD_GAMES[played.game] = played


def card_game(event: Event) -> CardGame:
    """The card game the event's boards are played at."""
    return CARD_GAMES[event.game]


def created_by_kind(prefix: str, suffix: str, view: str) -> list[tuple[str, Any, str]]:
    """``(route, view, name)`` of each game's create view for a URL conf:
    ``view`` is "api_create" or "director_create"; routes read
    "<kind>-events/<suffix>" and names "<prefix><kind>-event-new"."""
    return [
        (f"{kind}-events/{suffix}", target, f"{prefix}{kind}-event-new")
        for kind, game in GAMES.items()
        if (target := getattr(game, view)) is not None
    ]
