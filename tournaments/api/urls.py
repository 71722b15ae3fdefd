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
    path(
        "sections/<int:id>/results/",
        events.SectionResultsView.as_view(),
        name="api-section-results",
    ),
    path(
        "results/<int:id>/",
        events.ResultDetailView.as_view(),
        name="api-result-detail",
    ),
    path(
        "results/<int:id>/confirm/",
        tablets.ResultAnswerView.as_view(),
        name="api-result-confirm",
    ),
    path(
        "results/<int:id>/swap/",
        line_pairs.ResultSwapView.as_view(),
        name="api-result-swap",
    ),
    path("pairs/<int:id>/", line_pairs.PairDetailView.as_view(), name="api-pair"),
    path(
        "sections/<int:id>/boards/<int:number>/pairs/",
        line_pairs.BoardPairsView.as_view(),
        name="api-board-pairs",
    ),
    path(
        "results/<int:id>/dispute/",
        tablets.ResultDisputeView.as_view(),
        name="api-result-dispute",
    ),
    path(
        "sections/<int:id>/clock/",
        clock.SectionClockView.as_view(),
        name="api-section-clock",
    ),
    path(
        "sections/<int:id>/late-pair/",
        running.LatePairView.as_view(),
        name="api-section-late-pair",
    ),
    path(
        "sections/<int:id>/penalties/",
        penalties.SectionPenaltiesView.as_view(),
        name="api-section-penalties",
    ),
    path(
        "penalties/<int:id>/",
        penalties.PenaltyView.as_view(),
        name="api-penalty",
    ),
    path(
        "sections/<int:id>/withdrawals/",
        running.WithdrawalView.as_view(),
        name="api-section-withdrawals",
    ),
    path(
        "sections/<int:id>/absences/",
        absences.AbsenceView.as_view(),
        name="api-section-absences",
    ),
    path(
        "results/<int:id>/resolve/",
        disputes.ResultResolveView.as_view(),
        name="api-result-resolve",
    ),
    path(
        "sessions/<int:id>/close/",
        disputes.SessionCloseView.as_view(),
        name="api-session-close",
    ),
    path(
        "sections/<int:id>/tables/<int:number>/round/",
        tablets.TableRoundView.as_view(),
        name="api-table-round",
    ),
    # Issue 21 (sections of any size): a director adds a pairs section.
    path(
        "sessions/<int:id>/sections/",
        sections.SessionSectionsView.as_view(),
        name="api-session-sections",
    ),
    path(
        "events/<int:id>/scoring/",
        event_scoring.EventScoringView.as_view(),
        name="api-event-scoring",
    ),
    path(
        "results-files/",
        files.ResultsFileView.as_view(),
        name="api-results-files",
    ),
    path(
        "import-jobs/<int:id>/",
        import_jobs.ImportJobView.as_view(),
        name="api-import-job",
    ),
    path(
        "sections/<int:id>/mail/",
        mail_jobs.SectionMailView.as_view(),
        name="api-section-mail",
    ),
    path("mail-jobs/<int:id>/", mail_jobs.MailJobView.as_view(), name="api-mail-job"),
    path(
        "events/<int:id>/hand-records/",
        files.HandRecordsView.as_view(),
        name="api-event-hand-records",
    ),
    path(
        "sections/<int:id>/traveller-file/",
        files.TravellerFileView.as_view(),
        name="api-section-traveller-file",
    ),
    path(
        "events/<int:id>/double-dummy/",
        analysis.EventDoubleDummyView.as_view(),
        name="api-event-double-dummy",
    ),
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
