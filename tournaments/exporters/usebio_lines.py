"""What USEBIO shows of a played line and a deal, and a pairs section's
boards written as text (issue 34).

``played_parts`` and ``hand_parts`` are the one home of what a
``TRAVELLER_LINE`` and a ``HAND`` hold, as ``(tag, value)`` pairs: the
teams and individual files grow them as ElementTree elements
(``usebio._played``, ``usebio._hands``), and a pairs section's boards, most
of a big file, are written straight as text (``boards_text``), which a
2,000-table field's 52,000 lines need to be built in well under a second.
"""

from __future__ import annotations

from games.deal import Deal
from tournaments.exporters.xml_text import INDENT, escape_attribute, text_element
from tournaments.models import Board, Event, Result
from tournaments.selectors.line_rows import TravellerLine
from tournaments.selectors.pairs import LineRow, SectionReport

SUITS = (("CLUBS", 3), ("DIAMONDS", 2), ("HEARTS", 1), ("SPADES", 0))
SEATS = (("East", 1), ("North", 0), ("South", 2), ("West", 3))

Parts = list[tuple[str, object]]


def number_text(value: float | None) -> str:
    """A line's points as Compscore writes them: "8", "2.6", "3.67"."""
    if value is None:
        return ""
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


def played_parts(event: Event, result: Result | TravellerLine) -> Parts:
    """The line's contract, declarer, lead, tricks and NS score (or ``A6040``)."""
    if result.is_adjusted:
        ns = _percent(event, result.adjusted_ns)
        ew = _percent(event, result.adjusted_ew)
        return [("SCORE", f"A{ns:02d}{ew:02d}")]
    if result.weighted:
        # USEBIO has no weighted scores: the assigned score's weighted mean.
        return [("SCORE", result.score_ns)]
    passed = result.contract.upper() == "PASS"
    parts: Parts = [("CONTRACT", "PASS" if passed else result.contract)]
    if not passed:
        parts.append(("PLAYED_BY", result.declarer))
        if len(result.lead) == 2:
            parts.append(("LEAD", result.lead[1] + result.lead[0]))
        parts.append(("TRICKS", result.tricks))
    parts.append(("SCORE", result.score_ns or 0))
    return parts


def _percent(event: Event, mark: str) -> int:
    """An adjusted score's percentage; USEBIO's ``A6040`` has two digits a side."""
    named = {
        "A+": event.average_plus,
        "A": event.average,
        "A-": event.average_minus,
    }
    value = named.get(mark.upper())
    return min(99, round(float(value if value is not None else mark)))


def hand_parts(board: Board) -> Parts:
    """The board's four ``HAND`` s, none when its deal is not known."""
    if not board.deal:
        return []
    # The PBN deal from North: "N:spades.hearts.diamonds.clubs east south west".
    hands = Deal.from_pbn(board.deal).to_pbn().split(":", 1)[1].split()
    parts: Parts = []
    for seat, index in SEATS:
        suits = hands[index].split(".")
        shown = [(tag, "" if suits[i] == "-" else suits[i]) for tag, i in SUITS]
        parts.append(("HAND", [("DIRECTION", seat), *shown]))
    return parts


def line_parts(event: Event, line: LineRow, points: str) -> Parts:
    """A pairs ``TRAVELLER_LINE`` 's children: the pairs, the play, the points."""
    result = line.result
    parts: Parts = [
        ("NS_PAIR_NUMBER", result.ns_pair.label),
        ("EW_PAIR_NUMBER", result.ew_pair.label),
        *played_parts(event, result),
    ]
    by_imps = points != "MATCH_POINTS"
    ns = line.imp_ns if by_imps else line.mp_ns
    ew = line.imp_ew if by_imps else line.mp_ew
    if ns is not None:
        parts.append((f"NS_{points}", number_text(ns)))
        parts.append((f"EW_{points}", number_text(ew)))
    return parts


def boards_text(
    report: SectionReport,
    event: Event,
    kind: str,
    points: str,
    *,
    hands: bool,
    level: int,
) -> str:
    """The section's ``BOARD`` elements as XML text at ``level`` (for
    ``xml_text.rendered``): each board's number, Butler datum, deal
    (``hands``) and traveller lines."""
    inner = "\n" + INDENT * (level + 1)
    opening = f'<BOARD EVENT_TYPE="{escape_attribute(kind)}">{inner}'
    closing = f"\n{INDENT * level}</BOARD>"
    boards = []
    for number, lines in report.boards():
        children: Parts = [("BOARD_NUMBER", number)]
        if report.butler and number in report.datums:
            children.append(("BOARD_AVERAGE", number_text(report.datums[number])))
        if hands:
            children += hand_parts(lines[0].result.board)
        shown = [text_element(tag, value, level + 1) for tag, value in children]
        shown += [
            text_element("TRAVELLER_LINE", line_parts(event, line, points), level + 1)
            for line in lines
        ]
        boards.append(opening + inner.join(shown) + closing)
    return ("\n" + INDENT * level).join(boards)
