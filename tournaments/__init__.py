"""Clubs, players and events: the Django side of Donne."""
