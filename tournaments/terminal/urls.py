"""Table terminal routes; included under ``table/`` in the root URLconf."""

from __future__ import annotations

from django.urls import path

from tournaments.terminal import clock, views, worker

app_name = "terminal"

urlpatterns = [
    path("", views.sign_in, name="sign-in"),
    path("sign-out/", views.sign_out, name="sign-out"),
    path("sw.js", worker.service_worker, name="service-worker"),
    path("play/", views.play, name="play"),
    path("clock/", clock.table_clock, name="clock"),
    path("play/<int:round>/board/<int:number>/", views.board, name="board"),
    path("play/<int:round>/board/<int:number>/answer/", views.answer, name="answer"),
]
