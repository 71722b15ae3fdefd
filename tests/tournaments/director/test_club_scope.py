"""Clubs own their events: a director sees and changes only their clubs'.

The API's operations are in ``api/test_authorization_matrix.py``; here the
director's pages (every route that names an object), the public pages and
downloads of an event not yet published, the dashboard, the clubs a
director may create an event in, and where an imported file lands.
"""

from __future__ import annotations

import pytest
from club_objects import ClubObjects, club_objects
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from tournaments import access
from tournaments.importers.results_files import results_file_import
from tournaments.models import (
    Club,
    Event,
    Section,
)
from tournaments.services.directors import director_create
from tournaments.services.publication import event_publish

pytestmark = pytest.mark.django_db

OBJECT_KEYS = set(access.ROUTE_KEYS)


def director_routes() -> list[tuple[str, URLPattern]]:
    """(full route, pattern) of every director page naming an object."""
    found = []

    def walk(patterns: list, prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                route = prefix + str(pattern.pattern)
                named = any(f":{key}>" in route for key in OBJECT_KEYS)
                if route.startswith("director/") and named:
                    found.append((route, pattern))

    walk(get_resolver().url_patterns, "")
    return found


@pytest.fixture
def clubs(demo, client: Client) -> dict[str, object]:
    """The demo club A (its own director) and club B (another director)."""
    club = demo.club
    own = director_create("own", club.name, "own-director-pw").user
    other = director_create("other", "Club B", "other-director-pw").user
    return {"club": club, "own": own, "other": other}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def filled(route: str, objects: ClubObjects) -> str:
    """A director route with club A's objects (tonight's pairs section)."""
    section = Section.objects.get(session__event__name="Tonight's pairs")
    line = objects.result
    values = {
        "events": section.session.event_id,
        "sections": section.pk,
        "sessions": section.session_id,
        "results": line.pk,
        "matches": objects.match.pk,
        "whiz-results": objects.whiz_result.pk,
        "penalties": objects.penalty.pk,
        "imports": objects.import_job.pk,
        "mail-jobs": objects.mail_job.pk,
    }
    head = route.split("/")[1]
    path = "/" + route
    for key in access.ROUTE_KEYS:
        path = path.replace(f"<int:{key}>", str(values[head]))
    return (
        path.replace("<int:number>", "1")
        .replace("<int:result_pk>", str(line.pk))
        .replace("<int:pair_pk>", str(line.ns_pair_id))
        .replace("<int:round>", "1")
        .replace("<int:table>", "1")
        .replace("<str:action>", "publish")
    )


def test_every_director_page_about_another_clubs_object_is_a_404(clubs):
    """GET and POST alike, before the view runs: nothing read, nothing changed."""
    other = signed_in(clubs["other"])
    objects = club_objects(
        Event.objects.get(name="Tonight's pairs"),
        Event.objects.get(kind=Event.Kind.WHIZ),
        Event.objects.get(kind=Event.Kind.TEAMS),
        clubs["own"],
    )
    routes = director_routes()
    assert len(routes) >= 40
    answers = {}
    for route, _pattern in routes:
        url = filled(route, objects)
        answers[url] = (other.get(url).status_code, other.post(url).status_code)
    assert {url: codes for url, codes in answers.items() if codes != (404, 404)} == {}


def test_the_clubs_own_director_reaches_the_same_pages(clubs):
    own = signed_in(clubs["own"])
    event = Event.objects.get(name="Tonight's pairs")
    section = Section.objects.get(session__event=event)
    assert own.get(reverse("director:event", args=[event.pk])).status_code == 200
    assert own.get(reverse("director:section", args=[section.pk])).status_code == 200
    assert own.get(reverse("director:console", args=[section.pk])).status_code == 200


def test_the_dashboard_lists_only_the_directors_clubs_events(clubs):
    mine = signed_in(clubs["own"]).get(reverse("director:dashboard"))
    theirs = signed_in(clubs["other"]).get(reverse("director:dashboard"))
    assert "Tonight&#x27;s pairs" in mine.content.decode()
    assert "Tonight&#x27;s pairs" not in theirs.content.decode()
    assert len(theirs.context["events"]) == 0
    assert len(mine.context["events"]) == Event.objects.count() == 9


def test_unpublished_results_and_downloads_are_the_own_directors_only(clubs):
    """Another club's director gets what the public gets: the hidden-results
    page, no deals, no files."""
    event = Event.objects.get(name="Tuesday Mitchell")
    event.results_hidden = True
    event.save(update_fields=["results_hidden"])
    files = [
        reverse(f"results:{name}", args=[event.pk])
        for name in ("excel", "pbn", "usebio")
    ]
    own, other, anon = signed_in(clubs["own"]), signed_in(clubs["other"]), Client()
    assert [own.get(url).status_code for url in files] == [200, 200, 200]
    assert [other.get(url).status_code for url in files] == [404, 404, 404]
    assert [anon.get(url).status_code for url in files] == [404, 404, 404]
    page = reverse("results:event", args=[event.pk])
    assert own.get(page).context.get("reports")
    assert other.get(page).context.get("reports") is None
    assert other.get(page).templates[0].name == anon.get(page).templates[0].name
    deals = reverse("results:hand-records", args=[event.pk])
    assert own.get(deals).context["visible"] is True
    assert other.get(deals).context["visible"] is False
    assert other.get(deals).context["records"] == []


def test_a_director_creates_events_only_in_their_clubs(clubs):
    api = APIClient()
    api.force_login(clubs["other"])
    body = {
        "name": "Raid",
        "date": "2026-11-25",
        "boards_per_round": 3,
        "players": [{"name": f"Player {n}"} for n in range(8)],
    }
    refused = api.post(
        "/api/whiz-events/", {**body, "club": clubs["club"].pk}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json() == {"club": ["You do not direct this club."]}
    assert not Event.objects.filter(name="Raid").exists()
    page = signed_in(clubs["other"]).get(reverse("director:event-new"))
    assert list(page.context["form"].fields["club"].queryset) == [
        Club.objects.get(name="Club B")
    ]


def test_an_event_left_without_a_club_goes_to_the_directors_one_club(clubs):
    api = APIClient()
    api.force_login(clubs["other"])
    body = {
        "name": "Whiz at B",
        "date": "2026-11-25",
        "boards_per_round": 3,
        "players": [{"name": f"Player {n}"} for n in range(8)],
    }
    made = api.post("/api/whiz-events/", body, format="json")
    assert made.status_code == 201, made.json()
    assert Event.objects.get(name="Whiz at B").club.name == "Club B"


def test_an_imported_file_naming_another_club_lands_in_the_directors_club(
    clubs, data_dir
):
    """The USEBIO file names the Sunshine Coast Bridge Club: imported by club
    B's director it becomes club B's event, and no club is added."""
    data = (data_dir / "usebio" / "butler_howell.xml").read_bytes()
    clubs_before = Club.objects.count()
    event = results_file_import(data, user=clubs["other"])
    assert event.club.name == "Club B"
    assert Club.objects.count() == clubs_before


def test_a_director_of_two_clubs_must_say_which_one_a_file_is_for(clubs, data_dir):
    director_create("other", "Club C")
    data = (data_dir / "usebio" / "butler_howell.xml").read_bytes()
    with pytest.raises(Exception) as refused:
        results_file_import(data, user=clubs["other"])
    assert "club" in refused.value.message_dict


def test_the_licences_are_for_the_players_own_clubs_director(clubs):
    club = clubs["club"]
    own, other = APIClient(), APIClient()
    own.force_login(clubs["own"])
    other.force_login(clubs["other"])
    url = f"/api/clubs/{club.pk}/"
    # Another club's director is the public: the players of a published event.
    event_publish(Event.objects.get(name="Sunday Whiz"))
    assert {p["licence"] for p in own.get(url).json()["players"]} != {None}
    assert {p["licence"] for p in other.get(url).json()["players"]} == {None}
    listed = other.get("/api/clubs/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert {p["licence"] for row in rows for p in row["players"]} == {None}


def test_a_site_administrator_directs_every_club(clubs):
    admin = get_user_model().objects.create_superuser("root", "", "root-pw-123")
    event = Event.objects.get(name="Tonight's pairs")
    assert access.directs(admin, event)
    assert not access.directs(clubs["other"], event)
    assert access.directs(clubs["own"], event)
    assert (
        signed_in(admin).get(reverse("director:event", args=[event.pk])).status_code
        == 200
    )


def test_another_clubs_player_cannot_be_entered_by_id(clubs):
    api = APIClient()
    api.force_login(clubs["other"])
    stranger = clubs["club"].players.first()
    body = {
        "name": "Borrowed",
        "date": "2026-11-25",
        "boards_per_round": 3,
        "players": [{"player": stranger.pk}]
        + [{"name": f"Player {n}"} for n in range(7)],
    }
    refused = api.post("/api/whiz-events/", body, format="json")
    assert refused.status_code == 400
    assert refused.json()["players"]["0"]["player"]
    assert not Event.objects.filter(name="Borrowed").exists()


def test_a_clubs_public_page_lists_its_published_events(clubs):
    club = clubs["club"]
    shown = Event.objects.get(name="Tuesday Mitchell")
    shown.published = True
    shown.save(update_fields=["published"])
    hidden = Event.objects.get(name="Thursday Howell")
    hidden.results_hidden = True
    hidden.save(update_fields=["results_hidden"])
    page = Client().get(reverse("tournaments:club", args=[club.pk]))
    assert page.status_code == 200
    assert list(page.context["published"]) == [shown]
    assert hidden not in page.context["live"]
    assert "Tuesday Mitchell" in page.content.decode()
    assert (
        Client().get(reverse("tournaments:club", args=[club.pk + 999])).status_code
        == 404
    )
    home = Client().get("/").content.decode()
    assert reverse("tournaments:club", args=[club.pk]) in home


def test_the_site_administrator_names_a_clubs_directors_in_the_admin(clubs):
    admin = get_user_model().objects.create_superuser("root", "", "root-pw-123")
    club = Club.objects.get(name="Club B")
    page = signed_in(admin).get(f"/admin/tournaments/club/{club.pk}/change/")
    assert page.status_code == 200
    choices = page.context["adminform"].form.fields["directors"].queryset
    assert set(choices.values_list("username", flat=True)) == {"own", "other"}
    listing = signed_in(admin).get("/admin/tournaments/club/").content.decode()
    assert "other" in listing
    # A club's director is not an administrator: the admin shows them nothing.
    assert signed_in(clubs["other"]).get("/admin/tournaments/club/").status_code == 403


def test_every_route_naming_an_object_names_one_the_scope_knows():
    """A new route whose first segment the scope cannot place would answer
    500 to a director: every such route is known."""
    unknown = []

    def walk(patterns: list, prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
                continue
            route = prefix + str(pattern.pattern)
            named = any(
                f":{key}>" in route or f"<{key}>" in route for key in OBJECT_KEYS
            )
            ours = not route.startswith("admin/")  # Django's admin never asks
            if (
                named
                and ours
                and access.route_segment(route) not in access.ROUTE_MODELS
            ):
                unknown.append(route)

    walk(get_resolver().url_patterns, "")
    assert unknown == []


def test_a_director_directs_their_own_club_row_and_no_other(clubs):
    """The club itself is a directed object too (its path is the club):
    this raised a FieldError ("pk__directors") before."""
    club_b = Club.objects.get(name="Club B")
    assert list(access.directed(clubs["other"], Club.objects.all())) == [club_b]
    assert access.directs(clubs["other"], club_b)
    assert not access.directs(clubs["other"], clubs["club"])
    assert access.directs(clubs["own"], clubs["club"])
