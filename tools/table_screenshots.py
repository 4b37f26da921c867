"""Take the pictures of the four tables shown by the README and the start page: ``docs/img/table-*.png``.

    python tools/table_screenshots.py            # needs Chromium at /usr/bin/chromium and playwright

It starts a private JupyterLab on ``notebooks/tests/family_tables.ipynb`` (the four tables, each in
the middle of a game between greedy bots; the same notebook the browser tests measure), runs it in
headless Chromium at 1280x800 with the file browser closed, and keeps the header and the board
with the controls beside it of each table, scaled to 760 px wide and stored with a palette so
that each file stays small. About a minute.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
GAMES = ("windward", "north-wind", "tailwinds", "winds-of-plunder")
WIDTH = 760          # px of the stored picture
IDLE_JS = """() => { const a = window.jupyterapp; const w = a && a.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle'; }"""


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    import conftest  # the browser tests' private JupyterLab
    from PIL import Image
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = conftest.LabServer(Path(tmp))
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(conftest.CHROMIUM), headless=True,
                                             args=conftest.CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
                page.set_default_timeout(60_000)
                page.goto(server.url("lab/workspaces/shots/tree/family_tables.ipynb"))
                page.wait_for_function(IDLE_JS, timeout=120_000)
                page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
                page.locator(".jp-OutputArea-output .ww-test-family-hot-seat .ww-coach-text").first.wait_for(
                    timeout=120_000)
                page.wait_for_function(IDLE_JS)
                page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
                time.sleep(2)
                for game in GAMES:
                    table = page.locator(f".jp-OutputArea-output .ww-test-family-{game}").first
                    for _ in range(3):
                        table.evaluate("e => e.scrollIntoView({block: 'start'})")
                        time.sleep(0.6)
                    page.mouse.move(1, 1)
                    box = table.evaluate("""e => { const h = e.querySelector('.ww-table-header').getBoundingClientRect();
                        const m = e.querySelector('.ww-table-main').getBoundingClientRect();
                        return {x: Math.min(h.left, m.left), y: h.top, width: Math.max(h.right, m.right) - Math.min(h.left, m.left),
                                height: Math.min(m.bottom, window.innerHeight - 30) - h.top}; }""")
                    raw = Path(tmp) / f"{game}.png"
                    page.screenshot(path=str(raw), clip=box)
                    img = Image.open(raw).convert("RGB")
                    img = img.resize((WIDTH, round(img.height * WIDTH / img.width)), Image.LANCZOS)
                    img = img.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
                    path = OUT / f"table-{game}.png"
                    img.save(path, optimize=True)
                    print(f"{path.relative_to(ROOT)}: {img.width}x{img.height}, {path.stat().st_size // 1024} KiB")
                browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
