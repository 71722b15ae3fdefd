"""``xml_text`` writes a tree as ``ET.indent`` then ``ET.tostring`` do, byte
for byte, and a ``rendered`` part (written with ``text_element``) as the
elements it stands for (issue 34: the USEBIO file without ElementTree's
writer)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from tournaments.exporters.xml_text import rendered, text_element, xml_text

TAGS = st.sampled_from(["A", "BOARD", "PAIR_NUMBER", "X_1"])
TEXTS = st.none() | st.text(st.sampled_from(list("ab <>&\"'\n\t\r1-é")), max_size=6)
ATTRIBUTES = st.dictionaries(st.sampled_from(["K", "EVENT_TYPE"]), TEXTS.map(str))
LEAVES = st.tuples(TAGS, TEXTS)
PARTS = st.recursive(
    st.lists(LEAVES, max_size=3),
    lambda children: st.lists(st.tuples(TAGS, children) | LEAVES, max_size=3),
    max_leaves=12,
)


def _tree(
    tag: str, attributes: dict[str, str], text: str | None, parts: list
) -> ET.Element:
    element = ET.Element(tag, attributes)
    element.text = text
    _grow(element, parts)
    return element


def _grow(parent: ET.Element, parts: list) -> None:
    for tag, value in parts:
        child = ET.SubElement(parent, tag)
        if isinstance(value, list):
            _grow(child, value)
        else:
            child.text = value


def _written(root: ET.Element) -> str:
    ET.indent(root)
    return ET.tostring(root, encoding="unicode")


@given(TAGS, ATTRIBUTES, TEXTS, PARTS)
def test_the_text_is_elementtree_s(tag, attributes, text, parts):
    expected = _written(_tree(tag, attributes, text, parts))
    assert xml_text(_tree(tag, attributes, text, parts)) == expected


@given(PARTS, PARTS, st.lists(st.tuples(TAGS, PARTS), min_size=1, max_size=3))
def test_a_rendered_part_is_the_elements_it_stands_for(before, after, middle):
    root = ET.Element("USEBIO")
    holder = ET.SubElement(ET.SubElement(root, "EVENT"), "SECTION")
    _grow(holder, before)
    rendered(holder, "\n      ".join(text_element(t, v, 3) for t, v in middle))
    _grow(holder, after)
    expected = ET.Element("USEBIO")
    section = ET.SubElement(ET.SubElement(expected, "EVENT"), "SECTION")
    _grow(section, [*before, *middle, *after])
    assert xml_text(root) == _written(expected)


def test_an_empty_rendered_part_adds_nothing():
    root = ET.Element("USEBIO")
    rendered(root, "")
    assert len(root) == 0
    assert xml_text(root) == "<USEBIO />"
