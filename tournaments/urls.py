"""Server-rendered pages: the home page and the games' rules (``pages``)."""

from collections.abc import Callable

from django.urls import URLPattern, path

from tournaments.pages import clubs, games, health, no_stream

Route = tuple[str, Callable[..., object], str]


def under(prefix: str, *routes: Route) -> list[URLPattern]:
    """The pages of one object (an event, a section): ``(route, view, name)``
    each, the route below ``prefix``."""
    return [path(prefix + route, view, name=name) for route, view, name in routes]


def game_event_pages(game: str, *pages: Route) -> list[URLPattern]:
    """A game's own pages of an event: ``(route, view, name)`` each, the
    route below ``events/<int:pk>/<game>/`` and the name "<game>-<name>"
    (both contracts: the rule writes the game's part once)."""
    return under(
        f"events/<int:pk>/{game}/",
        *((route, view, f"{game}-{name}") for route, view, name in pages),
    )


app_name = "tournaments"

urlpatterns = [
    path("", games.home, name="home"),
    # The stack's health check (scripts/stack.sh status).
    path("health/", health.HealthView.as_view(), name="health"),
    # Served by config.asgi; Django only answers it where nothing else does.
    path("push/", no_stream.no_stream, name="no-push-stream"),
    path("games/<slug:slug>/", games.game_detail, name="game-detail"),
    path("clubs/<int:pk>/", clubs.club_page, name="club"),
]
