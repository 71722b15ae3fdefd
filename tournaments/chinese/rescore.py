"""Between the database and the Chinese bridge scorer: total each match,
rank the players, and pair the next Swiss round once the last hand is in.

Run as the ``scoring.score_section`` task (``tournaments.rescore``); the
section is recomputed whole from its stored hands.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from scoring.chinese import (
    DuplicateHand,
    MatchLine,
    duplicate_matchpoints,
    duplicate_standings,
    standings,
)
from tournaments.chinese.services import match_finished, next_swiss_round
from tournaments.models import ChineseHand, ChineseMatch, ChinesePlayer, Section


@transaction.atomic
def rescore_chinese_section(section_id: int) -> dict[str, int]:
    """Total each match, rank the players, and pair the next Swiss round if due."""
    section = Section.objects.select_for_update(no_key=True).get(pk=section_id)
    settings = section.chinese
    matches = list(section.chinese_matches.prefetch_related("hands"))
    for match in matches:
        hands = list(match.hands.all())
        match.points_a = sum(h.tricks_a for h in hands)
        match.points_b = sum(h.tricks_b for h in hands)
        match.hands_played = len(hands)
    ChineseMatch.objects.bulk_update(matches, ["points_a", "points_b", "hands_played"])
    players = list(section.chinese_players.all())
    keys = [p.pk for p in players]
    if settings.duplicate:
        lines = _duplicate_lines(matches)
        marks = duplicate_matchpoints([line for line, _hand in lines])
        for (_line, hand), (mp_a, mp_b, top) in zip(lines, marks, strict=True):
            hand.mp_a, hand.mp_b, hand.top = mp_a, mp_b, top
        ChineseHand.objects.bulk_update(
            [hand for _line, hand in lines], ["mp_a", "mp_b", "top"]
        )
        ranking = duplicate_standings([line for line, _hand in lines], keys)
    else:
        ranking = standings(
            [
                MatchLine(
                    m.a_id, m.b_id, m.points_a, m.points_b,
                    m.b_id is None
                    or match_finished(settings, [h.tricks_a for h in m.hands.all()]),
                )
                for m in matches
            ],
            keys,
        )  # fmt: skip
    by_key = {p.pk: p for p in players}
    for position, line in enumerate(ranking, start=1):
        player = by_key[line.player]
        player.score, player.points = line.score, line.points
        player.rank, player.position = line.rank, position
    ChinesePlayer.objects.bulk_update(players, ["score", "points", "rank", "position"])
    section.scored = timezone.now()
    section.save(update_fields=["scored"])
    next_swiss_round(section, settings, matches)
    return {"section": section.pk, "matches": len(matches)}


def _duplicate_lines(
    matches: list[ChineseMatch],
) -> list[tuple[DuplicateHand, ChineseHand]]:
    return [
        (
            DuplicateHand(
                (match.round, hand.number), match.a_id, match.b_id,
                hand.tricks_a, hand.tricks_b,
            ),
            hand,
        )
        for match in matches
        if match.b_id is not None
        for hand in match.hands.all()
    ]  # fmt: skip
