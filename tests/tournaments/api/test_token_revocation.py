"""Table tokens die with a sign-out, a new table code, the director's "sign
out all tablets" and the session's close; forged and old tokens are refused.

Each path: the token reads its section (200) before, 401 saying to sign in
again after, and the grant rows say what was revoked, nothing more.
"""

from __future__ import annotations

import datetime as dt
import html

import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.test import Client
from django.urls import reverse

from tournaments.models import Result, Session, TabletGrant
from tournaments.services.closing import close_session
from tournaments.services.directors import director_create
from tournaments.services.events import MovementChoice, section_create
from tournaments.services.results import session_reopen
from tournaments.services.tokens import TOKEN_SALT, issue_table_token, read_table_token

pytestmark = pytest.mark.django_db

SIGN_IN = "/api/table-sign-in/"
SIGN_OUT = "/api/table-sign-out/"


def sign_in(code: str, address: str = "10.0.0.1") -> str:
    """A tablet's own client signs in with ``code``: its token."""
    response = Client(REMOTE_ADDR=address).post(
        SIGN_IN, {"code": code}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def read(section, token: str):
    """The token reading its section's results."""
    return Client().get(
        reverse("api-section-results", args=[section.pk]),
        headers={"Authorization": f"Table {token}"},
    )


def sign_out(token: str):
    return Client().post(SIGN_OUT, headers={"Authorization": f"Table {token}"})


def assert_signed_out(response, reason: str = "") -> None:
    assert response.status_code == 401
    detail = response.json()["detail"]
    assert "signed out" in detail and "sign in again" in detail
    assert reason in detail


def code_of(section, number: int) -> str:
    return section.table_set.get(number=number).code


def test_the_route_is_named():
    assert reverse("api-table-sign-out") == SIGN_OUT


def test_a_sign_in_stores_a_live_grant_with_its_key_hashed(section):
    token = sign_in(code_of(section, 2), address="10.0.0.7")
    grant = TabletGrant.objects.get()
    read_token = read_table_token(token)
    assert grant.pk == read_token.grant_id
    assert grant.table == section.table_set.get(number=2)
    assert (grant.via, grant.address, grant.revoked_at) == ("api", "10.0.0.7", None)
    assert len(grant.device) == 32
    assert read_token.key not in grant.key_hash and len(grant.key_hash) == 64


def test_a_sign_out_revokes_that_token_only(section):
    mine = sign_in(code_of(section, 1))
    my_other_tablet = sign_in(code_of(section, 1))
    theirs = sign_in(code_of(section, 2))
    assert read(section, mine).status_code == 200
    response = sign_out(mine)
    assert response.status_code == 204
    assert_signed_out(read(section, mine))
    assert read(section, my_other_tablet).status_code == 200
    assert read(section, theirs).status_code == 200
    revoked = TabletGrant.objects.filter(revoked_at__isnull=False)
    assert list(revoked.values_list("pk", "revoked_why")) == [
        (read_table_token(mine).grant_id, "signed-out")
    ]
    # Signing out again, or with nothing, is refused: there is nobody to sign out.
    assert_signed_out(sign_out(mine))
    assert Client().post(SIGN_OUT).status_code == 401


def test_a_director_without_a_token_signs_nobody_out(section, director):
    token = sign_in(code_of(section, 1))
    assert director.post(SIGN_OUT).status_code == 401
    assert read(section, token).status_code == 200


def test_another_tables_sign_out_cannot_revoke_yours(section):
    mine = sign_in(code_of(section, 1))
    theirs = sign_in(code_of(section, 2))
    assert sign_out(theirs).status_code == 204
    assert read(section, mine).status_code == 200
    assert (
        TabletGrant.objects.get(pk=read_table_token(mine).grant_id).revoked_at is None
    )


def test_a_forged_grant_is_refused(section):
    """Even with the server's secret, a token needs a grant's key: a forged
    one naming another tablet's grant, a wrong key, or a grant of another
    table is refused, and signing out with it revokes nothing."""
    theirs = read_table_token(sign_in(code_of(section, 2)))
    table_1 = section.table_set.get(number=1)
    forgeries = [
        {"table": theirs.table_id, "section": section.pk, "grant": theirs.grant_id,
         "key": "guessed"},
        {"table": table_1.pk, "section": section.pk, "grant": theirs.grant_id,
         "key": theirs.key},
        {"table": theirs.table_id, "section": section.pk, "grant": theirs.grant_id + 1,
         "key": theirs.key},
        {"table": theirs.table_id, "section": section.pk, "grant": "x", "key": "y"},
    ]  # fmt: skip
    for claims in forgeries:
        forged = signing.dumps(claims, salt=TOKEN_SALT)
        assert_signed_out(read(section, forged))
        assert_signed_out(sign_out(forged))
    assert not TabletGrant.objects.filter(revoked_at__isnull=False).exists()


def test_an_old_token_without_a_grant_is_refused(section):
    table = section.table_set.get(number=1)
    old = signing.dumps({"table": table.pk, "section": section.pk}, salt=TOKEN_SALT)
    assert read_table_token(old) is None
    assert_signed_out(read(section, old), "invalid or expired")


def test_an_expired_token_is_refused(section, monkeypatch):
    table = section.table_set.get(number=1)
    nine_hours_ago = signing.TimestampSigner().timestamp()
    monkeypatch.setattr(
        signing.TimestampSigner,
        "timestamp",
        lambda self: signing.b62_encode(
            int(signing.b62_decode(nine_hours_ago)) - 9 * 3600
        ),
    )
    token = issue_table_token(table)
    monkeypatch.undo()
    assert_signed_out(read(section, token), "invalid or expired")


def test_a_new_code_signs_out_every_tablet_of_that_table_only(section, director):
    old_code = code_of(section, 1)
    first, second = sign_in(old_code), sign_in(old_code)
    other = sign_in(code_of(section, 2))
    url = reverse("director:table-new-code", args=[section.pk])
    response = director.post(url, {"table": 1}, follow=True)
    assert response.status_code == 200
    new_code = code_of(section, 1)
    assert new_code != old_code
    page = html.unescape(response.content.decode())
    assert f"Table 1's new code is {new_code} (print its card again)" in page
    assert "2 tablets signed out" in page
    for token in (first, second):
        assert_signed_out(read(section, token), "new code")
    assert read(section, other).status_code == 200
    refused = Client().post(
        SIGN_IN, {"code": old_code}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert read(section, sign_in(new_code)).status_code == 200
    assert set(
        TabletGrant.objects.filter(revoked_why="new-code").values_list(
            "revoked_by__username", flat=True
        )
    ) == {"td"}


def test_a_new_code_is_for_a_named_table_of_the_section(section, director):
    url = reverse("director:table-new-code", args=[section.pk])
    assert director.post(url, {"table": "x"}).status_code == 400
    assert director.post(url, {"table": 99}).status_code == 404
    assert director.get(url).status_code == 405
    tablet = Client()
    assert tablet.post(url, {"table": 1}).status_code == 302  # to the sign-in
    assert section.table_set.get(number=1).code == code_of(section, 1)


def test_the_directors_button_signs_out_its_section_only(section, director):
    other_section = section_create(
        session=section.session, choice=MovementChoice("mitchell", 3, 2), letter="B"
    )
    here = [sign_in(code_of(section, n)) for n in (1, 2, 3)]
    there = [sign_in(code_of(other_section, n)) for n in (1, 2)]
    sign_out(here[2])  # already signed out: not counted again
    url = reverse("director:tablets-sign-out", args=[section.pk])
    response = director.post(url, follow=True)
    assert response.status_code == 200
    assert "2 tablets signed out of section A." in response.content.decode()
    for token in here:
        assert read(section, token).status_code == 401
    assert_signed_out(read(section, here[0]), "by the director")
    for token in there:
        assert read(other_section, token).status_code == 200
    grants = TabletGrant.objects
    assert grants.filter(revoked_why="director").count() == 2
    assert grants.filter(revoked_why="director", table__section=section).count() == 2
    assert (
        grants.filter(table__section=other_section, revoked_at__isnull=True).count()
        == 2
    )
    assert Client().post(url).status_code == 302  # not a director: to the sign-in
    assert grants.filter(revoked_at__isnull=True).count() == 2


def test_the_section_page_shows_both_buttons(section, director):
    page = director.get(reverse("director:section", args=[section.pk])).content.decode()
    assert reverse("director:tablets-sign-out", args=[section.pk]) in page
    assert reverse("director:table-new-code", args=[section.pk]) in page


def test_closing_the_session_kills_its_tokens_and_reopening_revives_none(section):
    token = sign_in(code_of(section, 1))
    assert read(section, token).status_code == 200
    close_session(section.session, confirmed=True)
    assert_signed_out(read(section, token), "session is closed")
    assert TabletGrant.objects.get().revoked_why == "session-closed"
    session_reopen(Session.objects.get(pk=section.session_id))
    assert_signed_out(read(section, token))
    assert read(section, sign_in(code_of(section, 1))).status_code == 200


def test_the_directors_close_page_kills_the_tokens(section, director):
    token = sign_in(code_of(section, 1))
    url = reverse("director:session-status", args=[section.session_id, "close"])
    director.post(url, {"confirm": "1"})
    assert Session.objects.get(pk=section.session_id).status == "closed"
    assert_signed_out(read(section, token), "session is closed")


def test_a_session_closed_otherwise_refuses_its_tokens_too(section):
    """Whatever closes it (the admin, a script): the token checks the status."""
    token = sign_in(code_of(section, 1))
    Session.objects.filter(pk=section.session_id).update(status="closed")
    assert_signed_out(read(section, token), "session is closed")
    Session.objects.filter(pk=section.session_id).update(
        status="playing", reopened_at=dt.datetime.now(dt.UTC)
    )
    assert_signed_out(read(section, token), "session is closed")


def test_a_token_is_refused_when_its_session_is_not_played(section):
    token = sign_in(code_of(section, 1))
    Session.objects.filter(pk=section.session_id).update(status="setup")
    assert_signed_out(read(section, token), "session is not being played")


def test_a_token_is_refused_once_its_table_is_in_another_section(section):
    other_section = section_create(
        session=section.session, choice=MovementChoice("mitchell", 3, 2), letter="B"
    )
    token = sign_in(code_of(section, 1))
    other_section.table_set.filter(number=1).delete()
    section.table_set.filter(number=1).update(section=other_section)
    assert_signed_out(read(section, token), "its table has moved")
    assert_signed_out(read(other_section, token), "its table has moved")


def test_a_token_dies_with_its_table(section):
    token = sign_in(code_of(section, 3))
    section.table_set.get(number=3).delete()
    assert_signed_out(read(section, token))


def test_a_revoked_token_cannot_write(section):
    token = sign_in(code_of(section, 1))
    sign_out(token)
    response = Client().post(
        reverse("api-section-results", args=[section.pk]),
        {"board": 1, "contract": "3NT", "declarer": "N", "result": "="},
        content_type="application/json",
        headers={"Authorization": f"Table {token}"},
    )
    assert_signed_out(response)
    assert not Result.objects.filter(board__section=section).exists()


def test_the_admin_lists_the_sign_ins_read_only(section, django_user_model):
    sign_out(sign_in(code_of(section, 2)))
    admin = Client()
    admin.force_login(django_user_model.objects.create_superuser("root", "r@x.org"))
    page = admin.get("/admin/tournaments/tabletgrant/")
    assert page.status_code == 200
    assert "Signed out at the tablet" in page.content.decode()
    assert admin.get("/admin/tournaments/tabletgrant/add/").status_code == 403
    grant = TabletGrant.objects.get()
    change = admin.get(f"/admin/tournaments/tabletgrant/{grant.pk}/change/")
    assert change.status_code == 200 and grant.key_hash not in change.content.decode()


def test_another_clubs_director_signs_no_tablet_out(section):
    """The section's event has no club of theirs: 404, every grant live."""
    director_create("b-td", "Club B", "b-password-2026")
    other = Client()
    other.force_login(get_user_model().objects.get(username="b-td"))
    token = sign_in(code_of(section, 1))
    code = code_of(section, 1)
    sign_out_url = reverse("director:tablets-sign-out", args=[section.pk])
    new_code_url = reverse("director:table-new-code", args=[section.pk])
    assert other.post(sign_out_url).status_code == 404
    assert other.post(new_code_url, {"table": 1}).status_code == 404
    assert read(section, token).status_code == 200
    assert code_of(section, 1) == code
    assert not TabletGrant.objects.filter(revoked_at__isnull=False).exists()
