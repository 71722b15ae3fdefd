"""URLs of the printable movement documents, in the "movement" namespace.

Include the module as it is: ``path("", include("tournaments.pages.movement_urls"))``
in the root URLconf gives ``movement:sheet``, ``movement:table-cards`` and
``movement:pair-cards`` under ``/director/sections/<section_id>/``.
"""

from __future__ import annotations

from django.urls import path

from tournaments.pages import movements as views_movement

app_name = "movement"

urlpatterns = [
    path(
        "director/sections/<int:section_id>/movement/",
        views_movement.sheet,
        name="sheet",
    ),
    path(
        "director/sections/<int:section_id>/cards/table/",
        views_movement.table_cards,
        name="table-cards",
    ),
    path(
        "director/sections/<int:section_id>/cards/pairs/",
        views_movement.pair_cards,
        name="pair-cards",
    ),
]
