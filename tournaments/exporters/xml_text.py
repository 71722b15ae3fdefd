"""An ElementTree written as indented XML text, with pre-written parts.

``ET.indent`` then ``ET.tostring`` cost a 2,000-table USEBIO file seconds:
the indent walks every element, the writer looks for namespaces in every
tag, and the tree itself (half a million elements) makes the garbage
collector run again and again.  ``xml_text`` writes the same text in one
walk (two spaces a level, ``<TAG />`` when empty, attributes in the order
given, the same escapes), and a part of the file written as text already
(``rendered``: a section's boards and their lines, written indented for
their place) goes in as it is.  The text is the same byte for byte as
``ET.indent(root)`` then ``ET.tostring(root, encoding="unicode")``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

INDENT = "  "
# The tag of a part written as text already: no XML tag holds a NUL.
RENDERED = "\0rendered"


def rendered(parent: ET.Element, text: str) -> None:
    """Append ``text``, elements written as XML at the level of ``parent``'s
    children (``text_element(tag, value, level)``, joined by a new line and
    that level's indent), as ``parent``'s next children; nothing when empty."""
    if text:
        ET.SubElement(parent, RENDERED).text = text


def xml_text(root: ET.Element) -> str:
    """``root`` as XML text, indented as ``ET.indent`` does (no declaration)."""
    parts: list[str] = []
    _write(root, 0, parts.append)
    return "".join(parts)


def _write(element: ET.Element, level: int, write: Callable[[str], object]) -> None:
    tag = element.tag
    if tag == RENDERED:
        write(element.text)
        return
    attrs = "".join(
        f' {name}="{escape_attribute(value)}"' for name, value in element.attrib.items()
    )
    text = element.text
    if len(element):
        inner = "\n" + INDENT * (level + 1)
        write(f"<{tag}{attrs}>")
        write(escape_text(text) if text and text.strip() else inner)
        last = len(element) - 1
        for index, child in enumerate(element):
            _write(child, level + 1, write)
            tail = child.tail
            if tail and tail.strip():
                write(escape_text(tail))
            else:
                write(inner if index < last else "\n" + INDENT * level)
        write(f"</{tag}>")
    elif text:
        write(f"<{tag}{attrs}>{escape_text(text)}</{tag}>")
    else:
        write(f"<{tag}{attrs} />")


def text_element(tag: str, value: object, level: int) -> str:
    """One element as text at ``level`` (its first line not indented): a leaf with
    ``value``'s text, ``<TAG />`` for None or "", or, for a list of
    ``(tag, value)`` pairs, an element holding those children."""
    if value.__class__ is not list:
        text = "" if value is None else str(value)
        return f"<{tag}>{escape_text(text)}</{tag}>" if text else f"<{tag} />"
    if not value:
        return f"<{tag} />"
    children = []
    for child, shown in value:  # the leaves here: a line's dozen, 52,000 lines
        if shown.__class__ is list:
            children.append(text_element(child, shown, level + 1))
            continue
        text = "" if shown is None else str(shown)
        if not text:
            children.append(f"<{child} />")
        elif "&" in text or "<" in text or ">" in text:
            children.append(f"<{child}>{escape_text(text)}</{child}>")
        else:
            children.append(f"<{child}>{text}</{child}>")
    inner = "\n" + INDENT * (level + 1)
    return f"<{tag}>{inner}{inner.join(children)}\n{INDENT * level}</{tag}>"


def escape_text(text: str) -> str:
    """An element's text escaped as ElementTree escapes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def escape_attribute(text: str) -> str:
    """An attribute's value escaped as ElementTree escapes it."""
    text = escape_text(text)
    for character, escaped in (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"),
                               ("\t", "&#09;")):  # fmt: skip
        if character in text:
            text = text.replace(character, escaped)
    return text
