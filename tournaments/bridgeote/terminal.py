"""The table terminal for a Bridgeote individual event: the round's deals.

The tablet shows who sits in each seat this round and the deals the round
plays; for a deal it takes the contract, the taker and the partner he chose
(seats numbered from 1 as printed), the attackers' card points, both sides'
announcements and the capot. "Check the score" shows each seat's mark by the
rule book without saving; "Save" stores it through the one write path.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bridgeote import ALL_TRUMPS, announcement_totals
from tournaments.bridgeote.forms import BridgeoteDealFields
from tournaments.bridgeote.selectors import table_round_deals
from tournaments.bridgeote.services import (
    bridgeote_deal_submit,
    bridgeote_marks_of,
    bridgeote_open_round,
    seated_players,
    section_bridgeote_movement,
)
from tournaments.models import Source, Table
from tournaments.services.entry import refusal_messages, refusal_status
from tournaments.terminal.forms import radio_field

POINTS = [(str(p), str(p)) for p in announcement_totals(ALL_TRUMPS)]


class BridgeoteDealForm(BridgeoteDealFields):
    """A deal at a table of ``size``: contract, taker, partner, points."""

    taker = radio_field(gettext_lazy("Taker"), [])
    partner = radio_field(gettext_lazy("Partner"), [])
    taker_announced = radio_field(gettext_lazy("Takers' announcements"), POINTS)
    defence_announced = radio_field(gettext_lazy("Defence's announcements"), POINTS)
    field_order = (
        "key", "bid", "strain", "doubled", "taker", "partner", "points",
        "taker_announced", "defence_announced", "capot",
    )  # fmt: skip

    def __init__(self, *args: object, names: list[str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(i), f"{i + 1} · {name}") for i, name in enumerate(names)]
        self.fields["taker"].choices = seats
        self.fields["partner"].choices = [("", "—"), *seats]

    def clean(self) -> dict[str, object]:
        data = super().clean()
        self.chosen(data, (
            ("bid", _("Choose the bid.")),
            ("strain", _("Choose the strain.")),
            ("taker", _("Choose the taker.")),
        ))  # fmt: skip
        return data

    def deal(self) -> dict[str, object]:
        """The deal as ``bridgeote_deal_submit`` takes it (seats from 0)."""
        data = self.cleaned_data
        partner = data.get("partner")
        return {
            "contract": f"{data['bid']}{data['strain']}{data.get('doubled') or ''}",
            "taker": int(data["taker"]),
            "partner": int(partner) if partner else None,
            "taker_points": data["points"],
            "taker_announced": int(data.get("taker_announced") or 0),
            "defence_announced": int(data.get("defence_announced") or 0),
            "capot": data["capot"],
        }


def bridgeote_play(request: HttpRequest, table: Table) -> HttpResponse:
    """The round at the table: its players, its deals, one deal's form."""
    section = table.section
    movement = section_bridgeote_movement(section)
    number = _asked(request, "round", movement.rounds)
    if number is None:
        number = bridgeote_open_round(table) or movement.rounds
    seating = movement.seating(number, table.number)
    players = seated_players(section, seating)
    entered = table_round_deals(table, number)
    deal = _asked(request, "deal", seating.deals[-1]) or next(
        (d for d in seating.deals if d not in entered), seating.deals[0]
    )
    if deal not in seating.deals:
        raise Http404(_("This round does not play that deal."))
    names = [player.display_name for player in players]
    form = BridgeoteDealForm(request.POST or None, names=names)
    marks, errors, status = None, [], 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                if "check" in request.POST:
                    marks = bridgeote_marks_of(movement.size, **form.deal())[2]
                    status = 200
                else:
                    bridgeote_deal_submit(
                        table=table, round=number, deal=deal, source=Source.TABLE,
                        key=form.cleaned_data["key"], **form.deal(),
                    )  # fmt: skip
                    return redirect(f"{request.path}?round={number}")
            except ValidationError as error:
                errors, status = error.messages, refusal_status(error)
            except PermissionDenied as error:
                errors, status = refusal_messages(error), 403
    context = {
        "table": table,
        "section": section,
        "event": section.session.event,
        "round": number,
        "rounds": range(1, movement.rounds + 1),
        "players": players,
        "deals": [(d, entered.get(d)) for d in seating.deals],
        "deal": deal,
        "form": form,
        "marks": list(zip(names, marks, strict=True)) if marks else None,
        "errors": errors,
    }
    return render(request, "bridgeote/terminal_play.html", context, status=status)


def _asked(request: HttpRequest, name: str, most: int) -> int | None:
    """The round or deal the page asks for, or None; 404 when out of range."""
    asked = request.GET.get(name) or request.POST.get(name)
    if not asked:
        return None
    try:
        number = int(asked)
    except ValueError:
        number = 0
    if not 1 <= number <= most:
        raise Http404(_("There is no such round or deal."))
    return number
