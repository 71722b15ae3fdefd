"""The demo: a club with players (``club``) and one finished event of each game.

``club.load_demo`` builds it all; each other module loads one game's demo
events (``pairs``, ``teams``, ``whiz``, ``barbu``, ``chinese``, ``bridgeote``).
"""
