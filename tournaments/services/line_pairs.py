"""A board played by the wrong pairs, or with the pairs turned round.

The director fixes a stored line's pairs (``line_pairs_fix``) or swaps its
direction (``line_swap``); the line keeps the round and table where it was
played, its contract and its score, and is then scored where it belongs
(the right pairs' scorecards).  Both go through the one write path
(``services.entry.write_line``): audited (the pairs before and after), the
section marked stale, a closed session refused.  The movement is not
checked: the point is that the room did not follow it.  Only a director
does this; a tablet never.

**Turned round.**  A table records what happened at its seats: "4S by N
made, NS +420" means the cards in the North seat declared and the North-
South seats scored +420.  If pair 3NS sat East-West and pair 5EW sat North-
South, the cards and the result were exactly as recorded; only the pair
numbers are on the wrong side.  So the swap exchanges ``ns_pair`` and
``ew_pair`` and leaves contract, declarer, tricks and the NS score as they
are: the +420 is compared with the other North-South scores on the board
(those tables held the same cards), and it is credited to 5EW, who held
them.  Flipping the score's sign or rotating the declarer instead would
compare East-West's cards with North-South's.  An adjusted score goes with
its seats the same way (NS's A+ stays NS's, now 5EW's).
"""

from __future__ import annotations

import re

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Board, Pair, Result, Section, Source
from tournaments.registry import section_game
from tournaments.services.audit import AUDITED_FIELDS
from tournaments.services.entry import Entry, Writer, write_line

PAIR_LABEL = re.compile(r"^\s*(\d{1,4})\s*(NS|EW)?\s*$", re.IGNORECASE)


def pair_by_label(section: Section, text: str, field: str) -> Pair:
    """The section's pair labelled ``text`` ("3NS", "3EW", "7"; "3" for the
    pair 3 playing ``field``'s direction when both 3NS and 3EW exist)."""
    match = PAIR_LABEL.match(str(text))
    found: list[Pair] = []
    if match is not None:
        pairs = section.pairs.filter(number=int(match.group(1)))
        if match.group(2):
            pairs = pairs.filter(direction=match.group(2).upper())
        found = list(pairs[:2])
        if len(found) > 1:
            found = [pair for pair in found if pair.direction == field.upper()[:2]]
    if len(found) != 1:
        raise ValidationError(
            {field: _("No pair %(pair)s in this section.") % {"pair": text}}
        )
    return found[0]


def line_pairs_fix(
    result: Result,
    *,
    ns_pair: Pair | None = None,
    ew_pair: Pair | None = None,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
) -> Result:
    """Give a stored line the pairs who really played it (either or both).

    Refused, naming the field (``ns_pair`` or ``ew_pair``): a pair of
    another section, the phantom, a pair against itself, or a pair that
    then plays the board twice (it has another line on this board).
    """
    ns_pair = ns_pair or result.ns_pair
    ew_pair = ew_pair or result.ew_pair
    return rewrite(result, ns_pair, ew_pair, user, source)


def line_swap(
    result: Result,
    *,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
    expected_ns: int | None = None,
) -> Result:
    """The pairs sat the wrong way round: exchange the line's NS and EW pairs.

    The seats' result stays as played (see the module's docstring).
    ``expected_ns`` is the id of the NS pair the director saw: a second click of the
    same button (the line already swapped) is refused rather than swapping
    the line back.  Two clicks at the same instant both write the same
    pairs, and the write path stores the second as no change.
    """
    if expected_ns is not None and expected_ns != result.ns_pair_id:
        raise ValidationError(
            {"ns_pair": _("Board %(board)d was already swapped: %(pair)s sits "
                          "North-South now.")
             % {"board": result.board.number, "pair": result.ns_pair.label}}
        )  # fmt: skip
    return rewrite(result, result.ew_pair, result.ns_pair, user, source)


def check_line_pairs(result: Result, ns_pair: Pair, ew_pair: Pair) -> None:
    """Two different real pairs of the line's section, each playing the
    board once."""
    board = result.board
    check_seats(board, ns_pair, ew_pair)
    others = Result.objects.filter(board=board).exclude(pk=result.pk)
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        if others.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).exists():
            raise twice(field, pair, board)


def twice(field: str, pair: Pair, board: Board) -> ValidationError:
    """The refusal of a pair playing a board twice, naming the field."""
    return ValidationError(
        {field: _("Pair %(pair)s already has a result on board %(board)d: "
                  "it would play the board twice.")
         % {"pair": pair.label, "board": board.number}}
    )  # fmt: skip


def check_seats(board: Board, ns_pair: Pair, ew_pair: Pair) -> None:
    """Two different real pairs of the board's section (not a teams match)."""
    if section_game(board.section).team_matches:
        raise ValidationError(
            {"ns_pair": _("A teams match's teams are set by its match, not by "
                          "its lines.")}
        )  # fmt: skip
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        if pair.section_id != board.section_id:
            raise ValidationError(
                {field: _("Pair %(pair)s is not in this section.")
                 % {"pair": pair.label}}
            )  # fmt: skip
        if pair.phantom:
            raise ValidationError(
                {field: _("Pair %(pair)s is the phantom: it plays no board.")
                 % {"pair": pair.label}}
            )  # fmt: skip
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError({"ew_pair": _("A pair cannot play against itself.")})


def rewrite(
    result: Result,
    ns_pair: Pair,
    ew_pair: Pair,
    user: AbstractBaseUser | None,
    source: str,
) -> Result:
    """Store the line's new pairs through the one write path (director only)."""
    if source == Source.TABLE:
        raise PermissionDenied(_("Only the director changes a line's pairs."))
    check_line_pairs(result, ns_pair, ew_pair)
    board = result.board
    entry = Entry(
        section=board.section,
        model=Result,
        slot={"board": board, "ns_pair": ns_pair},
        values={"ns_pair": ns_pair, "ew_pair": ew_pair},
        audited=AUDITED_FIELDS,
        table=result.table,
        round=result.round.number if result.round else None,
        where=_("Board %(board)d, %(ns)s v %(ew)s")
        % {"board": board.number, "ns": ns_pair.label, "ew": ew_pair.label},
        board=board,
        line=result,
        clash=_("Pair %(ns)s or %(ew)s already has a result on board %(board)d.")
        % {"board": board.number, "ns": ns_pair.label, "ew": ew_pair.label},
        check=lambda line: check_line_pairs(line, line.ns_pair, line.ew_pair),
    )
    line, _created = write_line(Writer(source=source, user=user), entry)
    return line
