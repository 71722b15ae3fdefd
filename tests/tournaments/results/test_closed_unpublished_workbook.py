"""The public Excel link of an event closed without publishing (issue 32):
not offered while a board with lines is hidden, and the workbook's refusal
says the results are not published yet rather than "still in play"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.api.test_whiz_api import create, enter
from tests.tournaments.results.test_traveller_privacy import enter_board_one
from tournaments.models import Event
from tournaments.services.publication import event_publish
from tournaments.services.sessions import session_close

pytestmark = pytest.mark.django_db

EXCEL_LINK = "Download Excel</a>"
NOT_PUBLISHED_PAGE = (
    "The results are not published yet: the Excel file comes once the director "
    "publishes them."
)
NOT_PUBLISHED_FILE = (
    "The results are not published yet: the files with every traveller line "
    "are available once the director publishes them."
)


def public_page(event: Event) -> str:
    page = Client().get(reverse("results:event", args=[event.pk]))
    assert page.status_code == 200
    return page.content.decode()


def test_a_closed_unpublished_event_offers_no_excel_and_says_why(director, section):
    enter_board_one(section, 2)  # board 1: two of its three tables
    event = section.session.event
    session_close(section.session)
    text = public_page(event)
    assert EXCEL_LINK not in text
    assert NOT_PUBLISHED_PAGE in text
    refused = Client().get(reverse("results:excel", args=[event.pk]))
    assert refused.status_code == 409
    assert NOT_PUBLISHED_FILE in refused.content.decode()
    assert "Boards are still in play" not in refused.content.decode()
    # The director still gets the link and the file.
    page = director.get(reverse("results:event", args=[event.pk])).content.decode()
    assert EXCEL_LINK in page and NOT_PUBLISHED_PAGE not in page
    assert director.get(reverse("results:excel", args=[event.pk])).status_code == 200
    # Next step: the director publishes; the players download the file.
    event_publish(Event.objects.get(pk=event.pk))
    text = public_page(event)
    assert EXCEL_LINK in text and NOT_PUBLISHED_PAGE not in text
    download = Client().get(reverse("results:excel", args=[event.pk]))
    assert download.status_code == 200
    assert download["Content-Type"].startswith("application/vnd.openxmlformats")


def test_while_boards_are_in_play_the_page_says_when_the_file_comes(section):
    enter_board_one(section, 2)
    event = section.session.event
    text = public_page(event)
    assert EXCEL_LINK not in text
    assert "The Excel file comes once every table has played every board." in text
    refused = Client().get(reverse("results:excel", args=[event.pk]))
    assert refused.status_code == 409
    assert "Boards are still in play" in refused.content.decode()


def test_every_board_complete_the_link_is_offered(section):
    enter_board_one(section, 3)
    text = public_page(section.session.event)
    assert EXCEL_LINK in text and "The Excel file comes" not in text


def test_a_closed_unpublished_whiz_event_offers_no_excel_either(api):
    event = create(api, 12)
    enter(api, event, 1, 1, {"contract": "9H", "declarer": "N", "tricks": 9})
    whiz = Event.objects.get(pk=event["id"])
    text = public_page(whiz)
    assert EXCEL_LINK not in text
    assert "The Excel file comes once every table has played every board." in text
    session_close(whiz.sessions.get())
    text = public_page(whiz)
    assert EXCEL_LINK not in text and NOT_PUBLISHED_PAGE in text
    refused = Client().get(reverse("results:excel", args=[whiz.pk]))
    assert refused.status_code == 409
    assert NOT_PUBLISHED_FILE in refused.content.decode()
    event_publish(Event.objects.get(pk=whiz.pk))
    assert EXCEL_LINK in public_page(whiz)
    assert Client().get(reverse("results:excel", args=[whiz.pk])).status_code == 200
