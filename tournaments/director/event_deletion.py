"""The director's page deleting an event: the event's name typed to confirm."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Event
from tournaments.selectors.director_events import event_for_director
from tournaments.services.event_deletion import (
    EventInPlay,
    event_contents,
    event_delete,
    playing_sessions,
)


class EventDeleteForm(forms.Form):
    """The event's name, typed back by the director."""

    confirm = forms.CharField(
        label=gettext_lazy("Type the event's name to confirm"),
        max_length=200,
        strip=False,
    )


@staff_member_required
def event_delete_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show what deleting the event removes; delete it on a confirmed POST.

    A name typed wrong re-shows the form (400); an event with a session
    being played is refused (409) and stays whole.
    """
    event = event_for_director(pk)
    form = EventDeleteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                name = event_delete(
                    event.pk, confirm=form.cleaned_data["confirm"], user=request.user
                )
            except ValidationError as error:
                form.add_error("confirm", error.message_dict["confirm"])
            except EventInPlay as refusal:
                messages.error(request, str(refusal))
                status = 409
            except Event.DoesNotExist:
                messages.info(request, _("This event was already deleted."))
                return redirect("director:dashboard")
            else:
                messages.success(
                    request, _("Event “%(name)s” deleted.") % {"name": name}
                )
                return redirect("director:dashboard")
        if form.errors:
            status = 400
    context = {
        "event": event,
        "form": form,
        "contents": event_contents(event),
        "playing": playing_sessions(event),
    }
    return render(request, "director/event_delete.html", context, status=status)
