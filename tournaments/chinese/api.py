"""Chinese bridge events over the API: create one, enter hands, read the ranking."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions, serializers, status

from tournaments.api.entries import LineEntryView, SectionLinesView
from tournaments.api.event_creation import (
    PlayersEventInputSerializer,
    SingleSectionEventSerializer,
    event_create_view,
)
from tournaments.api.rankings import ranking_view
from tournaments.chinese.selectors import (
    event_standings,
    match_hand,
    match_refreshed,
    matches_with_hands,
    round_match,
)
from tournaments.chinese.services import (
    chinese_event_create,
    chinese_hand_answer,
    chinese_hand_submit,
)
from tournaments.models import (
    ChineseHand,
    ChineseMatch,
    ChinesePlayer,
    ChineseSettings,
    Event,
    Section,
    Source,
    Table,
)


class ChineseEventInputSerializer(PlayersEventInputSerializer):
    """What a director gives to start a Chinese bridge event."""

    format = serializers.ChoiceField(
        choices=ChineseSettings.Format.choices,
        default=ChineseSettings.Format.ROUND_ROBIN,
    )
    hands = serializers.IntegerField(min_value=2, max_value=40, default=4)
    rounds = serializers.IntegerField(min_value=0, max_value=60, default=0)
    duplicate = serializers.BooleanField(default=False)
    target = serializers.IntegerField(
        min_value=0,
        max_value=500,
        default=0,
        help_text="Points to win a match (the rule book's 100); 0: `hands` hands.",
    )


class ChineseHandSerializer(serializers.Serializer):
    """One hand of a match as entered, and its opponent's answer."""

    hand = serializers.IntegerField(source="number")
    tricks_a = serializers.IntegerField()
    tricks_b = serializers.IntegerField()
    confirmed = serializers.SerializerMethodField()
    disputed = serializers.BooleanField()

    def get_confirmed(self, hand: ChineseHand) -> bool:
        """Whether the opponent agreed the hand."""
        return hand.confirmed is not None


class ChineseMatchSerializer(serializers.ModelSerializer):
    a = serializers.IntegerField(source="a.number")
    b = serializers.IntegerField(source="b.number", allow_null=True)

    hands = ChineseHandSerializer(many=True, read_only=True)

    class Meta:
        model = ChineseMatch
        fields = ["id", "round", "table", "a", "b", "points_a", "points_b",
                  "hands_played", "hands"]  # fmt: skip


class ChineseEventSerializer(SingleSectionEventSerializer):
    """A Chinese bridge event as created (its matches are read apart)."""


chinese_event_new = event_create_view(
    input=ChineseEventInputSerializer,
    output=ChineseEventSerializer,
    create=chinese_event_create,
    summary="Create a Chinese bridge event (round robin or Swiss, duplicate or not).",
)


class ChineseHandInputSerializer(serializers.Serializer):
    """A hand of a match: the round, the table, the hand, player a's tricks."""

    round = serializers.IntegerField(min_value=1)
    table = serializers.IntegerField(min_value=1, required=False)
    hand = serializers.IntegerField(min_value=1)
    tricks_a = serializers.IntegerField(min_value=0, max_value=26)
    tricks_b = serializers.IntegerField(min_value=0, max_value=26, required=False)


class ChineseMatchesView(SectionLinesView):
    """A Chinese bridge section's matches; a director or a table enters hands."""

    kinds = (Event.Kind.CHINESE,)
    input_serializer = ChineseHandInputSerializer
    line_serializer = ChineseMatchSerializer
    section_lines = staticmethod(matches_with_hands)

    def enter(self, section: Section, values: dict[str, Any]) -> ChineseMatch:
        """Store the hand in the table's match of the round; the match as now."""
        _table, match = entry_match(self, section, values)
        if match is None:
            raise exceptions.ValidationError({"table": [_("No such match.")]})
        chinese_hand_submit(
            match=match,
            number=values["hand"],
            tricks_a=values["tricks_a"],
            tricks_b=values.get("tricks_b"),
            source=self.entry_author()["source"],
        )
        return match_refreshed(match)


class ChineseAnswerInputSerializer(serializers.Serializer):
    """The other player's answer to a hand entered at his table."""

    round = serializers.IntegerField(min_value=1)
    table = serializers.IntegerField(min_value=1, required=False)
    hand = serializers.IntegerField(min_value=1)
    agree = serializers.BooleanField(help_text="false: call the director.")


class ChineseAnswerView(LineEntryView):
    """The opponent agrees with a hand (locking it for the tablet) or calls
    the director, as the opponents answer a pairs line."""

    kinds = (Event.Kind.CHINESE,)
    input_serializer = ChineseAnswerInputSerializer
    line_serializer = ChineseMatchSerializer
    entered_status = status.HTTP_200_OK

    def enter(self, section: Section, values: dict[str, Any]) -> ChineseMatch:
        """Record the answer to the hand; its match as now."""
        table, match = entry_match(self, section, values)
        hand = match_hand(match, values["hand"]) if match else None
        if hand is None:
            raise exceptions.ValidationError({"hand": [_("No such hand.")]})
        author = self.entry_author()
        chinese_hand_answer(
            hand,
            agree=values["agree"],
            table=table if author["source"] == Source.TABLE else None,
            **author,
        )
        return match_refreshed(match)


def entry_match(
    view: LineEntryView, section: Section, values: dict[str, Any]
) -> tuple[Table, ChineseMatch | None]:
    """The table entering (the view's ``entry_table``) and its match of
    ``values["round"]``, None when it plays none."""
    table = view.entry_table(section, values.get("table"))
    match = round_match(section, values["round"], table.number)
    return table, match


class ChineseStandingSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="display_name")

    class Meta:
        model = ChinesePlayer
        fields = ["rank", "number", "name", "score", "points"]


ChineseRankingView = ranking_view(
    kind=Event.Kind.CHINESE,
    serializer=ChineseStandingSerializer,
    standings=event_standings,
    summary="The ranking of a Chinese bridge event (published ones for the public).",
)
