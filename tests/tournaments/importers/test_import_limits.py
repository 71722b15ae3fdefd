"""A results file whose numbers or texts no database column holds is a 400.

SQLite stored them; PostgreSQL refused them with a DataError (a 500): a
pair number over 32767 (a smallint), a board number over 2**31 - 1, a NUL
character in the event's name or a pair's label, a team number over 32767.
The readers refuse them (``importers.limits``, a club's bounds, and the
control characters), naming the value, before anything is stored.
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from pbn_files import score_table_pbn
from teams_play import create, play_round

from tournaments.models import Event

pytestmark = pytest.mark.django_db

PBN = score_table_pbn(
    "Tuesday pairs",
    [
        ["1 11 4S S 10", "2 12 4S S 11"],
        ["1 12 3NT N 9", "2 11 3NT N 10"],
    ],
)

REFUSED = {
    "pair over a smallint": (
        PBN.replace("1 11 4S", "70000 11 4S").replace("1 12 3NT", "70000 12 3NT"),
        "70000",
    ),
    "board over an integer": (
        PBN.replace('[Board "2"]', '[Board "9999999999"]'),
        "9999999999",
    ),
    "NUL in the event's name": (
        PBN.replace("Tuesday pairs", "Tues\x00day"),
        "U+0000",
    ),
}


def post(director, text: str, name: str = "night.pbn"):
    upload = SimpleUploadedFile(name, text.encode())
    return director.post("/api/results-files/", {"file": upload})


@pytest.mark.parametrize("name", REFUSED)
def test_a_number_or_text_no_column_holds_is_a_400_naming_it(director, name):
    text, message = REFUSED[name]
    response = post(director, text)
    assert response.status_code == 400, response.content
    (fault,) = response.json()["file"]
    assert message in fault
    assert not Event.objects.exists()


def test_the_largest_pair_number_is_stored(director):
    text = PBN.replace("1 11 4S", "9999 11 4S").replace("1 12 3NT", "9999 12 3NT")
    response = post(director, text)
    assert response.status_code == 201, response.content
    event = Event.objects.get(pk=response.json()["id"])
    numbers = event.sessions.get().sections.get().pairs.values_list("number", flat=True)
    assert sorted(numbers) == [2, 11, 12, 9999]


def exported_teams(api) -> str:
    """A played round of a two-team match, as USEBIO text."""
    event = create(api, 2)
    play_round(api, event["id"], 1)
    out = StringIO()
    call_command("export_usebio", str(event["id"]), stdout=out)
    return out.getvalue()


def team_over_a_smallint(text: str) -> str:
    """Team 2 numbered 70000."""
    text = text.replace('TEAM_ID="2"', 'TEAM_ID="70000"')
    return re.sub(r"<(TEAM|OPPOSING_TEAM)>2<", r"<\1>70000<", text)


def round_over_a_smallint(text: str) -> str:
    """The one round numbered 70000."""
    assert text.count("<ROUND_NUMBER>1</ROUND_NUMBER>") == 1
    return text.replace("<ROUND_NUMBER>1<", "<ROUND_NUMBER>70000<")


@pytest.mark.parametrize("change", [team_over_a_smallint, round_over_a_smallint])
def test_a_teams_file_with_a_number_over_a_smallint_is_a_400(api, director, change):
    response = post(director, change(exported_teams(api)), "teams.xml")
    assert response.status_code == 400, response.content
    (fault,) = response.json()["file"]
    assert "70000" in fault
    assert Event.objects.count() == 1
