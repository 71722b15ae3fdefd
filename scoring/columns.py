"""Score a pairs session from columns: numpy arrays in, numpy arrays out.

:func:`scoring.session.score_session` takes one ``TravellerLine`` per line
and returns one ``ScoredTravellerLine`` per line: on a field of 1,000,000
lines that is about 1.4 s to build the input objects and 5 s to score them,
most of it Python objects and dictionaries.  :func:`score_columns` takes the
same field as arrays (board numbers, NS and EW pair ids, NS scores) as a
rescore can read them straight from the database, and returns each line's
figures and each pair's totals, percentage and place as arrays.  The
figures are those of ``score_session`` to the last bit (the property tests
in ``tests/scoring/test_columns.py`` compare the two on random fields).

The bulk goes through numpy in one pass, with the same operations in the
same order as ``scoring.plain_field``.  The rare lines that are not plain
scores come in a small mapping ``special`` from line index to result.  An
artificial adjusted score (A+/A-, a percentage, an award against an absent
pair) only changes its board's number of results and top, so its board
stays on the numpy path and the line itself is worked out alone.  A board
holding a weighted score (Law 12C1) has its raw matchpoints worked out
apart (``_weighted_raw``: arrays for its plain lines, the Python of
``scoring.board`` for its weighted ones), then joins the others.  When the
club prints matchpoints rounded (``mp_decimals``), ``scoring.printed`` rounds
them as ``BoardSettings.printed`` does, for the whole field at once.
Session averages for A+/A-
(``AverageRule.SESSION``) are worked out from array totals and applied to
the artificial lines only.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

import numpy as np

from scoring.board import (
    ArtificialScore,
    BoardSettings,
    WeightedScore,
    is_absent_award,
)
from scoring.field import matchpoint_field, rank_field, round_like_python
from scoring.matchpoints import top as matchpoint_top
from scoring.printed import printed_field
from scoring.ranking import DEFAULT_NDIGITS
from scoring.session import GROUP_ORDER, AverageRule, PairStanding, SessionSettings

# score_board's rounding of the figures it returns.
_NDIGITS = 9

# Non-negative integer ids no larger than this beyond the number of entries
# are their own np.bincount bins (no sort of the ids), as in scoring.field.
_DIRECT_ID_SLACK = 2**16

SpecialResult = WeightedScore | ArtificialScore


@dataclass(frozen=True)
class PairColumns:
    """Each pair's session, one array element per pair, in ranking order.

    The groups follow one another as ``score_session`` lists its rankings
    (NS, EW, then the single ranking); ``spans`` gives each group's slice of
    the arrays.  Within a group, best first, ties by the pair id as text.
    """

    pair: np.ndarray
    mp: np.ndarray
    top: np.ndarray
    pct: np.ndarray
    boards: np.ndarray
    rank: list[str]
    spans: list[tuple[str | None, int, int]]

    def rankings(self) -> dict[str | None, list[PairStanding]]:
        """The rankings as ``score_session`` returns them (one object per
        pair, not per line): what the penalties and the store take."""
        pairs = self.pair.tolist()
        mp, top, pct = self.mp.tolist(), self.top.tolist(), self.pct.tolist()
        boards = self.boards.tolist()
        return {
            group: [
                PairStanding(
                    pairs[i], group, mp[i], top[i], pct[i], boards[i], self.rank[i]
                )
                for i in range(start, end)
            ]
            for group, start, end in self.spans
        }


@dataclass(frozen=True)
class ColumnScore:
    """A scored session as columns: each line's figures, aligned with the
    input lines, and the pairs' standings (None when not ``ranked``)."""

    ns_mp: np.ndarray
    ew_mp: np.ndarray
    ns_pct: np.ndarray
    ew_pct: np.ndarray
    top: np.ndarray
    artificial: np.ndarray
    pairs: PairColumns | None


def score_columns(
    boards: np.ndarray,
    ns: np.ndarray,
    ew: np.ndarray,
    scores: np.ndarray,
    *,
    special: Mapping[int, SpecialResult] | None = None,
    settings: SessionSettings | None = None,
    groups: Mapping[int, str | None] | None = None,
    expected: int | Mapping[int, int] | None = None,
    ranked: bool = True,
) -> ColumnScore:
    """Score a session given as columns, with ``score_session``'s figures.

    ``boards``, ``ns`` and ``ew`` are integer arrays (board number, NS and EW
    pair id of each line); ``scores`` the NS score in points of each plain
    line.  ``special`` maps the index of each line that is not a plain score
    to its result (a weighted or an artificial score); its ``scores`` entry
    is then ignored (NaN is fine).  ``settings``, ``groups``, ``expected``
    and ``ranked`` are those of :func:`scoring.session.score_session`.
    """
    settings = settings or SessionSettings()
    special = special or {}
    boards = np.asarray(boards, dtype=np.int64)
    ns = np.asarray(ns, dtype=np.int64)
    ew = np.asarray(ew, dtype=np.int64)
    scores = np.asarray(scores)
    n = len(boards)
    if not (ns.shape == ew.shape == scores.shape == boards.shape == (n,)):
        raise ValueError("boards, ns, ew and scores must be 1-D and of one length")
    if any(not 0 <= i < n for i in special):
        raise ValueError("special: every key must be the index of a line")

    distinct, where, counts = _codes(boards)
    artificial = np.zeros(n, dtype=bool)
    weighted = np.zeros(len(distinct), dtype=bool)
    absent = np.zeros(len(distinct), dtype=np.int64)
    for index, result in special.items():
        if isinstance(result, WeightedScore):
            weighted[where[index]] = True
        elif isinstance(result, ArtificialScore):
            artificial[index] = True
            absent[where[index]] += is_absent_award(result)
        else:
            raise TypeError(f"special: a weighted or artificial score, got {result!r}")
    played = counts - absent
    if expected is None:
        expected = int(played.max()) if n else 0
    if isinstance(expected, Mapping):
        each = np.asarray([expected.get(b, 0) for b in distinct.tolist()])
    else:
        each = np.full(len(distinct), expected)
    # Per board, what score_board is told and how many results it compares.
    board = _Boards(
        distinct,
        where,
        np.maximum(each, played),
        counts - np.bincount(where[artificial], minlength=len(distinct)),
    )
    figures = np.zeros((5, n), dtype=np.float64)
    fast = ~artificial
    if fast.any():
        mixed = weighted[where] & fast
        raw = _raw_matchpoints(board, scores, fast, mixed, special, settings.board)
        _plain(board, raw, fast, settings.board, figures)
    if artificial.any():
        _marked(board, special, artificial, settings.board, figures)
    ns_mp, ew_mp, ns_pct, ew_pct, top = figures

    averaged = settings.average_rule is AverageRule.SESSION and artificial.any()
    pairs = None
    if ranked or averaged:
        slot, ids = _pair_slots(ns, ew)
        if averaged:
            _session_averages(
                figures, slot, len(ids), artificial, special, settings.board
            )
        if ranked:
            pairs = _rank(ids, slot, figures, groups or {})
    return ColumnScore(ns_mp, ew_mp, ns_pct, ew_pct, top, artificial, pairs)


def _codes(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct values ascending, each value's index among them, and how
    many times each occurs: np.unique's answer, by np.bincount when the
    values are small non-negative integers (no sort)."""
    if (
        len(values)
        and values.min() >= 0
        and values.max() <= len(values) + _DIRECT_ID_SLACK
    ):
        counts = np.bincount(values)
        distinct = np.flatnonzero(counts)
        if len(distinct) == len(counts):
            return distinct, values, counts
        index = np.zeros(len(counts), dtype=np.int64)
        index[distinct] = np.arange(len(distinct))
        return distinct, index[values], counts[distinct]
    return np.unique(values, return_inverse=True, return_counts=True)


class _Boards(NamedTuple):
    """The session's boards: their numbers ascending, each line's board (an
    index into them), the N each board is scored for (``score_board``'s
    ``expected``: at least its plays) and its real results (not artificial)."""

    number: np.ndarray
    where: np.ndarray
    wanted: np.ndarray
    real: np.ndarray


def _raw_matchpoints(
    board: _Boards,
    scores: np.ndarray,
    lines: np.ndarray,
    mixed: np.ndarray,
    special: Mapping[int, SpecialResult],
    settings: BoardSettings,
) -> np.ndarray:
    """The unfactored NS matchpoints of the real ``lines`` (a mask), in the
    lines' order: ``matchpoint_field`` for the boards of plain scores, and
    ``_weighted_raw`` for the ``mixed`` lines, those of the boards that hold
    a weighted score (Law 12C1)."""
    every = bool(lines.all())
    if not mixed.any():
        return matchpoint_field(
            board.number[board.where if every else board.where[lines]],
            scores if every else scores[lines],
            top_per_beat=settings.top_per_beat,
        )
    raw = np.zeros(len(lines), dtype=np.float64)
    simple = lines & ~mixed
    if simple.any():
        raw[simple] = matchpoint_field(
            board.number[board.where[simple]],
            scores[simple],
            top_per_beat=settings.top_per_beat,
        )
    indexes = np.flatnonzero(mixed)
    indexes = indexes[np.argsort(board.where[indexes], kind="stable")]
    starts = np.flatnonzero(np.diff(board.where[indexes], prepend=-1))
    for start, end in pairwise([*starts.tolist(), len(indexes)]):
        chosen = indexes[start:end]
        raw[chosen] = _weighted_raw(chosen, scores, special, settings.top_per_beat)
    return raw if every else raw[lines]


def _weighted_raw(
    lines: np.ndarray,
    scores: np.ndarray,
    special: Mapping[int, SpecialResult],
    top_per_beat: float,
) -> np.ndarray:
    """The raw NS matchpoints of one board's real ``lines`` (indexes, in
    input order) when some are weighted scores: ``scoring.board``'s
    ``_weighted_matchpoints`` with the same float operations in the same
    order.  The field's weight at each score is added up in line order (one
    np.bincount over the parts sorted by line, then part), the prefix sums by
    np.cumsum (sequential, as itertools.accumulate); a plain line's figure is
    then one array expression, a weighted line's the Python of the original."""
    half = top_per_beat / 2
    weighted = [i in special for i in lines.tolist()]
    plain_at = np.flatnonzero(~np.asarray(weighted, dtype=bool))
    parts_at = [(p, special[int(lines[p])].parts) for p in np.flatnonzero(weighted)]
    flat = [(p, j, w, s) for p, parts in parts_at for j, (w, s) in enumerate(parts)]
    position = np.concatenate((plain_at, [f[0] for f in flat])).astype(np.int64)
    part = np.concatenate((np.zeros(len(plain_at)), [f[1] for f in flat]))
    weight = np.concatenate((np.ones(len(plain_at)), [f[2] for f in flat]))
    score = np.concatenate(
        (scores[lines[plain_at]].astype(np.float64), [f[3] for f in flat])
    )
    order = np.lexsort((part, position))
    distinct, code = np.unique(score, return_inverse=True)
    weight_at = np.bincount(code[order], weights=weight[order], minlength=len(distinct))
    below = np.concatenate(([0.0], np.cumsum(weight_at)))
    raw = np.empty(len(lines), dtype=np.float64)
    i = code[: len(plain_at)]
    at = below[i + 1] - below[i]
    raw[plain_at] = top_per_beat * below[i] + half * at - half
    ordered, sums = distinct.tolist(), below.tolist()

    def credit(value: float) -> float:
        i = bisect_left(ordered, value)
        at = sums[bisect_right(ordered, value)] - sums[i]
        return top_per_beat * sums[i] + half * at

    for p, parts in parts_at:
        raw[p] = sum(
            w
            * (
                credit(s)
                - sum(
                    w2 * (top_per_beat if s > s2 else half if s == s2 else 0.0)
                    for w2, s2 in parts
                )
            )
            for w, s in parts
        )
    return raw


def _plain(
    board: _Boards,
    raw: np.ndarray,
    lines: np.ndarray,
    settings: BoardSettings,
    figures: np.ndarray,
) -> None:
    """Fill ``figures`` for the real ``lines`` (a mask), given their raw
    matchpoints: ``score_board``'s figures with
    ``scoring.plain_field.score_plain_boards``'s operations, as arrays.  The
    artificial lines of a board are left out of its comparisons (and of its
    number of results), as ``score_board`` does."""
    every = bool(lines.all())
    board_of = board.where if every else board.where[lines]
    played = board.real[board_of]
    wanted = board.wanted[board_of]
    tpb = settings.top_per_beat
    half = tpb / 2
    if settings.neuberg:
        factor = played < wanted
        mp = np.where(factor, (raw + half) * (wanted / played) - half, raw)
        tops = (tpb * (np.where(factor, wanted, played) - 1)).astype(np.float64)
    else:
        mp = raw
        tops = (tpb * (played - 1)).astype(np.float64)
    mp = printed_field(mp, settings.mp_decimals)
    with np.errstate(divide="ignore", invalid="ignore"):
        pct = np.where(tops > 0, 100 * mp / tops, 50.0)
    rows = (mp, tops - mp, pct, 100 - pct)
    for row, values in enumerate(rows):
        rounded = round_like_python(values, _NDIGITS)
        if every:
            figures[row] = rounded
        else:
            figures[row, lines] = rounded
    if every:
        figures[4] = tops
    else:
        figures[4, lines] = tops


def _marked(
    board: _Boards,
    special: Mapping[int, SpecialResult],
    lines: np.ndarray,
    settings: BoardSettings,
    figures: np.ndarray,
) -> None:
    """Fill ``figures`` for the artificial ``lines`` (a mask) of the boards
    scored with numpy: the mark's percentage of the board's top, the top
    ``score_board`` gives the board."""
    for index in np.flatnonzero(lines).tolist():
        result = special[index]
        code = board.where[index]
        real, wanted = int(board.real[code]), int(board.wanted[code])
        factor = settings.neuberg and 0 < real < wanted
        board_top = matchpoint_top(
            wanted if factor or not real else real, settings.top_per_beat
        )
        ns_pct = settings.mark_percentage(result.ns)
        ew_pct = settings.mark_percentage(result.ew)
        figures[:, index] = (
            settings.printed(round(board_top * ns_pct / 100, _NDIGITS)),
            settings.printed(round(board_top * ew_pct / 100, _NDIGITS)),
            ns_pct,
            ew_pct,
            board_top,
        )


def _pair_slots(ns: np.ndarray, ew: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each side's bin, sides interleaved (line 0 NS, line 0 EW, line 1 NS...)
    as ``score_session`` adds a pair's figures up, and the distinct pair ids
    (ascending) the bins stand for."""
    who = np.empty(2 * len(ns), dtype=np.int64)
    who[0::2] = ns
    who[1::2] = ew
    ids, slot, _ = _codes(who)
    return slot, ids


def _interleaved(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """``first[0], second[0], first[1], second[1]...``"""
    both = np.empty(2 * len(first), dtype=np.float64)
    both[0::2] = first
    both[1::2] = second
    return both


def _session_averages(
    figures: np.ndarray,
    slot: np.ndarray,
    n_pairs: int,
    artificial: np.ndarray,
    special: Mapping[int, SpecialResult],
    board: BoardSettings,
) -> None:
    """Lift A+ to the pair's average on its real boards when higher and A-
    down to it when lower (``score_session``'s ``_apply_session_averages``):
    np.bincount adds in index order, so the sums are the same floats."""
    real = np.repeat(~artificial, 2)
    earned = np.bincount(
        slot[real],
        weights=_interleaved(figures[0], figures[1])[real],
        minlength=n_pairs,
    )
    tops = np.bincount(
        slot[real], weights=np.repeat(figures[4], 2)[real], minlength=n_pairs
    )
    for index, result in special.items():
        if not isinstance(result, ArtificialScore):
            continue
        top = float(figures[4, index])
        for side, mark in ((0, result.ns), (1, result.ew)):
            pair = int(slot[2 * index + side])
            pct = float(figures[2 + side, index])
            if mark in ("A+", "A-") and tops[pair]:
                average = 100 * float(earned[pair]) / float(tops[pair])
                pct = max(pct, average) if mark == "A+" else min(pct, average)
            figures[2 + side, index] = pct
            figures[side, index] = board.printed(top * pct / 100)


def _rank(
    ids: np.ndarray,
    slot: np.ndarray,
    figures: np.ndarray,
    groups: Mapping[int, str | None],
) -> PairColumns:
    """Total each pair's MP and tops in line order, then rank each group as
    ``scoring.session.rank_standings`` does (``rank_field`` for the places)."""
    n_pairs = len(ids)
    mp = np.bincount(
        slot, weights=_interleaved(figures[0], figures[1]), minlength=n_pairs
    )
    tops = np.bincount(slot, weights=np.repeat(figures[4], 2), minlength=n_pairs)
    played = np.bincount(slot, minlength=n_pairs)
    with np.errstate(divide="ignore", invalid="ignore"):
        pct = np.where(tops != 0, 100 * mp / tops, 50.0)
    by_group = _groups(ids, slot, groups)
    order: list[np.ndarray] = []
    ranks: list[str] = []
    spans: list[tuple[str | None, int, int]] = []
    start = 0
    for group, members in by_group:
        places = rank_field(pct[members], ndigits=DEFAULT_NDIGITS)
        shared = np.bincount(places)[places] > 1
        ranked = np.lexsort((_as_text_order(ids[members]), -pct[members]))
        order.append(members[ranked])
        ranks += [
            f"{p}=" if s else str(p)
            for p, s in zip(
                places[ranked].tolist(), shared[ranked].tolist(), strict=True
            )
        ]
        spans.append((group, start, start + len(members)))
        start += len(members)
    chosen = np.concatenate(order) if order else np.zeros(0, dtype=np.int64)
    return PairColumns(
        ids[chosen], mp[chosen], tops[chosen], pct[chosen], played[chosen], ranks, spans
    )


def _as_text_order(ids: np.ndarray) -> np.ndarray:
    """Keys that sort ``ids`` as their texts sort (``score_session`` breaks
    ties by ``str(pair)``): the ids themselves when all are non-negative and
    of one number of digits (then the two orders agree), else the texts."""
    if len(ids) and ids.min() >= 0 and len(str(ids.min())) == len(str(ids.max())):
        return ids
    return ids.astype(str)


def _groups(
    ids: np.ndarray, slot: np.ndarray, groups: Mapping[int, str | None]
) -> list[tuple[str | None, np.ndarray]]:
    """Each ranking group and its pairs' bins, groups in ``score_session``'s
    order: NS, EW, the single ranking, then any others as their first pair
    appears in the lines (worked out only when there are several others)."""
    group_of = [groups.get(pair) for pair in ids.tolist()] if groups else None
    if group_of is None:
        return [(None, np.arange(len(ids)))] if len(ids) else []
    names = list(dict.fromkeys(group_of))
    code = {name: i for i, name in enumerate(names)}
    codes = np.asarray([code[name] for name in group_of], dtype=np.int64)
    if sum(1 for name in names if name not in GROUP_ORDER) > 1:
        _, first = np.unique(slot, return_index=True)
        seen = np.argsort(first, kind="stable")
        names = list(dict.fromkeys(group_of[i] for i in seen.tolist()))
    ordered = sorted(names, key=lambda g: GROUP_ORDER.get(g, 3))
    return [(name, np.flatnonzero(codes == code[name])) for name in ordered]
