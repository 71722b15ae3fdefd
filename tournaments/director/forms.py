"""Forms of the director's pages: they read and check input, services write."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bridge import parse_contract, tricks_from_result
from games.errors import GameError
from games.weighted import parse_weighted
from tournaments.director.game_forms import rounds_field
from tournaments.director.running_forms import parse_rounds
from tournaments.importers.awards import parse_award
from tournaments.models import Club, Event, Player, Section
from tournaments.models.scoring_options import IMP_SETTINGS, PAIRS_SETTINGS
from tournaments.movements import Movement, standard_movements
from tournaments.movements.mitchell import MAX_TABLES as MAX_MITCHELL_TABLES
from tournaments.services.events import (
    GAME_FIXED,
    MovementChoice,
    PairEntry,
    built_movement,
    game_fixed,
)
from tournaments.services.pairs import club_player
from tournaments.services.results import parse_adjusted


class EventForm(forms.ModelForm):
    """A new pairs event and the club's scoring settings."""

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "club",
            *PAIRS_SETTINGS,
            "game",
            "method",
            *IMP_SETTINGS,
            "mp_rounding",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    # Left out of a post, the IMP settings keep the model's defaults
    # (matchpoints), so a form made before IMP pairs existed still works.
    DEFAULTED = (
        "game",
        "method",
        "butler_trim",
        "butler_rounding",
        "butler_trim_count",
        "butler_trim_percent",
        "imp_average_plus",
        "mp_rounding",
    )
    # The fields that only mean something for one method: the template shows
    # them in that method's group (``data-method``).
    GROUPS = {
        "butler": (
            "butler_trim",
            "butler_trim_count",
            "butler_trim_percent",
            "butler_rounding",
        ),
        "cross-imps": ("cross_imps_total", "cross_imps_cap"),
        "imps": ("imp_average_plus", "imp_round_cap"),
        "mp": ("mp_rounding",),
    }

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        for name in self.DEFAULTED:
            self.fields[name].required = False

    def clean(self) -> dict[str, object]:
        data = super().clean()
        for name in self.DEFAULTED:
            if data.get(name) in (None, ""):
                # An event being changed keeps its own value; a new one the default.
                data[name] = (
                    getattr(self.instance, name)
                    if self.instance.pk
                    else Event._meta.get_field(name).default
                )
        return data

    def method_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The method-specific fields, grouped: (method, bound fields)."""
        return [
            (method, [self[name] for name in names])
            for method, names in self.GROUPS.items()
        ]

    def common_fields(self) -> list[forms.BoundField]:
        """The fields every method uses, in the form's order."""
        grouped = {name for names in self.GROUPS.values() for name in names}
        return [field for field in self if field.name not in grouped]


class EventSettingsForm(EventForm):
    """A pairs event's settings changed after creation; every section is rescored."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and game_fixed(self.instance):
            self.fields["game"].disabled = True
            self.fields["game"].help_text = GAME_FIXED


class SectionForm(forms.Form):
    """The movement for a number of pairs, and who the pairs are."""

    movement = forms.TypedChoiceField(
        label=gettext_lazy("Movement"), coerce=int, widget=forms.RadioSelect
    )
    boards_per_round = forms.IntegerField(
        label=gettext_lazy("Boards per round"), min_value=1, max_value=10
    )
    rounds = rounds_field(
        gettext_lazy("Rounds (Mitchell)"),
        1,
        MAX_MITCHELL_TABLES,  # a Mitchell plays at most a round a table
        help_text=gettext_lazy("Leave empty for the whole movement."),
    )
    arrow_switch = forms.CharField(
        label=gettext_lazy("Arrow switch rounds (Mitchell)"),
        required=False,
        max_length=200,
        help_text=gettext_lazy(
            "Round numbers separated by commas, e.g. 7 (one winner); empty for none."
        ),
    )
    traveller_privacy = forms.ChoiceField(
        label=gettext_lazy("Travellers while a board is in play"),
        choices=Section.TravellerPrivacy.choices,
        initial=Section.TravellerPrivacy.UNTIL_PLAYED,
        required=False,
    )

    def clean_traveller_privacy(self) -> str:
        """Left out (an older form, a script): the Bridgemate default."""
        chosen = self.cleaned_data.get("traveller_privacy")
        return chosen or Section.TravellerPrivacy.UNTIL_PLAYED

    def __init__(self, *args: object, pairs: int, club: Club | None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.proposals: list[Movement] = standard_movements(pairs)
        self.fields["movement"].choices = [
            (index, movement.name) for index, movement in enumerate(self.proposals)
        ]
        first = self.proposals[0]
        self.fields["movement"].initial = 0
        self.fields["boards_per_round"].initial = first.boards_per_round
        self.club = club
        # Rows fill the movement's pairs in order: in a Mitchell, the NS pairs
        # 1, 2... then the EW pairs; in a Howell, pairs 1, 2...
        self.entry_labels = [_("Pair %(n)d") % {"n": n} for n in range(1, pairs + 1)]
        for index, label in enumerate(self.entry_labels):
            for seat in ("a", "b"):
                self.fields[f"pair{index}-{seat}"] = forms.CharField(
                    label=f"{label} {seat.upper()}", required=False, max_length=120
                )

    def entry_rows(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        return [
            (label, self[f"pair{i}-a"], self[f"pair{i}-b"])
            for i, label in enumerate(self.entry_labels)
        ]

    def choice(self) -> MovementChoice:
        """The chosen movement with the director's overrides."""
        movement = self.proposals[self.cleaned_data["movement"]]
        return MovementChoice(
            kind=movement.kind,
            tables=movement.tables,
            boards_per_round=self.cleaned_data["boards_per_round"],
            rounds=(self.cleaned_data.get("rounds") or movement.rounds)
            if movement.kind == "mitchell"
            else None,
            even_tables=movement.variant if movement.variant == "relay" else "skip",
            phantom=movement.phantom is not None,
            arrow_switch=tuple(self.cleaned_data.get("arrow_switch") or ()),
        )

    def clean_arrow_switch(self) -> list[int]:
        return sorted(set(parse_rounds(self.cleaned_data.get("arrow_switch", ""))))

    def clean(self) -> dict:
        data = super().clean()
        arrows = data.get("arrow_switch")
        if arrows and "movement" in data:
            movement = self.proposals[data["movement"]]
            rounds = data.get("rounds") or movement.rounds
            if movement.kind != "mitchell":
                self.add_error(
                    "arrow_switch", _("Only a Mitchell has an arrow switch.")
                )
            elif not all(1 <= r <= rounds for r in arrows):
                self.add_error(
                    "arrow_switch",
                    _("Give rounds from 1 to %(rounds)d.") % {"rounds": rounds},
                )
        if "arrow_switch" in self.errors:
            return data
        if "movement" in data and "boards_per_round" in data:
            try:
                built_movement(self.choice())
            except forms.ValidationError as error:
                for field, messages in error.message_dict.items():
                    known = field in self.fields and field in data
                    for message in messages:
                        self.add_error(field if known else None, message)
        return data

    def pair_entries(self) -> list[PairEntry]:
        """Each pair's players: club members by name, new members otherwise."""
        entries = []
        for index in range(len(self.entry_labels)):
            names = [
                self.cleaned_data.get(f"pair{index}-{seat}", "").strip()
                for seat in ("a", "b")
            ]
            players = [_player(self.club, name) for name in names if name]
            if self.club is not None:
                entries.append(PairEntry(players=[p for p in players if p]))
            else:
                entries.append(PairEntry(names=" – ".join(n for n in names if n)))
        return entries


def _player(club: Club | None, name: str) -> Player | None:
    """The club member called ``name``, created when the club has none."""
    if club is None:
        return None
    return club_player(club, name)


@dataclass
class TravellerRow:
    """One line of a board's traveller form, what it holds and its errors."""

    index: int
    ns: int
    ew: int
    ns_label: str
    ew_label: str
    round: int | None
    table: int | None
    result_id: int | None
    contract: str = ""
    declarer: str = ""
    lead: str = ""
    result: str = ""
    score: str = ""
    capot: bool = False
    delete: bool = False
    errors: list[str] | None = None
    # The pairs typed for a stored line (the director fixes a line's pairs).
    ns_typed: str = ""
    ew_typed: str = ""
    disputed: bool = False

    @property
    def blank(self) -> bool:
        return not (self.contract or self.declarer or self.result or self.lead)

    def adjusted(self) -> dict[str, object] | None:
        """An adjusted score typed in the contract box ("A+", "A-/A+", "60%",
        "60/40", "60/0 – EW absent"), NS first, read as the importers read
        it (``importers.awards``), or None."""
        award = parse_award(self.contract, bare_numbers=True)
        if award is None or self.result:
            return None
        try:
            marks = (
                parse_adjusted(award.ns, "adjusted_ns"),
                parse_adjusted(award.ew, "adjusted_ew"),
            )
            return {"kind": "adjusted", "ns": marks[0], "ew": marks[1],
                    "absent": award.absent}  # fmt: skip
        except forms.ValidationError:
            raise forms.ValidationError(
                _("Contract: an adjusted score is A+, A, A- or a percentage.")
            ) from None

    def parsed(self) -> dict[str, object]:
        """Read the row: a played result, an adjusted score, or nothing.

        Returns {"kind": "played", contract, declarer, tricks, lead},
        {"kind": "adjusted", ns, ew} or {"kind": "blank"}; raises
        forms.ValidationError with a message naming the box at fault.
        """
        if self.blank:
            return {"kind": "blank"}
        adjusted = self.adjusted()
        if adjusted is not None:
            return adjusted
        try:
            parts = parse_weighted(self.contract)
        except GameError as error:
            raise forms.ValidationError(str(error)) from None
        if parts is not None:
            return {"kind": "weighted", "parts": parts}
        try:
            contract = parse_contract(self.contract)
        except GameError as error:
            raise forms.ValidationError(_("Contract: %s") % error) from None
        try:
            tricks = tricks_from_result(contract, self.result)
        except GameError as error:
            raise forms.ValidationError(_("Result: %s") % error) from None
        return {
            "kind": "played",
            "contract": str(contract),
            "declarer": self.declarer.strip().upper(),
            "tricks": None if contract.is_pass else tricks,
            "lead": self.lead,
        }
