"""Top-level URL configuration."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("tournaments.api.urls")),
    path("director/", include("tournaments.director.urls")),
    path("table/", include("tournaments.terminal.urls")),
    path("", include("tournaments.urls_movement")),
    path("", include("tournaments.results.urls")),
    path("", include("tournaments.urls")),
]
