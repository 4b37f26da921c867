"""Reporting helpers for the notebooks: tables, percentages, confidence intervals, charts, progress.

Everything a notebook needs around the lesson itself lives here, for every game of the
family, so that a cell shows the question and not the formatting (notebooks import it as
:mod:`windward_nb.report`). The module imports only the standard
library and numpy when it loads; scipy, matplotlib and tqdm are imported by the
functions that use them (the engine never needs them).

Tables show as Markdown in a notebook and as aligned text everywhere else:

>>> t = table(["ship", "win"], [["no cannons", pct(0.031)], ["3 cannons", pct(0.4161)]])
>>> print(t)
ship         win
---------- -----
no cannons  3.1%
3 cannons  41.6%
>>> print(t.to_markdown())
| ship | win |
|:---|---:|
| no cannons | 3.1% |
| 3 cannons | 41.6% |

A win rate with its 95% Wilson interval:

>>> rate(7, 10)
'70% (40–89%)'
>>> [round(x, 4) for x in wilson(7, 10)]
[0.3968, 0.8922]
"""

from __future__ import annotations

import io
import math
import re
from numbers import Integral, Real
from pathlib import Path
from typing import Any, SupportsFloat
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from .files import atomic_write

__all__ = [
    "COLOURS", "OUTCOME_COLOURS", "Chart", "Table", "bar_chart", "heat_map", "line_chart", "mean_ci",
    "mean_text", "pct", "percent_label", "plural", "progress", "rate", "table", "wilson",
]

#: Paul Tol's "muted" qualitative scheme: distinct for colour-blind readers, in this order.
COLOURS = ("#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255", "#AA4499")
#: Win, tie and loss, as in the battle widgets.
OUTCOME_COLOURS = {"win": "#117733", "tie": "#DDCC77", "lose": "#CC6677", "loss": "#CC6677"}


# =============================================================================== numbers as text
def pct(p: SupportsFloat, digits: int = 1) -> str:
    """A probability as a percentage: ``pct(0.4161) == '41.6%'``.

    >>> pct(1), pct(0.05, 0), pct(2 / 3)
    ('100.0%', '5%', '66.7%')
    """
    value = float(p)
    if not math.isfinite(value):
        raise ValueError(f"pct: {p!r} is not a finite number")
    return f"{100 * value:.{digits}f}%"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "cannon") == '1 cannon'``, ``plural(3, "cannon") == '3 cannons'``.

    >>> plural(2, "tooth", "teeth")
    '2 teeth'
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


# =============================================================================== tables
class Table:
    """Rows of values with a header: Markdown in a notebook, aligned text in a terminal.

    ``left`` is how many leading columns are left-aligned (labels); the others
    are right-aligned (numbers).
    """

    def __init__(self, header: Sequence[Any], rows: Iterable[Sequence[Any]], left: int | None = None):
        self.header = [str(h) for h in header]
        if not self.header:
            raise ValueError("a table needs at least one column")
        self.rows = [[_cell(x) for x in row] for row in rows]
        n = len(self.header)
        for i, row in enumerate(self.rows):
            if len(row) != n:
                raise ValueError(f"table row {i + 1} has {len(row)} values for {n} columns")
        if left is None:  # numbers to the right, words to the left
            self.align = ["r" if self.rows and all(_NUMBER.match(row[i]) for row in self.rows) else "l"
                          for i in range(n)]
        elif isinstance(left, Integral) and not isinstance(left, bool) and 0 <= left <= n:
            self.align = ["l"] * int(left) + ["r"] * (n - int(left))
        else:
            raise ValueError(f"left must be a whole number from 0 to {n}, got {left!r}")

    def to_markdown(self) -> str:
        def esc(text: str) -> str:
            return text.replace("|", "\\|")

        lines = ["| " + " | ".join(esc(h) for h in self.header) + " |",
                 "|" + "".join(":---|" if a == "l" else "---:|" for a in self.align)]
        lines += ["| " + " | ".join(esc(x) for x in row) + " |" for row in self.rows]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def __str__(self) -> str:
        widths = [max(len(h), *(len(row[i]) for row in self.rows)) if self.rows else len(h)
                  for i, h in enumerate(self.header)]

        def line(cells: Sequence[str]) -> str:
            return " ".join(c.ljust(w) if a == "l" else c.rjust(w)
                            for c, w, a in zip(cells, widths, self.align)).rstrip()

        return "\n".join([line(self.header), " ".join("-" * w for w in widths), *(line(r) for r in self.rows)])

    __repr__ = __str__

    def __len__(self) -> int:
        return len(self.rows)


#: A cell that reads as a number: "3", "-1.5", "41.6%", "70% (40–89%)", "5.7 ± 0.3", "+2.1 points", "2 gas".
_NUMBER = re.compile(r"^[-+−]?\d[\d,.]*%?( ?[±(].*| [a-z]+)?$")


def _cell(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:g}"
    return " ".join(str(x).split("\n"))


def table(header: Sequence[Any], rows: Iterable[Sequence[Any]], left: int | None = None) -> Table:
    """A :class:`Table`. Columns of numbers are right-aligned and the others left-aligned, unless
    ``left`` says how many leading columns are left-aligned (the rest then right-aligned)."""
    return Table(header, rows, left)


# =============================================================================== intervals
def _check_counts(k: Any, n: Any) -> tuple[int, int]:
    for name, v in (("successes", k), ("trials", n)):
        if isinstance(v, bool) or not isinstance(v, Integral):
            raise ValueError(f"{name} must be a whole number, got {v!r}")
    k, n = int(k), int(n)
    if n < 1:
        raise ValueError(f"a rate needs at least one trial, got {n}")
    if not 0 <= k <= n:
        raise ValueError(f"successes must be between 0 and the {n} trials, got {k}")
    return k, n


def _check_confidence(confidence: Any) -> float:
    c = float(confidence)
    if not 0 < c < 1:
        raise ValueError(f"confidence must be between 0 and 1 (0.95 for 95%), got {confidence!r}")
    return c


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (scipy's ``binomtest``).

    It stays inside 0..1 and behaves well for small ``n`` and for rates near
    0% or 100%, where "rate ± 1.96 standard errors" does not.

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    """
    k, n = _check_counts(k, n)
    c = _check_confidence(confidence)
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=c, method="wilson")
    return max(0.0, float(ci.low)), min(1.0, float(ci.high))


def rate(k: int, n: int, confidence: float = 0.95) -> str:
    """``'41% (32–51%)'``: the observed rate and its Wilson interval, in whole percents."""
    low, high = wilson(k, n, confidence)
    return f"{100 * k / n:.0f}% ({100 * low:.0f}–{100 * high:.0f}%)"


def mean_ci(values: Iterable[Real], confidence: float = 0.95) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its Student-t confidence interval.

    >>> m, half = mean_ci([4, 5, 6, 5, 5])
    >>> m, round(half, 3)
    (5.0, 0.878)
    """
    x = np.asarray(list(values), dtype=float)
    if x.ndim != 1 or len(x) < 2:
        raise ValueError(f"a confidence interval for a mean needs at least two values, got {len(x)}")
    if not np.isfinite(x).all():
        raise ValueError("the values must be finite numbers")
    c = _check_confidence(confidence)
    from scipy.stats import t

    half = float(t.ppf((1 + c) / 2, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
    return float(x.mean()), half


def mean_text(values: Iterable[Real], digits: int = 1, confidence: float = 0.95) -> str:
    """``'5.7 ± 0.3'``: a mean and the half-width of its confidence interval."""
    m, half = mean_ci(values, confidence)
    return f"{m:.{digits}f} ± {half:.{digits}f}"


def percent_label(v: float) -> str:
    """A percentage rounded for a small label, never rounded to a certainty it is not:
    ``percent_label(0.3) == '<1'``, ``percent_label(99.7) == '>99'``, ``percent_label(41.6) == '42'``."""
    if 0 < v < 0.5:
        return "<1"
    if 99.5 <= v < 100:
        return ">99"
    return f"{v:.0f}"


# =============================================================================== charts
class Chart:
    """A finished matplotlib chart: a PNG in a notebook, a one-line description as text.

    The text form says what is plotted (title, axes, series), so a screen
    reader, a terminal and the notebook tests all get the content in words.
    """

    def __init__(self, figure: Any, description: str, dpi: int = 100):
        self.figure = figure
        self.description = description
        self.dpi = dpi

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=self.dpi, bbox_inches="tight", metadata={"Software": None})
        return buf.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()

    def save(self, path: Any) -> None:
        """Write the chart to ``path`` (the format follows the file name: .png, .svg, .pdf), all or
        nothing: the picture is drawn in memory first and the file replaced in one step."""
        path = Path(path)
        kind = path.suffix.lower().lstrip(".")
        if not kind:
            raise ValueError(f"give the file a suffix that names its format (.png, .svg, .pdf), got {str(path)!r}")
        buf = io.BytesIO()
        self.figure.savefig(buf, format=kind, dpi=self.dpi, bbox_inches="tight")
        atomic_write(path, buf.getvalue())

    def __repr__(self) -> str:
        return f"<Chart: {self.description}>"


def _figure(size: tuple[float, float]) -> Any:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("charts need matplotlib: pip install 'windward-nb[lab]'") from exc
    fig = Figure(figsize=size, layout="constrained")
    FigureCanvasAgg(fig)  # draws off screen, whatever pyplot's backend is
    return fig


def _series(series: Mapping[str, Sequence[Real]] | Sequence[Real], n: int, what: str) -> dict[str, np.ndarray]:
    if not isinstance(series, Mapping):
        series = {"": series}
    if not series:
        raise ValueError(f"{what}: no data to plot")
    out = {}
    for label, values in series.items():
        arr = np.asarray(values, dtype=float)
        if arr.shape != (n,):
            raise ValueError(f"{what}: series {label!r} has {arr.size} values for {n} positions on the x axis")
        out[str(label)] = arr
    return out


def _legend(ax: Any, labels: Sequence[str]) -> None:
    """Put the legend beside the plot, outside the data, and only when it says something."""
    if len(labels) > 1 or (labels and labels[0]):
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def _colours(colors: Sequence[str] | Mapping[str, str] | None, labels: Sequence[str]) -> list[str]:
    if isinstance(colors, Mapping):
        return [colors.get(label, COLOURS[i % len(COLOURS)]) for i, label in enumerate(labels)]
    palette = list(colors) if colors else list(COLOURS)
    return [palette[i % len(palette)] for i in range(len(labels))]


def _describe(kind: str, title: str, labels: Sequence[str], xlabel: str, ylabel: str) -> str:
    named = [label for label in labels if label]
    what = f"{kind} of {', '.join(named)}" if named else kind
    return f"{title}: {what} by {xlabel} (x) against {ylabel} (y)"


def _need_labels(title: str, xlabel: str, ylabel: str) -> None:
    for name, value in (("title", title), ("xlabel", xlabel), ("ylabel", ylabel)):
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"a chart needs a {name} (every axis is labelled)")


def bar_chart(categories: Sequence[Any], series: Mapping[str, Sequence[Real]] | Sequence[Real], *, title: str,
              xlabel: str, ylabel: str, stacked: bool = False, colors: Any = None,
              ylim: tuple[float, float] | None = None, size: tuple[float, float] = (6.4, 3.4),
              values: str | None = None) -> Chart:
    """Bars for each category; several series are grouped side by side or ``stacked``.

    ``values`` is a format such as ``"{:.0f}"`` to print each bar's value on it (stacked
    segments too thin to hold their number are left blank).
    """
    _need_labels(title, xlabel, ylabel)
    cats = [str(c) for c in categories]
    data = _series(series, len(cats), "bar_chart")
    labels = list(data)
    fig = _figure(size)
    ax = fig.add_subplot()
    x = np.arange(len(cats))
    cols = _colours(colors, labels)
    width = 0.8 if stacked or len(labels) == 1 else 0.8 / len(labels)
    bottom = np.zeros(len(cats))
    for i, (label, vals) in enumerate(data.items()):
        if stacked:
            bars = ax.bar(x, vals, 0.7, bottom=bottom, color=cols[i], label=label or None)
            bottom = bottom + vals
        else:
            offset = (i - (len(labels) - 1) / 2) * width
            bars = ax.bar(x + offset, vals, width * 0.95, color=cols[i], label=label or None)
        if values:
            span = float(np.nanmax(sum(data.values()))) if stacked else float(np.nanmax(vals))
            tall = 0.06 * (ylim[1] - ylim[0] if ylim and None not in ylim else max(span, 1.0))
            ax.bar_label(bars, labels=[values.format(v) if v >= tall or not stacked else "" for v in vals],
                         label_type="center" if stacked else "edge", fontsize=8)
    ax.set_xticks(x, cats)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if ylim is not None:
        ax.set_ylim(*ylim)
    if values and not stacked:  # room above the tallest bar for its number
        lo, hi = ax.get_ylim()
        ax.set_ylim(lo, hi + 0.08 * (hi - lo))
    ax.spines[["top", "right"]].set_visible(False)
    _legend(ax, labels)
    kind = "stacked bars" if stacked else "bars"
    return Chart(fig, _describe(kind, title, labels, xlabel, ylabel))


def line_chart(x: Sequence[Real], series: Mapping[str, Sequence[Real]] | Sequence[Real], *, title: str,
               xlabel: str, ylabel: str, step: bool = False, markers: bool = True, colors: Any = None,
               reference: tuple[str, float] | None = None, xticks: Sequence[Real] | None = None,
               ylim: tuple[float, float] | None = None, size: tuple[float, float] = (6.4, 3.4),
               whole_numbers: bool = False) -> Chart:
    """One line per series over ``x``; ``step`` draws a staircase (values that jump, such as scores).

    ``reference=("goal", 15)`` adds a dotted horizontal line with its own legend entry;
    ``whole_numbers`` puts only whole numbers on the y axis (counts, scores).
    """
    _need_labels(title, xlabel, ylabel)
    xs = np.asarray(x, dtype=float)
    if xs.ndim != 1 or len(xs) == 0:
        raise ValueError("line_chart: x must be a non-empty list of numbers")
    data = _series(series, len(xs), "line_chart")
    labels = list(data)
    fig = _figure(size)
    ax = fig.add_subplot()
    for colour, (label, vals) in zip(_colours(colors, labels), data.items()):
        if step:
            ax.step(xs, vals, where="post", color=colour, label=label or None, linewidth=2)
        else:
            ax.plot(xs, vals, color=colour, label=label or None, linewidth=2, marker="o" if markers else None)
    if reference is not None:
        name, level = reference
        ax.axhline(level, color="#777777", linestyle=":", linewidth=1.5, label=name)
        labels = labels + [name]
    if xticks is not None:
        ax.set_xticks(list(xticks))
    if whole_numbers:
        from matplotlib.ticker import MaxNLocator

        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)
    _legend(ax, labels)
    return Chart(fig, _describe("lines", title, labels, xlabel, ylabel))


def heat_map(values: Any, rows: Sequence[Any], cols: Sequence[Any], *, title: str, xlabel: str, ylabel: str,
             colorbar_label: str, fmt: Any = "{:.0f}", cmap: str = "Blues", vmin: float | None = None,
             vmax: float | None = None, size: tuple[float, float] = (6.0, 5.0)) -> Chart:
    """A grid of numbers as colours, rows from the bottom up, with a titled colour bar beside it.

    ``fmt`` writes each value in its square: a format string, a function, ``"percent"``
    (:func:`percent_label`) or ``None`` for no numbers. The text turns white on dark squares
    so it stays readable.
    """
    _need_labels(title, xlabel, ylabel)
    if not isinstance(colorbar_label, str) or not colorbar_label.strip():
        raise ValueError("a heat map needs a colorbar_label (the colour bar is titled)")
    grid = np.asarray(values, dtype=float)
    if grid.shape != (len(rows), len(cols)):
        raise ValueError(f"heat_map: values are {grid.shape} but there are {len(rows)} rows and {len(cols)} columns")
    fig = _figure(size)
    ax = fig.add_subplot()
    lo = float(np.nanmin(grid)) if vmin is None else vmin
    hi = float(np.nanmax(grid)) if vmax is None else vmax
    image = ax.imshow(grid, origin="lower", cmap=cmap, vmin=lo, vmax=hi, aspect="auto")
    ax.set_xticks(range(len(cols)), [str(c) for c in cols])
    ax.set_yticks(range(len(rows)), [str(r) for r in rows])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    bar = fig.colorbar(image, ax=ax, shrink=0.9)
    bar.set_label(colorbar_label)
    if fmt:
        write = percent_label if fmt == "percent" else (fmt if callable(fmt) else fmt.format)
        middle = lo + (hi - lo) / 2
        size_pt = 8 if max(grid.shape) <= 12 else 6
        for (r, c), v in np.ndenumerate(grid):
            if np.isfinite(v):
                ax.text(c, r, write(v), ha="center", va="center", fontsize=size_pt,
                        color="white" if v > middle else "#1B1B1B")
    desc = f"{title}: heat map of {colorbar_label} by {xlabel} (columns) and {ylabel} (rows)"
    return Chart(fig, desc)


# =============================================================================== progress
class _Quiet:
    """Stands in for a progress bar when none is wanted or tqdm is missing."""

    def __init__(self, iterable: Iterable | None, total: int | None):
        self.iterable = iterable
        self.total = total
        self.n = 0

    def __iter__(self):
        for x in self.iterable or ():
            yield x
            self.n += 1

    def update(self, k: int = 1) -> None:
        self.n += k

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def progress(iterable: Iterable | None = None, *, total: int | None = None, desc: str | None = None,
             unit: str = "game", enabled: bool = True) -> Any:
    """A progress bar (``tqdm.auto``: a widget in a notebook, text in a terminal) over ``iterable``.

    Use it for anything that runs longer than a few seconds. Without tqdm, or
    with ``enabled=False``, it iterates silently.

    >>> [x * x for x in progress(range(3), enabled=False)]
    [0, 1, 4]
    """
    if total is None and iterable is not None and hasattr(iterable, "__len__"):
        total = len(iterable)  # type: ignore[arg-type]
    if not enabled:
        return _Quiet(iterable, total)
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _Quiet(iterable, total)
    return tqdm(iterable, total=total, desc=desc, unit=unit)
