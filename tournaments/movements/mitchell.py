"""Mitchell movements: NS pairs stay put, EW pairs and boards move.

Conventions (ACBL and EBU club practice, bridgecentral.com "Mitchell"):

* Table t has NS pair t for the whole session.  In round 1 EW pair t sits at
  table t and board set t is on table t.
* After each round EW pairs move UP one table (table T to table 1) and the
  boards move DOWN one table (table 1 to table T).  So in round r table t has
  EW pair t - (r - 1) and set t + (r - 1), both modulo T.
* Board set s is boards (s - 1) * b + 1 .. s * b for b boards a round.

Even numbers of tables need one of two standard fixes, else EW pairs would
meet boards they have already played halfway through:

* ``even="skip"``: EW pairs skip one table (move up two) after round T / 2.
  A full skip Mitchell has T - 1 rounds: a T-th round would be the "revenge"
  round against the first NS opponents.  It can be stopped after any round.
* ``even="relay"``: the relay-and-bye-stand ("share and relay") Mitchell.
  Sets 1 .. T/2 go on tables 1 .. T/2, set T/2 + 1 on a bye stand between
  tables T/2 and T/2 + 1, and sets T/2 + 2 .. T on tables T/2 + 1 .. T - 1;
  table T has no set of its own and shares table 1's.  The boards move down
  as usual, through the bye stand (table T/2 + 1 -> bye stand -> table T/2),
  and the boards shared by tables 1 and T go to table T - 1.  T rounds, every
  EW pair meets every NS pair and plays every board.  It must be played in
  full: curtailed, the boards are not played equally often.
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import (
    EW,
    MAX_BOARDS_PER_ROUND,
    MITCHELL,
    NS,
    Listing,
    Movement,
    MovementPair,
    Note,
    Seating,
    check_int,
    gettext_noop,
    playing_share,
    set_boards,
)

MIN_TABLES = 3
MAX_TABLES = 50
EVEN_VARIANTS = ("skip", "relay")


def _ew_number(table: int, round: int, tables: int, skip: bool) -> int:
    """Return the EW pair number at ``table`` in ``round`` (EW move up one)."""
    moves = round - 1
    if skip and round > tables // 2:
        moves += 1  # the skip: one extra table after round T/2
    return (table - 1 - moves) % tables + 1


def _relay_position(table: int, tables: int) -> int:
    """Return the board position of a table in the relay Mitchell's cycle.

    Positions 1 .. T run tables 1 .. T/2, the bye stand, tables T/2+1 .. T-1;
    table T sits at position 1 with table 1, sharing its boards.
    """
    half = tables // 2
    if table == tables:
        return 1
    return table if table <= half else table + 1


def _board_set(table: int, round: int, tables: int, relay: bool) -> int:
    """Return the set at ``table`` in ``round``: boards move down one position."""
    position = _relay_position(table, tables) if relay else table
    return (position - 1 + round - 1) % tables + 1


def mitchell(
    tables: int,
    *,
    rounds: int | None = None,
    boards_per_round: int = 3,
    even: str = "skip",
    pairs: int | None = None,
    arrow_switch: Iterable[int] = (),
    phantom: str | None = None,
) -> Movement:
    """Return a Mitchell movement for ``tables`` tables (3 to 50).

    ``rounds`` defaults to the full movement: T rounds (T - 1 for a skip
    Mitchell); fewer rounds curtail it, except for a relay Mitchell.  ``even``
    ("skip" or "relay") chooses the even-table variant and is ignored for an
    odd number of tables.  ``pairs`` may be 2T - 1: one pair position is then
    a phantom and the pair facing it sits out.  ``phantom`` says which one,
    "EW" (EW pair T, the default) or "NS" (NS pair T, the default of a relay
    Mitchell, whose table T then sits out and the share disappears).  In the
    ``arrow_switch`` rounds the pairs at every table swap directions, which
    makes a one-winner movement.  Raise ValueError on out-of-range arguments.
    """
    check_int("tables", tables, MIN_TABLES, MAX_TABLES)
    check_int("boards_per_round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    if even not in EVEN_VARIANTS:
        raise ValueError(f"even must be 'skip' or 'relay', got {even!r}")
    variant = "plain" if tables % 2 else even
    skip, relay = variant == "skip", variant == "relay"
    full = tables - 1 if skip else tables
    if rounds is None:
        rounds = full
    elif relay and rounds != full:
        # bridgecentral.com (relay Mitchell), elsid.co.za: a share-and-relay
        # Mitchell must not be curtailed; use the skip Mitchell to stop early.
        raise ValueError(
            f"rounds must be {full} for a relay Mitchell of {tables} tables "
            f"(it cannot be curtailed; use even='skip'), got {rounds!r}"
        )
    check_int("rounds", rounds, 1, full)
    if pairs is None:
        pairs = 2 * tables
    if pairs not in (2 * tables, 2 * tables - 1) or isinstance(pairs, bool):
        raise ValueError(
            f"pairs must be {2 * tables} or {2 * tables - 1} for {tables} tables, "
            f"got {pairs!r}"
        )
    has_phantom = pairs == 2 * tables - 1
    if phantom is not None and not has_phantom:
        raise ValueError(
            f"phantom is only for an odd number of pairs ({2 * tables - 1}), "
            f"got pairs={pairs}"
        )
    if phantom is None:
        # EBU clubs (Arran BC) and bridgecentral.com "half table
        # considerations": in a relay Mitchell the missing pair is NS at the
        # last table, one of the two share tables, so nobody shares boards and
        # every board is played T - 1 times.  Elsewhere the last EW pair is
        # the phantom, each NS pair sitting out at most once (bridgecentral
        # also advises an EW phantom when the boards are stationary).
        phantom = NS if relay else EW
    if phantom not in (NS, EW):
        raise ValueError(f"phantom must be 'NS' or 'EW', got {phantom!r}")
    switched = list(arrow_switch)
    for r in switched:
        check_int("arrow_switch rounds", r, 1, rounds)

    movement_pairs = tuple(
        MovementPair(
            id=(0 if direction == NS else tables) + number,
            number=number,
            direction=direction,
            phantom=has_phantom and direction == phantom and number == tables,
        )
        for direction in (NS, EW)
        for number in range(1, tables + 1)
    )
    phantom_ids = {pair.id for pair in movement_pairs if pair.phantom}
    seatings = []
    shares = []
    for r in range(1, rounds + 1):
        sitting_out = set()
        for t in range(1, tables + 1):
            ns, ew = t, tables + _ew_number(t, r, tables, skip)
            if r in switched:
                ns, ew = ew, ns
            if {ns, ew} & phantom_ids:
                sitting_out.add(t)
            board_set = _board_set(t, r, tables, relay)
            seatings.append(
                Seating(
                    r, t, ns, ew, board_set, set_boards(board_set, boards_per_round)
                )
            )
        share = playing_share(
            r, _board_set(1, r, tables, relay), (1, tables), sitting_out
        )
        if relay and share:
            shares.append(share)

    return Movement(
        kind=MITCHELL,
        name=_name(tables, rounds, boards_per_round, variant, pairs),
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        pairs=movement_pairs,
        seatings=tuple(seatings),
        arrow_switch_rounds=frozenset(switched),
        notes=_notes(tables, rounds, variant, movement_pairs, frozenset(switched)),
        shares=tuple(shares),
        variant=variant,
    )


def _name(tables: int, rounds: int, boards: int, variant: str, pairs: int) -> str:
    """Return a name such as ``"Mitchell 7 tables, 7 rounds x 3 boards"``."""
    prefix = {"plain": "", "skip": "Skip ", "relay": "Relay-and-bye-stand "}
    size = f"{tables} tables" + ("" if pairs == 2 * tables else f" ({pairs} pairs)")
    return f"{prefix[variant]}Mitchell {size}, {rounds} rounds x {boards} boards"


def _notes(
    tables: int,
    rounds: int,
    variant: str,
    pairs: tuple[MovementPair, ...],
    switched: frozenset[int],
) -> tuple[Note, ...]:
    """Return the director's notes for a Mitchell."""
    notes = [
        Note(
            gettext_noop(
                "NS pairs stay at their table; EW pairs move up one table (table "
                "%(tables)s to table 1); boards move down one table (table 1 to "
                "table %(tables)s)"
            ),
            tables=tables,
        )
    ]
    half = tables // 2
    if variant == "skip" and rounds > half:
        notes.append(
            Note(
                gettext_noop(
                    "EW skip one table after round %(round)s (move up two tables)"
                ),
                round=half,
            )
        )
    if variant == "relay":
        # A phantom NS pair at table T leaves that table empty: no share.
        shared = not any(p.phantom and p.id == tables for p in pairs)
        share = (
            gettext_noop("Relay: tables 1 and %(tables)s share boards")
            if shared
            else gettext_noop(
                "Relay: table %(tables)s would share table 1's boards, but it is "
                "the sit-out table"
            )
        )
        notes += [
            Note(share, tables=tables),
            Note(
                gettext_noop(
                    "Bye stand between tables %(low)s and %(high)s: boards from "
                    "table %(high)s go to the bye stand, boards on it go to table "
                    "%(low)s"
                ),
                low=half,
                high=half + 1,
            ),
            Note(
                gettext_noop("Boards from table 1 go to table %(table)s"),
                table=tables - 1,
            ),
        ]
    for pair in pairs:
        if pair.phantom:
            if pair.direction == NS:
                note = Note(
                    gettext_noop(
                        "Phantom: %(pair)s (table %(table)s sits out every round)"
                    ),
                    pair=pair.label,
                    table=pair.number,
                )
            else:
                note = Note(
                    gettext_noop("Phantom: %(pair)s (its opponents sit out)"),
                    pair=pair.label,
                )
            notes.append(note)
    if switched:
        notes.append(
            Note(
                gettext_noop(
                    "Arrow switch in round(s) %(rounds)s: NS pairs play the EW cards"
                ),
                rounds=Listing(sorted(switched)),
            )
        )
    return tuple(notes)
