"""URLs of the public results pages."""

from django.urls import path

from tournaments.results import files, hand_records, views

app_name = "results"

urlpatterns = [
    path("events/<int:pk>/results/", views.event_results, name="event"),
    path("events/<int:pk>/results.xlsx", views.event_excel, name="excel"),
    path("events/<int:pk>/results.pbn", files.event_pbn_file, name="pbn"),
    path("events/<int:pk>/usebio.xml", files.event_usebio_file, name="usebio"),
    path(
        "events/<int:pk>/hand-records/",
        hand_records.hand_records,
        name="hand-records",
    ),
    path(
        "events/<int:pk>/results/version.json",
        views.event_version,
        name="event-version",
    ),
    path(
        "events/<int:pk>/matches/<int:match_pk>/",
        views.match_results,
        name="match",
    ),
    path(
        "events/<int:pk>/chinese/players/<int:player_pk>/",
        views.chinese_player_results,
        name="chinese-player",
    ),
    path(
        "events/<int:pk>/barbu/players/<int:entrant_pk>/",
        views.barbu_player_results,
        name="barbu-player",
    ),
    path(
        "events/<int:pk>/whiz/boards/<int:number>/",
        views.whiz_board_results,
        name="whiz-board",
    ),
    path(
        "events/<int:pk>/whiz/players/<int:entrant_pk>/",
        views.whiz_player_results,
        name="whiz-player",
    ),
    path(
        "sections/<int:pk>/boards/<int:number>/",
        views.board_traveller,
        name="board",
    ),
    path(
        "sections/<int:pk>/pairs/<int:pair_pk>/",
        views.pair_scorecard,
        name="pair",
    ),
]
