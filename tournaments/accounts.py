"""Donne's own sign-in and sign-out pages (not the Django admin's).

Django's authentication views do the work: the "next" address is followed
only when it is on this site (``url_has_allowed_host_and_scheme``), a wrong
password re-shows the form with Django's message, and signing out is a POST
(a link cannot sign a director out).  The admin's login address redirects
here (``config.urls``), so that every "please sign in" of the director's
pages, which use the admin's ``staff_member_required``, lands on this page.
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse
from django.urls import path
from django.views.generic import RedirectView

app_name = "accounts"


class SignInView(auth_views.LoginView):
    """The sign-in form; a refused sign-in answers 400 with the form's message."""

    template_name = "accounts/sign_in.html"

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
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
