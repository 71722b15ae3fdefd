"""PBN results files whose pair numbers restart in each direction (issue 18).

Bridgewebs exports a Mitchell with NS pairs 1..N and EW pairs 1..N, so its
``[ScoreTable]`` reads "1 1 6H E 11": NS pair 1 against EW pair 1.  Such a
file imports as a Mitchell (pairs "1NS", "1EW", ranked NS and EW apart); a
Howell keeps one pair a number; a file consistent in neither reading is
refused with a 400 naming the board and the line of the file.
"""

from __future__ import annotations

from collections import defaultdict
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.errors import GameError
from tournaments.importers.directions import Sighting, mitchell_numbering
from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import parse_session, parse_sessions
from tournaments.models import Event, Pair, PairScore, Result, Section
from tournaments.rescore import rescore_section

pytestmark = pytest.mark.django_db

HEADER = "PairId_NS;PairId_EW;Contract;Declarer;Result"


def pbn(*boards: list[str]) -> str:
    """A Bridgewebs-like file: one game per board, its ScoreTable rows."""
    games = [
        f'[Event "Club night"]\n[Board "{number}"]\n[ScoreTable "{HEADER}"]\n'
        + "\n".join(rows)
        for number, rows in enumerate(boards, start=1)
    ]
    return "\n\n".join(games) + "\n"


def imported(data_dir, name: str, capture) -> Event:
    """``import_pbn`` of a test file, with the scoring it queues run."""
    out = StringIO()
    with capture(execute=True):
        call_command("import_pbn", str(data_dir / "pbn" / name), stdout=out)
    return Event.objects.get(pk=int(out.getvalue()))


def pair_counts(event: Event) -> dict[str, int]:
    pairs = Pair.objects.filter(section__session__event=event)
    return {side: pairs.filter(direction=side).count() for side in ("NS", "EW", "")}


def board_lines(event: Event, number: int) -> dict[tuple[str, str], tuple]:
    lines = Result.objects.filter(
        board__section__session__event=event, board__number=number
    ).select_related("ns_pair", "ew_pair")
    return {
        (x.ns_pair.label, x.ew_pair.label): (x.score_ns, x.mp_ns, x.mp_ew)
        for x in lines
    }


def assert_every_board_sums_to_its_top(event: Event, top: float) -> None:
    """Each line's NS and EW matchpoints make the top, so a board's lines
    sum to lines x top; the top is the same on every board (the one of the
    most played board, the others factored up by Neuberg)."""
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])
    for line in Result.objects.filter(board__section__session__event=event):
        assert line.top == top
        assert line.mp_ns + line.mp_ew == pytest.approx(top)
        sums[line.board_id][0] += line.mp_ns + line.mp_ew
        sums[line.board_id][1] += 1
    for total, lines in sums.values():
        assert total == pytest.approx(lines * top)


def test_westwood_imports_as_a_mitchell_of_16_pairs_a_side(
    data_dir, django_capture_on_commit_callbacks
):
    """Westwood, 25 Jun 2019, 32 boards.  Counted in the file: PairId_NS runs
    1..16 and PairId_EW 1..16, each on 24 of the 384 ScoreTable rows; 5 rows
    ("12 1 - N -" at lines 608, 1173, 1224, 1274, 1325: boards 12, 23, 24,
    25, 26) were not played, so 379 lines, 12 a board (11 on those 5)."""
    event = imported(
        data_dir, "westwood_20190625_1.pbn", django_capture_on_commit_callbacks
    )
    assert pair_counts(event) == {"NS": 16, "EW": 16, "": 0}
    results = Result.objects.filter(board__section__session__event=event)
    assert results.count() == 379
    assert results.filter(board__number=12).count() == 11
    # 12 tables: a top of 2 x (12 - 1) = 22 on every board.
    assert_every_board_sums_to_its_top(event, 22.0)
    # Board 1 by hand, 2 a beaten score, 1 a tie: +50 three times (beats 9,
    # ties 2: 20), -450 three times (beats 6, ties 2: 14), -480 three times
    # (beats 3: 8), -980 three times (ties 2: 2).
    board = board_lines(event, 1)
    assert len(board) == 12
    assert board[("1NS", "1EW")] == (50, 20.0, 2.0)
    assert board[("7NS", "12EW")] == (-450, 14.0, 8.0)
    assert board[("9NS", "16EW")] == (-480, 8.0, 14.0)
    assert board[("6NS", "10EW")] == (-980, 2.0, 20.0)
    # The Mitchell's two rankings, 16 pairs each, winners 12NS and 10EW.
    scores = PairScore.objects.filter(pair__section__session__event=event)
    assert {s: scores.filter(ranking=s).count() for s in ("NS", "EW", "")} == {
        "NS": 16,
        "EW": 16,
        "": 0,
    }
    winners = {s.ranking: s.pair.label for s in scores.filter(rank="1")}
    assert winners == {"NS": "12NS", "EW": "10EW"}


def test_winchester_imports_as_a_mitchell_of_10_pairs_a_side(
    data_dir, django_capture_on_commit_callbacks
):
    """Winchester, 9 Jul 2026, boards 1, 2, 3, 7, 12.  Counted in the file:
    NS 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and EW 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
    8 lines a board, 9 on board 12 (41 lines)."""
    event = imported(
        data_dir, "WinchesterJuly2026.pbn", django_capture_on_commit_callbacks
    )
    assert pair_counts(event) == {"NS": 10, "EW": 10, "": 0}
    assert Result.objects.filter(board__section__session__event=event).count() == 41
    # 9 tables: top 16; the boards played 8 times are factored (Neuberg).
    assert_every_board_sums_to_its_top(event, 16.0)
    # Board 1 by hand: 1NT W 8 (-120) beats the seven 4S E 11 (-450): 14 of
    # 14, Neuberg (14 + 1) x 9/8 - 1 = 15.875; the others tie 6 times: 6,
    # (6 + 1) x 9/8 - 1 = 6.875.
    board = board_lines(event, 1)
    assert board[("1NS", "1EW")] == (-120, 15.875, 0.125)
    assert board[("10NS", "10EW")] == (-450, 6.875, 9.125)
    assert board[("4NS", "7EW")] == (-450, 6.875, 9.125)
    rankings = PairScore.objects.filter(pair__section__session__event=event)
    assert sorted(set(rankings.values_list("ranking", flat=True))) == ["EW", "NS"]


@pytest.mark.parametrize(
    ("name", "ns", "ew", "lines"),
    [("westwood_20190625_1.pbn", 16, 16, 379), ("WinchesterJuly2026.pbn", 10, 10, 41)],
)
def test_the_api_and_the_director_page_import_both_bridgewebs_files(
    director, data_dir, django_capture_on_commit_callbacks, name, ns, ew, lines
):
    data = (data_dir / "pbn" / name).read_bytes()
    with django_capture_on_commit_callbacks(execute=True):
        response = director.post(
            "/api/results-files/", {"file": SimpleUploadedFile(name, data)}
        )
    assert response.status_code == 201, response.content
    event = Event.objects.get(pk=response.json()["id"])
    assert pair_counts(event) == {"NS": ns, "EW": ew, "": 0}
    assert Result.objects.filter(board__section__session__event=event).count() == lines
    # Another copy (one comment more: the same bytes would answer with the
    # event above) through the director's page.
    copy = data + b"\n% copied\n"
    page = director.post(
        reverse("director:results-import"),
        {"file": SimpleUploadedFile(name, copy), "name": "From the page"},
    )
    assert page.status_code == 302
    again = Event.objects.get(name="From the page")
    assert pair_counts(again) == {"NS": ns, "EW": ew, "": 0}


# Small files: the rule, the not-played lines, the refusals ----------------

MITCHELL = pbn(
    ["1 1 4S N 10", "2 2 4S N 11", "3 3 4S N 9", "12 1 - N -"],
    ["1 2 3NT S 9", "2 3 3NT S 10", "3 1 3NT S 8"],
)

HOWELL = pbn(
    ["1 4 4S N 10", "2 3 4S N 11"],
    ["4 2 3NT S 9", "3 1 3NT S 10"],
    ["1 2 2H N 8", "3 4 2H N 9"],
)


def test_a_small_mitchell_is_read_by_number_and_direction():
    session = parse_session(MITCHELL)
    assert session.mitchell
    assert sorted(session.pairs) == ["1EW", "1NS", "2EW", "2NS", "3EW", "3NS"]
    assert [(x.ns, x.ew) for x in session.lines] == [
        ("1NS", "1EW"),
        ("2NS", "2EW"),
        ("3NS", "3EW"),
        ("1NS", "2EW"),
        ("2NS", "3EW"),
        ("3NS", "1EW"),
    ]  # "12 1 - N -" was not played: no line, no pair 12


def test_a_howell_keeps_one_pair_a_number(tmp_path, django_capture_on_commit_callbacks):
    session = parse_session(HOWELL)
    assert not session.mitchell
    assert sorted(session.pairs) == ["1", "2", "3", "4"]
    path = tmp_path / "howell.pbn"
    path.write_text(HOWELL)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_pbn", str(path), stdout=StringIO())
    labels = sorted(Pair.objects.values_list("number", "direction"))
    assert labels == [(1, ""), (2, ""), (3, ""), (4, "")]
    assert set(PairScore.objects.values_list("ranking", flat=True)) == {""}


def test_a_mitchell_with_a_pair_twice_in_one_direction_names_board_and_line(
    tmp_path,
):
    """Read as a Mitchell, NS 2 plays board 2 twice (lines 13 and 14)."""
    text = MITCHELL.replace("3 1 3NT S 8", "2 1 3NT S 8")
    path = tmp_path / "twice.pbn"
    path.write_text(text)
    with pytest.raises(CommandError) as refused:
        call_command("import_pbn", str(path), stdout=StringIO())
    assert str(refused.value).endswith(
        "Board 2, line 14 (2 v 1): pair 2NS plays this board twice (also at line 13)"
    )
    assert not Event.objects.exists()


def test_a_howell_with_a_pair_twice_is_refused_not_read_as_a_mitchell():
    """Pair 3 sits NS on board 1 and EW on boards 2 and 3, never both on
    one board but here, where a typo has it twice: a Howell's fault, not a
    Mitchell (which would be scored NS and EW apart, silently)."""
    text = HOWELL.replace("1 2 2H N 8", "3 2 2H N 8")
    with pytest.raises(GameError) as refused:
        parse_session(text)
    assert str(refused.value) == (
        "Board 3, line 17 (3 v 4): pair 3 plays this board twice (also at line 16)"
    )


def test_a_howell_pair_against_itself_is_refused():
    text = HOWELL.replace("2 3 4S N 11", "3 3 4S N 11")
    with pytest.raises(GameError, match=r"^Board 1, line 5 \(3 v 3\): a pair cannot"):
        parse_session(text)


@pytest.mark.parametrize("where", ["api", "page"])
def test_an_inconsistent_file_is_a_400_naming_board_and_line(director, where):
    data = MITCHELL.replace("3 1 3NT S 8", "2 1 3NT S 8").encode()
    fault = (
        "Board 2, line 14 (2 v 1): pair 2NS plays this board twice (also at line 13)"
    )
    if where == "api":
        response = director.post(
            "/api/results-files/", {"file": SimpleUploadedFile("t.pbn", data)}
        )
        assert response.status_code == 400
        assert response.json() == {"file": [fault]}
    else:
        response = director.post(
            reverse("director:results-import"),
            {"file": SimpleUploadedFile("t.pbn", data)},
        )
        assert response.status_code == 400
        assert fault in response.content.decode()
    assert not Event.objects.exists()
    assert not Result.objects.exists()


def test_the_reading_is_decided_once_for_the_whole_section():
    """One "1 v 1" makes every line a Mitchell's, even those that alone
    would read as a Howell's."""
    lines = [
        Sighting(1, "1", "2", "line 1"),
        Sighting(1, "2", "1", "line 2"),
        Sighting(2, "1", "1", "line 3"),
    ]
    assert mitchell_numbering(lines)
    assert not mitchell_numbering(lines[:1])


def test_a_bridgewebs_mitchell_goes_out_and_back_with_the_same_figures(data_dir):
    """Exported by Donne ("1NS", "1EW") and read again: the same pairs,
    directions and percentages."""
    data = (data_dir / "pbn" / "WinchesterJuly2026.pbn").read_bytes()
    source = event_import(parse_session(data))
    rescore_section(Section.objects.get(session__event=source).pk)
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    again = event_import(parse_session(out.getvalue()))
    rescore_section(Section.objects.get(session__event=again).pk)

    def percentages(event: Event) -> dict[str, float]:
        scores = PairScore.objects.filter(pair__section__session__event=event)
        return {score.pair.label: score.pct for score in scores}

    assert len(percentages(source)) == 20
    assert percentages(again) == pytest.approx(percentages(source))


def test_each_section_is_read_in_its_own_numbering():
    """Section A a Mitchell numbered in each direction, B a Howell."""
    text = MITCHELL.replace(
        '[Event "Club night"]', '[Event "Club night"]\n[Section "A"]'
    )
    text += "\n" + HOWELL.replace(
        '[Event "Club night"]', '[Event "Club night"]\n[Section "B"]'
    )
    first, second = parse_sessions(text)
    assert (first.section, first.mitchell) == ("A", True)
    assert (second.section, second.mitchell) == ("B", False)
    assert sorted(second.pairs) == ["1", "2", "3", "4"]


def test_a_pair_against_itself_in_either_reading_is_refused():
    """ "3NS" v "3NS" is the same pair whichever way the numbers are read."""
    text = MITCHELL.replace("3 3 4S N 9", "3NS 3NS 4S N 9")
    with pytest.raises(GameError) as refused:
        parse_session(text)
    assert str(refused.value) == (
        "Board 1, line 6 (3NS v 3NS): a pair cannot play against itself"
    )
