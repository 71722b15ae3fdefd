"""Small tablet controls (issue 32, item 1): "Sign out" asks first.

On main the footer's "Sign out" button signed the tablet out at the first
tap; it now opens a confirmation, and only "Yes, sign out" posts.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from running_play import running_section
from tablet_play import tablet_client

from tournaments.models import TabletGrant

pytestmark = pytest.mark.django_db


def test_sign_out_asks_for_a_confirmation_first():
    section = running_section(3, phantom=False)
    tablet = tablet_client(section, 2)
    page = tablet.get("/table/play/").content.decode()
    footer = page[page.index('<footer class="terminal-footer">') :]
    footer = footer[: footer.index("</footer>")]
    # The first tap opens the question; the only submit is the answer.
    assert re.search(r'<details class="sign-out">\s*<summary', footer)
    assert re.findall(r"<button[^>]*>([^<]*)</button>", footer) == ["Yes, sign out"]
    assert "Sign this tablet out of table 2? The table's code" in footer
    assert TabletGrant.objects.get().revoked_at is None
    response = tablet.post(reverse("terminal:sign-out"))
    assert response.status_code == 302 and response["Location"] == "/table/"
    assert TabletGrant.objects.get().revoked_why == "signed-out"


def test_sign_out_question_in_french():
    section = running_section(3, phantom=False)
    tablet = tablet_client(section, 1)
    tablet.cookies.load({"django_language": "fr"})
    page = tablet.get("/table/play/").content.decode()
    assert "Déconnecter cette tablette de la table 1 ?" in page
    assert "Oui, se déconnecter" in page
