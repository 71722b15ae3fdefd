"""A teams event's PBN and USEBIO files are kept too (issue 34): built once
for the same results, built again when a team's name, a team's players or a
match changes (the teams fingerprint: ``teams.shown_rows``)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from teams_play import create, matches, play_match

from tournaments.exporters.pbn import event_pbn
from tournaments.exporters.usebio import event_usebio
from tournaments.models import Club, Event, Match, Player, Team
from tournaments.results import files

pytestmark = pytest.mark.django_db

EXPORTS = {
    "pbn": ("results:pbn", event_pbn),
    "usebio": ("results:usebio", event_usebio),
}


@pytest.fixture
def event(api):
    made = create(api, 4)
    for match in matches(api, made["id"]):
        if match["round"] == 1 and match["away"] is not None:
            play_match(api, match)
    Event.objects.filter(pk=made["id"]).update(published=True)
    return Event.objects.get(pk=made["id"])


@pytest.fixture
def builds(monkeypatch):
    """The builds each download ran, by format."""
    counted = {"pbn": 0, "usebio": 0}
    for kind in counted:
        build, content_type, extension = files.FORMATS[kind]

        def counting(event, build=build, kind=kind):
            counted[kind] += 1
            return build(event)

        monkeypatch.setitem(files.FORMATS, kind, (counting, content_type, extension))
    return counted


def _download(client, event, kind):
    response = client.get(reverse(EXPORTS[kind][0], args=[event.pk]))
    assert response.status_code == 200
    return response.content


def _team_name(event):
    team = Team.objects.filter(event=event).order_by("number").first()
    Team.objects.filter(pk=team.pk).update(name="Renamed team")


def _team_player(event):
    team = Team.objects.filter(event=event).order_by("number").first()
    club = Club.objects.create(name="Teams club")
    ada = Player.objects.create(club=club, first_name="Ada", last_name="Lovelace")
    team.players.add(ada)


def _match(event):
    match = Match.objects.filter(session__event=event).order_by("pk").first()
    Match.objects.filter(pk=match.pk).update(carry_over=match.carry_over + 1)


@pytest.mark.parametrize("kind", EXPORTS)
def test_a_teams_file_is_built_once_for_the_same_results(client, event, builds, kind):
    first = _download(client, event, kind)
    again = _download(client, event, kind)
    assert again == first == EXPORTS[kind][1](event).encode("utf-8")
    assert builds[kind] == 1


@pytest.mark.parametrize("change", [_team_name, _team_player, _match])
@pytest.mark.parametrize("kind", EXPORTS)
def test_a_teams_change_builds_the_file_again(client, event, builds, kind, change):
    _download(client, event, kind)
    change(event)
    after = _download(client, event, kind)
    assert builds[kind] == 2
    assert after == EXPORTS[kind][1](event).encode("utf-8")
