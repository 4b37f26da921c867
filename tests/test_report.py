"""windward_nb.report: tables, intervals (checked against closed forms and brute force), charts, progress."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windward_nb import report
from windward_nb.report import Chart, bar_chart, heat_map, line_chart, mean_ci, pct, rate, table, wilson


# ----------------------------------------------------------------------------------- text
def test_pct_and_plural():
    assert pct(0.4161) == "41.6%"
    assert pct(1) == "100.0%"
    assert pct(0.5, 0) == "50%"
    assert report.plural(1, "cannon") == "1 cannon"
    assert report.plural(0, "cannon") == "0 cannons"
    assert report.plural(2, "tooth", "teeth") == "2 teeth"
    with pytest.raises(ValueError, match="finite"):
        pct(float("nan"))


def test_table_text_and_markdown():
    t = table(["crew", "dice", "win"], [["Marine", 5, "41.6%"], ["none | none", 3, "3.1%"]])
    md = t.to_markdown().splitlines()
    assert md[1] == "|:---|---:|---:|"  # words left, numbers right
    assert "none \\| none" in md[3]  # a bar in a cell cannot break the table
    lines = str(t).splitlines()
    assert lines[0].split() == ["crew", "dice", "win"]
    assert lines[2].endswith("41.6%") and lines[3].endswith(" 3.1%")
    assert repr(t) == str(t) and t._repr_markdown_() == t.to_markdown()
    assert len(t) == 2


def test_table_left_argument_and_errors():
    assert table(["a", "b"], [[1, 2]], left=2).align == ["l", "l"]
    assert table(["a", "b"], [[1, 2]], left=0).align == ["r", "r"]
    with pytest.raises(ValueError, match="row 2 has 1 values for 2 columns"):
        table(["a", "b"], [[1, 2], [3]])
    with pytest.raises(ValueError, match="left must be"):
        table(["a"], [[1]], left=3)
    with pytest.raises(ValueError, match="at least one column"):
        table([], [])
    empty = table(["only"], [])
    assert str(empty).splitlines()[0] == "only"


# ------------------------------------------------------------------------------ intervals
def closed_form_wilson(k: int, n: int, z: float) -> tuple[float, float]:
    """The textbook Wilson score interval, written out."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


Z95 = 1.959963984540054


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 30, 90, 160, 1000])
def test_wilson_matches_the_closed_form(n):
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
        got = wilson(k, n)
        want = closed_form_wilson(k, n, Z95)
        assert got == pytest.approx(want, abs=1e-9), (k, n)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 400).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_is_the_set_of_rates_the_score_test_accepts(kn):
    """Brute force: the interval holds exactly the rates p whose score statistic |k - np| / sqrt(np(1-p))
    is at most z, checked on a fine grid of p."""
    k, n = kn
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    grid = np.linspace(1e-6, 1 - 1e-6, 4001)
    score = np.abs(k - n * grid) / np.sqrt(n * grid * (1 - grid))
    accepted = grid[score <= Z95]
    assert accepted.min() == pytest.approx(low, abs=3e-4)
    assert accepted.max() == pytest.approx(high, abs=3e-4)


def test_wilson_confidence_levels_nest():
    a90, a95, a99 = (wilson(30, 100, c) for c in (0.90, 0.95, 0.99))
    assert a99[0] < a95[0] < a90[0] < 0.3 < a90[1] < a95[1] < a99[1]


@pytest.mark.parametrize("k,n,message", [
    (1, 0, "at least one trial"), (-1, 5, "between 0 and"), (6, 5, "between 0 and"),
    (1.5, 5, "whole number"), (True, 5, "whole number"), ("3", 5, "whole number"),
])
def test_wilson_refuses_bad_counts(k, n, message):
    with pytest.raises(ValueError, match=message):
        wilson(k, n)


def test_wilson_refuses_bad_confidence():
    for c in (0, 1, 95, -0.5):
        with pytest.raises(ValueError, match="confidence"):
            wilson(3, 10, c)


def test_rate_text():
    assert rate(7, 10) == "70% (40–89%)"
    assert rate(70, 100) == "70% (60–78%)"
    assert rate(0, 12).startswith("0% (0–")


def student_t_quantile(q: float, df: int) -> float:
    """Brute force: invert the Student-t distribution function, integrated numerically."""
    def pdf(x):
        c = math.gamma((df + 1) / 2) / (math.sqrt(df * math.pi) * math.gamma(df / 2))
        return c * (1 + x * x / df) ** (-(df + 1) / 2)

    def cdf(x):  # Simpson's rule from 0 to x, plus one half
        m = 4000
        h = x / m
        s = pdf(0) + pdf(x) + sum((4 if i % 2 else 2) * pdf(i * h) for i in range(1, m))
        return 0.5 + s * h / 3

    lo, hi = 0.0, 50.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < q else (lo, mid)
    return (lo + hi) / 2


@pytest.mark.parametrize("values", [[4, 5, 6, 5, 5], [1.0, 2.0], list(range(30)), [3.5] * 9 + [4.5]])
def test_mean_ci_matches_the_t_interval(values):
    m, half = mean_ci(values)
    x = np.asarray(values, dtype=float)
    t = student_t_quantile(0.975, len(x) - 1)
    assert m == pytest.approx(x.mean())
    assert half == pytest.approx(t * x.std(ddof=1) / math.sqrt(len(x)), rel=1e-6)
    assert report.mean_text(values, digits=2) == f"{m:.2f} ± {half:.2f}"


def test_mean_ci_refuses_too_little_or_bad_data():
    with pytest.raises(ValueError, match="at least two values"):
        mean_ci([3])
    with pytest.raises(ValueError, match="finite"):
        mean_ci([1, float("nan")])


# --------------------------------------------------------------------------------- charts
PNG = b"\x89PNG\r\n\x1a\n"


def _overlap(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def test_bar_chart_has_labels_and_a_legend_beside_the_data():
    chart = bar_chart(["0", "1", "2"], {"win": [3, 16, 41], "tie": [10, 17, 16], "lose": [87, 67, 43]},
                      title="Ship attacks a Red Crester", xlabel="cannons fired", ylabel="% of battles",
                      stacked=True, colors=report.OUTCOME_COLOURS)
    assert isinstance(chart, Chart)
    assert chart.png().startswith(PNG) and chart._repr_png_().startswith(PNG)
    assert repr(chart) == ("<Chart: Ship attacks a Red Crester: stacked bars of win, tie, lose by cannons fired (x) "
                           "against % of battles (y)>")
    fig = chart.figure
    ax = fig.axes[0]
    assert ax.get_xlabel() == "cannons fired" and ax.get_ylabel() == "% of battles"
    fig.canvas.draw()
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["win", "tie", "lose"]
    renderer = fig.canvas.get_renderer()
    assert not _overlap(legend.get_window_extent(renderer), ax.get_window_extent(renderer))


def test_single_series_needs_no_legend_and_grouped_bars_work():
    one = bar_chart(["a", "b"], [1, 2], title="t", xlabel="x", ylabel="y")
    assert one.figure.axes[0].get_legend() is None
    grouped = bar_chart(["a", "b"], {"p": [1, 2], "q": [2, 1]}, title="t", xlabel="x", ylabel="y", values="{:.0f}")
    assert len(grouped.figure.axes[0].patches) == 4


def test_line_chart_with_reference_line():
    chart = line_chart([0, 1, 2, 3], {"Greedy 1": [0, 3, 3, 7], "Greedy 2": [0, 0, 4, 4]}, title="Notoriety",
                       xlabel="ply", ylabel="notoriety", step=True, reference=("goal", 15))
    ax = chart.figure.axes[0]
    chart.figure.canvas.draw()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Greedy 1", "Greedy 2", "goal"]
    assert "lines of Greedy 1, Greedy 2, goal" in repr(chart)


def test_heat_map_has_a_titled_colour_bar_and_readable_numbers():
    grid = np.array([[10.0, 50.0], [60.0, 95.0]])
    chart = heat_map(grid, rows=[1, 2], cols=[1, 2], title="Win chance", xlabel="defender dice",
                     ylabel="attacker dice", colorbar_label="attacker wins (%)", vmin=0, vmax=100)
    fig = chart.figure
    ax, bar = fig.axes
    assert bar.get_ylabel() == "attacker wins (%)"
    texts = {t.get_text(): t.get_color() for t in ax.texts}
    assert texts == {"10": "#1B1B1B", "50": "#1B1B1B", "60": "white", "95": "white"}
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    assert not _overlap(bar.get_window_extent(renderer), ax.get_window_extent(renderer))
    assert chart.png().startswith(PNG)


@pytest.mark.parametrize("build", [
    lambda: bar_chart(["a"], [1], title="", xlabel="x", ylabel="y"),
    lambda: bar_chart(["a"], [1], title="t", xlabel="x", ylabel=" "),
    lambda: line_chart([1], [1], title="t", xlabel="", ylabel="y"),
    lambda: heat_map([[1]], [1], [1], title="t", xlabel="x", ylabel="y", colorbar_label=""),
])
def test_charts_refuse_missing_labels(build):
    with pytest.raises(ValueError, match="needs a"):
        build()


def test_charts_refuse_mismatched_data():
    with pytest.raises(ValueError, match="has 3 values for 2 positions"):
        bar_chart(["a", "b"], {"s": [1, 2, 3]}, title="t", xlabel="x", ylabel="y")
    with pytest.raises(ValueError, match="2 rows and 2 columns"):
        heat_map([[1, 2, 3]], [1, 2], [1, 2], title="t", xlabel="x", ylabel="y", colorbar_label="c")
    with pytest.raises(ValueError, match="no data"):
        bar_chart(["a"], {}, title="t", xlabel="x", ylabel="y")


def test_chart_saves_to_a_file(tmp_path):
    chart = bar_chart(["a"], [1], title="t", xlabel="x", ylabel="y")
    chart.save(tmp_path / "c.png")
    assert (tmp_path / "c.png").read_bytes().startswith(PNG)


# ------------------------------------------------------------------------------- progress
def test_progress_quiet_and_with_tqdm():
    quiet = report.progress(range(3), enabled=False)
    assert list(quiet) == [0, 1, 2] and quiet.total == 3
    with report.progress(total=5, enabled=False) as bar:
        bar.update(2)
        assert bar.n == 2
    tqdm = pytest.importorskip("tqdm")
    bar = report.progress(range(4), desc="games")
    assert isinstance(bar, tqdm.tqdm) and bar.total == 4
    assert list(bar) == [0, 1, 2, 3]


def test_report_and_lessons_import_no_notebook_libraries():
    """Engine side: importing them loads none of the notebook or plotting libraries."""
    code = ("import sys, windward_nb.report, windward_nb.windward.lessons; "
            "print(sorted(m for m in ('ipywidgets', 'bqplot', 'IPython', 'tqdm', 'matplotlib', 'scipy') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
