"""How the analysis's quick pass reads each game's position judge (written by
``benchmarks/analyse.py --calibrate``; do not edit by hand).

For a game listed here (and, with ``modes``, only in those modes) the quick pass judges a
position with ``rules.value`` instead of playing it out: ``form`` turns the judge's verdict into
win chances (``identity``: it already gives them; ``softmax``: a soft maximum with ``beta``),
and ``games`` is the equivalent number of simulated games whose Wilson interval the estimate
carries: the largest that still covered the 200-game result of every seat on at least 95% of the
calibration positions. ``fit`` says what it was fitted on. A game not listed is played out.
"""

from __future__ import annotations

from typing import Any

CALIBRATION: dict[str, dict[str, Any]] = {'windward': {'fit': '30 positions x 60 rollout-bot games, seed 11',
              'form': 'identity',
              'games': 1.0,
              'modes': ['free-for-all', 'head-to-head']}}
