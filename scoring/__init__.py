"""Comparison algorithms for duplicate events, in plain Python.

Everything in this package except ``tasks`` and ``exports`` is pure: it takes
plain numbers and lists, returns plain numbers and lists, and imports neither
Django nor Celery nor openpyxl, so the algorithms can be tested and
benchmarked without a database.
"""
