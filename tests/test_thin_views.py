"""Thin views: no database query in a view or serializer module.

Selectors read (``tournaments/selectors/``, a game's ``selectors``), services
write (``tournaments/services/``, a game's ``services``); the modules that
answer a request (the API, the director's pages, the tablet, the public
results and pages, and a game's own views) call them and render.  A query in
a view is how a page grows a query per row and how a rule ends up beside its
twin: this test reads each view module's source and names every query it
finds.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOURNAMENTS = ROOT / "tournaments"
GAMES = {"pairs", "teams", "whiz", "barbu", "chinese", "bridgeote", "individual"}
# The packages that answer requests, and a game's modules that do.
VIEW_PACKAGES = {"api", "director", "terminal", "results", "pages"}
VIEW_MODULES = ("api", "director", "results", "terminal", "cards", "disputes", "views")

# Queryset methods no other object here has, and the shortcuts that query.
QUERY_METHODS = {
    "select_related",
    "prefetch_related",
    "annotate",
    "aggregate",
    "values_list",
    "select_for_update",
    "bulk_create",
    "bulk_update",
    "get_or_create",
    "update_or_create",
    "filter",
    "exclude",
    "order_by",
    "only",
    "defer",
    "distinct",
    "exists",
}
# Methods a queryset shares with plain objects, a query only when called
# without positional arguments (``manager.get(pk=1)``, not ``d.get(key)``).
BARE_METHODS = {"all", "first", "last", "count", "get", "delete", "create", "update"}
SHORTCUTS = {"get_object_or_404", "get_list_or_404"}


def view_modules() -> list[Path]:
    """The modules that answer a request (forms modules excluded: a form's
    choices come from the view that builds it)."""
    found = []
    for path in sorted(TOURNAMENTS.rglob("*.py")):
        parts = path.relative_to(TOURNAMENTS).parts
        if "forms" in path.stem or "migrations" in parts:
            continue
        if parts[0] in VIEW_PACKAGES or (
            parts[0] in GAMES and len(parts) == 2 and path.stem.startswith(VIEW_MODULES)
        ):
            found.append(path)
    return found


def queries(path: Path) -> list[str]:
    """``line: what`` for each query the module's source makes."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append(f"{node.lineno}: .objects")
        elif isinstance(node, ast.Name) and node.id in SHORTCUTS:
            found.append(f"{node.lineno}: {node.id}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = node.func.attr
            if name in QUERY_METHODS or (name in BARE_METHODS and not node.args):
                found.append(f"{node.lineno}: .{name}()")
    return sorted(set(found), key=lambda text: (int(text.split(":")[0]), text))


def test_there_are_view_modules_to_check():
    names = {str(path.relative_to(TOURNAMENTS)) for path in view_modules()}
    assert {"api/events.py", "director/views.py", "results/views.py"} <= names
    assert "whiz/results.py" in names and "teams/api.py" in names


def test_no_view_queries_the_database():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in view_modules()
        if (lines := queries(path))
    }
    assert found == {}


def test_a_query_in_a_view_is_seen(tmp_path):
    module = tmp_path / "page.py"
    module.write_text(
        "def page(request, pk):\n"
        "    event = get_object_or_404(Event, pk=pk)\n"
        "    names = request.GET.get('names')\n"
        "    boards = event.boards.all()\n"
        "    first = Board.objects.filter(pk=1).first()\n"
        "    return render(request, 'x.html', {'n': names.count(','), 'b': boards})\n"
    )
    assert queries(module) == [
        "2: get_object_or_404",
        "4: .all()",
        "5: .filter()",
        "5: .first()",
        "5: .objects",
    ]
