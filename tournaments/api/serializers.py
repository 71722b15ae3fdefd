"""Serializers: the JSON shapes of the API."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Club, Player


class GameSerializer(serializers.Serializer):
    """A game of the catalogue, its texts in the request's language."""

    slug = serializers.CharField()
    name = serializers.CharField()
    players = serializers.CharField()
    deck = serializers.CharField()
    events = serializers.ListField(child=serializers.CharField())
    scoring = serializers.ListField(child=serializers.CharField())


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name", "licence", "active"]


class ClubSerializer(serializers.ModelSerializer):
    players = PlayerSerializer(many=True, read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "city", "federation_code", "players"]
