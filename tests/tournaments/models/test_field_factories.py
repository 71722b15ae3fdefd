"""The field factories the models share (``tournaments.models.fields``,
``jobs``): the models they build match the migrations, a job's status
pickles, and an optional identifier is unique only once it is given."""

from __future__ import annotations

import pickle
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction

from tournaments.models import (
    Analysis,
    Club,
    Event,
    EventWorkbook,
    ImportJob,
    MailJob,
    Player,
)
from tournaments.models.jobs import JobStatus


@pytest.mark.django_db
def test_the_models_match_the_migrations():
    """No factory changed a field, an option or a constraint's name."""
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.parametrize("job", [Analysis, EventWorkbook, ImportJob, MailJob])
def test_a_new_job_is_queued_and_pickles(job):
    """A job not yet saved holds a status a cache or a worker can pickle."""
    fresh = job()
    assert fresh.status == JobStatus.QUEUED
    assert pickle.loads(pickle.dumps(fresh)).status == "queued"


def test_a_mailing_says_sending_where_the_others_say_running():
    assert MailJob.Status.RUNNING.label == "sending"
    assert Analysis.Status.RUNNING.label == "running"
    assert MailJob.Status.values == JobStatus.values


def test_a_choice_field_takes_its_choices_from_its_default():
    field = Event._meta.get_field("method")
    assert field.default == Event.Method.MATCHPOINTS
    assert field.choices == Event.Method.choices


@pytest.mark.django_db
def test_a_licence_is_unique_in_its_club_only_once_given():
    club = Club.objects.create(name="Bridge club")
    Player.objects.create(club=club, first_name="Ann", last_name="Lee")
    Player.objects.create(club=club, first_name="Bob", last_name="Lee")
    Player.objects.create(club=club, first_name="Cy", last_name="Ray", licence="7")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, first_name="Di", last_name="Ray", licence="7")
