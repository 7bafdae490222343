"""Server-rendered SVG charts for the rulings log (no JavaScript library, nothing from a CDN).

:func:`irregularities_by_month` draws a stacked bar per month, one colour per irregularity type, with a legend.
Every text is escaped; the SVG carries a <title> and <desc> and the page shows the same numbers as a table.
"""

from __future__ import annotations

import datetime
from html import escape

# Distinguishable in light and dark mode and for the common colour-vision deficiencies (Okabe–Ito).
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"]

WIDTH = 720
BAR_AREA_HEIGHT = 240
LEFT = 44
TOP = 16
BOTTOM_AXIS = 40
LEGEND_ROW = 26


def _nice_max(value: int) -> int:
    """The axis top: the count rounded up to 1, 2, 5 × 10ⁿ, at least 1."""
    if value <= 1:
        return 1
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= value:
                return step * factor
        step *= 10


def _ticks(top: int) -> list[int]:
    if top <= 5:
        return list(range(0, top + 1))
    step = top // 5
    return list(range(0, top + 1, step))


def month_label(month: datetime.date) -> str:
    return f"{month.year}-{month.month:02d}"


def irregularities_by_month(
    *,
    months: list[datetime.date],
    kinds: list[tuple[str, str]],
    counts: dict[tuple[str, datetime.date], int],
    title: str,
    empty_text: str,
    label_of=None,
) -> str:
    """A stacked bar chart: ``kinds`` is [(code, label)], ``counts[(code, month)]`` the number of rulings.
    ``label_of`` names a bar (a month by default; a year when the statistics bucket by year)."""
    label_of = label_of or month_label
    legend_rows = max(1, (len(kinds) + 2) // 3)
    height = TOP + BAR_AREA_HEIGHT + BOTTOM_AXIS + legend_rows * LEGEND_ROW + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'role="img" aria-labelledby="chart-title chart-desc" class="chart" font-size="13" '
        f'font-family="WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif">',
        f'<title id="chart-title">{escape(title)}</title>',
    ]
    totals = {month: sum(counts.get((code, month), 0) for code, _ in kinds) for month in months}
    description = "; ".join(
        f"{label_of(month)}: "
        + ", ".join(
            f"{label} {counts.get((code, month), 0)}" for code, label in kinds if counts.get((code, month))
        )
        for month in months
        if totals[month]
    )
    parts.append(f'<desc id="chart-desc">{escape(description or empty_text)}</desc>')
    if not months:
        parts.append(
            f'<text x="{WIDTH // 2}" y="{TOP + BAR_AREA_HEIGHT // 2}" text-anchor="middle" '
            f'fill="currentColor">{escape(empty_text)}</text>'
        )
        parts.append("</svg>")
        return "".join(parts)

    top = _nice_max(max(totals.values()))
    plot_width = WIDTH - LEFT - 8
    slot = plot_width / len(months)
    bar = max(4.0, min(48.0, slot * 0.7))
    base_y = TOP + BAR_AREA_HEIGHT

    for tick in _ticks(top):
        y = base_y - BAR_AREA_HEIGHT * tick / top
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - 8}" y1="{y:.1f}" y2="{y:.1f}" stroke="currentColor" '
            f'stroke-opacity="{0.5 if tick == 0 else 0.15}"/>'
        )
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="currentColor">{tick}</text>'
        )

    label_every = max(1, round(len(months) / 12))
    for index, month in enumerate(months):
        x = LEFT + slot * index + (slot - bar) / 2
        y = base_y
        for kind_index, (code, label) in enumerate(kinds):
            count = counts.get((code, month), 0)
            if not count:
                continue
            h = BAR_AREA_HEIGHT * count / top
            y -= h
            colour = PALETTE[kind_index % len(PALETTE)]
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{colour}">'
                f"<title>{escape(label_of(month))} {escape(label)}: {count}</title></rect>"
            )
        if totals[month]:
            parts.append(
                f'<text x="{x + bar / 2:.1f}" y="{y - 4:.1f}" text-anchor="middle" fill="currentColor" '
                f'font-weight="bold">{totals[month]}</text>'
            )
        if index % label_every == 0:
            parts.append(
                f'<text x="{x + bar / 2:.1f}" y="{base_y + 18}" text-anchor="middle" '
                f'fill="currentColor">{escape(label_of(month))}</text>'
            )

    legend_y = base_y + BOTTOM_AXIS
    column = (WIDTH - LEFT) / 3
    for kind_index, (_code, label) in enumerate(kinds):
        row, col = divmod(kind_index, 3)
        x = LEFT + col * column
        y = legend_y + row * LEGEND_ROW
        colour = PALETTE[kind_index % len(PALETTE)]
        parts.append(f'<rect x="{x:.1f}" y="{y}" width="14" height="14" fill="{colour}"/>')
        parts.append(f'<text x="{x + 20:.1f}" y="{y + 12}" fill="currentColor">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
