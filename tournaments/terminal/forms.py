"""The sign-in form and the bid-box entry form of the table terminal."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bridge import parse_contract, tricks_from_result
from games.bridgeote import ALL_TRUMPS, announcement_totals
from games.errors import GameError
from tournaments.bridgeote.checks import check_bridgeote_announcements

PASS = "pass"
LEVELS = [(str(n), str(n)) for n in range(1, 8)]
DENOMINATIONS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]
SEATS = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
RESULTS = [
    ("=", "="),
    *((f"+{n}", f"+{n}") for n in range(1, 7)),
    *((f"-{n}", f"-{n}") for n in range(1, 14)),
]
LEAD_SUITS = [("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]
LEAD_RANKS = [(rank, "10" if rank == "T" else rank) for rank in "AKQJT98765432"]


class SignInForm(forms.Form):
    """The code printed on the table card."""

    code = forms.CharField(
        label=gettext_lazy("Table code"),
        max_length=32,
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off"}
        ),
    )


def radio_field(label: str, choices: list[tuple[str, str]]) -> forms.ChoiceField:
    """A tablet's row of buttons: one choice, none chosen allowed (each form
    names the fields a line cannot do without)."""
    return forms.ChoiceField(
        label=label, choices=choices, required=False, widget=forms.RadioSelect
    )


class TabletForm(forms.Form):
    """A line typed on a tablet's buttons: a fresh idempotency key (so a
    submission repeated by a shaky connection is stored once), the choices
    shown picked at first (``FIRST_CHOICES``), and the radio fields a line
    cannot do without named when left unchosen."""

    FIRST_CHOICES: dict[str, str] = {"doubled": ""}
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("key", uuid.uuid4().hex)
            for name, value in self.FIRST_CHOICES.items():
                self.initial.setdefault(name, value)

    def chosen(
        self, data: dict[str, object], needed: Sequence[tuple[str, str]]
    ) -> bool:
        """Name each radio field left unchosen; True if none was (and the
        form has no other error)."""
        for name, message in needed:
            if not data.get(name):
                self.add_error(name, message)
        return not self.errors

    def line(self) -> dict[str, object]:
        """The valid line as its game's write takes it (its keywords)."""
        raise NotImplementedError


class EntryForm(TabletForm):
    """A result as a bid box gives it; ``cleaned_data`` gains the contract."""

    level = radio_field(
        gettext_lazy("Level"), [*LEVELS, (PASS, gettext_lazy("Passed out"))]
    )
    denomination = radio_field(gettext_lazy("Denomination"), DENOMINATIONS)
    doubled = radio_field(gettext_lazy("Doubled"), DOUBLINGS)
    declarer = radio_field(gettext_lazy("Declarer"), SEATS)
    result = radio_field(gettext_lazy("Tricks"), RESULTS)
    lead_suit = radio_field(gettext_lazy("Lead suit"), LEAD_SUITS)
    lead_rank = radio_field(gettext_lazy("Lead card"), LEAD_RANKS)

    def clean(self) -> dict[str, object]:
        data = super().clean()
        level = data.get("level")
        if not level:
            raise forms.ValidationError(_("Choose the contract's level or Pass."))
        if level == PASS:
            data.update(contract="Pass", declarer="", tricks=None, lead="")
            return data
        if not self.chosen(data, (
            ("denomination", _("Choose the contract's denomination.")),
            ("declarer", _("Choose the declarer.")),
            ("result", _("Choose the number of tricks.")),
        )):  # fmt: skip
            return data
        contract = parse_contract(
            f"{level}{data['denomination']}{data.get('doubled') or ''}"
        )
        try:
            tricks = tricks_from_result(contract, data["result"])
        except GameError:
            self.add_error(
                "result",
                _("%(result)s is not possible in %(contract)s.")
                % {"result": data["result"], "contract": contract},
            )
            return data
        suit, rank = data.get("lead_suit"), data.get("lead_rank")
        data.update(
            contract=str(contract),
            tricks=tricks,
            lead=f"{suit}{rank}" if suit and rank else "",
        )
        return data

    def line(self) -> dict[str, object]:
        """The line as ``result_submit`` takes it."""
        data = self.cleaned_data
        return {name: data[name] for name in ("contract", "declarer", "tricks", "lead")}


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

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if not self.chosen(data, (
            ("bid", _("Choose the bid.")),
            ("strain", _("Choose the strain.")),
            ("declarer", _("Choose the declarer.")),
        )):  # fmt: skip
            return data
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
        return data

    def line(self) -> dict[str, object]:
        """The deal as ``bridgeote_result_submit`` takes it."""
        data = self.cleaned_data
        names = (
            "contract",
            "declarer",
            "taker_announced",
            "defence_announced",
            "capot",
        )
        return {name: data[name] for name in names} | {"card_points": data["points"]}
