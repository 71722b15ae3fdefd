"""Bridgeote: the 36-card bridge-belote; card points, auctions, play, marks.

The pack is the 32-card belote pack plus one "bridgeote" per suit (the tarot
cavalier, ``Rank.KNIGHT`` in ``games.cards``). A deal is bid like bridge (80 to
160 in a suit, TA for all trumps, SA for no trumps), played like belote and
marked in contract points; the game is played to 1,500. Figures follow the
French rule book (shared/seeds/003).

Cards may be written rank first as the rule book and players do ("JH", "9S",
"10H", "BH" for the bridgeote of hearts) or suit first as everywhere else in
Donne ("HJ", "HT", "HC": C is the knight letter of ``games.cards``; "HB" works
too). The two forms never clash: a suit letter never starts the rank-first
form. Seats are numbered 0 to players - 1 clockwise, so ``Seat`` N, E, S, W
serve as 0 to 3 at four players.

Where the rule book is silent or ambiguous, Donne follows belote and coinche as
French clubs play them:

- Card order: the book lists each table from the strongest card down, so
  trumps (every suit at TA) run J 9 A 10 K Q B 8 7 and plain suits (every suit
  at SA) A 10 K Q B J 9 8 7: the bridgeote, like the tarot cavalier, beats the
  jack outside trumps. The 8 and 7 (and the plain 9) are worth nothing.
- Bids: 80 to 160 by tens (the book's "+1" is one step of ten, jumps of two or
  three steps allowed), then capot above 160. At one level the strains rank
  ♣ ♦ ♥ ♠ TA SA as in the book, capot bids included. The taker must make the
  bid, plus 50 at TA or SA ("80 TA" is 130 to make); a capot bid must take
  every trick and is worth 250 in a suit, 350 at TA or SA.
- Contre and surcontre: a contre doubles the last bid of an opponent; the
  contracting side may then surcontre. Bidding may go on after either, as the
  book allows, and a new bid cancels them. The auction ends when every other
  player has passed after the last call; if everybody passes there is no
  contract (redeal, or the book's goulash). At 3, 5 and 7 players the partner
  is chosen after the auction, so any other player may contre and only the
  bidder may surcontre.
- Announcements: the Belote (K-Q, 20) or, holding the bridgeote too, the
  Bridgeote (K-Q-B, 30, which replaces the Belote) in the trump suit, and in
  each suit at TA; none at SA. They go to the holder's side, and the taker's
  count towards making the contract ("Les Bridg/Bel/Re permettent de réaliser
  le contrat").
- Marks: "Seuls les points annoncés sont comptabilisés pour l'équipe qui joue
  le coup": a made contract gives the taking side its contract value (bid,
  +50 at TA/SA, or the capot's 250/350) and nothing more, and the defence its
  card points plus its announcements. A failed one gives the defence the whole
  deal (160 or 260, 250 or 350 for a capot bid) plus every announcement made,
  and the takers nothing. Doubled or redoubled, the winner of the contract
  takes that whole (announcements included) times 2 or 4 and the loser
  nothing; the book's "(160, 260, 360)" is read as 160/260, and 250/350 for a
  capot bid (360 taken for a misprint of 350). A capot that was not bid earns
  nothing more, and there is no "dix de der" (the book drops it).
- Play: at trumps and at TA a player must go over the best card of the suit
  led when he can, even over his partner; a player void in the suit led whose
  partner is winning may play anything; otherwise he must ruff, over-ruff the
  best trump played when he can, and under-ruff ("pisser") when he cannot. At
  TA and SA a void player discards freely.
- Deal: the player on the dealer's right cuts, leaving at least three cards in
  each part. The écart (kitty) of the 3, 5 and 7 player games is laid one card
  at a time between two packets, never as the first or last card, and its
  points count with the defence's when the deal is marked.
- 3, 5 and 7 players: the last bidder picks a partner; each of the two
  attackers scores the attacking side's mark and each defender the defence's.
  6 players: two teams of three, seated alternately, marked as at four.
- Game: it ends when someone reaches 1,500 at the end of a deal; the highest
  total wins, and a tie at the top plays another deal.

The package is split by concern: ``pack`` (strains, card orders and values,
table sizes), ``contracts`` (contracts and the auction), ``marks`` (card
points, announcements, the mark of a deal), ``play`` (legal cards and trick
winners), ``deal`` (dealing) and ``individual`` (each seat's mark at 3, 5,
6 and 7 players); ``contracts`` also says what a contract makes of a card
(``is_trump``, ``rank_order``). The tournament uses ``parse_contract``,
``deal_score``, ``card_points``, the announcement checks
(``announcement_totals``, ``check_announcements``,
``check_side_announcements``), the sides (``attacking_seats``) and
``individual.seat_marks``; the rest is used only by the tests and is kept
because it is the rule book's specification, executable.
"""

from games.bridgeote.contracts import (
    BridgeoteContract,
    final_contract,
    is_trump,
    parse_contract,
    rank_order,
)
from games.bridgeote.deal import deal, deal_pack, has_four_sevens
from games.bridgeote.marks import (
    announcement_totals,
    announcements,
    attacking_seats,
    card_points,
    check_announcements,
    check_side_announcements,
    contract_made,
    deal_score,
    game_winner,
    player_scores,
)
from games.bridgeote.pack import (
    ALL_TRUMPS,
    BELOTE,
    BIDS,
    BRIDGEOTE,
    CAPOT,
    DOUBLING_FACTORS,
    GAME_POINTS,
    GOULASH_PACKETS,
    NO_TRUMPS,
    PLAIN_ORDER,
    STRAINS,
    TRUMP_ORDER,
    VARIANTS,
    Hands,
    Variant,
    parse_card,
)
from games.bridgeote.play import check_play, legal_cards, team_positions, trick_winner

__all__ = [
    "ALL_TRUMPS",
    "BELOTE",
    "BIDS",
    "BRIDGEOTE",
    "CAPOT",
    "DOUBLING_FACTORS",
    "GAME_POINTS",
    "GOULASH_PACKETS",
    "NO_TRUMPS",
    "PLAIN_ORDER",
    "STRAINS",
    "TRUMP_ORDER",
    "VARIANTS",
    "BridgeoteContract",
    "Hands",
    "Variant",
    "announcement_totals",
    "announcements",
    "attacking_seats",
    "card_points",
    "check_announcements",
    "check_play",
    "check_side_announcements",
    "contract_made",
    "deal",
    "deal_pack",
    "deal_score",
    "final_contract",
    "game_winner",
    "has_four_sevens",
    "is_trump",
    "legal_cards",
    "parse_card",
    "parse_contract",
    "player_scores",
    "rank_order",
    "team_positions",
    "trick_winner",
]
