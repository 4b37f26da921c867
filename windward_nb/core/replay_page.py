"""A static replay page: :func:`replay_html` turns a game record into one self-contained HTML file.

The page holds the board picture of every ply (the game's ``board_svg``, as a notebook
shows it), what each ply did and the scores, and a few lines of inline JavaScript: a
slider, buttons (start, back, forward, end) and the arrow keys. It needs no server, no
network and no kernel: open the file in any browser.

The pictures are stored compactly: each board is cut into its elements (a space, a
piece, a border line...), every distinct element is stored once, and each ply lists
which elements it shows, written as the changes from the ply before. The page puts
the ply's picture back together exactly.

>>> import windward_nb as ww
>>> g = ww.new_game(game="tailwinds", players=2, seed=3)
>>> for _ in range(3):
...     _ = g.apply(g.legal_actions()[0])
>>> page = replay_html(g.record)
>>> page.startswith("<!DOCTYPE html>"), "http" in page.replace("http://www.w3.org/2000/svg", "")
(True, False)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from .replay import naming
from .rules import CHANCE
from .svg import escape, state_svg
from .view import view_for

__all__ = ["replay_html", "analysis_data", "split_svg", "encode_frames", "decode_frames"]

_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)[^>]*?(/?)>")
#: groups whose children are stored one by one (they change a few at a time)
_OPEN_UP = re.compile(r'^<g [^>]*class="(spaces|borders|links)"')


def split_svg(svg: str) -> list[str]:
    """``svg`` cut into pieces whose concatenation is ``svg`` again: the root's opening tag,
    each top-level element (the children of a spaces, borders or links group one by one) and
    the closing tags.

    >>> split_svg('<svg a="1"><g class="spaces"><p/><q>x</q></g><r/></svg>')
    ['<svg a="1">', '<g class="spaces">', '<p/>', '<q>x</q>', '</g>', '<r/>', '</svg>']
    """
    out: list[str] = []
    stack: list[tuple[bool, int]] = []  # per open element: (its children are cut apart, where it starts)
    for m in _TAG.finditer(svg):
        tag = svg[m.start():m.end()]
        parent_cuts = stack[-1][0] if stack else True
        if m.group(1) == "/":
            cut, begin = stack.pop()
            parent_cuts = stack[-1][0] if stack else True
            if cut:
                out.append(tag)
            elif parent_cuts:
                out.append(svg[begin:m.end()])
            continue
        if m.group(3) == "/":
            if parent_cuts:
                out.append(tag)
            continue
        cut = not stack or (len(stack) == 1 and bool(_OPEN_UP.match(tag)))
        if cut:
            out.append(tag)
        stack.append((cut, m.start()))
    if "".join(out) != svg:  # never silently show another picture
        raise ValueError("cannot cut this SVG into elements")
    return out


def encode_frames(frames: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each frame (a list of piece numbers) as the change from the one before: a run of ``k``
    pieces equal to the previous frame's at the same places is written ``-k``.

    >>> encode_frames([[5, 6, 7], [5, 6, 8, 9]])
    [[5, 6, 7], [-2, 8, 9]]
    """
    out: list[list[int]] = []
    prev: Sequence[int] = ()
    for frame in frames:
        enc: list[int] = []
        run = 0
        for i, tok in enumerate(frame):
            if i < len(prev) and prev[i] == tok:
                run += 1
                continue
            if run:
                enc.append(-run)
                run = 0
            enc.append(tok)
        if run:
            enc.append(-run)
        out.append(enc)
        prev = frame
    return out


def decode_frames(encoded: Sequence[Sequence[int]]) -> list[list[int]]:
    """The inverse of :func:`encode_frames` (the page's script does the same).

    >>> decode_frames(encode_frames([[1, 2, 3], [1, 2, 4], [1, 2, 4, 5]]))
    [[1, 2, 3], [1, 2, 4], [1, 2, 4, 5]]
    """
    out: list[list[int]] = []
    prev: list[int] = []
    for enc in encoded:
        frame: list[int] = []
        for n in enc:
            if n < 0:
                frame.extend(prev[len(frame):len(frame) - n])
            else:
                frame.append(n)
        out.append(frame)
        prev = frame
    return out


def _who(view: Any, state: Any, seat: int, names: Sequence[str]) -> str:
    if seat == CHANCE:
        return "chance"
    if 0 <= seat < len(names):
        return str(names[seat])
    return f"seat {seat}"


def analysis_data(analysis: Any, colours: Sequence[str]) -> dict[str, Any]:
    """What the page's win-chance graph shows: every seat's chance and interval after every ply
    exactly as the record's analysis block and ``windward analyse --json`` hold them (fractions
    to 4 places), each ply's class and the flagged plies in words."""
    rows = analysis.to_dict()["rows"]
    return {"win": [r["win"] for r in rows], "low": [r["low"] for r in rows], "high": [r["high"] for r in rows],
            "classes": [r["class"] for r in rows], "depth": analysis.depth, "seed": analysis.seed,
            "colours": list(colours), "flagged": [[p.ply, p.klass, analysis.line(p)] for p in analysis.flagged()]}


def replay_html(record: Any, *, title: str | None = None, unit: float | None = None,
                progress: Callable[[int], Any] | None = None, analysis: Any = None) -> str:
    """One self-contained HTML page replaying ``record`` (any game's record), ply by ply.

    Every action is replayed through the game's rules (an illegal one raises
    :class:`~windward_nb.core.errors.RecordError` naming the ply). ``unit`` sets the board's
    pixels per board unit (default: the game's own). ``progress`` is called with 1 after each
    ply is drawn (say, a progress bar's ``update``). ``analysis`` (an
    :class:`~windward_nb.core.analysis.Analysis` of this record; default: the one saved in the
    record, if any) adds the win-chance graph, which jumps to a ply when clicked, and the list of
    flagged plies.
    """
    if analysis is None and getattr(record, "analysis", None) is not None:
        from .analysis import from_record

        analysis = from_record(record)
    cursor = record.cursor()
    view = view_for(cursor.state)
    names = list(record.names()) if hasattr(record, "names") else view.seat_names(cursor.state)
    named = naming(names)
    kwargs = {"unit": unit} if unit is not None else {}
    pool: dict[str, int] = {}
    frames: list[list[int]] = []
    plies: list[dict[str, Any]] = []

    def snapshot(ply: int, line: str, events: Sequence[Any]) -> None:
        state = cursor.state
        frames.append([pool.setdefault(tok, len(pool)) for tok in split_svg(state_svg(state, **kwargs))])
        plies.append({"line": line, "events": [named(str(getattr(e, "text", e))) for e in events
                                               if getattr(e, "text", e)],
                      "scores": [float(x) if not float(x).is_integer() else int(x) for x in view.scores(state)]})

    snapshot(0, "The start of the game.", cursor.events(0))
    for ply in range(1, len(cursor) + 1):
        before = cursor.state
        seat = view.decider(before)
        action = cursor.action(ply)
        try:
            said = view.public_action(before, action)
        except Exception:  # noqa: BLE001 - the narration must never stop a replay that the rules accept
            said = str(action)
        who = _who(view, before, seat, names)
        cursor.seek(ply)
        comment = cursor.comment(ply)
        snapshot(ply, f"{ply}. {who}: {said}" + (f"  # {comment}" if comment else ""), cursor.events(ply))
        if progress is not None:
            progress(1)
    final = cursor.state
    ending = view.outcome(final) if view.is_over(final) else "The record ends before the game does."
    tokens = sorted(pool, key=pool.__getitem__)
    heading = title or f"{view.title} replay: {len(cursor)} plies, " + ", ".join(names)
    data = {"tokens": tokens, "frames": encode_frames(frames), "plies": plies, "names": names,
            "score_name": view.score_name, "ending": ending}
    if analysis is not None:
        if len(analysis.plies) != len(cursor) + 1:
            raise ValueError(f"the analysis covers {len(analysis.plies) - 1} plies, the record {len(cursor)}")
        data["analysis"] = analysis_data(analysis, view.seat_colours(cursor.seek(0).state))
    # no "<" inside <script> at all (as Django's json_script does): nothing in the data can end it
    blob = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    return PAGE.format(title=escape(heading), last=len(cursor), data=blob)


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 16px; color: #1B1B1B; }}
#controls {{ display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 8px 0; }}
#controls button {{ font-size: 15px; min-width: 2.4em; padding: 3px 8px; }}
#ply-slider {{ flex: 1 1 240px; min-width: 160px; }}
#board svg {{ max-width: 100%; height: auto; }}
#line {{ font-weight: bold; margin: 6px 0 2px; }}
#events {{ margin: 0 0 6px; padding-left: 1.2em; font-size: 14px; }}
#scores, #ending {{ font-size: 14px; }}
#analysis {{ display: none; margin: 8px 0; }}
#graph {{ width: 100%; max-width: 720px; height: 220px; cursor: crosshair; display: block; }}
#flagged {{ font-size: 13px; padding-left: 1.2em; max-height: 14em; overflow-y: auto; }}
#flagged button {{ font-size: 13px; text-align: left; border: none; background: none; color: #0B5394;
  cursor: pointer; padding: 1px 0; }}
#win-line {{ font-size: 13px; }}
</style>
</head>
<body>
<h1 style="font-size:20px">{title}</h1>
<div id="controls" role="group" aria-label="Replay controls">
<button id="first" title="Start (Home)" aria-label="start">&laquo;</button>
<button id="prev" title="Back one ply (Left arrow)" aria-label="back one ply">&#x25C0;</button>
<input id="ply-slider" type="range" min="0" max="{last}" value="0" aria-label="ply">
<button id="next" title="Forward one ply (Right arrow)" aria-label="forward one ply">&#x25B6;</button>
<button id="last" title="End (End)" aria-label="end">&raquo;</button>
<span id="ply-label" aria-live="polite">ply 0 of {last}</span>
</div>
<div id="line"></div>
<ul id="events"></ul>
<div id="board"></div>
<div id="scores"></div>
<div id="ending"></div>
<section id="analysis" aria-label="Analysis">
<h2 style="font-size:16px;margin:8px 0 2px">Win chances (click the graph to jump to a ply)</h2>
<div id="win-line" aria-live="polite"></div>
<svg id="graph" viewBox="0 0 720 220" role="img" aria-label="every seat's win chance after every ply"></svg>
<h2 style="font-size:16px;margin:8px 0 2px">Turning points</h2>
<ol id="flagged"></ol>
</section>
<script id="replay-data" type="application/json">{data}</script>
<script>
(function () {{
  "use strict";
  var D = JSON.parse(document.getElementById("replay-data").textContent);
  var decoded = [];
  function frame(i) {{
    for (var k = decoded.length; k <= i; k++) {{
      var prev = k ? decoded[k - 1] : [], enc = D.frames[k], out = [];
      for (var j = 0; j < enc.length; j++) {{
        var n = enc[j];
        if (n < 0) {{ for (var c = 0; c < -n; c++) out.push(prev[out.length]); }} else out.push(n);
      }}
      decoded.push(out);
    }}
    return decoded[i];
  }}
  var slider = document.getElementById("ply-slider"), last = D.frames.length - 1, now = 0;
  function esc(t) {{ var d = document.createElement("div"); d.textContent = t; return d.innerHTML; }}
  function show(i) {{
    now = Math.max(0, Math.min(last, i));
    slider.value = String(now);
    document.getElementById("board").innerHTML = frame(now).map(function (t) {{ return D.tokens[t]; }}).join("");
    var p = D.plies[now];
    document.getElementById("ply-label").textContent = "ply " + now + " of " + last;
    document.getElementById("line").textContent = p.line;
    document.getElementById("events").innerHTML =
      p.events.map(function (e) {{ return "<li>" + esc(e) + "</li>"; }}).join("");
    document.getElementById("scores").textContent =
      D.score_name.charAt(0).toUpperCase() + D.score_name.slice(1) + ": " +
      p.scores.map(function (s, k) {{ return D.names[k] + " " + s; }}).join(", ");
    document.getElementById("ending").textContent = now === last ? D.ending : "";
    document.body.setAttribute("data-ply", String(now));
    if (A) showAnalysis();
  }}
  var A = D.analysis || null, NS = "http://www.w3.org/2000/svg", W = 720, H = 220, L = 40, R = 10, T = 10, B = 24;
  function gx(i) {{ return L + (W - L - R) * (last ? i / last : 0); }}
  function gy(p) {{ return T + (H - T - B) * (1 - p / 100); }}
  function el(name, attrs) {{
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }}
  function drawGraph() {{
    var g = document.getElementById("graph");
    [0, 25, 50, 75, 100].forEach(function (p) {{
      g.appendChild(el("line", {{x1: L, x2: W - R, y1: gy(p), y2: gy(p), stroke: "#DDD"}}));
      var t = el("text", {{x: L - 4, y: gy(p) + 4, "text-anchor": "end", "font-size": 11}}); t.textContent = p + "%";
      g.appendChild(t);
    }});
    for (var s = 0; s < D.names.length; s++) {{
      var pts = A.win.map(function (row, i) {{ return gx(i).toFixed(1) + "," + gy(100 * row[s]).toFixed(1); }}).join(" ");
      var line = el("polyline", {{points: pts, fill: "none", stroke: A.colours[s] || "#333", "stroke-width": 2,
                                  "class": "seat-line", "data-seat": s}});
      var name = el("title", {{}}); name.textContent = D.names[s]; line.appendChild(name);
      g.appendChild(line);
    }}
    A.flagged.forEach(function (f) {{
      var c = el("circle", {{cx: gx(f[0]), cy: H - B + 8, r: 4, fill: f[1] === "lucky" ? "#228833" :
        f[1] === "unlucky" ? "#AA3377" : "#EE6677", "class": "flag-mark", "data-ply": f[0]}});
      g.appendChild(c);
    }});
    g.appendChild(el("line", {{id: "graph-cursor", x1: L, x2: L, y1: T, y2: H - B, stroke: "#EE3377",
                               "stroke-dasharray": "4 3"}}));
    g.addEventListener("click", function (e) {{
      var box = g.getBoundingClientRect(), x = (e.clientX - box.left) * W / box.width;
      show(Math.round((x - L) / (W - L - R) * last));
    }});
    var list = document.getElementById("flagged");
    A.flagged.forEach(function (f) {{
      var li = document.createElement("li"), b = document.createElement("button");
      b.textContent = f[2]; b.setAttribute("data-ply", f[0]); b.onclick = function () {{ show(f[0]); }};
      li.appendChild(b); list.appendChild(li);
    }});
    if (!A.flagged.length) list.innerHTML = "<li>nothing stood out</li>";
    document.getElementById("analysis").style.display = "block";
  }}
  function pc(x) {{ return (100 * x).toFixed(1) + "%"; }}
  function showAnalysis() {{
    var c = document.getElementById("graph-cursor");
    c.setAttribute("x1", gx(now)); c.setAttribute("x2", gx(now));
    document.getElementById("win-line").textContent = "After ply " + now + " (" + A.classes[now] + "): " +
      D.names.map(function (n, s) {{
        return n + " " + pc(A.win[now][s]) + " (" + pc(A.low[now][s]) + " to " + pc(A.high[now][s]) + ")";
      }}).join(", ");
  }}
  if (A) drawGraph();
  document.getElementById("first").onclick = function () {{ show(0); }};
  document.getElementById("prev").onclick = function () {{ show(now - 1); }};
  document.getElementById("next").onclick = function () {{ show(now + 1); }};
  document.getElementById("last").onclick = function () {{ show(last); }};
  slider.oninput = function () {{ show(parseInt(slider.value, 10)); }};
  document.addEventListener("keydown", function (e) {{
    if (e.target === slider) return;
    if (e.key === "ArrowRight") show(now + 1);
    else if (e.key === "ArrowLeft") show(now - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(last);
  }});
  show(0);
}})();
</script>
</body>
</html>
"""
