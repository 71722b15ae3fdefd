"""Donne's ``[ScoringOptions "Name=value;..."]`` PBN tag read back into event
settings, so an exported IMP-pairs or rounded-matchpoint event re-imports
scored the same way (``tournaments.exporters.pbn.scoring_options`` writes it).

Names another program does not know are skipped by it; names Donne does not
know are skipped here (a later version may add some).  A known name with a
value the event field refuses is an error naming the tag, the option and the
value, never a half-set event.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from games.errors import GameError
from games.pbn import PbnGame
from tournaments.models import Event

# PBN option name -> Event field.
OPTION_FIELDS = {
    "MpRounding": "mp_rounding",
    "AveragePlusImps": "imp_average_plus",
    "DatumTrim": "butler_trim",
    "DatumTrimCount": "butler_trim_count",
    "DatumTrimPercent": "butler_trim_percent",
    "DatumRounding": "butler_rounding",
    "CrossImps": "cross_imps_total",
    "ComparisonCap": "cross_imps_cap",
    "RoundCap": "imp_round_cap",
}
CROSS_IMPS = {"average": False, "total": True}


def pbn_scoring_options(game: PbnGame) -> dict[str, object]:
    """The event settings a game's ``[ScoringOptions]`` names (none if absent)."""
    text = (game.tags.get("ScoringOptions") or "").strip()
    settings: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, _, value = item.partition("=")
        name, value = name.strip(), value.strip()
        field_name = OPTION_FIELDS.get(name)
        if field_name is None:
            continue
        settings[field_name] = _value(field_name, name, value)
    return settings


def _value(field_name: str, name: str, value: str) -> object:
    """The option's value as the event field holds it, checked by that field."""
    if field_name == "cross_imps_total":
        if value not in CROSS_IMPS:
            raise GameError(
                f'[ScoringOptions] {name}: "{value[:20]}" is not average or total'
            )
        return CROSS_IMPS[value]
    model_field = Event._meta.get_field(field_name)
    try:
        return model_field.clean(value, None)
    except ValidationError as error:
        raise GameError(
            f'[ScoringOptions] {name}: "{value[:20]}" {" ".join(error.messages)}'
        ) from None
