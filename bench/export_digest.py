"""Check the PBN and USEBIO files are byte-identical from one checkout to another.

Builds, on a throwaway embedded database, the demo club (``load_demo``: its
finished pairs and teams events, players chosen) and Mitchell fields of 30
tables (two sections) scored by matchpoints across the field, by Butler
and by cross-IMPs section by section, some pairs of them with chosen
players (licences, one with none); then prints each event's exports' SHA-256
and sizes.  With ``--against ROOT`` it runs the same in a child process
importing the code at ROOT (default ``/work/main``) and prints whether each
file is identical.

    .venv/bin/python bench/export_digest.py --against /work/main
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ROOT = Path(os.environ.get("DONNE_BENCH_ROOT") or HERE)
sys.path.insert(0, str(ROOT))


def _check_code() -> None:
    """The code timed is the checkout's at ROOT (not the working folder's)."""
    import tournaments.exporters.usebio as module

    where = Path(module.__file__).resolve()
    assert where.is_relative_to(ROOT.resolve()), (where, ROOT)


def _fields() -> None:
    """Mitchell fields by each pairs method, some pairs with players."""
    from bench.fields import mitchell_event
    from tournaments.models import Club, Event, Pair, Player, Section
    from tournaments.rescore import rescore_section

    club = Club.objects.create(name="Digest club")
    for number, (method, across) in enumerate(
        [
            (Event.Method.MATCHPOINTS, True),
            (Event.Method.BUTLER, False),
            (Event.Method.CROSS_IMPS, False),
        ]
    ):
        event = mitchell_event(30, across_field=across)
        Event.objects.filter(pk=event.pk).update(method=method, club=club)
        sections = list(Section.objects.filter(session__event=event).order_by("pk"))
        pairs = Pair.objects.filter(section__session__event=event).order_by("pk")
        for index, pair in enumerate(pairs[:: 3 + number]):
            chosen = [
                Player.objects.create(
                    club=club,
                    first_name=f"P{pair.pk}",
                    last_name=f"Seat {seat}",
                    licence=f"L{pair.pk}{seat}" if index % 2 else "",
                )
                for seat in ("b", "a")
            ]
            pair.players.add(*chosen)
        for section in sections[:1] if across else sections:
            rescore_section(section.pk)


def digests() -> dict[str, str]:
    """Each event's exports, by "event name / format": digest and size."""
    from bench.pages import setup_django

    with tempfile.TemporaryDirectory(prefix="donne-digest-") as folder:
        setup_django(Path(folder))
        _check_code()
        from tournaments.demo.club import load_demo
        from tournaments.exporters.pbn import event_pbn
        from tournaments.exporters.usebio import event_usebio
        from tournaments.models import Event

        load_demo(director=False)
        _fields()
        found = {}
        for event in Event.objects.order_by("pk"):
            for name, export in (("pbn", event_pbn), ("usebio", event_usebio)):
                try:
                    text = export(event)
                except ValueError:
                    continue
                data = text.encode()
                digest = hashlib.sha256(data).hexdigest()[:16]
                found[f"{event.pk} {event.name} / {name}"] = f"{digest} {len(data)}"
        return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, nargs="?", const=Path("/work/main"))
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    mine = digests()
    if options.json or not options.against:
        print(json.dumps(mine, indent=1))
        return
    env = dict(os.environ, DONNE_BENCH_ROOT=str(options.against))
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--json"],
        env=env,
        # From ``--against``: Django's set-up puts the working folder on sys.path.
        cwd=options.against,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    theirs = json.loads(out[out.index("{") :])
    same = 0
    for key in sorted(set(mine) | set(theirs)):
        if mine.get(key) == theirs.get(key):
            same += 1
        else:
            print(f"DIFFERENT {key}: {theirs.get(key)} -> {mine.get(key)}")
    print(
        f"{same} of {len(set(mine) | set(theirs))} files identical to {options.against}"
    )


if __name__ == "__main__":
    main()
