"""Assigned weighted scores (Law 12C1(c)) typed on the director's traveller,
matchpointed part by part with their weights, in pairs and by IMPs."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tournaments.models import Event, Result
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db


def played_board(director, capture, method: str = "mp") -> dict[str, Result]:
    """Board 1 of a 3-table Mitchell (None vul): 1NS 4S= (420), 2NS 4S+1 (450),
    and at the third table the director's 70 % of 4S= and 30 % of 4S+1."""
    event = event_create(name="Club night", date=dt.date(2026, 11, 20), method=method)
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    url = reverse("director:traveller", args=[section.pk, 1])
    rows = {r.ns_label: r.index for r in director.get(url).context["rows"]}
    data = {
        f"c{rows['1NS']}": "4S", f"d{rows['1NS']}": "N", f"r{rows['1NS']}": "=",
        f"c{rows['2NS']}": "4S", f"d{rows['2NS']}": "N", f"r{rows['2NS']}": "+1",
        f"c{rows['3NS']}": "70% 4S N =; 30% 4S N +1",
    }  # fmt: skip
    with capture(execute=True):
        response = director.post(url, data)
    assert response.status_code == 302, response.context and [
        r.errors for r in response.context["rows"]
    ]
    return {r.ns_pair.label: r for r in Result.objects.select_related("ns_pair")}


def test_each_part_is_matchpointed_with_its_weight(
    director, django_capture_on_commit_callbacks
):
    """Top 4.  420: beats nothing, ties 70 % of the weighted line -> 0.7.
    450: beats 420 (2) and 70 % of the weighted line, ties its 30 % -> 2 + 1.4
    + 0.3 = 3.7.  The weighted line: its 420 part ties 420 (1), its 450 part
    beats 420 and ties 450 (3) -> 0.7 x 1 + 0.3 x 3 = 1.6.  NS total 6."""
    lines = played_board(director, django_capture_on_commit_callbacks)
    assert {label: line.mp_ns for label, line in lines.items()} == pytest.approx(
        {"1NS": 0.7, "2NS": 3.7, "3NS": 1.6}
    )
    assert lines["3NS"].mp_ew == pytest.approx(2.4)
    weighted = lines["3NS"]
    assert weighted.weighted == [[70.0, "4S", "N", 10, 420], [30.0, "4S", "N", 11, 450]]
    assert weighted.score_ns == 429  # 0.7 x 420 + 0.3 x 450, shown on the pages
    assert weighted.weighted_text == "70% 4S N =; 30% 4S N +1"


def test_the_weighted_line_reads_back_and_shows_on_the_pages(
    director, django_capture_on_commit_callbacks
):
    lines = played_board(director, django_capture_on_commit_callbacks)
    section = lines["3NS"].board.section
    url = reverse("director:traveller", args=[section.pk, 1])
    page = director.get(url)
    row = next(r for r in page.context["rows"] if r.ns_label == "3NS")
    assert row.contract == "70% 4S N =; 30% 4S N +1"
    assert "70% 4S N =; 30% 4S N +1" in page.content.decode()  # audit trail too
    public = director.get(reverse("results:board", args=[section.pk, 1]))
    assert "Weighted score: 70% 4S N =; 30% 4S N +1" in public.content.decode()


def test_by_butler_the_parts_are_imped_against_the_datum(
    director, django_capture_on_commit_callbacks
):
    """Datum: the mean of 420, 450 and the weighted line's 429, with the top and
    bottom dropped: 429 -> 430.  420 -> -10 (0 IMPs); 450 -> +20 (1 IMP); the
    weighted line: 70 % of 0 and 30 % of 1 -> 0.3 IMP."""
    lines = played_board(director, django_capture_on_commit_callbacks, "butler")
    assert {label: line.imp_ns for label, line in lines.items()} == pytest.approx(
        {"1NS": 0.0, "2NS": 1.0, "3NS": 0.3}
    )


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("70% 4S N =; 20% 4S N +1", "add up to 100"),
        ("70% 4S N =; 30% 4Z N +1", "Weighted score"),
        ("70% 4S N =; 30% 4S N", "Weighted score"),
    ],
)
def test_a_bad_weighted_score_keeps_the_board_unsaved(director, typed, message):
    event = event_create(name="Club night", date=dt.date(2026, 11, 20))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    url = reverse("director:traveller", args=[section.pk, 1])
    index = director.get(url).context["rows"][0].index
    response = director.post(url, {f"c{index}": typed})
    assert response.status_code == 400
    assert message in " ".join(response.context["rows"][0].errors)
    assert not Result.objects.exists()
    assert Event.objects.count() == 1


def _percentages(event: Event) -> dict[str, float]:
    from tournaments.models import PairScore

    scores = PairScore.objects.filter(pair__section__session__event=event)
    return {score.pair.label: score.pct for score in scores.select_related("pair")}


def test_a_weighted_score_goes_out_and_back_through_pbn(
    director, django_capture_on_commit_callbacks
):
    """PBN has no weighted scores: Donne adds a "Weighted" column that it reads
    back, so the parts and every percentage come back the same."""
    from io import StringIO

    from django.core.management import call_command
    from pairs_play import imported_by_command

    from games.pbn import read_pbn

    lines = played_board(director, django_capture_on_commit_callbacks)
    source = lines["3NS"].board.section.session.event
    out = StringIO()
    call_command("export_pbn", str(source.pk), stdout=out)
    first = read_pbn(out.getvalue())[0]
    assert first.tags["ScoreTable"].endswith(";Weighted\\30L")
    row = next(r for r in first.table("ScoreTable").rows if r["PairId_NS"] == "3NS")
    assert (row["Weighted"], row["Score_NS"]) == ("70% 4S N =; 30% 4S N +1", "429")
    again = imported_by_command("import_pbn", out.getvalue(), "pbn")
    line = Result.objects.get(board__section__session__event=again, ns_pair__number=3)
    assert line.weighted == [[70.0, "4S", "N", 10, 420], [30.0, "4S", "N", 11, 450]]
    assert _percentages(again) == pytest.approx(_percentages(source))


def test_usebio_carries_the_weighted_mean(director, django_capture_on_commit_callbacks):
    """USEBIO has no weighted scores either: the line goes out as its mean, a
    SCORE without a contract, and reads back as that assigned score."""
    import xml.etree.ElementTree as ET
    from io import StringIO

    from django.core.management import call_command
    from pairs_play import imported_by_command

    lines = played_board(director, django_capture_on_commit_callbacks)
    source = lines["3NS"].board.section.session.event
    out = StringIO()
    call_command("export_usebio", str(source.pk), stdout=out)
    root = ET.fromstring(out.getvalue())
    line = next(
        tl
        for tl in root.iter("TRAVELLER_LINE")
        if tl.findtext("NS_PAIR_NUMBER") == "3NS"
    )
    assert (line.findtext("SCORE"), line.find("CONTRACT")) == ("429", None)
    again = imported_by_command("import_usebio", out.getvalue(), "xml")
    stored = Result.objects.get(board__section__session__event=again, ns_pair__number=3)
    assert (stored.weighted, stored.score_ns) == ([[100.0, "", "", None, 429]], 429)
    assert stored.weighted_text == "100% +429"


def test_a_weighted_score_in_a_teams_match_imps_each_part(api):
    """Board 1 (none vul): open room 4S= by the home pair, +420; in the closed
    room the director assigns 50 % of 4S= and 50 % of 4S-1 (+420 / -50) to
    the away pair.  Home: 50 % of 0 IMPs and 50 % of 470 (10 IMPs) = 5."""
    from teams_play import create, enter, matches

    from games.weighted import WeightedPart
    from tournaments.models import Board, Pair
    from tournaments.services.results import result_weighted

    event = create(api, 2)
    (match,) = [m for m in matches(api, event["id"]) if m["away"] is not None]
    home, away = match["home"], match["away"]
    enter(
        api,
        match,
        1,
        {"contract": "4S", "result": "="},
        {"contract": "3NT", "result": "="},
    )
    closed = Result.objects.get(
        board__section_id=match["section"], board__number=1, ns_pair__number=away
    )
    board = Board.objects.get(section_id=match["section"], number=1)
    with api.capture(execute=True):
        result_weighted(
            board=board,
            ns_pair=Pair.objects.get(
                section_id=match["section"], number=away, direction="NS"
            ),
            ew_pair=Pair.objects.get(
                section_id=match["section"], number=home, direction="EW"
            ),
            parts=[WeightedPart(50, "4S", "N", 10), WeightedPart(50, "4S", "N", 9)],
            result=closed,
        )
    sheet = api.get(reverse("api-match", args=[match["id"]])).json()
    assert (sheet["boards"][0]["home"], sheet["boards"][0]["away"]) == (5, -5)
