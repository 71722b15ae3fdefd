"""The test suite's settings: the development settings (``DJANGO_DEBUG=1``).

pytest-django imports the settings before any conftest runs, so the suite
names this module (``pyproject.toml``) rather than relying on every caller
exporting DJANGO_DEBUG: a plain ``pytest`` then runs as ``scripts/test.sh``
does.  Django still runs each test with DEBUG off, as the test runner always
does; the servers the live tests start set their own environment.
"""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")

from config.settings import *  # noqa: F403

# A password hashed at 1,000,000 PBKDF2 iterations costs a quarter of a second
# of CPU; the suite creates a director for hundreds of tests. The production
# settings keep Django's PBKDF2 (tests/test_settings.py checks it); the tests
# only need passwords that check, not ones that resist cracking.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
