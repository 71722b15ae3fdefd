"""URLs of the director's pages."""

from django.urls import path

from tournaments.director import (
    absent,
    analysis,
    clock,
    console,
    console_page,
    disputes,
    event_deletion,
    files,
    import_jobs,
    line_checks,
    lines,
    mail,
    penalties,
    print_set,
    privacy,
    running,
    sign_in_locks,
    tablets,
    tonight,
    views,
)
from tournaments.registry import created_by_kind, game_urls
from tournaments.urls import under

app_name = "director"

urlpatterns = [
    *under(
        "",
        ("", views.dashboard, "dashboard"),
        ("events/new/", views.event_new, "event-new"),
        ("tonight/", tonight.tonight, "tonight"),
        ("tonight/names/", tonight.tonight_names, "tonight-names"),
        ("tonight/players/", tonight.tonight_players, "tonight-players"),
        ("events/import/", files.results_import, "results-import"),
        ("imports/<int:pk>/", import_jobs.import_job, "import-job"),
        ("sessions/<int:session_pk>/sections/new/", views.section_new, "section-new"),
        ("sessions/<int:pk>/<str:action>/", views.session_status, "session-status"),
        ("penalties/<int:pk>/withdraw/", penalties.penalty_remove, "penalty-withdraw"),
        ("mail-jobs/<int:pk>/", mail.mail_job, "mail-job"),
        ("results/<int:pk>/keep/", disputes.result_keep, "result-keep"),
        ("results/<int:pk>/take/", disputes.result_take, "result-take"),
    ),
    *(
        path(route, view, name=name)
        for route, view, name in created_by_kind("", "new/", "director_create")
    ),
    *under(
        "events/<int:pk>/",
        ("hand-records/", files.hand_records_import, "hand-records-import"),
        ("", views.event_detail, "event"),
        ("settings/", views.event_settings, "event-settings"),
        ("delete/", event_deletion.event_delete_page, "event-delete"),
        ("double-dummy/", analysis.double_dummy_start, "double-dummy"),
        ("sessions/", views.session_add, "session-add"),
        ("publication/<str:action>/", views.event_publication, "event-publication"),
    ),
    *under(
        "sections/<int:pk>/",
        ("traveller-privacy/", privacy.section_privacy, "section-privacy"),
        ("travellers/", files.travellers_import, "travellers-import"),
        ("", views.section_detail, "section"),
        ("console/", console_page.console, "console"),
        ("clock/", clock.clock_room, "clock-room"),
        ("clock/change/", clock.clock_control, "clock-change"),
        ("late-pair/", running.late_pair, "late-pair"),
        ("withdrawals/", running.withdraw, "withdraw"),
        ("penalties/", penalties.penalty_new, "penalty-new"),
        ("absences/", absent.absent, "absent"),
        ("arrow-switch/", running.arrow_switch, "arrow-switch"),
        ("sign-in-locks/lift/", sign_in_locks.lift_lock, "sign-in-lock-lift"),
        ("tablets/sign-out/", tablets.sign_out_all, "tablets-sign-out"),
        ("tables/new-code/", tablets.table_new_code, "table-new-code"),
        ("print/", print_set.print_set, "print-set"),
        ("tonight/", tonight.tonight_ready, "tonight-ready"),
        ("mail/", mail.section_mail, "section-mail"),
        ("tables/<int:number>/round/", console.table_move, "table-move"),
        (
            "lines/<int:result_pk>/fix/",
            line_checks.line_check_fix_view,
            "line-check-fix",
        ),
        ("boards/<int:number>/", views.traveller, "traveller"),
        (
            "boards/<int:number>/lines/<int:result_pk>/swap/",
            lines.line_swap_view,
            "line-swap",
        ),
        ("pairs/<int:pair_pk>/players/", lines.pair_players, "pair-players"),
    ),
    # Each game's own pages, from its package.
    *game_urls("director"),
]
