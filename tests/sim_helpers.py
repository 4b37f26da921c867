"""Bots that kill their own process or stall, for the tests of play_many surviving a dying worker
and an interruption.

It lives in its own small module so that worker processes (forked, spawned, or dask's) can import
it by name. Which games die is set through environment variables, which every worker inherits:

* ``WINDWARD_TEST_DIE_ONCE``: bot seeds whose process is killed the first time they act (a marker
  file in ``WINDWARD_TEST_MARKERS`` remembers that it happened, so the game succeeds when retried);
* ``WINDWARD_TEST_DIE_ALWAYS``: bot seeds whose process is killed every time.

Anywhere else (no variables set) it is a RandomBot.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from windward_nb.bots import RandomBot


def _seeds(name: str) -> set[int]:
    return {int(x) for x in os.environ.get(name, "").split(",") if x.strip()}


class FragileBot(RandomBot):
    name = "FragileBot"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed

    def choose(self, state, seat, legal):
        if self.seed in _seeds("WINDWARD_TEST_DIE_ALWAYS"):
            os.kill(os.getpid(), signal.SIGKILL)
        if self.seed in _seeds("WINDWARD_TEST_DIE_ONCE"):
            marker = Path(os.environ["WINDWARD_TEST_MARKERS"]) / f"died-{self.seed}"
            if not marker.exists():
                marker.write_text("x")
                os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(state, seat, legal)


class StallBot(RandomBot):
    """A RandomBot that, for the bot seeds in ``WINDWARD_TEST_STALL``, waits 20 s at its first
    decision and then writes ``stalled-<seed>`` in ``WINDWARD_TEST_MARKERS`` (so a test can tell
    whether a stalled game was left to finish)."""

    name = "StallBot"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed
        self.waited = False

    def choose(self, state, seat, legal):
        if not self.waited and self.seed in _seeds("WINDWARD_TEST_STALL"):
            self.waited = True
            import time

            time.sleep(20)
            (Path(os.environ["WINDWARD_TEST_MARKERS"]) / f"stalled-{self.seed}").write_text("x")
        return super().choose(state, seat, legal)
