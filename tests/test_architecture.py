"""The pure packages stay pure: no Django, DRF, Celery, openpyxl or project apps."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"django", "rest_framework", "celery", "openpyxl", "tournaments", "config"}


def pure_modules() -> list[Path]:
    """Every module of ``games/`` and ``scoring/``, with no exemption: the
    workbooks live in ``tournaments.exporters.workbook``, the Celery tasks in
    ``tournaments.tasks``."""
    return sorted((ROOT / "games").rglob("*.py")) + sorted(
        (ROOT / "scoring").rglob("*.py")
    )


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_there_are_pure_modules_to_check():
    names = {path.name for path in pure_modules()}
    assert {"bridge.py", "cards.py", "imps.py", "matchpoints.py", "vp.py"} <= names


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_framework(path):
    assert not imported_packages(path) & FORBIDDEN


def test_games_does_not_import_scoring():
    for path in (ROOT / "games").rglob("*.py"):
        assert "scoring" not in imported_packages(path), path


def test_importing_the_pure_packages_loads_no_framework():
    """Catch indirect imports too, by looking at sys.modules after importing."""
    import json
    import subprocess
    import sys

    modules = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in pure_modules()
        if path.name != "__init__.py"
    ]
    probe = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert not set(json.loads(out.stdout)) & FORBIDDEN


def test_an_import_inside_a_function_is_seen(tmp_path):
    """The check reads the whole tree, so a framework imported lazily inside a
    function is refused like one at the top of the module."""
    module = tmp_path / "lazy.py"
    module.write_text(
        "def workbook():\n    from openpyxl import Workbook\n    return Workbook()\n"
    )
    assert imported_packages(module) == {"openpyxl"}


def _project_imports(path: Path) -> set[str]:
    """Every ``tournaments.*`` module the file imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return {name for name in found if name.startswith("tournaments.")}


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "tournaments" / "models").glob("*.py")),
    ids=lambda p: p.name,
)
def test_models_import_only_models(path):
    """Models sit below every other layer: no services, rescoring, selectors,
    registry or views, not even inside a method."""
    assert {
        name
        for name in _project_imports(path)
        if not name.startswith("tournaments.models")
    } == set()


# The games' names on the two fields that once chose the game.
GAME_KINDS = {"PAIRS", "TEAMS", "WHIZ", "BARBU", "CHINESE"}


def _game_tests(path: Path) -> list[int]:
    """Lines where the code compares something with a game's kind
    (``x.kind == Event.Kind.WHIZ``, ``x.movement in (...TEAMS...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        names = {
            part.attr
            for side in (node.left, *node.comparators)
            for part in ast.walk(side)
            if isinstance(part, ast.Attribute)
        }
        if names & GAME_KINDS and names & {"Kind", "Movement"}:
            lines.append(node.lineno)
    return lines


def test_the_game_is_chosen_only_by_the_registry():
    """Code that differs by game asks ``tournaments.registry``; no module
    switches on ``Event.kind`` or ``Section.movement`` itself."""
    switches = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "tournaments").rglob("*.py"))
        if "migrations" not in path.parts and path.name != "registry.py"
        if (lines := _game_tests(path))
    }
    assert switches == {}


def test_a_game_switch_is_seen(tmp_path):
    module = tmp_path / "switch.py"
    module.write_text(
        "def page(event):\n"
        "    if event.kind == Event.Kind.WHIZ:\n"
        "        return 1\n"
        "    return 0 if section.movement in (Section.Movement.TEAMS,) else 2\n"
    )
    assert _game_tests(module) == [2, 4]
