"""Colour contrast of static/css/app.css in both themes (WCAG 2: 4.5:1 for text, 3:1 for controls and focus).

The colours are CSS variables: the light set in the first ``:root``, the dark set in the
``prefers-color-scheme: dark`` block, and the manual day/night choice (``:root[data-theme=…]``) must repeat
them exactly, so the toggle gives the same two themes as the system setting.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

CSS = (Path(settings.BASE_DIR) / "static" / "css" / "app.css").read_text(encoding="utf-8")

TEXT_PAIRS = [
    ("fg", "bg"),
    ("fg", "card"),
    ("muted", "bg"),
    ("muted", "card"),
    ("muted", "warn-bg"),
    ("accent", "bg"),
    ("accent", "card"),
    ("accent", "warn-bg"),
    ("accent-fg", "accent"),
    ("warn-fg", "warn-bg"),
    ("ok", "bg"),
    ("ok", "card"),
    ("bad", "bg"),
    ("bad", "card"),
    ("official", "card"),
    ("summary", "card"),
    ("red-suit", "card"),
    ("red-suit", "bg"),
]
CONTROL_PAIRS = [("control-line", "bg"), ("control-line", "card"), ("accent", "bg"), ("accent", "card")]


def _variables(block: str) -> dict[str, str]:
    return {name: value.lower() for name, value in re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{3,6})", block)}


def _block(pattern: str) -> str:
    match = re.search(pattern, CSS, flags=re.S | re.M)
    assert match, pattern
    return match.group(1)


def themes() -> dict[str, dict[str, str]]:
    light = _variables(_block(r"^:root \{(.*?)\}"))
    dark = _variables(_block(r"@media \(prefers-color-scheme: dark\) \{\s*:root \{(.*?)\}"))
    # Variables added later for both themes (the red suits, the controls' border) complete each set.
    for block in re.findall(r"(?m)^:root \{(.*?)\}", CSS, flags=re.S)[1:]:
        for name, value in _variables(block).items():
            light.setdefault(name, value)
    for block in re.findall(r':root:not\(\[data-theme="light"\]\) \{(.*?)\}', CSS, flags=re.S):
        for name, value in _variables(block).items():
            dark.setdefault(name, value)
    return {
        "light": light,
        "dark": dark,
        "manual-light": _variables(_block(r':root\[data-theme="light"\] \{(.*?)\}')),
        "manual-dark": _variables(_block(r':root\[data-theme="dark"\] \{(.*?)\}')),
    }


def luminance(colour: str) -> float:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_formula():
    assert round(contrast("#000", "#fff"), 1) == 21.0
    assert round(contrast("#777", "#fff"), 2) == 4.48


def test_the_manual_choice_repeats_the_system_themes():
    t = themes()
    assert t["manual-light"] == {k: v for k, v in t["light"].items() if k in t["manual-light"]}
    assert t["manual-dark"] == {k: v for k, v in t["dark"].items() if k in t["manual-dark"]}
    assert set(t["manual-light"]) == set(t["manual-dark"]) and len(t["manual-light"]) >= 14


@pytest.mark.parametrize("theme", ["light", "dark", "manual-light", "manual-dark"])
def test_text_contrast_at_least_4_5(theme):
    colours = themes()[theme]
    failures = [
        (fg, bg, round(contrast(colours[fg], colours[bg]), 2))
        for fg, bg in TEXT_PAIRS
        if contrast(colours[fg], colours[bg]) < 4.5
    ]
    assert not failures


@pytest.mark.parametrize("theme", ["light", "dark", "manual-light", "manual-dark"])
def test_controls_and_focus_ring_at_least_3(theme):
    colours = themes()[theme]
    assert all(contrast(colours[a], colours[b]) >= 3 for a, b in CONTROL_PAIRS)


def test_no_fixed_red_left_for_the_suits():
    """The red suit symbols go through --red-suit, which the dark themes lighten."""
    assert ".suit-red { color: var(--red-suit); }" in CSS
    assert ".choices .strain-D span, .choices .strain-H span { color: var(--red-suit); }" in CSS
