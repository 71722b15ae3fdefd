"""The one write path for events, sections and travellers.

Pages, the API, the admin and the importers all call these functions, so the
checks and the rescoring happen the same way whoever writes.
"""
