"""The suite is self-contained: its data files live in tests/data, named in its README.

A fresh clone has nothing beside it, so no test may read a file outside the
repository (the old ``shared`` folder beside it) or skip when a data file is absent,
and every file of tests/data is described, with its public source, in
tests/data/README.md.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import TEST_DATA

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
README = TEST_DATA / "README.md"
OLD_DATA = "shared/data"
EXISTS = {"exists", "is_file", "is_dir"}
RANGE = re.compile(r"\{(\d+)\.\.(\d+)\}")


def _anchored_on_file(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "__file__" for n in ast.walk(node))


def _parent_chain(node: ast.Attribute) -> int:
    """How many ``.parent`` in a row end at this node."""
    count = 0
    current: ast.AST = node
    while isinstance(current, ast.Attribute) and current.attr == "parent":
        count, current = count + 1, current.value
    return count


def _system_paths(tree: ast.Module) -> set[str]:
    """Module names bound to ``Path("/absolute")``: programs installed on the
    machine (the browser), which a test may skip without; data files never."""
    names = set()
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and node.value.args
            and isinstance(node.value.args[0], ast.Constant)
            and str(node.value.args[0].value).startswith("/")
        ):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _skips_when_missing(node: ast.If, system: set[str]) -> bool:
    """``if not path.exists(): pytest.skip(...)``: a missing file made a skip."""
    checks_a_file = any(
        isinstance(n, ast.Attribute)
        and n.attr in EXISTS
        and not (isinstance(n.value, ast.Name) and n.value.id in system)
        for n in ast.walk(node.test)
    )
    skips = any(
        isinstance(n, ast.Attribute) and n.attr == "skip"
        for statement in node.body
        for n in ast.walk(statement)
    )
    return checks_a_file and skips


def outside_reads(source: str, depth: int) -> list[str]:
    """The ways this test source reaches outside the repository, or skips on a file.

    ``depth`` is how many folders the file sits below the repository root
    (1 for tests/conftest.py), so ``Path(__file__).parents[depth]`` is outside.
    """
    found = [f"names {OLD_DATA}"] if OLD_DATA in source else []
    tree = ast.parse(source)
    system = _system_paths(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value == ".." or "../" in node.value or "..\\" in node.value:
                found.append(f"line {node.lineno}: the relative path {node.value!r}")
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and isinstance(node.right, ast.Constant)
            and node.right.value == "shared"
        ):
            found.append(f"line {node.lineno}: the path part 'shared'")
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
            and node.slice.value > depth
            and _anchored_on_file(node)
        ):
            found.append(f"line {node.lineno}: parents[{node.slice.value}]")
        elif (
            isinstance(node, ast.Attribute)
            and _parent_chain(node) > depth + 1
            and _anchored_on_file(node)
        ):
            found.append(f"line {node.lineno}: {_parent_chain(node)} x .parent")
        elif isinstance(node, ast.If) and _skips_when_missing(node, system):
            found.append(f"line {node.lineno}: skips when a file is missing")
    return found


def suite_sources() -> list[Path]:
    """Every Python file of tests/ but this one, whose examples are the ways out."""
    return sorted(p for p in TESTS.rglob("*.py") if p != Path(__file__).resolve())


@pytest.mark.parametrize(
    "path", suite_sources(), ids=lambda p: str(p.relative_to(TESTS))
)
def test_no_test_reads_outside_the_repository(path):
    depth = len(path.relative_to(ROOT).parts) - 1
    assert outside_reads(path.read_text(encoding="utf-8"), depth) == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            f'DATA = "{OLD_DATA}/pbn"',
            [f"names {OLD_DATA}"],
        ),
        (
            'DATA = Path(__file__).resolve().parents[2] / "shared" / "data"',
            ["line 1: parents[2]", "line 1: the path part 'shared'"],
        ),
        ("DATA = Path(__file__).parent.parent.parent", ["line 1: 3 x .parent"]),
        ('DATA = Path(__file__).parent.parent / "data"', []),
        ('DATA = Path("../pbn")', ["line 1: the relative path '../pbn'"]),
        (
            "if not PATH.exists():\n    pytest.skip('no file')",
            ["line 1: skips when a file is missing"],
        ),
        ('DATA = Path(__file__).resolve().parents[1] / "data"', []),
        ("if not PATH.exists():\n    raise AssertionError", []),
        (
            'APP = Path("/usr/bin/app")\nif not APP.exists():\n    pytest.skip()',
            [],
        ),
        (
            'DATA = Path(__file__).resolve().parents[1] / ".." / "x"',
            ["line 1: the relative path '..'"],
        ),
    ],
)
def test_the_scan_finds_each_way_out(source, found):
    """A file in tests/ (depth 1): parents[1] is the repository, parents[2] is not."""
    assert sorted(outside_reads(source, depth=1)) == sorted(found)


def _expand(name: str) -> list[str]:
    """``wb120802{001..027}.html`` -> the 27 names, zero-padded as written."""
    match = RANGE.search(name)
    if not match:
        return [name]
    first, last = match[1], match[2]
    return [
        name[: match.start()] + str(n).zfill(len(first)) + name[match.end() :]
        for n in range(int(first), int(last) + 1)
    ]


def readme_rows() -> list[list[str]]:
    """The cells of the README's file tables, header and rule rows left out."""
    rows = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def readme_files() -> list[str]:
    """Every data file the README names in the first column of its tables."""
    return [
        name
        for row in readme_rows()
        for token in re.findall(r"`([^`]+)`", row[0])
        for name in _expand(token)
    ]


def data_files() -> set[str]:
    return {
        path.relative_to(TEST_DATA).as_posix()
        for path in TEST_DATA.rglob("*")
        if path.is_file() and path != README
    }


def test_the_readme_range_stands_for_each_number():
    assert _expand("b{08..10}.html") == ["b08.html", "b09.html", "b10.html"]
    assert _expand("a.pbn") == ["a.pbn"]


def test_every_file_the_readme_names_is_in_tests_data():
    names = readme_files()
    assert len(names) == len(set(names)), "a file is named twice"
    assert sorted(set(names) - data_files()) == []


def test_every_file_in_tests_data_is_named_in_the_readme():
    assert sorted(data_files() - set(readme_files())) == []


def test_the_readme_names_the_54_files_of_the_suite():
    assert len(readme_files()) == 54
    assert {name.split("/")[0] for name in readme_files()} == {
        "jfr",
        "movements",
        "pbn",
        "usebio",
    }


def test_every_test_the_readme_names_exists():
    named = {
        token
        for row in readme_rows()
        for token in re.findall(r"`([\w/]+\.py)`", row[-1])
    }
    assert named and sorted(n for n in named if not (TESTS / n).is_file()) == []
