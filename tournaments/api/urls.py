"""API routes, the OpenAPI schema and its documentation pages."""

from __future__ import annotations

from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.routers import DefaultRouter

from tournaments.api import (
    absences,
    analysis,
    clock,
    disputes,
    event_scoring,
    events,
    files,
    import_jobs,
    line_pairs,
    mail_jobs,
    pairs_events,
    penalties,
    running,
    sections,
    sign_in,
    table_here,
    tablets,
    views,
)
from tournaments.api.routes import object_routes
from tournaments.registry import created_by_kind, game_urls

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register("events", pairs_events.EventViewSet, basename="api-event")
router.register("sections", events.SectionViewSet, basename="api-section")

urlpatterns = [
    path("games/", views.game_list, name="api-game-list"),
    path("games/<slug:slug>/", views.game_detail, name="api-game-detail"),
    path("score/", views.score_preview, name="api-score-preview"),
    path("table-sign-in/", sign_in.table_sign_in, name="api-table-sign-in"),
    path("table-sign-out/", sign_in.table_sign_out, name="api-table-sign-out"),
    path("table/", table_here.table_now, name="api-table"),
    *object_routes(
        "section",
        ("results", events.SectionResultsView),
        ("clock", clock.SectionClockView),
        ("late-pair", running.LatePairView),
        ("penalties", penalties.SectionPenaltiesView),
        ("withdrawals", running.WithdrawalView),
        ("absences", absences.AbsenceView),
        ("mail", mail_jobs.SectionMailView),
        ("traveller-file", files.TravellerFileView),
    ),
    path(
        "sections/<int:id>/boards/<int:number>/pairs/",
        line_pairs.BoardPairsView.as_view(),
        name="api-board-pairs",
    ),
    path(
        "sections/<int:id>/tables/<int:number>/round/",
        tablets.TableRoundView.as_view(),
        name="api-table-round",
    ),
    path(
        "results/<int:id>/",
        events.ResultDetailView.as_view(),
        name="api-result-detail",
    ),
    *object_routes(
        "result",
        ("confirm", tablets.ResultAnswerView),
        ("swap", line_pairs.ResultSwapView),
        ("dispute", tablets.ResultDisputeView),
        ("resolve", disputes.ResultResolveView),
    ),
    *object_routes("pair", ("", line_pairs.PairDetailView)),
    path("penalties/<int:id>/", penalties.PenaltyView.as_view(), name="api-penalty"),
    # Issue 21 (sections of any size): a director adds a pairs section.
    *object_routes(
        "session",
        ("sections", sections.SessionSectionsView),
        ("close", disputes.SessionCloseView),
    ),
    *object_routes(
        "event",
        ("scoring", event_scoring.EventScoringView),
        ("hand-records", files.HandRecordsView),
        ("double-dummy", analysis.EventDoubleDummyView),
    ),
    path("results-files/", files.ResultsFileView.as_view(), name="api-results-files"),
    *object_routes("import-job", ("", import_jobs.ImportJobView)),
    *object_routes("mail-job", ("", mail_jobs.MailJobView)),
    *(
        path(route, view, name=name)
        for route, view, name in created_by_kind("api-", "", "api_create")
    ),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="api-schema"),
        name="api-redoc",
    ),
    # Each game's own pages, from its package.
    *game_urls("api"),
    path("", include(router.urls)),
]
