"""A demo club with players, so a fresh checkout has something to show."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from games.double_dummy import available
from tournaments.demo.pairs import load_demo_events
from tournaments.models import Club, Event, Player
from tournaments.services.analysis import analysis_start

DEMO_CLUB = "Bridge Club de la Donne"
DEMO_CITY = "Lyon"
DEMO_ADMIN = ("director", "donne-demo")

# Thirty-two members: enough for an eight-table pairs game later on.
DEMO_PLAYERS = (
    ("Camille", "Arnaud"), ("Dominique", "Bernard"), ("Claude", "Chevalier"),
    ("Lilith", "Dubois"), ("Jeanne", "Fabre"), ("Pierre", "Garnier"),
    ("Hélène", "Girard"), ("Louis", "Lambert"), ("Marie", "Lefèvre"),
    ("Paul", "Mercier"), ("Sophie", "Morel"), ("Jacques", "Noël"),
    ("Anne", "Perrin"), ("Michel", "Robin"), ("Claire", "Roux"),
    ("Henri", "Simon"), ("Isabelle", "Vincent"), ("Alain", "Blanc"),
    ("Françoise", "Boyer"), ("Bernard", "Colin"), ("Élise", "David"),
    ("Gérard", "Faure"), ("Nathalie", "Fournier"), ("Olivier", "Gauthier"),
    ("Sylvie", "Henry"), ("Thierry", "Laurent"), ("Valérie", "Legrand"),
    ("Xavier", "Martin"), ("Yvonne", "Masson"), ("Zoé", "Michel"),
    ("Étienne", "Moulin"), ("Agnès", "Picard"),
)  # fmt: skip


# The finished event whose deals the demo analyses double dummy (when the
# solver is installed): its hand records then show tables and par.
DEMO_ANALYSED = "Tuesday Mitchell"


@dataclass(frozen=True)
class DemoSummary:
    """What :func:`load_demo` left in the database."""

    club: Club
    players_created: int
    admin_username: str | None
    admin_password: str | None
    events_created: int = 0


@transaction.atomic
def load_demo(*, director: bool = False) -> DemoSummary:
    """Create the demo club, its players, two finished events (a 7-table
    Mitchell and a 4-table Howell) and tonight's 5-table Mitchell being
    played, and the other games' events; safe to rerun.  With ``director``,
    also the demo's site administrator whose password is printed in the
    README (never on a server that did not ask for it)."""
    club, _ = Club.objects.get_or_create(
        name=DEMO_CLUB, defaults={"city": DEMO_CITY, "federation_code": "DEMO-69"}
    )
    created = 0
    for number, (first, last) in enumerate(DEMO_PLAYERS, start=1):
        _, new = Player.objects.get_or_create(
            club=club,
            licence=f"D{number:05d}",
            defaults={
                "first_name": first,
                "last_name": last,
                # example.org reaches no one: the console shows the mails.
                "email": f"member{number:02d}@example.org",
            },
        )
        created += new
    username, password = DEMO_ADMIN if director else (None, None)
    user_model = get_user_model()
    if director and not user_model.objects.filter(username=username).exists():
        user_model.objects.create_superuser(username, "", password)
    events = load_demo_events(club)
    _analyse(events)
    return DemoSummary(club, created, username, password, len(events))


def _analyse(events: list[Event]) -> None:
    """Queue the double-dummy run of the analysed demo event; it runs when the
    demo's transaction commits (at once with the embedded eager Celery)."""
    if not available():
        return
    for event in events:
        if event.name == DEMO_ANALYSED:
            analysis_start(event)
