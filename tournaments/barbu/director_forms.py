"""The director's Barbu score sheet: a contract's record typed in one short line.

A director copying a paper sheet at speed types, per contract:

* Barbu: the seat that took the king of hearts, ``E``;
* Hearts: hearts per seat and the ace's taker, ``N3 E6 S2 W2 ace E``;
* Queens, Tricks, Trump: counts per seat, ``N2 S2`` or ``N5 E4 S3 W1``;
* Last two: the takers of tricks 12 and 13, ``S W``;
* Réussite: the finishing order, first out first, ``E N W S``;

the doubles as ``S>N, W>N`` (doubler>doubled), a double the doubled player
redoubles as ``S>N XX``; the deal's number in the manche (1 to 7, the order
the declarer chose the contracts); the Trump deal's suit (S, H, D, C) and the
Réussite's height (2 to A).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.barbu import Contract

SEATS = ("N", "E", "S", "W")
COUNT = re.compile(r"^([NESW])(\d{1,2})$")
DOUBLE = re.compile(r"^([NESW])\s*>\s*([NESW])(?:\s*(XX|2))?$")


def parse_record(contract: Contract, text: str) -> dict[str, object]:
    """The record ``deal_score`` takes, from the typed line (ValidationError)."""
    words = text.upper().replace(",", " ").split()
    if contract is Contract.BARBU:
        return {"king": _one_seat(words)}
    if contract is Contract.LAST_TWO:
        seats = _seats(words, 2)
        return {"penultimate": seats[0], "last": seats[1]}
    if contract is Contract.REUSSITE:
        return {"order": _seats(words, 4)}
    if contract is Contract.HEARTS:
        if len(words) < 2 or words[-2] != "ACE":
            raise ValidationError(
                {"record": _('Hearts: counts then the ace, as in "N3 E6 S2 W2 ace E".')}
            )
        return {"hearts": _counts(words[:-2]), "ace": _one_seat(words[-1:])}
    key = "queens" if contract is Contract.QUEENS else "tricks"
    return {key: _counts(words)}


def _one_seat(words: list[str]) -> str:
    return _seats(words, 1)[0]


def _seats(words: list[str], count: int) -> list[str]:
    if len(words) != count or any(word not in SEATS for word in words):
        raise ValidationError(
            {"record": _("Write %(n)d seat(s) among N, E, S, W.") % {"n": count}}
        )
    return words


def _counts(words: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for word in words:
        found = COUNT.match(word)
        if found is None:
            raise ValidationError(
                {"record": _('Write counts by seat, as in "N5 E4 S3 W1".')}
            )
        counts[found.group(1)] = int(found.group(2))
    return counts


def parse_order(text: str) -> int:
    """The deal's number in the manche, 1 to 7, as typed (ValidationError)."""
    if not text.isdigit() or not 1 <= int(text) <= len(Contract):
        raise ValidationError(
            {
                "order": _(
                    "Give the deal's number in the manche, 1 to 7, in the order "
                    "the declarer chose the contracts."
                )
            }
        )
    return int(text)


def parse_doubles(text: str) -> list[list[object]]:
    """``S>N, W>N XX`` as ``[["S", "N", 1], ["W", "N", 2]]`` (ValidationError)."""
    doubles: list[list[object]] = []
    for part in filter(None, (p.strip() for p in text.upper().split(","))):
        found = DOUBLE.match(part)
        if found is None:
            raise ValidationError(
                {
                    "doubles": _(
                        'Write doubles as "S>N" (S doubles N), a double that N '
                        'redoubles as "S>N XX".'
                    )
                }
            )
        doubler, doubled, redouble = found.groups()
        doubles.append([doubler, doubled, 2 if redouble else 1])
    return doubles


def record_text(contract: Contract, record: Mapping[str, object]) -> str:
    """A stored record written back the way it is typed."""
    if contract is Contract.BARBU:
        return str(record["king"])
    if contract is Contract.LAST_TWO:
        return f"{record['penultimate']} {record['last']}"
    if contract is Contract.REUSSITE:
        return " ".join(record["order"])
    key = {"hearts": "hearts", "queens": "queens"}.get(contract.value, "tricks")
    counts = record[key]
    text = " ".join(f"{seat}{counts[seat]}" for seat in SEATS if counts.get(seat))
    if contract is Contract.HEARTS:
        text += f" ace {record['ace']}"
    return text


def doubles_text(doubles: list[list[object]]) -> str:
    return ", ".join(f"{a}>{b}{' XX' if times == 2 else ''}" for a, b, times in doubles)
