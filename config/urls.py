"""Top-level URL configuration."""

from django.contrib import admin
from django.urls import include, path

from tournaments.accounts import admin_login_redirect

urlpatterns = [
    path("admin/login/", admin_login_redirect),
    path("admin/", admin.site.urls),
    path("accounts/", include("tournaments.accounts")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("tournaments.api.urls")),
    path("director/", include("tournaments.director.urls")),
    path("table/", include("tournaments.terminal.urls")),
    path("", include("tournaments.pages.movement_urls")),
    path("", include("tournaments.results.urls")),
    path("", include("tournaments.urls")),
]
