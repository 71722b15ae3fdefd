"""The games Donne runs, and for each where its pieces live.

One entry per game names its rescoring, its results page and workbook, its
director's event page, its tablet pages, how a table finds its open round,
the movement of its sections and which interchange files carry it.  Code that
differs by game asks the entry (``event_game(event).results_page(...)``)
rather than testing the game itself, so adding a game is one entry here plus
its own modules.

The game is named by one field, ``Event.kind``; a section plays its event's
game (``section_game``).  ``Section.movement`` names only how pairs move
(Mitchell, Howell, imported), and ``Event.game`` the card game a pairs event's
boards are played at (bridge or Bridgeote), a choice inside the pairs game.

Hooks are dotted paths imported on first use: the registry sits below the
views and services it names, which may import it back without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from django.utils.module_loading import import_string

from tournaments.models import Event

if TYPE_CHECKING:
    from tournaments.models import Section, Table


@cache
def _imported(path: str) -> Any:
    return import_string(path)


@dataclass(frozen=True)
class Hook:
    """A game's function, named by its dotted path, imported when first called."""

    path: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.target(*args, **kwargs)

    @property
    def target(self) -> Any:
        """The function itself (a URL pattern needs the view, attributes and all)."""
        return _imported(self.path)


def _hook(module: str, name: str) -> Hook:
    return Hook(f"tournaments.{module}.{name}")


# What a game of bridge boards played by pairs does (``Game``'s defaults).
TABLE_PLAY_DEFAULT = _hook("terminal.views", "pairs_play")
TABLE_BOARD_DEFAULT = _hook("terminal.views", "pairs_board")
TABLE_ANSWER_DEFAULT = _hook("terminal.views", "pairs_answer")
PAIRS_MOVEMENT_DEFAULT = _hook("registry", "no_movement")
EXPECTED_LINES_DEFAULT = _hook("services.privacy", "movement_expected_lines")
MISSING_RESULTS_DEFAULT = _hook("services.closing", "missing_pairs_lines")
ENTRANTS_DEFAULT = _hook("registry", "pairs_entrants")
AUDIT_TEXT_DEFAULT = _hook("director.console", "line_text")


@dataclass(frozen=True)
class Game:
    """Where one game's pieces live (see the module docstring)."""

    kind: str
    # section id -> {"section": id, ...}: recompute and store it whole.
    rescore: Hook
    # (request, event, live) -> the event's public results page.
    results_page: Hook
    # event -> the results workbook's bytes.
    workbook: Hook
    # (request, event) -> the director's page of the event.
    event_page: Hook
    # (table, since=1) -> the first round from ``since`` whose lines are not
    # all in (None: all are).
    open_round: Hook
    # (section id, board ids, its field's sections already locked) ->
    # recompute those boards and the ranking (a game whose boards are scored
    # apart); None: every change rescores whole.
    rescore_boards: Hook | None = None
    # The pieces below default to a game of bridge boards played by pairs
    # and compared on travellers; a game names only those it does otherwise.
    # (request, table) / (request, table, round, number): the tablet's pages.
    table_play: Hook = TABLE_PLAY_DEFAULT
    table_board: Hook = TABLE_BOARD_DEFAULT
    table_answer: Hook = TABLE_ANSWER_DEFAULT
    # section -> the pairs movement (None for a game that moves players alone).
    pairs_movement: Hook = PAIRS_MOVEMENT_DEFAULT
    # section -> {board number: lines expected when every table has played it}.
    expected_lines: Hook = EXPECTED_LINES_DEFAULT
    # section -> the lines expected and not entered (``services.closing``).
    missing_results: Hook = MISSING_RESULTS_DEFAULT
    # The model of an entered line ("tournaments.Result", ...).
    line_model: str = "tournaments.Result"
    # section -> its entrants (pairs, players), each with a ``label``.
    entrants: Hook = ENTRANTS_DEFAULT
    # (audited snapshot, {entrant id: label}) -> the line as the director reads it.
    audit_text: Hook = AUDIT_TEXT_DEFAULT
    # Whether a board's results are shown as a traveller of comparable lines.
    travellers: bool = True
    # (request, section, board, live) -> a board's public traveller; None:
    # the pairs traveller (lines with MP/% or IMPs).  Issue 22: teams.
    board_page: Hook | None = None
    # Whether a board's lines belong to matches between teams (set by the
    # match, adjusted in IMP marks only).
    team_matches: bool = False
    # Whether pairs are ranked on matchpoints or IMPs (penalties apply).
    ranks_pairs: bool = False
    # event -> its PBN games; (USEBIO root, event) -> its event element.
    pbn_games: Hook | None = None
    usebio_event: Hook | None = None
    # The views creating a one-section event of the game: the API's
    # (``POST /api/<kind>-events/``) and the director's form
    # (``/director/<kind>-events/new/``); pairs events have their own pages.
    api_create: Hook | None = None
    director_create: Hook | None = None
    # (movement, table round, table) -> the tablet's "after this round" lines,
    # when a game's players move apart from its pairs; None: the pairs'.
    table_moves: Hook | None = None
    # section -> the API's assignment rows, when a game seats more than pairs
    # (an individual's four players by seat); None: the pairs movement's rows.
    assignments: Hook | None = None

    @property
    def exports(self) -> tuple[str, ...]:
        """The interchange formats that carry the game ("pbn", "usebio")."""
        hooks = (("pbn", self.pbn_games), ("usebio", self.usebio_event))
        return tuple(name for name, hook in hooks if hook is not None)


# Barbu, whose duplicate form below differs only in its scoring and creation.
BARBU = Game(
    kind=Event.Kind.BARBU,
    rescore=_hook("rescore.barbu", "rescore_barbu_section"),
    results_page=_hook("results.barbu", "barbu_results"),
    workbook=_hook("exporters.workbook.barbu", "barbu_workbook_bytes"),
    event_page=_hook("director.barbu", "barbu_event_detail"),
    open_round=_hook("services.table_rounds", "barbu_open_round"),
    table_play=_hook("terminal.barbu", "barbu_play"),
    line_model="tournaments.BarbuDeal",
    travellers=False,
    api_create=_hook("api.barbu", "barbu_event_new"),
    director_create=_hook("director.games", "barbu_event_new"),
)

GAMES: dict[str, Game] = {
    Event.Kind.PAIRS: Game(
        kind=Event.Kind.PAIRS,
        rescore=_hook("rescore.pairs", "rescore_pairs_section"),
        rescore_boards=_hook("rescore.pairs_boards", "rescore_pairs_boards"),
        results_page=_hook("results.views", "pairs_results"),
        workbook=_hook("exporters.workbook", "event_workbook_bytes"),
        event_page=_hook("director.views", "pairs_event_detail"),
        open_round=_hook("services.table_rounds", "pairs_open_round"),
        pairs_movement=_hook("selectors.movement", "stored_choice_movement"),
        ranks_pairs=True,
        pbn_games=_hook("exporters.pbn", "pairs_games"),
        usebio_event=_hook("exporters.usebio", "pairs_usebio_event"),
    ),
    Event.Kind.TEAMS: Game(
        kind=Event.Kind.TEAMS,
        rescore=_hook("rescore.teams", "rescore_team_round"),
        results_page=_hook("results.teams", "teams_results"),
        workbook=_hook("exporters.workbook.teams", "teams_workbook_bytes"),
        event_page=_hook("director.teams", "teams_event_detail"),
        open_round=_hook("services.table_rounds", "pairs_open_round"),
        pairs_movement=_hook("services.teams", "round_movement"),
        team_matches=True,
        board_page=_hook("results.team_traveller", "team_board_traveller"),
        pbn_games=_hook("exporters.pbn_teams", "teams_games"),
        usebio_event=_hook("exporters.usebio", "teams_usebio_event"),
        api_create=_hook("api.teams", "teams_event_new"),
        director_create=_hook("director.teams", "teams_event_new"),
    ),
    Event.Kind.WHIZ: Game(
        kind=Event.Kind.WHIZ,
        rescore=_hook("rescore.whiz", "rescore_whiz_section"),
        results_page=_hook("results.whiz", "whiz_results"),
        workbook=_hook("exporters.workbook.whiz", "whiz_workbook_bytes"),
        event_page=_hook("director.whiz", "whiz_event_detail"),
        open_round=_hook("services.table_rounds", "whiz_open_round"),
        table_play=_hook("terminal.whiz", "whiz_play"),
        table_board=_hook("terminal.whiz", "whiz_board"),
        table_answer=_hook("terminal.whiz", "whiz_answer"),
        expected_lines=_hook("services.privacy", "whiz_expected_lines"),
        missing_results=_hook("services.closing", "missing_whiz_lines"),
        line_model="tournaments.WhizResult",
        entrants=_hook("registry", "whiz_entrants"),
        audit_text=_hook("director.console", "whiz_line_text"),
        api_create=_hook("api.whiz", "whiz_event_new"),
        director_create=_hook("director.whiz", "whiz_event_new"),
    ),
    # Barbu and Chinese bridge keep one score sheet a table: no travellers,
    # no pairs movement, no line expected or missing board by board.
    Event.Kind.BARBU: BARBU,
    # Duplicate Barbu (issue 22): Barbu's sheets, tablet and movement, the
    # same deals at every table of a round, ranked on matchpoints by seat.
    Event.Kind.BARBU_DUPLICATE: replace(
        BARBU,
        kind=Event.Kind.BARBU_DUPLICATE,
        rescore=_hook("rescore.barbu", "rescore_barbu_duplicate_section"),
        results_page=_hook("results.barbu", "barbu_duplicate_results"),
        api_create=_hook("api.barbu", "barbu_duplicate_event_new"),
        director_create=_hook("director.games", "barbu_duplicate_event_new"),
    ),
    Event.Kind.CHINESE: Game(
        kind=Event.Kind.CHINESE,
        rescore=_hook("rescore.chinese", "rescore_chinese_section"),
        results_page=_hook("results.chinese", "chinese_results"),
        workbook=_hook("exporters.workbook.chinese", "chinese_workbook_bytes"),
        event_page=_hook("director.games", "chinese_event_detail"),
        open_round=_hook("services.table_rounds", "chinese_open_round"),
        table_play=_hook("terminal.chinese", "chinese_play"),
        line_model="tournaments.ChineseHand",
        travellers=False,
        api_create=_hook("api.chinese", "chinese_event_new"),
        director_create=_hook("director.games", "chinese_event_new"),
    ),
    # Bridgeote at 3, 5, 6 or 7 a table: the same deals at every table of a
    # round, each seat's individual mark compared across the tables.
    Event.Kind.BRIDGEOTE: Game(
        kind=Event.Kind.BRIDGEOTE,
        rescore=_hook("rescore.bridgeote", "rescore_bridgeote_section"),
        results_page=_hook("results.bridgeote_individual", "bridgeote_results"),
        workbook=_hook(
            "exporters.workbook.bridgeote_individual", "bridgeote_workbook_bytes"
        ),
        event_page=_hook("director.bridgeote_individual", "bridgeote_event_detail"),
        open_round=_hook("services.bridgeote_individual", "bridgeote_open_round"),
        table_play=_hook("terminal.bridgeote_individual", "bridgeote_play"),
        line_model="tournaments.BridgeoteDeal",
        travellers=False,
        api_create=_hook("api.bridgeote_individual", "bridgeote_event_new"),
        director_create=_hook("director.bridgeote_individual", "bridgeote_event_new"),
    ),
    # Individual bridge (issue 22): boards played and scored as pairs bridge,
    # each round's partnership a pair; the players ranked on their sides' MP.
    Event.Kind.INDIVIDUAL: Game(
        kind=Event.Kind.INDIVIDUAL,
        rescore=_hook("rescore.individual", "rescore_individual_section"),
        results_page=_hook("results.individual", "individual_results"),
        workbook=_hook("exporters.workbook.individual", "individual_workbook_bytes"),
        event_page=_hook("director.individual", "individual_event_detail"),
        open_round=_hook("services.table_rounds", "pairs_open_round"),
        pairs_movement=_hook("services.individual", "section_pairs_movement"),
        entrants=_hook("registry", "pairs_entrants"),
        assignments=_hook("api.individual", "individual_assignments"),
        table_moves=_hook("terminal.individual", "individual_moves"),
        pbn_games=_hook("exporters.individual", "individual_games"),
        usebio_event=_hook("exporters.individual", "individual_usebio_event"),
        api_create=_hook("api.individual", "individual_event_new"),
        director_create=_hook("director.individual", "individual_event_new"),
    ),
}


def event_game(event: Event) -> Game:
    """The entry of the event's game."""
    return GAMES[event.kind]


def section_game(section: Section) -> Game:
    """The entry of the game the section plays (its event's)."""
    return GAMES[section.session.event.kind]


def table_game(table: Table) -> Game:
    """The entry of the game played at the table."""
    return section_game(table.section)


def no_movement(section: Section) -> None:
    """A game whose players move alone has no pairs movement."""
    return None


def pairs_entrants(section: Section) -> Iterable[Any]:
    """A section's pairs (none in a game of players alone: Barbu's and
    Chinese bridge's lines are not audited board by board)."""
    return section.pairs.all()


def whiz_entrants(section: Section) -> Iterable[Any]:
    """A Whiz section's players."""
    return section.whiz_entrants.all()


def created_by_kind(prefix: str, suffix: str, view: str) -> list[tuple[str, Any, str]]:
    """``(route, view, name)`` of each game's create view for a URL conf:
    ``view`` is "api_create" or "director_create"; routes read
    "<kind>-events/<suffix>" and names "<prefix><kind>-event-new"."""
    return [
        (f"{kind}-events/{suffix}", hook.target, f"{prefix}{kind}-event-new")
        for kind, game in GAMES.items()
        if (hook := getattr(game, view)) is not None
    ]
