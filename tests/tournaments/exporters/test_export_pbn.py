"""PBN export: a finished event written as PBN reads back with the same figures."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from pairs_play import imported_by_command, percentages_by_place, two_section_event

from games.errors import GameError
from games.pbn import read_pbn
from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import parse_session, parse_sessions
from tournaments.models import Event, PairScore, Section
from tournaments.rescore import rescore_section

pytestmark = pytest.mark.django_db


def _percentages(event: Event) -> dict[str, float]:
    return {
        score.pair.names: score.pct
        for score in PairScore.objects.filter(pair__section__session__event=event)
    }


def test_a_jfr_session_goes_out_and_back_with_the_same_percentages(jfr_session):
    source = event_import(parse_session(jfr_session.pbn.read_bytes()))
    rescore_section(source.sessions.get().sections.get().pk)
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    text = out.getvalue()
    games = read_pbn(text)
    assert len(games) == source.sessions.get().sections.get().boards.count()
    first = games[0]
    assert first.table("TotalScoreTable") is not None
    rows = first.table("ScoreTable").rows
    assert rows and all(row["Percentage_NS"] is not None for row in rows)
    again = event_import(parse_session(text))
    section = again.sessions.get().sections.get()
    rescore_section(section.pk)
    assert _percentages(again) == pytest.approx(_percentages(source))
    assert len(_percentages(again)) == len(_percentages(source)) > 0


def test_an_unknown_event_is_a_command_error():
    with pytest.raises(CommandError, match="no such event"):
        call_command("export_pbn", "999")


def test_a_mitchell_with_an_adjusted_score_goes_out_and_back(demo):
    source = Event.objects.get(name="Tuesday Mitchell")
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    text = out.getvalue()
    assert '"A+"' not in text and " A+ A-" in text  # the fouled board, as marks
    again = event_import(parse_session(text))
    rescore_section(again.sessions.get().sections.get().pk)
    assert _percentages(again) == pytest.approx(_percentages(source))
    labels = set(
        again.sessions.get().sections.get().pairs.values_list("direction", flat=True)
    )
    assert labels == {"NS", "EW"}  # still a Mitchell: two rankings


def test_a_board_analysed_double_dummy_carries_its_table_and_par(demo):
    from tournaments.models import Board

    source = Event.objects.get(name="Tuesday Mitchell")
    Board.objects.filter(section__session__event=source, number=1).update(
        dd_tricks="9ba679ba672236622366", par_score=-430, par_contracts="4H E ="
    )
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    first, second = read_pbn(out.getvalue())[:2]
    assert first.tags["DoubleDummyTricks"] == "9ba679ba672236622366"
    assert first.tags["OptimumScore"] == "NS -430"
    assert "DoubleDummyTricks" not in second.tags


# Several sections and sessions ----------------------------------------------


def test_two_sections_and_two_sessions_go_out_and_back():
    """Each game names its [Section] and session ([Round]); each section keeps
    its own pairs (same numbers in A and B), boards and percentages."""
    source = two_section_event()
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    games = read_pbn(out.getvalue())
    assert len(games) == 18
    places = [(g.tags["Round"], g.tags["Section"]) for g in games]
    assert places == [("1", "A")] * 6 + [("1", "B")] * 6 + [("2", "A")] * 6
    totals = [i for i, game in enumerate(games) if game.table("TotalScoreTable")]
    assert totals == [0, 6, 12]
    again = imported_by_command("import_pbn", out.getvalue(), "pbn")
    assert percentages_by_place(again) == pytest.approx(percentages_by_place(source))
    assert len(percentages_by_place(again)) == 18
    letters = Section.objects.filter(session__event=again).values_list(
        "session__number", "letter"
    )
    assert sorted(letters) == [(1, "A"), (1, "B"), (2, "A")]


def test_a_file_of_several_sections_is_not_one_session():
    text = (
        '[Board "1"]\n[Section "A"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'
        '[North "a"]\n[South "b"]\n[East "c"]\n[West "d"]\n\n'
        '[Board "1"]\n[Section "B"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'
        '[North "a"]\n[South "b"]\n[East "c"]\n[West "d"]\n'
    )
    with pytest.raises(GameError, match="2 sections"):
        parse_session(text)
    assert [part.section for part in parse_sessions(text)] == ["A", "B"]


def _imps(event: Event) -> dict[str, float]:
    scores = PairScore.objects.filter(pair__section__session__event=event)
    return {score.pair.label: score.imps for score in scores.select_related("pair")}


@pytest.mark.parametrize(
    ("name", "scoring", "method"),
    [
        ("butler_howell.xml", "Butler", "butler"),
        ("cross_imp_howell.xml", "Cross", "cross-imps"),
    ],
)
def test_an_imp_pairs_event_goes_out_and_back_by_imps(data_dir, name, scoring, method):
    """The Compscore IMP sessions: [Scoring] names the method, the ScoreTable
    carries each line's IMPs and the TotalScoreTable each pair's; read back,
    the event is scored the same way to the same IMPs."""
    source = imported_by_command(
        "import_usebio", (data_dir / "usebio" / name).read_text(), "xml"
    )
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    first = read_pbn(out.getvalue())[0]
    assert first.tags["Scoring"] == scoring
    columns = [column.split("\\")[0] for column in first.tags["ScoreTable"].split(";")]
    assert columns[-2:] == ["IMP_NS", "IMP_EW"] and "MP_NS" not in columns
    totals = {
        row["PairId"]: float(row["TotalScoreIMP"])
        for row in first.table("TotalScoreTable").rows
    }
    assert totals == pytest.approx(_imps(source), abs=0.005)
    again = imported_by_command("import_pbn", out.getvalue(), "pbn")
    assert again.method == method
    assert _imps(again) == pytest.approx(_imps(source))


def test_a_teams_event_goes_out_as_both_rooms_of_every_match(demo):
    """The demo Swiss: each match's games, read back by the PBN match reader
    (``[Room]``, ``[Score]``), give the same IMPs board by board as its sheet."""
    from collections import defaultdict

    from scoring.rooms import pbn_match_rooms
    from scoring.teams import match_imps
    from tournaments.models import Match
    from tournaments.teams.selectors import match_sheet

    event = Event.objects.get(kind=Event.Kind.TEAMS)
    out = StringIO()
    call_command("export_pbn", str(event.pk), stdout=out)
    games = read_pbn(out.getvalue())
    by_match = defaultdict(list)
    for game in games:
        key = (int(game.tags["Round"]), game.tags["HomeTeam"], game.tags["VisitTeam"])
        by_match[key].append(game)
    matches = [m for m in Match.objects.filter(session__event=event) if not m.is_bye]
    compared = 0
    for match in matches:
        sheet = [row for row in match_sheet(match) if row.home is not None]
        if not sheet:
            continue
        games_of = by_match[(match.stage, match.home.name, match.away.name)]
        imps = match_imps(pbn_match_rooms(games_of)).boards
        read = {b.board: b.home for b in imps if b.played}
        assert read == {row.board: row.home for row in sheet}, match
        compared += len(read)
    assert compared >= 3 * 4 * 8  # rounds 1-3 complete: 4 matches of 8 boards
    assert {game.tags["Room"] for game in games} == {"Open", "Closed"}
