"""A pairs event's PBN and USEBIO files are built once per results
fingerprint (issue 34) and built again after any change they show."""

from __future__ import annotations

from random import Random

import pytest
from django.urls import reverse

from bench.fields import mitchell_event
from games.deal import Deal
from tournaments.exporters.pbn import event_pbn
from tournaments.exporters.usebio import event_usebio
from tournaments.models import Board, Club, Event, Pair, Player, Result, Section
from tournaments.rescore import rescore_section
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db

EXPORTS = {
    "pbn": ("results:pbn", event_pbn),
    "usebio": ("results:usebio", event_usebio),
}


@pytest.fixture
def event():
    event = mitchell_event(10)
    club = Club.objects.create(name="Kept club")
    Event.objects.filter(pk=event.pk).update(club=club)
    rescore_section(Section.objects.get(session__event=event).pk)
    return Event.objects.get(pk=event.pk)


def download(client, event, kind):
    response = client.get(reverse(EXPORTS[kind][0], args=[event.pk]))
    assert response.status_code == 200
    return response.content


@pytest.mark.parametrize("kind", EXPORTS)
def test_the_file_is_built_once_for_the_same_results(client, event, builds, kind):
    first = download(client, event, kind)
    again = download(client, event, kind)
    assert again == first == EXPORTS[kind][1](event).encode("utf-8")
    assert builds[kind] == 1


def _line(event):
    line = Result.objects.filter(board__section__session__event=event).first()
    result_submit(
        board=line.board, ns_pair=line.ns_pair, ew_pair=line.ew_pair,
        contract="1NT", declarer="S", tricks=7, result=line,
    )  # fmt: skip
    return "1NT"


def _names(event):
    Pair.objects.filter(section__session__event=event, number=1).update(
        names="Ada Lovelace - Alan Turing"
    )
    return "Ada Lovelace"


def _player(event):
    pair = Pair.objects.filter(section__session__event=event).first()
    pair.players.add(
        Player.objects.create(club=event.club, first_name="Grace", last_name="Hopper")
    )
    return "Grace Hopper"


def _deal(event):
    board = Board.objects.get(section__session__event=event, number=1)
    deal = Deal.random(Random(34)).to_pbn()
    Board.objects.filter(pk=board.pk).update(deal=deal)
    return ""


def _club(event):
    Club.objects.filter(pk=event.club_id).update(name="Renamed club")
    return "Renamed club"


CHANGES = [_line, _names, _player, _deal, _club]


@pytest.mark.parametrize("change", CHANGES, ids=lambda c: c.__name__.strip("_"))
@pytest.mark.parametrize("kind", EXPORTS)
def test_a_change_builds_the_file_again(client, event, builds, kind, change):
    before = download(client, event, kind)
    shown = change(event)
    event = Event.objects.get(pk=event.pk)
    after = download(client, event, kind)
    assert builds[kind] == 2
    assert after == EXPORTS[kind][1](event).encode("utf-8")
    if change is _player and kind == "pbn":
        return  # PBN names a pair by its names, not its chosen players
    assert after != before
    assert shown.encode() in after
