"""Server-rendered pages."""

from django.urls import path

from tournaments.pages import games as views

app_name = "tournaments"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/", views.game_detail, name="game-detail"),
]
