"""The form of "Tonight"'s step 2 for teams: the format and who the teams are.

It carries step 1's club and number of teams again, with the format chosen
among tonight's proposals (``movements.evening_teams``), and for each team,
best seed first, its name and its 4 to 6 players (all may be left empty,
to be typed later).  Every refusal is on the box it is about.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.director.tonight_forms import (
    CountForm,
    name_box,
    player_boxes_clean,
)
from tournaments.movements.evening_teams import TeamsPlan
from tournaments.teams.services import MAX_PLAYERS, MIN_PLAYERS

TEAM_NAME = 120  # ``Team.name``
# Six names and their five ", " fit ``Team.members`` (300 characters).
PLAYER_NAME = 48


class TeamsNamesForm(CountForm):
    """Step 2 for teams: the format chosen among the proposals, and the teams.

    Built for a valid count of teams: ``plans`` are the proposals for that
    many teams and ``chosen`` the index of the one asked for.
    """

    format = forms.TypedChoiceField(
        label=gettext_lazy("Format"), coerce=int, widget=forms.HiddenInput
    )

    def __init__(
        self, *args: object, plans: list[TeamsPlan], chosen: int, **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)
        self.plans = plans
        self.chosen = plans[chosen]
        for name in ("club", "kind", "teams"):
            self.fields[name].widget = forms.HiddenInput()
        del self.fields["pairs"]
        self.fields["format"].choices = [(i, i) for i in range(len(plans))]
        self.fields["format"].initial = chosen
        self.count = self.chosen.teams
        for index in range(self.count):
            number = index + 1
            self.fields[f"team{index}-name"] = name_box(
                gettext_lazy("Team"),
                TEAM_NAME,
                {"class": "team-name", "placeholder": team_default_name(number),
                 "aria-label": _("Team %(number)d, its name") % {"number": number}},
            )  # fmt: skip
            for seat in range(1, MAX_PLAYERS + 1):
                self.fields[f"team{index}-p{seat}"] = name_box(
                    gettext_lazy("Player"),
                    PLAYER_NAME,
                    {"data-player": "",
                     "aria-label": _("Team %(number)d, player %(seat)d")
                     % {"number": number, "seat": seat}},
                )  # fmt: skip

    def team_rows(
        self,
    ) -> list[tuple[int, forms.BoundField, list[forms.BoundField]]]:
        """(team number, its name's box, its players' boxes) a team."""
        return [
            (
                index + 1,
                self[f"team{index}-name"],
                [self[f"team{index}-p{s}"] for s in range(1, MAX_PLAYERS + 1)],
            )
            for index in range(self.count)
        ]

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if data.get("format") not in (None, self.plans.index(self.chosen)):
            self.add_error("format", _("The teams follow another format."))
        boxes = [
            f"team{i}-p{s}"
            for i in range(self.count)
            for s in range(1, MAX_PLAYERS + 1)
        ]
        player_boxes_clean(self, data, boxes, _("%(name)s is already in a team."))
        names: set[str] = set()
        for index in range(self.count):
            field = f"team{index}-name"
            name = " ".join(str(data.get(field) or "").split())
            name = name or team_default_name(index + 1)
            data[field] = name
            if any(not char.isprintable() for char in name):
                self.add_error(field, _("A team's name has no control characters."))
            if name.lower() in names:
                self.add_error(
                    field, _("Another team is called %(name)s.") % {"name": name}
                )
            names.add(name.lower())
            self._check_team_size(data, index)
        return data

    def _check_team_size(self, data: dict[str, object], index: int) -> None:
        """Refuse a team of 1 to 3 players, on its first empty box."""
        seats = range(1, MAX_PLAYERS + 1)
        typed = [s for s in seats if data.get(f"team{index}-p{s}")]
        if not typed or len(typed) >= MIN_PLAYERS:
            return
        empty = next(s for s in seats if not data.get(f"team{index}-p{s}"))
        self.add_error(
            f"team{index}-p{empty}",
            _("%(team)s has %(count)d players: a team has 4 to 6 (or none yet).")
            % {"team": data[f"team{index}-name"], "count": len(typed)},
        )

    def teams(self) -> list[tuple[str, list[str]]]:
        """Each team's name and the players typed, best seed first."""
        return [
            (
                self.cleaned_data[f"team{i}-name"],
                [
                    self.cleaned_data[f"team{i}-p{s}"]
                    for s in range(1, MAX_PLAYERS + 1)
                    if self.cleaned_data[f"team{i}-p{s}"]
                ],
            )
            for i in range(self.count)
        ]


def team_default_name(number: int) -> str:
    """The name of a team whose name is left empty: "Team 3"."""
    return _("Team %(number)d") % {"number": number}
