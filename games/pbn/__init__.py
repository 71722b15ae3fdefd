"""Read and write PBN 2.1 files (Portable Bridge Notation, Tis Veugen's standard).

A PBN file is a list of games separated by semi-empty lines. A game is made of
tag pairs ``[Name "value"]``; some tags open a supplemental section, the lines
that follow them up to the next tag (``[Auction]``, ``[Play]``, the tables such
as ``[ScoreTable]``). ``read_pbn`` accepts the import format of the standard
and the sloppier exports of club scoring programs; it stays generic: tag values
and section lines are kept as text, and a few properties parse what Donne needs.

Reading choices, where the standard leaves room or real files stray from it:

* bytes are UTF-8 when they decode as such, else Windows-1252 (Latin-1 for the
  five bytes cp1252 leaves undefined), so decoding never fails;
* ``"#"`` copies the value from the nearest previous game that has the tag and
  ``"##text"`` makes ``text`` the value of the tag in every later game that
  omits it (a later plain value takes over); both are resolved while reading.
  A ``"#"`` with nothing to copy raises (the standard would read ""), and so
  do both on the tags section 4.8 forbids them for (Dealer, Deal, Contract...);
* a tag repeated in a game with the same value is ignored (section 3.4); with
  another value it raises, since it usually means a missing blank line;
* ``Note`` tags, the only repeatable ones, go to ``PbnGame.notes``;
* commentary, ``{...}`` and ``; ...``, is kept in file order, not positioned;
* what the standard leaves to semantics (unknown tags, bad dates, illegal
  auctions, table sort orders) is read as text and never raises here.
"""

from __future__ import annotations

from games.pbn.model import MANDATORY_TAGS, PbnColumn, PbnGame, PbnTable
from games.pbn.reader import read_pbn
from games.pbn.writer import write_pbn

__all__ = [
    "MANDATORY_TAGS",
    "PbnColumn",
    "PbnGame",
    "PbnTable",
    "read_pbn",
    "write_pbn",
]
