"""``{{ seconds|clock_time }}``: the round clock's minutes and seconds, "12:05"."""

from __future__ import annotations

from django import template

from tournaments.director.clock import clock_text

register = template.Library()


@register.filter
def clock_time(seconds: int) -> str:
    """Seconds as the clock shows them."""
    return clock_text(int(seconds))
