"""Server-rendered pages: the home page and the games' rules (``pages``)."""

from django.urls import path

from tournaments.pages import games

app_name = "tournaments"

urlpatterns = [
    path("", games.home, name="home"),
    path("games/<slug:slug>/", games.game_detail, name="game-detail"),
]
