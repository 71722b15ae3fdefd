"""USEBIO 1.2: the Compscore sessions load and rescore to their published
figures, an event goes out and back with the same figures, and the files
Donne writes have the structure of the real ones (abftech/cobalt test files
in ``tests/data/usebio``: Compscore3 exports for the ABF)."""

from __future__ import annotations

import datetime as dt
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from pairs_play import imported_by_command, percentages_by_place, two_section_event
from teams_play import create, enter, matches, play_round

from tests.conftest import read_usebio_boards, read_usebio_pairs
from tournaments.models import (
    Board,
    Club,
    Event,
    PairScore,
    Player,
    Result,
    Section,
    TeamScore,
)
from tournaments.rescore import rescore_section
from tournaments.selectors.event_ranking import event_rankings
from tournaments.selectors.pairs import event_sections, stored_report
from tournaments.teams.rescore import rescore_team_round

pytestmark = pytest.mark.django_db

FILES = {
    "mp_pairs_mitchell.xml": "mp",  # 19 tables, a board played 18 times
    "mp_pairs_howell.xml": "mp",  # an A5050
    "mp_pairs_mitchell_03.xml": "mp",  # a sit-out
    "butler_howell.xml": "butler",
    "cross_imp_howell.xml": "cross-imps",
}
LINE_FIELDS = ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE")


def import_usebio(source: Path | bytes, *, teams: bool = False) -> Event:
    """Import a file (or XML text, through a temporary file) and rescore it."""
    if isinstance(source, bytes):
        with tempfile.NamedTemporaryFile(suffix=".xml", delete=False) as file:
            file.write(source)
        source = Path(file.name)
    out = StringIO()
    call_command("import_usebio", str(source), stdout=out)
    event = Event.objects.get(pk=int(out.getvalue()))
    if teams:
        rescore_rounds(event)
    else:
        rescore_section(event.sessions.get().sections.get().pk)
    return event


def export_usebio(event: Event) -> str:
    out = StringIO()
    call_command("export_usebio", str(event.pk), stdout=out)
    return out.getvalue()


def stored_standings(event: Event) -> dict[str, tuple[str, str]]:
    """Each pair's percentage (IMPs by IMPs) and place as the files print them."""
    by_imps = event.method != Event.Method.MATCHPOINTS
    return {
        score.pair.label: (
            f"{score.imps if by_imps else score.pct:.2f}",
            score.rank.rstrip("="),
        )
        for score in PairScore.objects.filter(
            pair__section__session__event=event
        ).select_related("pair")
    }


def standings_of(root: ET.Element) -> dict[str, tuple[str, str]]:
    """The published percentage (IMPs by IMPs) and place of every pair."""
    return {
        pair.findtext("PAIR_NUMBER"): (
            pair.findtext("PERCENTAGE") or pair.findtext("TOTAL_SCORE"),
            pair.findtext("PLACE").rstrip("="),
        )
        for pair in root.iter("PAIR")
    }


def totals_of(root: ET.Element) -> dict[str, float]:
    return {
        pair.findtext("PAIR_NUMBER"): float(pair.findtext("TOTAL_SCORE"))
        for pair in root.iter("PAIR")
    }


def traveller_lines(root: ET.Element) -> dict[tuple[int, str, str], dict[str, str]]:
    """Every traveller line's fields, keyed by board and pairs; points as numbers."""
    lines = {}
    for board in root.iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER"))
        for line in board.findall("TRAVELLER_LINE"):
            fields = {child.tag: (child.text or "").strip() for child in line}
            key = (number, fields.pop("NS_PAIR_NUMBER"), fields.pop("EW_PAIR_NUMBER"))
            if fields.get("CONTRACT") == "PASS":  # Compscore: "N", 0 tricks
                fields.pop("PLAYED_BY", None), fields.pop("TRICKS", None)
            lines[key] = {
                tag: f"{float(text):.2f}" if tag.endswith("POINTS") else text
                for tag, text in fields.items()
            }
    return lines


def neuberg(lines: dict[tuple[int, str, str], dict[str, str]]) -> dict:
    """Compscore's raw matchpoints of a board played fewer times, factored."""
    plays = Counter(board for board, _ns, _ew in lines)
    full = max(plays.values())
    for (board, _ns, _ew), fields in lines.items():
        for tag in ("NS_MATCH_POINTS", "EW_MATCH_POINTS"):
            if tag in fields and plays[board] < full:
                raw = float(fields[tag])
                fields[tag] = f"{(raw + 1) * full / plays[board] - 1:.2f}"
    return lines


def element_paths(root: ET.Element, prefix: str = "") -> set[str]:
    path = f"{prefix}/{root.tag}"
    paths = {path}
    for child in root:
        paths |= element_paths(child, path)
    return paths


@pytest.mark.parametrize(("name", "method"), FILES.items())
def test_a_compscore_session_loads_and_rescores_to_its_published_figures(
    data_dir, name, method
):
    path = data_dir / "usebio" / name
    event = import_usebio(path)
    assert event.method == method
    published = standings_of(ET.parse(path).getroot())
    assert stored_standings(event) == published
    assert len(published) >= 8
    # Every line: the NS score recomputed from the contract is the file's,
    # and its matchpoints / IMPs are the published ones.
    boards = read_usebio_boards(path)
    results = {
        (r.board.number, r.ns_pair.label, r.ew_pair.label): r
        for r in Result.objects.filter(
            board__section__session__event=event
        ).select_related("board", "ns_pair", "ew_pair")
    }
    assert len(results) == sum(len(board.lines) for board in boards)
    full = max(len(board.lines) for board in boards)
    for board in boards:
        for line in board.lines:
            published = (line.ns_points, line.ew_points)
            if method == "mp" and len(board.lines) < full:
                # Compscore prints a short board's raw matchpoints; Donne
                # stores them Neuberg-factored, as they count in the totals.
                factor = full / len(board.lines)
                published = tuple((mp + 1) * factor - 1 for mp in published)
            result = results[(board.number, line.ns_pair, line.ew_pair)]
            if line.artificial:
                assert (result.adjusted_ns, result.adjusted_ew) == tuple(
                    str(p) for p in line.artificial
                )
            else:
                assert result.score_ns == line.score
            points = (
                (result.mp_ns, result.mp_ew)
                if method == "mp"
                else (result.imp_ns, result.imp_ew)
            )
            assert points == pytest.approx(published, abs=0.01)


def test_the_butler_datums_are_the_published_board_averages(data_dir):
    path = data_dir / "usebio" / "butler_howell.xml"
    event = import_usebio(path)
    datums = dict(
        Board.objects.filter(section__session__event=event).values_list(
            "number", "datum"
        )
    )
    assert datums == {b.number: b.average for b in read_usebio_boards(path)}
    assert datums[1] == 160 and datums[2] == -450


def test_the_club_players_and_deals_are_entered(data_dir):
    event = import_usebio(data_dir / "usebio" / "butler_howell.xml")
    assert event.name == "Monday Afternoon - Butler"
    assert event.date.isoformat() == "2026-03-09"
    assert (event.club.name, event.club.federation_code) == (
        "Sunshine Coast Bridge Club",
        "4680",
    )
    pair = event.sessions.get().sections.get().pairs.get(number=1)
    assert pair.names == "KRYSTYNA SCHMIDT – ROBYN FEUERHEERDT"
    assert sorted(pair.players.values_list("last_name", "licence")) == [
        ("FEUERHEERDT", "0332135"),
        ("SCHMIDT", "0555002"),
    ]
    board = Board.objects.get(section__session__event=event, number=1)
    assert board.deal == (
        "N:K93.97.AT2.97543 84.QT865.963.862 AQT52.A2.875.AKT J76.KJ43.KQJ4.QJ"
    )
    assert (board.dealer, board.vulnerability) == ("N", "None")
    lead = Result.objects.get(board=board, ns_pair__number=2)
    assert lead.lead == "DK"  # the file's "KD": king of diamonds


def test_importing_the_same_club_twice_finds_its_players(data_dir):
    import_usebio(data_dir / "usebio" / "butler_howell.xml")
    players = Player.objects.count()
    import_usebio(data_dir / "usebio" / "butler_howell.xml")
    assert Player.objects.count() == players == 16
    assert Club.objects.count() == 1


@pytest.mark.parametrize("name", FILES)
def test_a_session_goes_out_and_back_with_the_same_lines_and_figures(data_dir, name):
    path = data_dir / "usebio" / name
    event = import_usebio(path)
    text = export_usebio(event)
    written = ET.fromstring(text)
    original = ET.parse(path).getroot()
    # The lines as published: contract, declarer, lead, tricks, score, points
    # (a short board's matchpoints Neuberg-factored, as Donne prints them).
    assert traveller_lines(written) == neuberg(traveller_lines(original))
    assert standings_of(written) == standings_of(original)
    # The totals too: matchpoints factored up for a pair that missed boards
    # (Compscore); two Mitchell pairs differ by 0.01 on the board played 18
    # times, from Compscore's rounding of the Neuberg-factored line.
    assert totals_of(written) == pytest.approx(totals_of(original), abs=0.0101)
    again = import_usebio(text.encode())
    assert stored_standings(again) == stored_standings(event)
    assert again.method == event.method


def test_an_event_of_several_sections_and_sessions_goes_out_and_back():
    """Each SESSION/SECTION reads back as its own section, with the same
    percentages, and the event's ranking across sessions is the same."""
    source = two_section_event()
    text = export_usebio(source)
    root = ET.fromstring(text)
    places = [
        (session.get("SESSION_ID"), section.get("SECTION_ID"))
        for session in root.iter("SESSION")
        for section in session.findall("SECTION")
    ]
    assert places == [("1", "A"), ("1", "B"), ("2", "A")]
    again = imported_by_command("import_usebio", text, "xml")
    assert percentages_by_place(again) == pytest.approx(percentages_by_place(source))
    assert len(percentages_by_place(again)) == 18
    assert event_ranking(again) == event_ranking(source)
    assert len(event_ranking(source)) == 12


def event_ranking(event: Event) -> list[tuple[str, str, float]]:
    """The event's ranking across sessions: (rank, names, %) in order."""
    reports = [stored_report(section) for section in event_sections(event)]
    return [
        (row.rank, row.pair.names, round(row.pct, 2))
        for rows in event_rankings(reports).values()
        for row in rows
    ]


@pytest.mark.parametrize("name", FILES)
def test_the_file_has_the_structure_of_the_real_ones(data_dir, name):
    path = data_dir / "usebio" / name
    text = export_usebio(import_usebio(path))
    assert text.splitlines()[1] == (
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    )
    written, real = ET.fromstring(text), ET.parse(path).getroot()
    assert written.attrib == {"Version": "1.2"}
    # Every element Donne writes is where Compscore writes it...
    assert element_paths(written) <= element_paths(real)
    # ...and the ones results sites read are all there.
    for needed in (
        "/USEBIO/CLUB/CLUB_NAME",
        "/USEBIO/EVENT/EVENT_DESCRIPTION",
        "/USEBIO/EVENT/DATE",
        "/USEBIO/EVENT/PARTICIPANTS/PAIR/PAIR_NUMBER",
        "/USEBIO/EVENT/PARTICIPANTS/PAIR/TOTAL_SCORE",
        "/USEBIO/EVENT/PARTICIPANTS/PAIR/PLACE",
        "/USEBIO/EVENT/PARTICIPANTS/PAIR/PLAYER/PLAYER_NAME",
        "/USEBIO/EVENT/BOARD/TRAVELLER_LINE/SCORE",
        "/USEBIO/HANDSET/BOARD/HAND/SPADES",
    ):
        assert needed in element_paths(written)
    assert written.find("EVENT").get("EVENT_TYPE") == real.find("EVENT").get(
        "EVENT_TYPE"
    )
    # Elements in Compscore's order within a traveller line and a pair.
    for tag in ("TRAVELLER_LINE", "PAIR"):
        order = [child.tag for child in real.find(f".//{tag}")]
        mine = [child.tag for child in written.find(f".//{tag}")]
        assert [t for t in order if t in mine] == mine


def test_the_oracle_readers_of_the_suite_read_ours_alike(data_dir, tmp_path):
    path = data_dir / "usebio" / "butler_howell.xml"
    written = tmp_path / "out.xml"
    written.write_text(export_usebio(import_usebio(path)), encoding="utf-8")
    assert read_usebio_boards(written) == read_usebio_boards(path)
    assert sorted(read_usebio_pairs(written), key=lambda p: p.pair) == sorted(
        read_usebio_pairs(path), key=lambda p: p.pair
    )


def test_an_adjusted_mark_goes_out_as_its_percentages(demo):
    source = Event.objects.get(name="Tuesday Mitchell")
    text = export_usebio(source)
    assert "<SCORE>A6040</SCORE>" in text  # the fouled board: A+ / A-
    root = ET.fromstring(text)
    assert root.find("EVENT/WINNER_TYPE").text == "2"  # NS and EW winners
    again = import_usebio(text.encode())
    before = {
        s.pair.label: round(s.pct, 2)
        for s in PairScore.objects.filter(pair__section__session__event=source)
    }
    after = {
        s.pair.label: round(s.pct, 2)
        for s in PairScore.objects.filter(pair__section__session__event=again)
    }
    assert after == before and len(before) > 8


def test_a_teams_event_goes_out_with_its_matches_and_both_rooms(api):
    event = create(api, 2, boards_per_match=2)
    (match,) = matches(api, event["id"])
    # Board 1, none vulnerable: 4S= +420 open, 4S-1 -50 closed: 10 IMPs home.
    enter(api, match, 1, {"contract": "4S", "result": "="},
          {"contract": "4S", "result": "-1"})  # fmt: skip
    enter(api, match, 2, {"contract": "4S", "result": "="},
          {"contract": "4S", "result": "="})  # fmt: skip
    text = export_usebio(Event.objects.get(pk=event["id"]))
    root = ET.fromstring(text)
    assert root.find("EVENT").get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    assert root.findtext("EVENT/MATCH_SCORING_METHOD") == "VPS"
    teams = root.findall("EVENT/PARTICIPANTS/TEAM")
    # Aces (home) won 10 IMPs: first; members as printed, one PLAYER each.
    assert [(t.get("TEAM_ID"), t.get("TEAM_NAME")) for t in teams] == [
        ("1", "Aces"),
        ("2", "Kings"),
    ]
    assert [t.findtext("PLACE") for t in teams] == ["1", "2"]
    assert teams[0].findtext("PLAYER/PLAYER_NAME") == "Aces players"
    (written,) = root.findall("EVENT/MATCH")
    stored = Event.objects.get(pk=event["id"]).sessions.get().matches.get()
    assert written.findtext("TEAM") == str(stored.home.number)
    assert written.findtext("OPPOSING_TEAM") == str(stored.away.number)
    assert float(written.findtext("TEAM_SCORE")) == pytest.approx(
        stored.home_points, abs=0.01
    )
    boards = written.findall("BOARD")
    assert [b.findtext("IMPS") for b in boards] == ["10", "0"]
    rooms = boards[0].findall("TRAVELLER_LINE")
    assert [(r.findtext("DIRECTION"), r.findtext("SCORE")) for r in rooms] == [
        ("NS", "420"),
        ("EW", "-50"),
    ]
    assert written.findtext("START_BOARD_NUMBER") == "1"
    assert written.findtext("END_BOARD_NUMBER") == "2"


def team_standings(event: Event) -> dict[int, tuple[int, float, float, float, str]]:
    return {
        s.team.number: (s.played, round(s.points, 2), s.imps_for, s.imps_against,
                        s.rank)
        for s in TeamScore.objects.filter(team__event=event).select_related("team")
    }  # fmt: skip


def rescore_rounds(event: Event) -> None:
    for section in Section.objects.filter(session__event=event):
        rescore_team_round(section.pk)


@pytest.mark.parametrize(
    ("teams", "settings", "rounds"),
    [
        (4, {"format": "round-robin"}, 2),  # round 3 left unplayed
        (3, {"format": "swiss", "rounds": 2, "scoring": "imps"}, 2),  # a bye
    ],
)
def test_a_teams_event_goes_out_and_back_with_the_same_standings(
    api, teams, settings, rounds
):
    event = create(api, teams, **settings)
    for number in range(1, rounds + 1):
        play_round(api, event["id"], number)
    source = Event.objects.get(pk=event["id"])
    assert source.sessions.count() >= rounds
    again = import_usebio(export_usebio(source).encode(), teams=True)
    assert again.kind == Event.Kind.TEAMS
    assert again.competition.format == settings["format"]
    assert again.competition.scoring == settings.get("scoring", "vp")
    assert team_standings(again) == team_standings(source)
    assert len(team_standings(source)) == teams
    assert {t.number: t.name for t in again.teams.all()} == {
        t.number: t.name for t in source.teams.all()
    }
    lines = Result.objects.filter(board__section__session__event=again)
    assert (
        lines.count()
        == Result.objects.filter(board__section__session__event=source).count()
        > 0
    )
    assert sorted(lines.values_list("board__number", "ns_pair__number",
                                    "ew_pair__number", "score_ns")) == sorted(
        Result.objects.filter(board__section__session__event=source).values_list(
            "board__number", "ns_pair__number", "ew_pair__number", "score_ns"
        )
    )  # fmt: skip


def test_an_individual_event_is_refused():
    from tournaments.services.events import event_create

    event = event_create(
        name="Whiz night", date=dt.date(2026, 11, 2), kind=Event.Kind.WHIZ
    )
    with pytest.raises(CommandError, match="USEBIO carries pairs and teams"):
        export_usebio(event)


def test_an_unknown_event_is_a_command_error():
    with pytest.raises(CommandError, match="no such event"):
        call_command("export_usebio", "999")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("<TRICKS>10</TRICKS>", "<TRICKS>15</TRICKS>"), 'board 1, 2 v 7: TRICKS "15"'),
        (("<CONTRACT>2S</CONTRACT>", "<CONTRACT>9S</CONTRACT>"), "board 1, 2 v 7"),
        (('EVENT_TYPE="BUTLER_PAIRS">\n    <EVENT_ID', 'EVENT_TYPE="INDIVIDUAL">\n'
          "    <EVENT_ID"), 'EVENT_TYPE "INDIVIDUAL" is not read'),
        (('EVENT_TYPE="BUTLER_PAIRS">\n    <EVENT_ID', 'EVENT_TYPE="SWISS_TEAMS">\n'
          "    <EVENT_ID"), "a teams file needs its <TEAM> participants"),
        (("</CLUB>", "</CLUBS>"), "line 7, column 2: not well-formed XML"),
    ],
)  # fmt: skip
def test_a_faulty_file_is_refused_naming_its_fault_and_nothing_is_stored(
    data_dir, tmp_path, change, message
):
    text = (data_dir / "usebio" / "butler_howell.xml").read_text()
    assert change[0] in text
    faulty = tmp_path / "faulty.xml"
    faulty.write_text(text.replace(change[0], change[1], 1))
    with pytest.raises(CommandError, match=message.replace("(", r"\(")):
        call_command("import_usebio", str(faulty), stdout=StringIO())
    assert Event.objects.count() == Result.objects.count() == 0
    assert Player.objects.count() == 0


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_usebio", str(tmp_path / "none.xml"))
