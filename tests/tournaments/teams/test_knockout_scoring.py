"""A knockout is scored by IMPs only: VPs or BAM points are refused (issue 22).

A knockout match is won on its IMP total (segments, carry-over, extra
boards); a VP score beside it would not decide anything.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from teams_play import TEAM_NAMES, post

from tournaments.models import Event, TeamCompetition

pytestmark = pytest.mark.django_db

BODY = {
    "name": "Cup",
    "date": "2026-12-01",
    "format": "knockout",
    "rounds": 2,
    "boards_per_match": 8,
    "teams": [{"name": name} for name in TEAM_NAMES[:4]],
}
FORM = {
    "name": "Cup",
    "date": "2026-12-01",
    "format": "knockout",
    "boards_per_match": 8,
    "stints": 2,
    "rounds": "2",
    "bye_vp": "12",
    "tie_rule": "extra-boards",
    "teams": "Aces\nKings\nQueens\nJacks",
}


@pytest.mark.parametrize("scoring", ["vp", "bam"])
def test_the_api_refuses_a_knockout_by_vps_or_bam(api, scoring):
    response = post(api, reverse("api-teams-event-new"), BODY | {"scoring": scoring})
    assert response.status_code == 400
    assert response.json() == {
        "scoring": ["A knockout is scored by IMPs: choose “IMPs only”."]
    }
    assert not Event.objects.exists()


def test_a_knockout_left_without_a_scoring_is_by_imps(api):
    response = post(api, reverse("api-teams-event-new"), BODY)
    assert response.status_code == 201
    assert response.json()["scoring"] == "imps"
    assert TeamCompetition.objects.get().scoring == TeamCompetition.Scoring.IMPS
    swiss = post(
        api,
        reverse("api-teams-event-new"),
        BODY | {"name": "Swiss", "format": "swiss", "rounds": 3},
    )
    assert swiss.status_code == 201 and swiss.json()["scoring"] == "vp"


def test_the_form_says_it_under_scoring(director):
    response = director.post(
        reverse("director:teams-event-new"), FORM | {"scoring": "vp"}
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors == {
        "scoring": ["A knockout is scored by IMPs: choose “IMPs only”."]
    }
    assert not Event.objects.exists()
    done = director.post(
        reverse("director:teams-event-new"), FORM | {"scoring": "imps"}
    )
    assert done.status_code == 302
    assert Event.objects.get().competition.scoring == "imps"
