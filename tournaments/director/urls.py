"""URLs of the director's pages."""

from django.urls import path

from tournaments.director import console, views

app_name = "director"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("events/new/", views.event_new, name="event-new"),
    path("events/<int:pk>/", views.event_detail, name="event"),
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
    path(
        "sections/<int:pk>/boards/<int:number>/",
        views.traveller,
        name="traveller",
    ),
]
