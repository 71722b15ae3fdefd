"""Where a live repair goes back to: the console when the director came
from it (the section page's forms then carry ``back=console``), else the
section page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import redirect

CONSOLE = "console"


def section_or_console(request: HttpRequest, section_pk: int) -> HttpResponseRedirect:
    """Redirect to the section's console if the form said it came from
    there, else to the section page."""
    if request.POST.get("back") == CONSOLE:
        return redirect("director:console", pk=section_pk)
    return redirect("director:section", section_pk)
