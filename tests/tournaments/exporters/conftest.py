"""The exporters' tests' shared fixture: the file builds a download ran."""

import pytest

from tournaments.results import files


@pytest.fixture
def builds(monkeypatch):
    """The builds each download ran, by format."""
    counted = {"pbn": 0, "usebio": 0}
    for kind in counted:
        build, content_type, extension = files.FORMATS[kind]

        def counting(event, build=build, kind=kind):
            counted[kind] += 1
            return build(event)

        monkeypatch.setitem(files.FORMATS, kind, (counting, content_type, extension))
    return counted
