"""The director's form for a new teams event: settings and one team a line."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.director.game_forms import EventForm, rounds_field
from tournaments.models import TeamCompetition
from tournaments.teams.services import MAX_PLAYERS, MIN_PLAYERS, TeamEntry


class TeamsEventForm(EventForm):
    """A new teams event: how it is run and scored, and its teams by seed."""

    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=TeamCompetition.Format.choices
    )
    scoring = forms.ChoiceField(
        label=gettext_lazy("Scoring"),
        choices=TeamCompetition.Scoring.choices,
        initial=TeamCompetition.Scoring.VP,
    )
    boards_per_match = forms.IntegerField(
        label=gettext_lazy("Boards a match"), min_value=1, max_value=64, initial=8
    )
    stints = forms.IntegerField(
        label=gettext_lazy("Board exchanges"),
        min_value=1,
        max_value=16,
        initial=2,
        help_text=gettext_lazy(
            "The tables of a match play half the boards each, then exchange "
            "them (2); 1: each table has its own copy."
        ),
    )
    rounds = rounds_field(
        gettext_lazy(
            "Rounds (Swiss), teams each meets (patton) or segments (knockout)"
        ),
        0,
        99,
        initial=0,
    )
    bye_vp = forms.DecimalField(
        label=gettext_lazy("VP for a bye"),
        min_value=0,
        max_value=20,
        initial=12,
        decimal_places=2,
    )
    tie_rule = forms.ChoiceField(
        label=gettext_lazy("Knockout ties"),
        choices=TeamCompetition.TieRule.choices,
        initial=TeamCompetition.TieRule.EXTRA_BOARDS,
    )
    teams = forms.CharField(
        label=gettext_lazy("Teams"),
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=gettext_lazy(
            "One team a line, best seed first: the team's name, a colon, then "
            "its 4 to 6 players separated by commas (the players may be left out)."
        ),
    )

    def clean_teams(self) -> list[TeamEntry]:
        """One ``TeamEntry`` a non-blank line; a wrong line names its number."""
        entries = []
        lines = [line.strip() for line in self.cleaned_data["teams"].splitlines()]
        for number, line in enumerate(lines, start=1):
            if not line:
                continue
            name, _colon, members = line.partition(":")
            players = [
                player.strip() for player in members.split(",") if player.strip()
            ]
            if players and not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
                raise forms.ValidationError(
                    _("Line %(line)d: %(count)d players; a team has 4 to 6.")
                    % {"line": number, "count": len(players)}
                )
            entries.append(TeamEntry(name=name.strip(), members=", ".join(players)))
        return entries

    def clean_rounds(self) -> int:
        return self.cleaned_data.get("rounds") or 0
