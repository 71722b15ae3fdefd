"""Donne's own sign-in and sign-out pages: redirects, "next" safety, messages."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


@pytest.fixture
def td(django_user_model):
    return django_user_model.objects.create_user(
        "td", password="s3cret-pw", is_staff=True, is_superuser=True
    )


def sign_in(client: Client, password: str = "s3cret-pw", next_url: str | None = None):
    data = {"username": "td", "password": password}
    if next_url is not None:
        data["next"] = next_url
    return client.post(LOGIN, data)


def test_the_sign_in_page_is_donnes_own(client):
    response = client.get(LOGIN)
    assert response.status_code == 200
    assert response.templates[0].name == "accounts/sign_in.html"
    body = response.content.decode()
    assert 'name="username"' in body and 'name="password"' in body
    assert "Donne" in body and "Django administration" not in body


def test_director_pages_send_anonymous_users_to_it_with_next(client):
    response = client.get("/director/?x=1", follow=True)
    assert response.redirect_chain[-1] == (
        "/accounts/login/?next=" + quote("/director/?x=1", safe=""),
        302,
    )
    assert response.context["next"] == "/director/?x=1"


def test_the_admin_login_address_lands_on_it_too(client):
    response = client.get("/admin/", follow=True)
    assert response.redirect_chain[-1] == (
        "/accounts/login/?next=" + quote("/admin/", safe=""),
        302,
    )


def test_signing_in_goes_to_next(client, td):
    response = sign_in(client, next_url="/director/")
    assert response.status_code == 302 and response["Location"] == "/director/"
    assert client.get("/director/").status_code == 200


def test_signing_in_without_next_opens_the_director_dashboard(client, td):
    response = sign_in(client)
    assert response.status_code == 302 and response["Location"] == "/director/"


@pytest.mark.parametrize(
    "evil",
    [
        "https://evil.example/",
        "//evil.example/director/",
        "http://evil.example",
        "/\\evil.example",
        "javascript:alert(1)",
    ],
)
def test_a_next_to_another_site_is_not_followed(client, td, evil):
    response = sign_in(client, next_url=evil)
    assert response.status_code == 302
    assert response["Location"] == "/director/"


def test_a_wrong_password_says_so_and_signs_nobody_in(client, td):
    response = sign_in(client, password="wrong")
    assert response.status_code == 400
    assert "correct username and password" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get("/director/").status_code == 302


def test_an_unknown_user_and_an_empty_form_are_refused(client, td):
    assert (
        client.post(LOGIN, {"username": "nobody", "password": "x"}).status_code == 400
    )
    response = client.post(LOGIN, {})
    assert response.status_code == 400
    assert response.context["form"].errors["username"]


def test_the_error_is_in_french_for_a_french_reader(client, td):
    client.cookies["django_language"] = "fr"
    response = sign_in(client, password="wrong")
    assert "Saisissez" in response.content.decode()


def test_the_header_offers_sign_in_then_sign_out(client, td):
    page = client.get("/").content.decode()
    assert f'href="{LOGIN}?next=/"' in page and 'action="/accounts/logout/"' not in page
    sign_in(client)
    page = client.get("/").content.decode()
    assert 'action="/accounts/logout/"' in page and ">td<" in page


def test_signing_out_is_a_post_and_ends_the_session(client, td):
    sign_in(client)
    assert client.get("/accounts/logout/").status_code == 405
    assert client.get("/director/").status_code == 200
    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/director/").status_code == 302


def test_signing_out_needs_the_csrf_token(td):
    client = Client(enforce_csrf_checks=True)
    client.force_login(td)
    assert client.post("/accounts/logout/").status_code == 403
    assert client.get("/director/").status_code == 200


def test_a_player_who_is_not_staff_is_told_to_sign_in_as_a_director(client):
    user = get_user_model().objects.create_user("player", password="pw-pw-pw-1")
    client.force_login(user)
    response = client.get(reverse("director:dashboard"), follow=True)
    assert response.redirect_chain[-1][0].startswith(LOGIN)
    assert "who may not open that page" in response.content.decode()
