"""Donne's own sign-in and sign-out pages (not the Django admin's).

Django's authentication views do the work: the "next" address is followed
only when it is on this site (``url_has_allowed_host_and_scheme``), a wrong
password re-shows the form with Django's message, and signing out is a POST
(a link cannot sign a director out).  The admin's login address redirects
here (``config.urls``), so that every "please sign in" of the director's
pages, which use the admin's ``staff_member_required``, lands on this page.

Wrong passwords lock a username out (``services.director_locks``: five in
15 minutes from one address, or fifty from the address whatever the names):
the page then answers 429 saying how long to wait, the password unread.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.utils.translation import gettext as _
from django.views.generic import RedirectView

from tournaments.services import director_locks
from tournaments.services.tablet_access import client_ip

app_name = "accounts"
logger = logging.getLogger("donne.accounts")


class SignInView(auth_views.LoginView):
    """The sign-in form; a refused sign-in answers 400 with the form's message,
    a locked-out one 429 with how long to wait."""

    template_name = "accounts/sign_in.html"

    def _who(self) -> tuple[str, str]:
        return str(self.request.POST.get("username", ""))[:150], client_ip(self.request)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            lock = director_locks.lock_for(*self._who())
        except Exception:  # the shared cache is down: fail closed, not with a 500
            logger.exception("director sign-in: the lock-out cache cannot be read")
            form = AuthenticationForm(request, initial={"username": self._who()[0]})
            message = _("Signing in is unavailable for a moment: try again shortly.")
            context = self.get_context_data(form=form, locked=message)
            response = self.render_to_response(context, status=503)
            response["Retry-After"] = "30"
            return response
        if lock is None:
            return super().post(request, *args, **kwargs)
        form = AuthenticationForm(request, initial={"username": self._who()[0]})
        context = self.get_context_data(form=form, locked=lock.message())
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(lock.seconds_left())
        return response

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        director_locks.record_success(*self._who())
        return super().form_valid(form)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        username, address = self._who()
        if username:
            director_locks.record_failure(username, address)
        response = super().form_invalid(form)
        response.status_code = 400
        return response


urlpatterns = [
    path("login/", SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]

# The admin's login address, answered by Donne's page with the same "next".
admin_login_redirect = RedirectView.as_view(
    pattern_name="accounts:login", query_string=True
)
