"""The read side: rows built from stored results for pages, files and the API.

``pairs`` (a section's report: lines, standings, rankings), ``scorecards``
(a pair's board-by-board card), ``teams`` (match sheets, standings, cross
table, knockout ties) and ``movement`` (a section's movement, built once).
Nothing here writes; writes are in ``services``, rescoring in ``rescore``.
"""
