"""The forms of "Tonight": how many pairs (step 1), then who they are (step 2).

Step 1 reads the club (only a club the director directs), pairs or teams
(pairs unless told) and the number of pairs or of teams; step 2 of a pairs
night (teams: ``tonight_teams_forms``) carries them again, with the
movement chosen among tonight's proposals (``movements.evening``) and two
names a pair, in the movement's order.  Every refusal is on the field it is about.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Club
from tournaments.movements import Movement
from tournaments.movements.evening import EveningPlan
from tournaments.movements.evening_teams import MAX_TEAMS, MIN_TEAMS
from tournaments.movements.mitchell import MAX_TABLES as MAX_MITCHELL_TABLES
from tournaments.movements.standard import MAX_PAIRS, MIN_PAIRS
from tournaments.services.pairs import MAX_NAME

PAIRS_RANGE = gettext_lazy("Give a number of pairs from %(low)d to %(high)d.")
TEAMS_RANGE = gettext_lazy("Give a number of teams from %(low)d to %(high)d.")
PAIRS, TEAMS = "pairs", "teams"


def pairs_range() -> str:
    """The refusal of a number of pairs that makes no movement tonight."""
    return str(PAIRS_RANGE) % {"low": MIN_PAIRS, "high": MAX_PAIRS}


def teams_range() -> str:
    """The refusal of a number of teams tonight does not hold: 2 teams play
    one match, not a night's competition (``movements.evening_teams``)."""
    return str(TEAMS_RANGE) % {"low": MIN_TEAMS, "high": MAX_TEAMS}


class CountForm(forms.Form):
    """Step 1: the club, pairs or teams, and how many are here tonight.

    Only the number of the kind chosen is checked (and required): a number
    left in the other box is dropped (None).
    """

    kind = forms.ChoiceField(
        label=gettext_lazy("Tonight's game"),
        choices=[(PAIRS, gettext_lazy("Pairs")), (TEAMS, gettext_lazy("Teams"))],
        initial=PAIRS,
        required=False,
        widget=forms.RadioSelect(attrs={"class": "tonight-kind"}),
    )
    club = forms.ModelChoiceField(
        label=gettext_lazy("Club"),
        queryset=Club.objects.none(),
        error_messages={"invalid_choice": gettext_lazy("You do not direct this club.")},
    )
    pairs = forms.IntegerField(
        label=gettext_lazy("How many pairs are here tonight?"),
        required=False,
        widget=forms.NumberInput(
            attrs={"min": MIN_PAIRS, "max": MAX_PAIRS, "class": "big-input"}
        ),
    )
    teams = forms.IntegerField(
        label=gettext_lazy("How many teams are here tonight?"),
        required=False,
        widget=forms.NumberInput(
            attrs={"min": MIN_TEAMS, "max": MAX_TEAMS, "class": "big-input"}
        ),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pairs"].error_messages["invalid"] = pairs_range()
        self.fields["teams"].error_messages["invalid"] = teams_range()

    @property
    def chosen_kind(self) -> str:
        """Pairs or teams, as asked (pairs for anything else)."""
        return TEAMS if self.data.get("kind") == TEAMS else PAIRS

    def clean_kind(self) -> str:
        return self.chosen_kind

    def clean_teams(self) -> int | None:
        if self.chosen_kind != TEAMS:
            return None
        teams = self._required("teams")
        if not MIN_TEAMS <= teams <= MAX_TEAMS:
            raise forms.ValidationError(teams_range())
        return teams

    def _required(self, name: str) -> int:
        """The number typed in ``name``, which the kind chosen needs."""
        value = self.cleaned_data[name]
        if value is None:
            raise forms.ValidationError(self.fields[name].error_messages["required"])
        return value

    def clean_pairs(self) -> int | None:
        if self.chosen_kind != PAIRS:
            return None
        pairs = self._required("pairs")
        if not MIN_PAIRS <= pairs <= MAX_PAIRS:
            refusal = pairs_range()
            if pairs > MAX_PAIRS:
                refusal += " " + _("A Mitchell has at most %(tables)d tables.") % {
                    "tables": MAX_MITCHELL_TABLES
                }
            raise forms.ValidationError(refusal)
        return pairs


class NamesForm(CountForm):
    """Step 2: the movement chosen among tonight's proposals, and the names.

    Built for a valid count: ``plans`` are the proposals for that many pairs
    and ``chosen`` the one whose pairs the name rows follow.
    """

    movement = forms.TypedChoiceField(
        label=gettext_lazy("Movement"), coerce=int, widget=forms.HiddenInput
    )

    def __init__(self, *args: object, plans: list[EveningPlan], chosen: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.plans = plans
        self.chosen = plans[chosen]
        self.fields["club"].widget = forms.HiddenInput()
        self.fields["pairs"].widget = forms.HiddenInput()
        self.fields["movement"].choices = [(i, i) for i in range(len(plans))]
        self.fields["movement"].initial = chosen
        self.rows = pair_rows(self.chosen.movement)
        for index, row in enumerate(self.rows):
            for seat in ("a", "b"):
                self.fields[f"pair{index}-{seat}"] = name_box(
                    gettext_lazy("Player"),
                    2 * MAX_NAME,
                    {"data-player": "", "aria-label": player_label(row["label"], seat)},
                )

    def name_rows(
        self,
    ) -> list[tuple[dict[str, object], forms.BoundField, forms.BoundField]]:
        """(pair row, first player's box, second player's box) a pair."""
        return [
            (row, self[f"pair{i}-a"], self[f"pair{i}-b"])
            for i, row in enumerate(self.rows)
        ]

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if data.get("movement") not in (None, self.plans.index(self.chosen)):
            self.add_error("movement", _("The names follow another movement."))
        boxes = [f"pair{i}-{seat}" for i in range(len(self.rows)) for seat in "ab"]
        player_boxes_clean(self, data, boxes, _("%(name)s is already in another pair."))
        return data

    def names(self) -> list[tuple[str, str]]:
        """The two names typed for each pair, in the movement's order."""
        return [
            (self.cleaned_data[f"pair{i}-a"], self.cleaned_data[f"pair{i}-b"])
            for i in range(len(self.rows))
        ]


def name_box(label: str, max_length: int, attrs: dict[str, str]) -> forms.CharField:
    """A box of step 2 for a name (a player's, a team's), which may be left
    empty: the browser's own suggestions off (``static/tonight.js`` suggests
    the club's players in the boxes marked ``data-player``), then ``attrs``."""
    return forms.CharField(
        label=label,
        required=False,
        max_length=max_length,
        widget=forms.TextInput(attrs={"autocomplete": "off", **attrs}),
    )


def player_boxes_clean(
    form: forms.Form, data: dict[str, object], boxes: list[str], twice: str
) -> None:
    """Tidy the names typed in ``boxes`` (spaces squeezed) in ``data``; refuse
    on its box a name with a control character, or one typed again (``twice``,
    with ``%(name)s``): a player plays in one pair or team."""
    seen: set[str] = set()
    for field in boxes:
        name = " ".join(str(data.get(field) or "").split())
        if any(not char.isprintable() for char in name):
            form.add_error(field, _("A player's name has no control characters."))
            continue
        data[field] = name
        if name and name.lower() in seen:
            form.add_error(field, twice % {"name": name})
        seen.add(name.lower())


def player_label(pair: str, seat: str) -> str:
    """The box's name for a screen reader: "Pair 3NS, first player"."""
    if seat == "a":
        return _("Pair %(pair)s, first player") % {"pair": pair}
    return _("Pair %(pair)s, second player") % {"pair": pair}


def pair_rows(movement: Movement) -> list[dict[str, object]]:
    """The real pairs in the movement's order, with where each sits in round 1:
    {"label": "3EW", "table": 3, "direction": "NS" or "EW"}."""
    start: dict[int, tuple[int, str]] = {}
    for seating in movement.seatings_of_round(1):
        start[seating.ns] = (seating.table, "NS")
        start[seating.ew] = (seating.table, "EW")
    rows = []
    for pair in movement.pairs:
        if pair.phantom:
            continue
        table, direction = start[pair.id]
        rows.append({"label": pair.label, "table": table, "direction": direction})
    return rows
