"""The terminal's service worker, served under the terminal so its scope covers
every tablet page (``templates/terminal/sw.js``; docs/developers/offline-terminal.md).

Its cache is named after the contents of the files it keeps, so a new
version of the terminal's scripts replaces the tablets' copies.
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

KEPT_FILES = (
    "donne.css",
    "terminal.css",
    "bridge_score.js",
    "terminal_queue.js",
    "terminal.js",
)


@cache
def files_version() -> str:
    """A short digest of the static files the worker keeps."""
    digest = hashlib.sha256()
    for name in KEPT_FILES:
        found = finders.find(name)
        if found:
            with open(found, "rb") as kept:
                digest.update(kept.read())
    return digest.hexdigest()[:12]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's script, never cached by the browser's HTTP cache."""
    response = render(
        request,
        "terminal/sw.js",
        {"version": files_version()},
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = reverse("terminal:sign-in")
    response["Cache-Control"] = "no-cache"
    return response
