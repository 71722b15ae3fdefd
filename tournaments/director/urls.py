"""URLs of the director's pages."""

from django.urls import path

from tournaments.director import (
    absent,
    analysis,
    barbu,
    cards,
    console,
    disputes,
    event_deletion,
    files,
    import_jobs,
    lines,
    mail,
    penalties,
    print_set,
    privacy,
    running,
    sign_in_locks,
    teams,
    views,
    whiz,
)
from tournaments.registry import created_by_kind

app_name = "director"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("events/new/", views.event_new, name="event-new"),
    path("events/import/", files.results_import, name="results-import"),
    path("imports/<int:pk>/", import_jobs.import_job, name="import-job"),
    path(
        "events/<int:pk>/hand-records/",
        files.hand_records_import,
        name="hand-records-import",
    ),
    path(
        "sections/<int:pk>/traveller-privacy/",
        privacy.section_privacy,
        name="section-privacy",
    ),
    path(
        "sections/<int:pk>/travellers/",
        files.travellers_import,
        name="travellers-import",
    ),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("events/<int:pk>/settings/", views.event_settings, name="event-settings"),
    path(
        "events/<int:pk>/delete/",
        event_deletion.event_delete_page,
        name="event-delete",
    ),
    *(
        path(route, view, name=name)
        for route, view, name in created_by_kind("", "new/", "director_create")
    ),
    path(
        "events/<int:pk>/whiz/boards/<int:number>/",
        whiz.whiz_traveller,
        name="whiz-traveller",
    ),
    path("events/<int:pk>/whiz/cards/", cards.whiz_cards, name="whiz-cards"),
    path("events/<int:pk>/barbu/cards/", cards.barbu_cards, name="barbu-cards"),
    path("events/<int:pk>/chinese/cards/", cards.chinese_cards, name="chinese-cards"),
    path(
        "events/<int:pk>/barbu/rounds/<int:round>/tables/<int:table>/",
        barbu.barbu_manche,
        name="barbu-manche",
    ),
    path(
        "events/<int:pk>/double-dummy/",
        analysis.double_dummy_start,
        name="double-dummy",
    ),
    path("events/<int:pk>/next-round/", teams.next_round, name="teams-next-round"),
    path(
        "matches/<int:pk>/carry-over/",
        teams.match_carry_over,
        name="match-carry-over",
    ),
    path("events/<int:pk>/sessions/", views.session_add, name="session-add"),
    path(
        "sessions/<int:session_pk>/sections/new/",
        views.section_new,
        name="section-new",
    ),
    path(
        "sessions/<int:pk>/<str:action>/",
        views.session_status,
        name="session-status",
    ),
    path(
        "events/<int:pk>/publication/<str:action>/",
        views.event_publication,
        name="event-publication",
    ),
    path("sections/<int:pk>/", views.section_detail, name="section"),
    path("sections/<int:pk>/console/", console.console, name="console"),
    path("sections/<int:pk>/late-pair/", running.late_pair, name="late-pair"),
    path("sections/<int:pk>/withdrawals/", running.withdraw, name="withdraw"),
    path("sections/<int:pk>/penalties/", penalties.penalty_new, name="penalty-new"),
    path(
        "penalties/<int:pk>/withdraw/",
        penalties.penalty_remove,
        name="penalty-withdraw",
    ),
    path("sections/<int:pk>/absences/", absent.absent, name="absent"),
    path("sections/<int:pk>/arrow-switch/", running.arrow_switch, name="arrow-switch"),
    path(
        "sections/<int:pk>/sign-in-locks/lift/",
        sign_in_locks.lift_lock,
        name="sign-in-lock-lift",
    ),
    path("sections/<int:pk>/print/", print_set.print_set, name="print-set"),
    path("sections/<int:pk>/mail/", mail.section_mail, name="section-mail"),
    path("mail-jobs/<int:pk>/", mail.mail_job, name="mail-job"),
    path(
        "sections/<int:pk>/tables/<int:number>/round/",
        console.table_move,
        name="table-move",
    ),
    path(
        "sections/<int:pk>/boards/<int:number>/",
        views.traveller,
        name="traveller",
    ),
    path(
        "sections/<int:pk>/boards/<int:number>/lines/<int:result_pk>/swap/",
        lines.line_swap_view,
        name="line-swap",
    ),
    path(
        "sections/<int:pk>/pairs/<int:pair_pk>/players/",
        lines.pair_players,
        name="pair-players",
    ),
    path("results/<int:pk>/keep/", disputes.result_keep, name="result-keep"),
    path(
        "whiz-results/<int:pk>/keep/",
        disputes.whiz_result_keep,
        name="whiz-result-keep",
    ),
]
