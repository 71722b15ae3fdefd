"""The manual names only what the repository holds.

README.md and every page of ``docs/`` (the MkDocs site, ``mkdocs.yml``, its
pages in one folder a reader): each repository path named in backticks
exists (``rescore/lines.py`` is read under ``tournaments/``, a module may be
named without its ``.py``), each ``./scripts/X`` exists,
each ``manage.py <command>`` is a real management command, no page says
"issue" and a number (the manual is for readers, not for the tracker), and
every page is in the site's navigation and every navigation entry is a page.
Every picture in ``docs/images`` is shown by a page and taken by a browser
test (``manual_screenshot`` in ``tests/browser``, read as source), and every
name given to ``manual_screenshot`` is one of those pictures.
Pure: no database.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

# The folders of the repository whose paths the manual names.
PATH_ROOTS = (
    "bench",
    "config",
    "deploy",
    "docs",
    "games",
    "scoring",
    "scripts",
    "static",
    "templates",
    "tests",
    "tournaments",
)
PATH = re.compile(r"(?<![\w./])(?:" + "|".join(PATH_ROOTS) + r")/[\w./-]*")
# The packages of tournaments/, which the manual names from there
# (``services/entry.py``, ``rescore/lines.py``).
PACKAGES = sorted(p.parent.name for p in (ROOT / "tournaments").glob("*/__init__.py"))
RELATIVE = re.compile(r"(?<![\w./])(?:" + "|".join(PACKAGES) + r")/[\w./-]*")
# A code span may run over a line break, never over a blank line.
CODE = re.compile(r"`((?:[^`\n]|\n(?![ \t]*\n))+)`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
SCRIPT = re.compile(r"\./scripts/([\w.-]+)")
COMMAND = re.compile(r"manage\.py\s+([a-z][a-z_]*)")
ISSUE = re.compile(r"\bissues?\s+#?\d+|(?<![\w&#/])#\d+\b", re.I)


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def manual() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in pages()}


def code_spans(text: str) -> list[str]:
    """Inline code and fenced blocks: where the manual names files."""
    fences = FENCE.findall(text)
    rest = FENCE.sub("", text)
    return [re.sub(r"\s*\n\s*", " ", span) for span in CODE.findall(rest)] + fences


def named_paths(text: str) -> set[str]:
    """Repository paths in code spans, placeholders (``<game>``, ``*``,
    ``{id}``, ``NAME``) left out."""
    found = set()
    for span in code_spans(text):
        for pattern, base in ((PATH, ""), (RELATIVE, "tournaments/")):
            for match in pattern.finditer(span):
                path = match.group(0).rstrip(".,;:")
                rest = span[match.end() :]
                if rest.startswith(("<", "*", "{")) or re.search(r"/[A-Z]+$", path):
                    continue
                found.add(base + path)
    return found


def path_exists(path: str, root: Path = ROOT) -> bool:
    """The file or folder, or under ``tournaments/`` a module named without
    its ``.py`` (``services/table_rounds``) or with one of its names
    (``models/play.EnteredLine``: the name is checked by ``missing_names``)."""
    if (root / path).exists():
        return True
    if not path.startswith("tournaments/"):
        return False
    module = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
    return (root / f"{path}.py").is_file() or (root / f"{module}.py").is_file()


def missing_paths(text: str, root: Path = ROOT) -> list[str]:
    return sorted(p for p in named_paths(text) if not path_exists(p, root))


def test_a_wrong_path_is_caught():
    """The check bites: a path that is not there is reported."""
    text = "The tasks live in `tournaments/tasks.py` and `scripts/serve.sh`."
    assert missing_paths(text) == ["tournaments/tasks.py"]
    assert missing_paths("```sh\n./scripts/nothing.sh\nbench/nope.py\n```") == [
        "bench/nope.py",
    ]
    assert missing_paths("`tests/tournaments/<package>/` and `log/NAME.log`") == []


def test_a_moved_module_is_caught():
    """Paths named from ``tournaments/`` and spans broken over a line are
    checked too: a module the games' packages took away is reported."""
    assert missing_paths("`rescore/individual.py`, `services/whiz.py`") == [
        "tournaments/rescore/individual.py",
        "tournaments/services/whiz.py",
    ]
    broken = '(`{"round", "table",\n"hand"}`) in `tournaments/rescore/teams.py`'
    assert missing_paths(broken) == ["tournaments/rescore/teams.py"]
    assert missing_paths("`games/bridge.py` and `scoring/\nimps.py`") == []
    named = "`services/table_rounds`, `models/play.EnteredLine`, `selectors/pairs.x(q)`"
    assert missing_paths(named) == []


@pytest.mark.parametrize("page", sorted(manual()))
def test_every_named_path_exists(page):
    assert missing_paths(manual()[page]) == []


@pytest.mark.parametrize("page", sorted(manual()))
def test_every_script_named_exists(page):
    scripts = set(SCRIPT.findall(manual()[page]))
    assert sorted(s for s in scripts if not (ROOT / "scripts" / s).is_file()) == []


@pytest.mark.parametrize("page", sorted(manual()))
def test_every_manage_command_exists(page):
    commands = set(COMMAND.findall(manual()[page]))
    assert sorted(commands - set(get_commands())) == []


def test_an_unknown_command_is_caught():
    text = "`.venv/bin/python manage.py load_demo`, then `manage.py result_submit`"
    assert set(COMMAND.findall(text)) - set(get_commands()) == {"result_submit"}


@pytest.mark.parametrize("page", sorted(manual()))
def test_no_issue_numbers(page):
    assert ISSUE.findall(manual()[page]) == []


def test_an_issue_number_is_caught():
    assert ISSUE.findall("## Sections of any size (issue 21)")
    assert ISSUE.findall("as the console shows (Issues 21 and 22)")
    assert ISSUE.findall("fixed in #32")
    assert not ISSUE.findall("an issue the director settles")
    assert not ISSUE.findall("[the clock](round-clock.md#the-room-screen), &#160;")


BASES = (ROOT, ROOT / "tournaments")
DOTTED = re.compile(r"^((?:[a-z_]+/)*[a-z_]+)\.([A-Za-z_]\w*)$")


def missing_names(text: str) -> list[str]:
    """``services/results.result_enter``, ``config/celery.py``'s ``Consumer``:
    a module path (from the repository or from ``tournaments/``) and a name
    it defines, checked against the module's source."""
    missing = []
    for span in code_spans(text):
        match = DOTTED.match(span)
        if not match or any((base / span).exists() for base in BASES):
            continue
        module, name = match.groups()
        defined = re.compile(
            rf"^\s*(?:(?:async\s+)?def|class)\s+{name}\b|^{name}\s*[:=]", re.M
        )
        for base in BASES:
            source = base / f"{module}.py"
            if source.is_file():
                if not defined.search(source.read_text(encoding="utf-8")):
                    missing.append(span)
                break
    return sorted(missing)


def test_a_wrong_name_is_caught():
    assert missing_names("`services/results.result_enter`") == []
    assert missing_names("`services/results.no_such_function`") == [
        "services/results.no_such_function"
    ]


@pytest.mark.parametrize("page", sorted(manual()))
def test_every_named_function_exists(page):
    assert missing_names(manual()[page]) == []


def test_readme_links_reach_files():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = {t for t in LINK.findall(text) if "://" not in t}
    assert targets
    assert sorted(t for t in targets if not (ROOT / t).exists()) == []


def nav_pages(nav) -> list[str]:
    found = []
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            found += nav_pages(value)
        elif "://" not in value:
            found.append(value)
    return found


def test_every_page_is_in_the_nav_and_every_nav_entry_is_a_page():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == "Donne"
    assert config["theme"]["name"] == "material"
    listed = nav_pages(config["nav"])
    assert len(listed) == len(set(listed)), "a page is listed twice"
    on_disk = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert sorted(on_disk - set(listed)) == [], "pages missing from the nav"
    assert sorted(set(listed) - on_disk) == [], "nav entries with no page"


def test_the_readme_keeps_its_two_commands():
    """CI and reviewers run them as the README prints them."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert (
        "```sh\n"
        "./scripts/demo.sh    # set up, load the demo club, serve on http://127.0.0.1:8000\n"
        "./scripts/test.sh    # set up and run every check and the whole test suite\n"
        "```\n"
    ) in text
    assert len(text.splitlines()) < 200


IMAGES = DOCS / "images"
BROWSER_TESTS = ROOT / "tests" / "browser"


def linked_images() -> set[Path]:
    """The files of ``docs/`` the pages link to, resolved from each page."""
    linked = set()
    for page in DOCS.rglob("*.md"):
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" not in target:
                linked.add((page.parent / target).resolve())
    return linked


def _strings(node: ast.AST, constants: dict[str, ast.AST]) -> list[str]:
    """The picture names an argument holds: a string, or a module-level
    constant (a string, or a dict, tuple or list of them) by name or
    subscripted (``MANUAL[game]``: the dict's values)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Name) and node.id in constants:
        return _strings(constants[node.id], constants)
    if isinstance(node, ast.Subscript):
        return _strings(node.value, constants)
    if isinstance(node, ast.Dict):
        return [n for value in node.values for n in _strings(value, constants)]
    if isinstance(node, ast.Tuple | ast.List):
        return [n for element in node.elts for n in _strings(element, constants)]
    return []


def manual_screenshot_names(source: str) -> tuple[set[str], list[int]]:
    """The names given to ``manual_screenshot(`` in a module's source, and
    the lines of the calls whose name cannot be read (an f-string, a
    variable): a picture of the manual is named as written."""
    tree = ast.parse(source)
    constants = {
        target.id: statement.value
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        for target in statement.targets
        if isinstance(target, ast.Name)
    }
    names, unread = set(), []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "manual_screenshot"
        ):
            continue
        given = [k.value for k in node.keywords if k.arg == "name"]
        argument = node.args[1] if len(node.args) > 1 else (given or [None])[0]
        found = _strings(argument, constants) if argument is not None else []
        if found:
            names.update(found)
        else:
            unread.append(node.lineno)
    return names, unread


def test_a_manual_screenshot_name_is_read_or_reported():
    """The check bites: names written out (or in a module's dict) are read,
    one built at run time is reported by its line."""
    source = (
        'MANUAL = {"bridge": "traveller-bridge.png"}\n'
        'manual_screenshot(page, "a.png", full_page=True)\n'
        "manual_screenshot(page, MANUAL[game])\n"
        'manual_screenshot(page, name="b.png")\n'
        'manual_screenshot(page, f"tonight-{step}.png")\n'
        'page.screenshot(path="c.png")\n'
    )
    assert manual_screenshot_names(source) == (
        {"a.png", "b.png", "traveller-bridge.png"},
        [5],
    )


def test_every_manual_picture_is_shown_and_taken_by_a_browser_test():
    pictures = {p.name for p in IMAGES.iterdir() if p.is_file()}
    assert pictures, "docs/images holds no picture"
    linked = linked_images()
    shown = {p.name for p in linked if p.parent == IMAGES}
    assert sorted(pictures - shown) == [], "pictures no page shows"
    missing = sorted(p.name for p in linked if p.parent == IMAGES and not p.exists())
    assert missing == [], "pages show pictures docs/images does not hold"

    taken: set[str] = set()
    for module in sorted(BROWSER_TESTS.glob("*.py")):
        names, unread = manual_screenshot_names(module.read_text(encoding="utf-8"))
        assert unread == [], f"{module.name}: name the manual's picture as written"
        taken |= names
    assert sorted(pictures - taken) == [], "pictures no browser test takes"
    assert sorted(taken - pictures) == [], "pictures taken that docs/images lacks"
