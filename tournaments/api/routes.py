"""The API's routes of one kind of object found by id, each named after
its action: ``sections/<int:id>/clock/`` is "api-section-clock", a game's
``sections/<int:id>/barbu-deals/`` is "api-barbu-deals", the object's own
``pairs/<int:id>/`` is "api-pair".  The routes and
their names are contracts: the rule writes both from the action once."""

from __future__ import annotations

from django.urls import URLPattern, path
from rest_framework.views import APIView

Action = tuple[str, type[APIView]]


def object_routes(
    kind: str, *actions: Action, names: str | None = None
) -> list[URLPattern]:
    """``<kind>s/<int:id>/<action>/`` to each view of ``actions``
    (``(action, view class)``), named "api-<kind>-<action>", or ``names`` +
    action (a game's own: "api-"); the action "" is the object itself,
    ``<kind>s/<int:id>/`` named "api-<kind>"."""
    prefix = f"api-{kind}-" if names is None else names
    return [
        path(
            f"{kind}s/<int:id>/{action}/" if action else f"{kind}s/<int:id>/",
            view.as_view(),
            name=prefix + action if action else f"api-{kind}",
        )
        for action, view in actions
    ]
