"""``/push/`` reached by Django alone answers 204: the page polls instead."""

from django.test import Client


def test_django_alone_says_no_stream_so_the_page_polls() -> None:
    reply = Client().get("/push/?topic=anything")
    assert reply.status_code == 204
    assert reply.content == b""


def test_the_no_stream_answer_is_for_reading_only() -> None:
    assert Client().post("/push/").status_code == 405
