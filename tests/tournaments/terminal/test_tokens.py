"""Table tokens: signed, bound to one table of one section, expiring."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import signing

from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.tokens import TOKEN_SALT, issue_table_token, read_table_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    event = event_create(name="x", date=dt.date(2026, 11, 20))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    return section.table_set.get(number=2)


def test_a_token_names_its_table_and_section(table):
    token = read_table_token(issue_table_token(table))
    assert (token.table_id, token.section_id) == (table.pk, table.section_id)


def test_a_tampered_token_is_refused(table):
    issued = issue_table_token(table)
    assert read_table_token(issued[:-2] + "xx") is None
    forged = signing.dumps({"table": table.pk + 1, "section": 1}, salt="other")
    assert read_table_token(forged) is None
    wrong_shape = signing.dumps({"tab": 1}, salt=TOKEN_SALT)
    assert read_table_token(wrong_shape) is None


def test_an_expired_token_is_refused(table):
    issued = issue_table_token(table)
    assert read_table_token(issued, max_age=-1) is None


def test_each_table_has_its_own_code(table):
    codes = set(table.section.table_set.values_list("code", flat=True))
    assert len(codes) == 3
    assert all(len(code) == 6 and code.isalnum() for code in codes)
