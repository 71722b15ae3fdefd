"""The tablet's forms of a Bridgeote deal, in a pairs event and at a table
of players alone.

Both ask the contract (the bid, the strain, the doubling), the takers' card
points and the capot (``BridgeoteDealFields``); the pairs event's form adds
the declarer and each side's announcements (``BridgeoteEntryForm``), the
individual table's its own (``terminal.BridgeoteDealForm``).
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from games.bridgeote import ALL_TRUMPS, announcement_totals
from tournaments.bridgeote.checks import check_bridgeote_announcements
from tournaments.terminal.forms import (
    DENOMINATIONS,
    DOUBLINGS,
    SEATS,
    TabletForm,
    radio_field,
)

BRIDGEOTE_BIDS = [(str(n), str(n)) for n in range(80, 170, 10)] + [
    ("CAPOT", gettext_lazy("Capot"))
]
BRIDGEOTE_STRAINS = [*DENOMINATIONS[:4], ("TA", "TA"), ("SA", "SA")]
# Every total one side may announce at TA, the widest strain (up to four
# Bridgeotes, 120); ``clean`` narrows it to the contract's strain.
ANNOUNCEMENTS = [("0", "—")] + [
    (str(points), str(points)) for points in announcement_totals(ALL_TRUMPS)[1:]
]


class BridgeoteDealFields(TabletForm):
    """What every Bridgeote tablet asks of a deal, by pairs or individually:
    the contract, the takers' card points and the capot. Each form adds who
    took the contract and the announcements' buttons, and orders its fields
    (``field_order``) as the tablet shows them."""

    bid = radio_field(gettext_lazy("Bid"), BRIDGEOTE_BIDS)
    strain = radio_field(gettext_lazy("Strain"), BRIDGEOTE_STRAINS)
    doubled = radio_field(gettext_lazy("Doubled"), DOUBLINGS)
    points = forms.IntegerField(
        label=gettext_lazy("Takers' card points"), min_value=0, max_value=260
    )
    capot = forms.BooleanField(label=gettext_lazy("Every trick taken"), required=False)
    FIRST_CHOICES = {"doubled": "", "taker_announced": "0", "defence_announced": "0"}


class BridgeoteEntryForm(BridgeoteDealFields):
    """A Bridgeote deal: the contract, the declarer, the takers' card points."""

    declarer = radio_field(gettext_lazy("Declarer"), SEATS)
    taker_announced = radio_field(gettext_lazy("Takers' announcements"), ANNOUNCEMENTS)
    defence_announced = radio_field(
        gettext_lazy("Defence's announcements"), ANNOUNCEMENTS
    )
    field_order = (
        "key", "bid", "strain", "doubled", "declarer", "points",
        "taker_announced", "defence_announced", "capot",
    )  # fmt: skip
    NEEDED = (
        ("bid", gettext_lazy("Choose the bid.")),
        ("strain", gettext_lazy("Choose the strain.")),
        ("declarer", gettext_lazy("Choose the declarer.")),
    )

    def complete(self, data: dict[str, object]) -> None:
        data["contract"] = f"{data['bid']}{data['strain']}{data.get('doubled') or ''}"
        for name in ("taker_announced", "defence_announced"):
            data[name] = int(data.get(name) or 0)
        try:
            check_bridgeote_announcements(
                data["strain"],
                data["taker_announced"],
                data["defence_announced"],
                fields=("taker_announced", "defence_announced"),
            )
        except ValidationError as error:
            self.add_error(None, error)

    def line(self) -> dict[str, object]:
        """The deal as ``bridgeote_result_enter`` takes it."""
        data = self.cleaned_data
        names = (
            "contract",
            "declarer",
            "taker_announced",
            "defence_announced",
            "capot",
        )
        return {name: data[name] for name in names} | {"card_points": data["points"]}
