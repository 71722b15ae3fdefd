"""URLs of the public results pages."""

from tournaments.registry import game_urls
from tournaments.results import files, hand_records, views
from tournaments.urls import under

app_name = "results"

urlpatterns = [
    *under(
        "events/<int:pk>/",
        ("results/", views.event_results, "event"),
        ("results.xlsx", views.event_excel, "excel"),
        ("results.pbn", files.event_pbn_file, "pbn"),
        ("usebio.xml", files.event_usebio_file, "usebio"),
        ("hand-records/", hand_records.hand_records, "hand-records"),
        ("results/version.json", views.event_version, "event-version"),
    ),
    *under(
        "sections/<int:pk>/",
        ("boards/<int:number>/", views.board_traveller, "board"),
        ("pairs/<int:pair_pk>/", views.pair_scorecard, "pair"),
    ),
    # Each game's own pages, from its package.
    *game_urls("results"),
]
