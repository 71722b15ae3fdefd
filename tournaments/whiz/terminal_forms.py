"""The Whiz tablet's bid-box form: the contract in tricks bid (7 to 13), the
declarer one of the table's three players, and the tricks made."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.terminal.forms import (
    DENOMINATIONS,
    DOUBLINGS,
    RESULTS,
    TabletForm,
    radio_field,
)

WHIZ_LEVELS = [(str(n), str(n)) for n in range(7, 14)]
WHIZ_SEATS = [("N", "N"), ("E", "E"), ("S", "S")]


class WhizEntryForm(TabletForm):
    """A Whiz result from the bid box: 7 to 13 tricks, a human declarer."""

    level = radio_field(gettext_lazy("Tricks bid"), WHIZ_LEVELS)
    denomination = radio_field(gettext_lazy("Denomination"), DENOMINATIONS)
    doubled = radio_field(gettext_lazy("Doubled"), DOUBLINGS)
    declarer = radio_field(gettext_lazy("Declarer"), WHIZ_SEATS)
    result = radio_field(gettext_lazy("Tricks"), RESULTS)
    NEEDED = (
        ("level", gettext_lazy("Choose the number of tricks bid.")),
        ("denomination", gettext_lazy("Choose the contract's denomination.")),
        ("declarer", gettext_lazy("Choose the declarer.")),
        ("result", gettext_lazy("Choose the number of tricks.")),
    )

    def __init__(self, *args: object, players: dict | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if players:
            self.fields["declarer"].choices = [
                (seat, f"{seat} · {entrant.display_name}")
                for seat, entrant in players.items()
            ]

    def complete(self, data: dict[str, object]) -> None:
        level = int(data["level"])
        text = data["result"]
        tricks = level if text == "=" else level + int(text)
        if not 0 <= tricks <= 13:
            self.add_error(
                "result",
                _("%(result)s is not possible in %(contract)s.")
                % {"result": text, "contract": f"{level}{data['denomination']}"},
            )
            return
        data.update(
            contract=f"{level}{data['denomination']}{data.get('doubled') or ''}",
            tricks=tricks,
        )
