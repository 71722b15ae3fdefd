"""The director changes a pairs event's settings after the fact; every
section is rescored with them, and a game with results stays that game."""

from __future__ import annotations

import datetime as dt

import pytest
from django.forms.models import model_to_dict
from django.urls import reverse

from tournaments.models import Event, PairScore, Result
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_adjust, result_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """Board 1 of a 3-table Mitchell: 4S= (420), 4S+1 (450) and an A+/A- line."""
    event = event_create(name="Club night", date=dt.date(2026, 11, 20))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    pairs = {pair.label: pair for pair in section.pairs.all()}
    board = section.boards.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        result_submit(board=board, ns_pair=pairs["1NS"], ew_pair=pairs["1EW"],
                      contract="4S", declarer="N", tricks=10)  # fmt: skip
        result_submit(board=board, ns_pair=pairs["2NS"], ew_pair=pairs["3EW"],
                      contract="4S", declarer="N", tricks=11)  # fmt: skip
        result_adjust(board=board, ns_pair=pairs["3NS"], ew_pair=pairs["2EW"],
                      ns="A+", ew="A-")  # fmt: skip
    return event


def form_data(event: Event, **changes: object) -> dict[str, object]:
    data = model_to_dict(event)
    data = {name: value for name, value in data.items() if value is not None}
    data["date"] = event.date.isoformat()
    data["neuberg"] = "on" if event.neuberg else ""
    return data | changes


def test_new_averages_rescore_the_adjusted_line(
    director, played, django_capture_on_commit_callbacks
):
    adjusted = Result.objects.get(adjusted_ns="A+")
    assert (adjusted.pct_ns, adjusted.pct_ew) == (60.0, 40.0)
    url = reverse("director:event-settings", args=[played.pk])
    assert director.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = director.post(
            url, form_data(played, average_plus="70", average_minus="30")
        )
    assert response.status_code == 302
    assert response["Location"] == reverse("director:event", args=[played.pk])
    adjusted.refresh_from_db()
    assert (adjusted.pct_ns, adjusted.pct_ew) == (70.0, 30.0)


def test_scoring_by_butler_instead_gives_imps(
    director, played, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        director.post(
            reverse("director:event-settings", args=[played.pk]),
            form_data(played, method="butler"),
        )
    played.refresh_from_db()
    assert played.method == "butler"
    # Two real scores, 420 and 450: the datum is their mean rounded, 440
    # (no top and bottom dropped from two); 450 wins 0 IMPs (10), 420 loses 1 (20).
    imps = dict(
        PairScore.objects.filter(pair__direction="NS").values_list(
            "pair__number", "imps"
        )
    )
    assert imps[1] == -1 and imps[2] == 0


def test_the_game_cannot_change_once_results_are_stored(director, played):
    url = reverse("director:event-settings", args=[played.pk])
    page = director.get(url)
    assert page.context["form"].fields["game"].disabled
    response = director.post(url, form_data(played, game="bridgeote"))
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.game == "bridge"


def test_a_bad_setting_is_a_400_naming_the_field(director, played):
    response = director.post(
        reverse("director:event-settings", args=[played.pk]),
        form_data(played, average_plus="abc"),
    )
    assert response.status_code == 400
    assert "average_plus" in response.context["form"].errors
    played.refresh_from_db()
    assert played.average_plus == 60


def test_only_pairs_events_have_these_settings(demo, director):
    whiz = Event.objects.get(kind=Event.Kind.WHIZ)
    url = reverse("director:event-settings", args=[whiz.pk])
    assert director.get(url).status_code == 404


def test_the_service_refuses_another_game_once_lines_are_stored(played):
    from django.core.exceptions import ValidationError

    from tournaments.services.events import event_settings_change

    with pytest.raises(ValidationError) as refused:
        event_settings_change(played, game="bridgeote")
    assert "game" in refused.value.message_dict
    assert Event.objects.get(pk=played.pk).game == "bridge"
