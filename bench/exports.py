"""Time the API rankings and the PBN and USEBIO exports against the field (issue 34).

For each size, on a throwaway embedded database (SQLite, eager Celery, as a
club runs Donne), builds one published event scored across the field:
Mitchell sections of at most 25 tables, 26 boards a table, every line
stored in bulk (``bench/fields.py``).  Then times (best of ``--repeat``):

- API rankings: ``GET /api/events/{id}/rankings/`` with Django's test
  client (its queries counted);
- PBN, USEBIO: the download URLs (``results.pbn``, ``usebio.xml``), first
  after the results changed (``first``: the file is built), then again
  (``again``: the same results, what most readers get).

``--before`` adds, in the same run, the figures of the code the event was
benchmarked against (``--before-root``, default the ``main`` checkout at
``/work/main``): each size is run once more in a child process of this
script importing that code, and each figure is printed with its ratio to
the before one.  Figures only: no assertion on time.

    .venv/bin/python bench/exports.py                      # 10 and 300 tables
    .venv/bin/python bench/exports.py --tables 10 2000 --before
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(
    os.environ.get("DONNE_BENCH_ROOT") or Path(__file__).resolve().parent.parent
)
sys.path.insert(0, str(ROOT))

from bench.scale import timed  # noqa: E402

STEPS = (
    "lines",
    "API rankings s",
    "API rankings queries",
    "PBN first s",
    "PBN again s",
    "PBN queries",
    "USEBIO first s",
    "USEBIO again s",
    "USEBIO queries",
)


def _check_code() -> None:
    """The code timed is the checkout's at ROOT (not the working folder's)."""
    import tournaments.exporters.usebio as module

    where = Path(module.__file__).resolve()
    assert where.is_relative_to(ROOT.resolve()), (where, ROOT)


def _get(client: object, url: str) -> object:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response


def _changed(event: object) -> None:
    """Make the event's results fingerprint new without changing a figure
    (a line's ``updated`` moves on), so the next download builds afresh."""
    from django.utils import timezone

    from tournaments.models import Result

    line = Result.objects.filter(board__section__session__event=event).first()
    Result.objects.filter(pk=line.pk).update(updated=timezone.now())


def measure(tables: int, repeat: int) -> dict[str, float]:
    """Every figure of ``STEPS`` for a field of ``tables`` tables."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from bench.fields import mitchell_event
    from tournaments.models import Result, Section
    from tournaments.rescore import rescore_section

    event = mitchell_event(tables, across_field=True)
    first = Section.objects.filter(session__event=event).order_by("pk").first()
    rescore_section(first.pk)
    figures: dict[str, float] = {
        "lines": Result.objects.filter(board__section__session__event=event).count()
    }
    client = Client()
    rankings = f"/api/events/{event.pk}/rankings/"
    with CaptureQueriesContext(connection) as queries:
        _get(client, rankings)
    figures["API rankings queries"] = len(queries)
    figures["API rankings s"] = timed(lambda: _get(client, rankings), repeat)
    for name, url in (
        ("PBN", reverse("results:pbn", args=[event.pk])),
        ("USEBIO", reverse("results:usebio", args=[event.pk])),
    ):
        firsts = []
        for _ in range(repeat):
            _changed(event)
            firsts.append(timed(lambda url=url: _get(client, url)))
        figures[f"{name} first s"] = min(firsts)
        figures[f"{name} again s"] = timed(lambda url=url: _get(client, url), repeat)
        _changed(event)
        with CaptureQueriesContext(connection) as queries:
            _get(client, url)
        figures[f"{name} queries"] = len(queries)
    return figures


def _run_sizes(sizes: list[int], repeat: int) -> dict[int, dict[str, float]]:
    from bench.pages import setup_django

    columns = {}
    with tempfile.TemporaryDirectory(prefix="donne-exports-") as folder:
        setup_django(Path(folder))
        _check_code()
        for tables in sizes:
            columns[tables] = measure(tables, repeat)
            print(f"measured {tables} tables ({ROOT})", file=sys.stderr)
    return columns


def _before(sizes: list[int], repeat: int, root: Path) -> dict[int, dict[str, float]]:
    """The figures of the code at ``root``: this script in a child process."""
    env = dict(os.environ, DONNE_BENCH_ROOT=str(root))
    command = [sys.executable, str(Path(__file__).resolve()), "--json"]
    command += ["--repeat", str(repeat), "--tables", *map(str, sizes)]
    # Run from ``root``: Django's set-up puts the working folder on sys.path.
    out = subprocess.run(
        command, env=env, cwd=root, capture_output=True, text=True, check=True
    )
    return {int(k): v for k, v in json.loads(out.stdout).items()}


def _cell(step: str, value: float | None) -> str:
    if value is None:
        return "-"
    if step.endswith(("lines", "queries")):
        return f"{value:,.0f}"
    return f"{value:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 300])
    parser.add_argument("--repeat", type=int, default=3, help="best of")
    parser.add_argument("--before", action="store_true", help="also time --before-root")
    parser.add_argument("--before-root", type=Path, default=Path("/work/main"))
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    sizes = sorted(set(options.tables))
    before = (
        _before(sizes, options.repeat, options.before_root) if options.before else {}
    )
    after = _run_sizes(sizes, options.repeat)
    if options.json:
        print(json.dumps(after))
        return
    print(f"Python {sys.version.split()[0]}, SQLite, best of {options.repeat}")
    if before:
        print(f"before: {options.before_root}; after: {ROOT}")
    print()
    header = " | ".join(
        f"{t} tables before | {t} tables after | after/before"
        if before
        else f"{t} tables"
        for t in sizes
    )
    print(f"| step | {header} |")
    print("|---|" + "---:|" * (len(sizes) * (3 if before else 1)))
    for step in STEPS:
        cells = []
        for tables in sizes:
            now = after[tables].get(step)
            if before:
                then = before[tables].get(step)
                ratio = f"{now / then:.2f}" if then and now is not None else "-"
                cells += [_cell(step, then), _cell(step, now), ratio]
            else:
                cells.append(_cell(step, now))
        print(f"| {step} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
