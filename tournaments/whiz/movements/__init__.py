"""Whiz-Bridge movements: three players a table, the Domy holds West.

Whiz is played by three players and a dummy, the Domy.  In a Donne Whiz
tournament the Domy holds the West hand of every board and the players hold
North, East and South.  Every table plays the same boards, and players are
ranked individually by comparing, board by board, their score with everybody
who held the same hand elsewhere.  So a player keeps his hand position for the
whole session: the players form three *lines* (N, E and S) of T players each,
T being the number of tables.

Conventions (rounds, tables, board sets and player numbers are 1-based):

* Board set s holds boards (s - 1) * b + 1 .. s * b.  In round 1 set t is on
  table t; after each round the boards move DOWN one table, like a Mitchell's
  (table 1 to table T): in round r table t plays set (t - 1 + r - 1) mod T + 1.
* N player n sits at table n all session.
* E and S players move by per-round *offsets*: x_r (E) and y_r (S) are the
  number of tables a player has moved UP since round 1, so x_1 = y_1 = 0 and
  E player e sits at table (e - 1 + x_r) mod T + 1 in round r; S player s at
  (s - 1 + y_r) mod T + 1.

With k = r - 1, E player e plays set e + x_r + k and meets N player e + x_r
(modulo T), and he meets S player s when s - e = x_r - y_r.  Hence:

* hard: each player plays each set at most once iff the x_r + k are distinct,
  and so are the y_r + k (N players play every set once anyway);
* soft: every E player meets as many different N players as there are
  different x_r, every player of a line alike; N-S meetings count the
  different y_r and E-S meetings the different y_r - x_r.

The soft counts are maximised in the order N-E, N-S, E-S (lexicographically).
When gcd(T, 6) = 1 (5, 7 and 11 tables) the linear offsets x_r = k, y_r = 2k
are perfect: 1, 1 + 1, 2, 2 + 1 and 2 - 1 are all units modulo T, so everyone
meets each player of the other lines exactly once: E players move up one
table a round, S players up two.  Elsewhere a perfect movement cannot exist:

* T even: an E player meeting every N player once would sit once at every
  table, so the x_r would run through all residues; playing every set once,
  so would the x_r + k.  Summed over the T rounds the two differ by the sum of
  the k, T(T - 1)/2 = T/2 (mod T), yet two full residue systems have equal
  sums.  The same holds for any board movement of this shape, and for E-S
  meetings (the y_r - x_r sum to 0 but a residue system sums to T/2).  So
  with T even a player meets T - 1 of the T players of each other line, one
  of them twice.
* T = 3: the hard constraints leave x and y each either (0, 0, 0) or
  (0, 1, 2); complete N-E and N-S meetings force x = y, so the E and S
  players at a table stay together all session (one E-S opponent each).
* T = 9: there are 225 offset sequences x with x_1 = 0 that meet every N
  player and play every set; no two of them differ in more than 7 distinct
  ways, so with complete N-E and N-S meetings a player meets 7 of the 9
  players of the third line.

Meetings per player for a full session (rounds = T), N-E / N-S / E-S, against
the naive bound min(rounds, T):

    T      3  4  5  6  7  8  9  10  11  12
    N-E    3  3  5  5  7  7  9   9  11  11
    N-S    3  3  5  5  7  7  9   9  11  11
    E-S    1  3  5  5  7  7  7   9  11  11

That is what "as many opponents as the table count permits" means here.  The
embedded offsets are also best for every curtailed session: their first R
rounds reach the best counts for R rounds (min(R, T) each, except E-S for
T = 3, 1; T = 4, R = 3, 2; T = 9, R >= 8, 7).

Missing players are phantoms; a table with a phantom sits out (Whiz needs
three players).  With 3T - 1 players the phantom is N player T: table T sits
out every round, and each E and S player sits out once per round he would
have met it.  For odd T the offsets above are all different, so everyone
sits out once; for even T they cannot all differ while the x_r + k do (the
sum argument above), so there the E and S lines follow circuits of the tables instead
(``build._SIT_OUT_CIRCUITS``): each E and S player visits every table once,
sits out exactly once and never plays a set twice.  ``checks`` refuses a
3T - 1 movement where a player sits out twice before everyone has once.

With 3T - 2 players the two phantoms are in different lines and
chosen to share a table in as many rounds m as possible (then preferring an
N-E pair, then N-S, then the pair sharing a table earliest; the first phantom
is number T of its line), because a round where they share one table leaves
one real player idle and any other round four: the session has 2R - m sit-out
tables and 4R - 3m idle player-rounds.  For a full session that gives:

* T = 5, 7, 11: N T and E T, sharing table T in round 1 (m = 1);
* T = 4, 6, 8, 12: N T and E T, sharing table T in rounds 1 and T (m = 2);
  T = 10: N 10 and E 7, sharing table 10 in rounds 6 and 10 (m = 2);
* T = 3: E 3 and S 3, partners all session (m = 3): only the N player they
  visit sits out;
* T = 9: E 9 and S 1, sharing a table in rounds 3 and 8 (m = 2).

The package is split by concern: ``seating`` (the players, seatings and the
movement), ``build`` (the offsets and the phantoms), ``notes`` (the director's
instructions) and ``checks`` (soundness and meetings).
"""

from .build import MAX_TABLES, MIN_TABLES, whiz_movement, whiz_offsets
from .checks import (
    LineMeetings,
    check_whiz_movement,
    meeting_report,
    sit_out_problems,
)
from .seating import (
    EAST,
    LINE_PAIRS,
    LINES,
    NORTH,
    SEAT_NAMES,
    SOUTH,
    WhizMovement,
    WhizPlayer,
    WhizSeating,
)

__all__ = [
    "EAST",
    "LINES",
    "LINE_PAIRS",
    "MAX_TABLES",
    "MIN_TABLES",
    "NORTH",
    "SEAT_NAMES",
    "SOUTH",
    "LineMeetings",
    "WhizMovement",
    "WhizPlayer",
    "WhizSeating",
    "check_whiz_movement",
    "meeting_report",
    "sit_out_problems",
    "whiz_movement",
    "whiz_offsets",
]
