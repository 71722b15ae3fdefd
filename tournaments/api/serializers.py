"""Serializers: the JSON shapes of the API."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import access
from tournaments.models import Club, Event, Pair, Player, Section, Session
from tournaments.selectors.line_checks import line_checks_json
from tournaments.selectors.pairs import LineRow


class GameSerializer(serializers.Serializer):
    """A game of the catalogue, its texts in the request's language."""

    slug = serializers.CharField()
    name = serializers.CharField()
    players = serializers.CharField()
    deck = serializers.CharField()
    events = serializers.ListField(child=serializers.CharField())
    scoring = serializers.ListField(child=serializers.CharField())


class PlayerSerializer(serializers.ModelSerializer):
    """A club member; the licence number, personal data, only for a director
    of the player's club (null for the public, another club's director, a
    player's login and a table token)."""

    licence = serializers.CharField(allow_null=True, read_only=True)

    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "licence", "active"]

    def to_representation(self, instance: Player) -> dict[str, object]:
        data = super().to_representation(instance)
        request = self.context.get("request")
        if request is None or not access.directs_club(request.user, instance.club_id):
            data["licence"] = None
        return data


class ClubSerializer(serializers.ModelSerializer):
    players = PlayerSerializer(many=True, read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "city", "federation_code", "players"]


STALE_HELP = "A write awaits its rescore: the scores are updating."


class SectionSummarySerializer(serializers.ModelSerializer):
    """A section as an event lists it."""

    stale = serializers.BooleanField(read_only=True, help_text=STALE_HELP)

    class Meta:
        model = Section
        fields = [
            "id", "letter", "movement", "tables", "rounds", "boards_per_round",
            "stale",
        ]  # fmt: skip


class SessionSerializer(serializers.ModelSerializer):
    sections = SectionSummarySerializer(many=True, read_only=True)

    class Meta:
        model = Session
        fields = ["id", "number", "status", "sections"]


class EventSerializer(serializers.ModelSerializer):
    """An event with its sessions and their sections."""

    sessions = SessionSerializer(many=True, read_only=True)

    class Meta:
        model = Event
        fields = ["id", "name", "date", "published", "sessions"]


class PairSerializer(serializers.ModelSerializer):
    class Meta:
        model = Pair
        fields = ["id", "number", "direction", "label", "names"]


class SectionSerializer(serializers.ModelSerializer):
    """A section: its movement, size and pairs."""

    event = serializers.IntegerField(source="session.event_id", read_only=True)
    session = serializers.IntegerField(source="session.number", read_only=True)
    pairs = PairSerializer(many=True, read_only=True)
    stale = serializers.BooleanField(read_only=True, help_text=STALE_HELP)

    class Meta:
        model = Section
        fields = [
            "id", "event", "session", "letter", "movement", "tables", "rounds",
            "boards_per_round", "first_board", "single_winner", "pairs", "stale",
            "arrow_switch_rounds", "absences", "traveller_privacy",
        ]  # fmt: skip
        read_only_fields = fields


class AssignmentSerializer(serializers.Serializer):
    """One table in one round of the movement."""

    round = serializers.IntegerField()
    table = serializers.IntegerField()
    ns = serializers.CharField(help_text="The NS pair's label, e.g. 1NS.")
    ew = serializers.CharField(help_text="The EW pair's label, e.g. 3EW.")
    boards = serializers.ListField(child=serializers.IntegerField())
    sit_out = serializers.BooleanField(
        help_text="Nobody plays here: the phantom, a late or a withdrawn pair."
    )
    # Individual bridge (issue 22): the four players by seat, and who sits out.
    north = serializers.IntegerField(
        required=False, help_text="An individual's North player (id)."
    )
    east = serializers.IntegerField(required=False)
    south = serializers.IntegerField(required=False)
    west = serializers.IntegerField(required=False)
    sitting_out = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="An individual's players sitting out the round (ids).",
    )


class Rounded(serializers.FloatField):
    """A float rounded to two decimals, as the reports print it."""

    def to_representation(self, value: float) -> float:
        return round(float(value), 2)


class CheckSerializer(serializers.Serializer):
    """One live check of a line: its code and what it says."""

    code = serializers.CharField()
    message = serializers.CharField()


class ResultSerializer(serializers.Serializer):
    """A traveller line with its matchpoints and percentages (a ``LineRow``)."""

    id = serializers.IntegerField(source="result.pk")
    board = serializers.IntegerField(source="result.board.number")
    round = serializers.IntegerField(source="result.round.number", allow_null=True)
    table = serializers.IntegerField(source="result.table.number", allow_null=True)
    ns = serializers.CharField(source="result.ns_pair.label")
    ew = serializers.CharField(source="result.ew_pair.label")
    contract = serializers.CharField(source="result.contract")
    declarer = serializers.CharField(source="result.declarer")
    lead = serializers.CharField(source="result.lead")
    tricks = serializers.IntegerField(source="result.tricks", allow_null=True)
    score_ns = serializers.IntegerField(source="result.score_ns", allow_null=True)
    adjusted = serializers.CharField(source="marks", allow_null=True)
    absent = serializers.CharField(
        source="result.absent",
        help_text="NS or EW: an award against a pair that never came; else empty.",
    )
    weighted = serializers.CharField(
        source="result.weighted_text",
        help_text="a weighted score's parts (Law 12C1c), e.g. 70% 4S N =; 30% 4S N +1",
    )
    mp_ns = Rounded(allow_null=True)
    mp_ew = Rounded(allow_null=True)
    pct_ns = Rounded(allow_null=True)
    pct_ew = Rounded(allow_null=True)
    confirmed = serializers.DateTimeField(source="result.confirmed", allow_null=True)
    disputed = serializers.BooleanField(source="result.disputed")
    checks = serializers.SerializerMethodField(
        help_text="The live checks: why this line is likely wrong, "
        '[{"code": "direction|sign|board|double_dummy|field", "message": ...}]; '
        "empty when nothing is unusual."
    )

    @extend_schema_field(CheckSerializer(many=True))
    def get_checks(self, row: LineRow) -> list[dict[str, str]]:
        """The row's checks, read for its line when the view did not."""
        if row.checks is not None:
            return row.checks
        return line_checks_json(row.result)


class StandingSerializer(serializers.Serializer):
    rank = serializers.CharField()
    pair = serializers.CharField()
    section = serializers.CharField(
        required=False,
        help_text="The pair's section letter, only when a session has several "
        "sections (pair numbers are per section).",
    )
    names = serializers.CharField()
    mp = serializers.FloatField()
    top = serializers.FloatField()
    pct = serializers.FloatField()
    boards = serializers.IntegerField()
    penalty = serializers.FloatField(
        required=False,
        help_text="Procedural penalties taken off (MP, or IMPs by IMPs), only on a "
        "fined pair: mp, pct (and imps) are after them.",
    )


class RankingSerializer(serializers.Serializer):
    """One ranking of an event (NS, EW or a single one), as ``report_json``."""

    direction = serializers.CharField(allow_null=True)
    entries = StandingSerializer(many=True)
    stale = serializers.BooleanField(
        help_text="A section of the event awaits its rescore: the ranking is updating."
    )
