"""Every user-facing string has its French translation, compiled."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def test_every_message_is_translated_to_french():
    entries = CATALOGUE.read_text(encoding="utf-8").split("\n\n")[1:]
    assert len(entries) > 50
    for entry in entries:
        assert "#, fuzzy" not in entry, entry
        assert not re.search(r'^msgstr(\[\d\])? ""(?!\n")', entry, re.M), entry


def test_the_compiled_catalogue_matches_the_source():
    """The shipped .mo holds every translation of the .po (run compilemessages)."""
    with CATALOGUE.with_suffix(".mo").open("rb") as compiled:
        translations = gettext.GNUTranslations(compiled)
    for entry in CATALOGUE.read_text(encoding="utf-8").split("\n\n")[1:]:
        msgid = _joined(entry, "msgid")
        if "msgctxt" in entry:
            context = _joined(entry, "msgctxt")
            found = translations.pgettext(context, msgid)
            assert found == _joined(entry, "msgstr")
        elif "msgid_plural" in entry:
            assert translations.ngettext(msgid, "", 1) == _joined(entry, "msgstr[0]")
        else:
            assert translations.gettext(msgid) == _joined(entry, "msgstr")


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


def test_translations_keep_the_placeholders():
    """A French string names the same %(...)s fields as its English one."""
    for entry in CATALOGUE.read_text(encoding="utf-8").split("\n\n")[1:]:
        if "python-format" not in entry:
            continue
        if "msgid_plural" in entry:
            pairs = [
                (_joined(entry, "msgid"), _joined(entry, "msgstr[0]")),
                (_joined(entry, "msgid_plural"), _joined(entry, "msgstr[1]")),
            ]
        else:
            pairs = [(_joined(entry, "msgid"), _joined(entry, "msgstr"))]
        for english, french in pairs:
            wanted = sorted(m.group(0) for m in PLACEHOLDER.finditer(english))
            found = sorted(m.group(0) for m in PLACEHOLDER.finditer(french))
            assert found == wanted, (english, french)


def _joined(entry: str, keyword: str) -> str:
    """The string after ``keyword`` in a .po entry, continuation lines joined."""
    lines = entry.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(keyword + " "))
    parts = [lines[start][len(keyword) + 1 :]]
    for line in lines[start + 1 :]:
        if not line.startswith('"'):
            break
        parts.append(line)
    return "".join(ast.literal_eval(part) for part in parts)
