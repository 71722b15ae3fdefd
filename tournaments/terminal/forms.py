"""The sign-in form and the bid-box entry form of the table terminal."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bridge import parse_contract, tricks_from_result
from games.errors import GameError

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
    cannot do without named when left unchosen (``NEEDED``); once every one
    is chosen, ``complete`` derives the line's values from them."""

    FIRST_CHOICES: dict[str, str] = {"doubled": ""}
    # The radio fields a line cannot do without, each with the message naming
    # it when left unchosen.
    NEEDED: Sequence[tuple[str, str]] = ()
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

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if self.chosen(data, self.NEEDED):
            self.complete(data)
        return data

    def complete(self, data: dict[str, object]) -> None:
        """Add to ``data`` what the chosen buttons make of the line (its
        contract...), or name the error; every ``NEEDED`` field is chosen."""

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
    NEEDED = (
        ("denomination", gettext_lazy("Choose the contract's denomination.")),
        ("declarer", gettext_lazy("Choose the declarer.")),
        ("result", gettext_lazy("Choose the number of tricks.")),
    )

    def clean(self) -> dict[str, object]:
        """The level first: a passed-out board needs no other button, a
        contract the ``NEEDED`` ones."""
        data = self.cleaned_data
        level = data.get("level")
        if not level:
            raise forms.ValidationError(_("Choose the contract's level or Pass."))
        if level == PASS:
            data.update(contract="Pass", declarer="", tricks=None, lead="")
            return data
        return super().clean()

    def complete(self, data: dict[str, object]) -> None:
        contract = parse_contract(
            f"{data['level']}{data['denomination']}{data.get('doubled') or ''}"
        )
        try:
            tricks = tricks_from_result(contract, data["result"])
        except GameError:
            self.add_error(
                "result",
                _("%(result)s is not possible in %(contract)s.")
                % {"result": data["result"], "contract": contract},
            )
            return
        suit, rank = data.get("lead_suit"), data.get("lead_rank")
        data.update(
            contract=str(contract),
            tricks=tricks,
            lead=f"{suit}{rank}" if suit and rank else "",
        )

    def line(self) -> dict[str, object]:
        """The line as ``result_submit`` takes it."""
        data = self.cleaned_data
        return {name: data[name] for name in ("contract", "declarer", "tricks", "lead")}
