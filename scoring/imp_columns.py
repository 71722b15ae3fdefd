"""Score a pairs session by IMPs from columns: numpy arrays in, arrays out.

:func:`scoring.imp_session.score_imp_session` takes one ``TravellerLine``
per line and used to score board by board in Python: cross-IMPs of 20,000
results on one board cost 35 times :func:`scoring.imps.cross_imps`, its own
core.  :func:`score_imp_columns` takes the session as arrays (board
numbers, NS and EW pair ids, NS scores), as a rescore can read them from the
database, and returns each line's IMPs, each board's Butler datum and each
pair's total, boards and place as arrays; ``score_imp_session`` runs on the
same functions.  The figures are the line scorer's to the last bit
(``tests/scoring/test_imp_columns.py`` compares them with the reference,
``scoring.imp_reference``, on random fields).

Every board of whole-point scores goes through numpy at once
(``scoring.imp_field``): the lines are sorted once by (board, score), and a
score's cross-IMPs against its board are, for each band edge e, the scores
at most s - e less the scores at least s + e (searchsorted on the sorted
keys, integers throughout); a Butler datum is a trimmed sum of the sorted
scores (integer prefix sums, so exact) over its count, rounded as
``scoring.imps.round_datum`` rounds.
A board that holds a weighted score (Law 12C1) or a score that is not a
whole number of points is scored by ``scoring.imp_boards`` itself, as float
sums depend on their order.  Artificial scores are worth their marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from scoring.board import ArtificialScore, WeightedScore
from scoring.field import rank_field, round_like_python
from scoring.imp_boards import butler_board, cross_imps_board
from scoring.imp_field import butler_field, cross_imps_field, dense_codes
from scoring.imp_settings import ImpMethod, ImpSettings
from scoring.imps import IMP_BAND_EDGES
from scoring.ranking import DEFAULT_NDIGITS
from scoring.session import GROUP_ORDER

# The line scorer rounds every IMP figure to nine decimals (float noise of
# weights and averages).
_NDIGITS = 9

_WIDEST = IMP_BAND_EDGES[-1]

# Ids below this, padded on the right to 17 digits, stay within an int64.
_PADDED_LIMIT = 10**17
_POWERS_OF_TEN = 10 ** np.arange(1, 18, dtype=np.int64)

# Whole scores whose board sums stay below this are added exactly in any
# order (float64 holds every integer up to 2**53).
_EXACT_SUM = 2**53

SpecialResult = WeightedScore | ArtificialScore


@dataclass(frozen=True)
class ImpLines:
    """Each line's IMPs for both sides, aligned with the input lines, which
    lines are artificial, and each board's Butler datum (boards with a real
    result, in order of first appearance; empty by cross-IMPs)."""

    ns_imps: np.ndarray
    ew_imps: np.ndarray
    artificial: np.ndarray
    datums: dict[int, float]


@dataclass(frozen=True)
class ImpPairColumns:
    """Each pair's session in ranking order, one array element per pair.

    ``pair`` holds the pair's index among ``rank_imp_pairs``' pairs (its
    id in :func:`score_imp_columns`' answer); the groups follow one another
    as the line scorer lists its rankings (NS, EW, the single ranking), and
    ``spans`` gives each group's slice.  Within a group, best first, ties by
    the pair as text.
    """

    pair: np.ndarray
    imps: np.ndarray
    boards: np.ndarray
    rank: list[str]
    spans: list[tuple[str | None, int, int]]


@dataclass(frozen=True)
class ImpColumnScore:
    """A session scored by IMPs as columns: the lines' figures and datums
    (:class:`ImpLines`) and the pairs' standings (None when not ranked)."""

    lines: ImpLines
    pairs: ImpPairColumns | None


def score_imp_columns(
    boards: np.ndarray,
    ns: np.ndarray,
    ew: np.ndarray,
    scores: np.ndarray,
    *,
    special: Mapping[int, SpecialResult] | None = None,
    settings: ImpSettings | None = None,
    groups: Mapping[int, str | None] | None = None,
    ranked: bool = True,
) -> ImpColumnScore:
    """Score a session given as columns by IMPs, with the line scorer's figures.

    ``boards``, ``ns`` and ``ew`` are integer arrays (board number, NS and EW
    pair id of each line), ``scores`` the NS score in points of each plain
    line.  ``special`` maps the index of each line that is not a plain score
    to its result (weighted or artificial); its ``scores`` entry is then
    ignored.  ``settings`` and ``groups`` are those of
    :func:`scoring.imp_session.score_imp_session`; the answer's
    ``pairs.pair`` holds pair ids.  Not ``ranked``, no pair is totalled
    (a round cap still applies).
    """
    settings = settings or ImpSettings()
    special = special or {}
    ns = np.asarray(ns, dtype=np.int64)
    ew = np.asarray(ew, dtype=np.int64)
    n = len(ns)
    if not (ew.shape == np.shape(boards) == np.shape(scores) == ns.shape == (n,)):
        raise ValueError("boards, ns, ew and scores must be 1-D and of one length")
    slot, ids = pair_slots(ns, ew)
    lines = imp_lines(boards, scores, special, settings)
    if settings.round_cap is not None:
        lines = cap_round_columns(lines, slot, len(ids), settings.round_cap)
    if not ranked:
        return ImpColumnScore(lines, None)
    group_of = [groups.get(pair) for pair in ids.tolist()] if groups else None
    ranking = rank_imp_pairs(lines, slot, text_order(ids), group_of)
    return ImpColumnScore(lines, _with_ids(ranking, ids))


def pair_slots(ns: np.ndarray, ew: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each side's pair index, sides interleaved (line 0 NS, line 0 EW, line
    1 NS...) as the line scorer adds a pair's IMPs up, and the pair ids
    (ascending) the indexes stand for."""
    who = np.empty(2 * len(ns), dtype=np.int64)
    who[0::2] = ns
    who[1::2] = ew
    ids, slot = dense_codes(who)
    return slot, ids


def imp_lines(
    boards: np.ndarray,
    scores: np.ndarray,
    special: Mapping[int, SpecialResult],
    settings: ImpSettings,
) -> ImpLines:
    """Every line's IMPs by Butler or cross-IMPs, rounded as the line scorer
    rounds them (nine decimals, no -0.0), and the boards' datums.

    Boards of whole-point plain scores go through numpy together; the
    others through ``scoring.imp_boards``; artificial lines score their
    marks (``ImpSettings.mark_imps``).
    """
    distinct, board = dense_codes(np.asarray(boards, dtype=np.int64))
    values = np.asarray(scores, dtype=np.float64)
    n, n_boards = len(values), len(distinct)
    artificial = np.zeros(n, dtype=bool)
    odd = np.zeros(n, dtype=bool)
    for index, result in special.items():
        if not 0 <= index < n:
            raise ValueError(f"special: {index} is not the index of a line")
        if isinstance(result, ArtificialScore):
            artificial[index] = True
        elif isinstance(result, WeightedScore):
            odd[index] = True
        else:
            raise TypeError(f"special: a weighted or artificial score, got {result!r}")
    plain = ~artificial & ~odd
    if not np.isfinite(values[plain]).all():
        raise ValueError("scores: every plain line needs a finite number of points")
    odd |= plain & (values != np.trunc(values))
    real_count = np.bincount(board[~artificial], minlength=n_boards)
    slow_board = np.bincount(board[odd], minlength=n_boards) > 0
    fast = plain & ~slow_board[board]
    widest = float(np.abs(values[fast]).max()) if fast.any() else 0.0
    lines_or_boards = max(int(real_count.max(initial=0)), n_boards)
    if (2 * widest + _WIDEST + 1) * lines_or_boards >= _EXACT_SUM:
        fast[:] = False
        slow_board = real_count > 0

    won = np.zeros(n, dtype=np.float64)
    datum = np.full(n_boards, np.nan)
    if fast.any():
        whole = values[fast].astype(np.int64)
        if settings.method is ImpMethod.BUTLER:
            won[fast], datum_of = butler_field(
                board[fast], whole, values[fast], settings
            )
            datum[: len(datum_of)] = datum_of
        else:
            won[fast] = cross_imps_field(board[fast], whole, settings)
    _slow_boards(
        board, values, special, slow_board & (real_count > 0), settings, won, datum
    )

    ns_imps = _clean(won)
    ew_imps = _clean(-won)
    for index, result in special.items():
        if isinstance(result, ArtificialScore):
            ns_imps[index] = round(settings.mark_imps(result.ns), _NDIGITS) + 0.0
            ew_imps[index] = round(settings.mark_imps(result.ew), _NDIGITS) + 0.0
    datums = {}
    if settings.method is ImpMethod.BUTLER:
        has = np.flatnonzero(real_count > 0)
        has = has[np.argsort(_first_seen(board, n_boards)[has], kind="stable")]
        datums = dict(zip(distinct[has].tolist(), datum[has].tolist(), strict=True))
    return ImpLines(ns_imps, ew_imps, artificial, datums)


def cap_round_columns(
    lines: ImpLines, slot: np.ndarray, n_pairs: int, cap: float
) -> ImpLines:
    """The lines with each round's IMPs held within +/- ``cap`` as
    :func:`scoring.imp_session.cap_rounds` holds them: a round is one NS
    pair against one EW pair, its sum taken in line order, each side
    scaled by cap / |sum| when beyond the cap."""
    rounds = dense_codes(slot[0::2] * max(n_pairs, 1) + slot[1::2])[1]
    ns_factor = _cap_factors(_sums_in_order(rounds, lines.ns_imps), cap)
    ew_factor = _cap_factors(_sums_in_order(rounds, lines.ew_imps), cap)
    return ImpLines(
        _clean(lines.ns_imps * ns_factor[rounds]),
        _clean(lines.ew_imps * ew_factor[rounds]),
        lines.artificial,
        lines.datums,
    )


def rank_imp_pairs(
    lines: ImpLines,
    slot: np.ndarray,
    text_order: np.ndarray,
    group_of: Sequence[str | None] | None,
) -> ImpPairColumns:
    """Total each pair's IMPs in line order (NS then EW of each line, as the
    line scorer adds them), count its boards, and rank it within its group
    as :func:`scoring.imp_session.rank_imp_standings` ranks: places on the
    totals rounded to six decimals, ties listed by ``text_order`` (each
    pair's place among the pairs written as text, :func:`text_order`).
    ``group_of`` gives each pair's group (None: one ranking)."""
    n_pairs = len(text_order)
    sides = np.empty(2 * len(lines.ns_imps), dtype=np.float64)
    sides[0::2] = lines.ns_imps
    sides[1::2] = lines.ew_imps
    totals = np.bincount(slot, weights=sides, minlength=n_pairs)
    played = np.bincount(slot, minlength=n_pairs)
    order: list[np.ndarray] = []
    ranks: list[str] = []
    spans: list[tuple[str | None, int, int]] = []
    for group, members in _groups(group_of, slot, n_pairs):
        keys = round_like_python(totals[members], DEFAULT_NDIGITS)
        ranked = np.lexsort((text_order[members], -keys))
        order.append(members[ranked])
        ranks += _place_texts(rank_field(totals[members], ndigits=DEFAULT_NDIGITS))[
            ranked
        ].tolist()
        spans.append((group, len(ranks) - len(members), len(ranks)))
    chosen = np.concatenate(order) if order else np.zeros(0, dtype=np.int64)
    return ImpPairColumns(chosen, totals[chosen], played[chosen], ranks, spans)


def text_order(pairs: np.ndarray | Sequence[object]) -> np.ndarray:
    """Each pair's place when the pairs are sorted as text (``str``), equal
    texts in the given order: how the line scorer lists tied pairs.

    Non-negative int ids (database ids) are compared as their digits padded
    on the right to one width, the shorter first when those are equal ("1",
    "10", "2"): integers, no text is made.
    """
    ids = np.asarray(pairs) if isinstance(pairs, np.ndarray) else None
    if (
        ids is not None
        and np.issubdtype(ids.dtype, np.integer)
        and len(ids)
        and ids.min() >= 0
        and ids.max() < _PADDED_LIMIT
    ):
        digits = np.searchsorted(_POWERS_OF_TEN, ids, "right") + 1
        padded = ids * 10 ** (digits.max() - digits)
        order = np.lexsort((digits, padded))
    else:
        text = [str(pair) for pair in (pairs.tolist() if ids is not None else pairs)]
        order = np.argsort(np.asarray(text, dtype=str), kind="stable")
    place = np.empty(len(order), dtype=np.int64)
    place[order] = np.arange(len(order))
    return place


def _place_texts(places: np.ndarray) -> np.ndarray:
    """Each place as printed, "3=" when shared (as ``scoring.ranking.rank``),
    an object array: each distinct place is written once."""
    distinct, inverse, counts = np.unique(
        places, return_inverse=True, return_counts=True
    )
    texts = [
        f"{place}=" if count > 1 else str(place)
        for place, count in zip(distinct.tolist(), counts.tolist(), strict=True)
    ]
    return np.asarray(texts, dtype=object)[inverse.reshape(-1)]


def _with_ids(ranking: ImpPairColumns, ids: np.ndarray) -> ImpPairColumns:
    """The ranking with each pair's index replaced by its id."""
    return ImpPairColumns(
        ids[ranking.pair], ranking.imps, ranking.boards, ranking.rank, ranking.spans
    )


def _first_seen(codes: np.ndarray, size: int) -> np.ndarray:
    """The index where each of ``size`` codes first occurs (len(codes) if
    never): the order in which the line scorer meets boards and pairs."""
    first = np.full(size, len(codes), dtype=np.int64)
    np.minimum.at(first, codes, np.arange(len(codes)))
    return first


def _slow_boards(
    board: np.ndarray,
    values: np.ndarray,
    special: Mapping[int, SpecialResult],
    chosen: np.ndarray,
    settings: ImpSettings,
    won: np.ndarray,
    datum: np.ndarray,
) -> None:
    """Score the ``chosen`` boards (a mask of board indexes) with the line
    scorer's per-board functions, each board's real lines in input order."""
    lines = np.flatnonzero(chosen[board])
    lines = lines[np.argsort(board[lines], kind="stable")]
    starts = np.flatnonzero(np.diff(board[lines], prepend=-1)).tolist()
    for start, end in pairwise([*starts, len(lines)]):
        real = [
            i
            for i in lines[start:end].tolist()
            if not isinstance(special.get(i), ArtificialScore)
        ]
        entries = [_parts(special.get(i), float(values[i])) for i in real]
        if settings.method is ImpMethod.BUTLER:
            board_datum, board_won = butler_board(entries, settings)
            datum[board[real[0]]] = board_datum
        else:
            board_won = cross_imps_board(
                entries,
                average=not settings.cross_imps_total,
                cap=settings.cross_imps_cap,
            )
        won[real] = board_won


def _parts(
    result: SpecialResult | None, score: float
) -> tuple[tuple[float, float], ...]:
    """A real line's (weight, NS score) parts, as ``scoring.board.score_parts``."""
    if isinstance(result, WeightedScore):
        return result.parts
    return ((1.0, score),)


def _sums_in_order(groups: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Each group's sum of ``values`` added one by one in index order, as
    Python's ``sum`` adds (the k-th member of every group at step k)."""
    order = np.argsort(groups, kind="stable")
    sizes = np.bincount(groups)
    firsts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    totals = np.zeros(len(sizes), dtype=np.float64)
    for step in range(int(sizes.max(initial=0))):
        alive = np.flatnonzero(sizes > step)
        chosen = order[firsts[alive] + step]
        totals[alive] += values[chosen]
    return totals


def _cap_factors(totals: np.ndarray, cap: float) -> np.ndarray:
    """The scale bringing each round's total within +/- cap (1 if it is),
    the total first rounded to nine decimals."""
    rounded = np.abs(round_like_python(totals, _NDIGITS))
    with np.errstate(divide="ignore"):
        return np.where(rounded > cap, cap / rounded, 1.0)


def _clean(values: np.ndarray) -> np.ndarray:
    """Round off float noise to nine decimals; adding 0.0 turns -0.0 into 0.0."""
    return round_like_python(values, _NDIGITS) + 0.0


def _groups(
    group_of: Sequence[str | None] | None, slot: np.ndarray, n_pairs: int
) -> list[tuple[str | None, np.ndarray]]:
    """Each ranking group and its pairs' indexes in order, the groups in the
    line scorer's order: NS, EW, the single ranking, then the others as
    their first pair comes in the lines."""
    if group_of is None:
        return [(None, np.arange(n_pairs))] if n_pairs else []
    names = list(dict.fromkeys(group_of))
    code = {name: i for i, name in enumerate(names)}
    codes = np.asarray([code[name] for name in group_of], dtype=np.int64)
    if sum(1 for name in names if name not in GROUP_ORDER) > 1:
        seen = np.argsort(_first_seen(slot, n_pairs), kind="stable")
        names = list(dict.fromkeys(group_of[i] for i in seen.tolist()))
    ordered = sorted(names, key=lambda g: GROUP_ORDER.get(g, 3))
    return [(name, np.flatnonzero(codes == code[name])) for name in ordered]
