"""Public pages that belong to no event: the home page, each game's rules and
scoring tables (``games``, ``rules``), and the printable movement documents
of a section (``movements``: the guide card, table cards, pair cards)."""
