"""URLs of the printable movement documents, in the "movement" namespace.

Include the module as it is: ``path("", include("tournaments.pages.movement_urls"))``
in the root URLconf gives ``movement:sheet``, ``movement:table-cards`` and
``movement:pair-cards`` under ``/director/sections/<section_id>/``.
"""

from __future__ import annotations

from django.urls import path

from tournaments.pages import movements

app_name = "movement"

urlpatterns = [
    path(
        "director/sections/<int:section_id>/movement/",
        movements.sheet,
        name="sheet",
    ),
    path(
        "director/sections/<int:section_id>/cards/table/",
        movements.table_cards,
        name="table-cards",
    ),
    path(
        "director/sections/<int:section_id>/cards/pairs/",
        movements.pair_cards,
        name="pair-cards",
    ),
]
