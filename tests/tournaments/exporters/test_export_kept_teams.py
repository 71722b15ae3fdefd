"""A teams event's PBN and USEBIO files are kept too (issue 34): built once
for the same results, built again when a team's name, a team's players or a
match changes (the teams fingerprint: ``teams.shown_rows``)."""

from __future__ import annotations

import pytest
from teams_play import create, matches, play_match

from tests.tournaments.exporters.test_export_kept import EXPORTS, download
from tournaments.models import Club, Event, Match, Player, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(api):
    made = create(api, 4)
    for match in matches(api, made["id"]):
        if match["round"] == 1 and match["away"] is not None:
            play_match(api, match)
    Event.objects.filter(pk=made["id"]).update(published=True)
    return Event.objects.get(pk=made["id"])


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
    first = download(client, event, kind)
    again = download(client, event, kind)
    assert again == first == EXPORTS[kind][1](event).encode("utf-8")
    assert builds[kind] == 1


@pytest.mark.parametrize("change", [_team_name, _team_player, _match])
@pytest.mark.parametrize("kind", EXPORTS)
def test_a_teams_change_builds_the_file_again(client, event, builds, kind, change):
    download(client, event, kind)
    change(event)
    after = download(client, event, kind)
    assert builds[kind] == 2
    assert after == EXPORTS[kind][1](event).encode("utf-8")
