"""The house's shape: the layers import-linter keeps, each game's code in its
own package, and no switch on the game outside the registry.

The layers and the absence of cycles are import-linter contracts
(``pyproject.toml``), run by ``lint-imports`` in ``scripts/test.sh``; the
tests here check what an import graph cannot: where a game's code lives by
its name, and where the code compares something with a game's kind.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOURNAMENTS = ROOT / "tournaments"

# Each game's package, and the words that name its code.
GAME_WORDS = {
    "teams": ("teams", "team"),
    "whiz": ("whiz",),
    "barbu": ("barbu",),
    "chinese": ("chinese",),
    "bridgeote": ("bridgeote",),
    "individual": ("individual",),
}

# Shared machinery that carries a game's word for a reason, not a game's code.
SHARED = {
    # The evening planner offers a pairs or a teams night before any event
    # exists: both plans are the planner's.
    "tournaments/movements/evening_teams.py",
    # Swiss pairing and round robins seat teams and Chinese bridge players.
    "tournaments/movements/swiss.py",
    "tournaments/movements/round_robin.py",
    # Step 1 of the night's planner offers a pairs or a teams night.
    "tournaments/director/tonight_forms.py",
    "tournaments/director/tonight_words.py",
    # USEBIO's reader reads every kind of event the format carries into plain
    # data; storing a teams file is the teams game's (``Game``).
    "tournaments/importers/usebio.py",
}


def _words(name: str) -> set[str]:
    """The lower-case words of an identifier or a file name."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    return {word.lower() for word in re.split(r"[_\W]+", spaced) if word}


def _home(path: Path) -> str | None:
    """The game package the path is in, if any."""
    parts = path.relative_to(TOURNAMENTS).parts
    return parts[0] if parts[0] in GAME_WORDS else None


def _shared_modules() -> list[Path]:
    return [
        path
        for path in sorted(TOURNAMENTS.rglob("*.py"))
        if "migrations" not in path.parts
        and _home(path) is None
        and str(path.relative_to(ROOT)) not in SHARED
    ]


def _game_named(name: str) -> list[str]:
    words = _words(name)
    return [game for game, names in GAME_WORDS.items() if words & set(names)]


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def misplaced(paths: list[Path]) -> dict[str, list[str]]:
    """Per shared module, its own name or the top-level functions and classes
    it defines that name a game: a game's code outside its package."""
    found: dict[str, list[str]] = {}
    for path in paths:
        names = []
        if _game_named(path.stem):
            names.append(path.name)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and _game_named(
                node.name
            ):
                names.append(node.name)
        if names:
            found[_shown(path)] = names
    return found


def test_every_game_has_a_package():
    packages = {path.name for path in TOURNAMENTS.iterdir() if path.is_dir()}
    assert set(GAME_WORDS) | {"pairs"} <= packages
    for game in GAME_WORDS:
        assert (TOURNAMENTS / game / "game.py").is_file(), game


def test_a_games_code_lives_in_its_package():
    assert misplaced(_shared_modules()) == {}


def test_a_templates_game_lives_in_its_folder():
    """A game's templates are in ``templates/<game>/``, nowhere else."""
    outside = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if path.parent.name not in GAME_WORDS and _game_named(path.stem)
    ]
    assert outside == []


def test_misplaced_code_is_seen(tmp_path):
    module = tmp_path / "whiz_pages.py"
    module.write_text(
        "def barbu_cards():\n    pass\n\n"
        "class TeamsPlan:\n    pass\n\n"
        "def seat_players():\n    pass\n"
    )
    assert list(misplaced([module]).values()) == [
        ["whiz_pages.py", "barbu_cards", "TeamsPlan"]
    ]


# Every kind of event, and the card games a pairs event is played at: code
# that names one of them picks a game.
GAME_KINDS = {
    "PAIRS",
    "TEAMS",
    "WHIZ",
    "BARBU",
    "BARBU_DUPLICATE",
    "CHINESE",
    "BRIDGEOTE",
    "INDIVIDUAL",
}
CARD_GAMES = {"BRIDGE", "BRIDGEOTE"}


def _game_tests(path: Path) -> list[int]:
    """Lines where the code names a game's kind or a card game
    (``x.kind == Event.Kind.WHIZ``, ``filter(kind=Event.Kind.PAIRS)``,
    ``event.game == Event.Game.BRIDGEOTE``): a switch on the game."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    keys = _identity_keys(tree)
    lines = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node in keys:
            continue
        owner = node.value
        owner_name = (
            owner.attr
            if isinstance(owner, ast.Attribute)
            else owner.id
            if isinstance(owner, ast.Name)
            else ""
        )
        if (owner_name == "Kind" and node.attr in GAME_KINDS) or (
            owner_name == "Game" and node.attr in CARD_GAMES
        ):
            lines.add(node.lineno)
    return sorted(lines)


def _identity_keys(tree: ast.Module) -> set[ast.AST]:
    """The values of class attributes ``kind``/``game``: a class saying which
    kind or card game it is (a game's registration, a file reader's result),
    not a switch on one."""
    keys: set[ast.AST] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for statement in node.body:
            target = getattr(statement, "target", None) or next(
                iter(getattr(statement, "targets", [])), None
            )
            if isinstance(target, ast.Name) and target.id in {"kind", "game"}:
                keys.add(statement.value)
    return keys


def test_the_game_is_chosen_only_by_the_registry():
    """Shared code asks the registry (``event_game(event).method(...)``); no
    shared module names a game's kind or a card game itself (the models
    define them)."""
    switches = {
        str(path.relative_to(ROOT)): lines
        for path in _shared_modules()
        if path.name != "registry.py"
        and not {"models", "pairs"} & set(path.relative_to(TOURNAMENTS).parts)
        if (lines := _game_tests(path))
    }
    assert switches == {}


# The card games' words other than bridge's (the shared default).
CARD_GAME_WORDS = {game.lower() for game in CARD_GAMES - {"BRIDGE"}}

# Shared pages that carry a card game's word for a reason: the word names a
# kind of event there (Bridgeote individual), not the card game.
NAMES_A_KIND = {
    # The dashboard offers a new event of each kind.
    "templates/director/dashboard.html",
    # The table cards of the individual games, named in its docstring.
    "tournaments/director/cards.py",
}


def card_game_named(paths: list[Path]) -> dict[str, list[str]]:
    """Per file, the card games it names (other than bridge)."""
    found: dict[str, list[str]] = {}
    for path in paths:
        if words := sorted(_words(path.read_text(encoding="utf-8")) & CARD_GAME_WORDS):
            found[_shown(path)] = words
    return found


def test_the_director_and_results_pages_name_no_card_game():
    """The traveller's shared pages (results, print set, the director's
    form) ask the card game for its parts (``CardGame.results_traveller``,
    ``director_cells``, ``traveller_row_parsed``...), never naming it."""
    paths = [
        path
        for folder, pattern in (
            ("tournaments/director", "*.py"),
            ("tournaments/results", "*.py"),
            ("templates/director", "*.html"),
            ("templates/results", "*.html"),
        )
        for path in sorted((ROOT / folder).rglob(pattern))
        if str(path.relative_to(ROOT)) not in NAMES_A_KIND
    ]
    assert card_game_named(paths) == {}


def test_a_card_game_named_is_seen(tmp_path):
    page = tmp_path / "board.html"
    page.write_text("{% if bridgeote %}{% include 'x.html' %}{% endif %}")
    assert card_game_named([page]) == {"board.html": ["bridgeote"]}


def test_a_game_switch_is_seen(tmp_path):
    module = tmp_path / "switch.py"
    module.write_text(
        "def page(event):\n"
        "    if event.kind == Event.Kind.WHIZ:\n"
        "        return 1\n"
        "    events = Event.objects.filter(kind=Event.Kind.PAIRS)\n"
        "    return 0 if event.game in (Event.Game.BRIDGEOTE,) else 2\n"
        "class Whiz(Game):\n"
        "    kind = Event.Kind.WHIZ\n"
    )
    assert _game_tests(module) == [2, 4, 5]


def _contracts() -> list[dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def test_the_layers_are_contracts():
    kinds = {contract["type"] for contract in _contracts()}
    assert {"layers", "forbidden", "independence", "acyclic_siblings"} <= kinds
    independent = next(c for c in _contracts() if c["type"] == "independence")
    assert {f"tournaments.{game}" for game in GAME_WORDS} | {
        "tournaments.pairs"
    } == set(independent["modules"])


@pytest.mark.parametrize("broken", ["layers", "forbidden"])
def test_lint_imports_refuses_a_broken_layer(tmp_path, broken):
    """The contracts bite: a pure package importing Django, or a layer
    importing the one above it, fails ``lint-imports``."""
    package = tmp_path / "house"
    (package / "low").mkdir(parents=True)
    (package / "high").mkdir()
    for folder in (package, package / "low", package / "high"):
        (folder / "__init__.py").write_text("")
    (package / "low" / "rules.py").write_text(
        "import django\n" if broken == "forbidden" else "from house.high import x\n"
    )
    (package / "high" / "x.py").write_text("from house.low import rules\n")
    contract = (
        'type = "forbidden"\nsource_modules = ["house.low"]\n'
        'forbidden_modules = ["django"]\n'
        if broken == "forbidden"
        else 'type = "layers"\nlayers = ["house.high", "house.low"]\n'
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.importlinter]\nroot_packages = ["house"]\n'
        "include_external_packages = true\n"
        f'[[tool.importlinter.contracts]]\nname = "c"\n{contract}'
    )
    out = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert "BROKEN" in out.stdout
