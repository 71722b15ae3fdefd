"""Public results of a Bridgeote individual event: ranking and deal travellers.

Each deal's traveller lists its tables: the contract, the taker and his
partner, the attackers' card points, both sides' announcements, and each
seat's player, mark and matchpoints against that seat at the other tables.
"""

from __future__ import annotations

from itertools import groupby

from django.http import HttpRequest, HttpResponse

from tournaments.bridgeote.selectors import deals_with_tables, entrants_by_number
from tournaments.models import BridgeoteDeal, BridgeoteScore, Event
from tournaments.results.event_page import event_section, ranking_page


def bridgeote_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """The ranking, then every deal's traveller, deal by deal."""
    section = event_section(event)
    names = entrants_by_number(section)
    deals = deals_with_tables(section)
    travellers = [
        (number, [_line(deal, names) for deal in group])
        for number, group in groupby(deals, key=lambda deal: deal.number)
    ]
    return ranking_page(
        request,
        "bridgeote/results.html",
        event,
        live,
        section,
        BridgeoteScore,
        travellers=travellers,
        seats=range(max((len(d.marks) for d in deals), default=0)),
    )


def _line(deal: BridgeoteDeal, names: dict[int, object]) -> dict[str, object]:
    """A deal at a table as its traveller prints it: each seat's player,
    mark and matchpoints (None until scored)."""
    mps = deal.mps if len(deal.mps) == len(deal.marks) else [None] * len(deal.marks)
    partner = deal.partner
    return {
        "deal": deal,
        "taker": names.get(deal.players[deal.taker]),
        "partner": None if partner is None else names.get(deal.players[partner]),
        "seats": [
            {"seat": seat, "player": names.get(number), "mark": mark, "mp": mp}
            for seat, (number, mark, mp) in enumerate(
                zip(deal.players, deal.marks, mps, strict=True)
            )
        ],
    }
