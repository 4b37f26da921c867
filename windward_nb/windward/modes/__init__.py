"""Windward's modes and variants, each a set of hooks on the base rules (python-chess ``variant.py`` style).

Importing this package registers them all with :mod:`windward_nb.windward.hooks`,
in the order players see them listed:

- modes: free-for-all and head-to-head (:mod:`.competitive`: the base rules),
  the Solo Adventure (:mod:`.solo`) and the Cooperative mode (:mod:`.cooperative`),
  the two sharing :mod:`.team`;
- variants: the Great White Crester (:mod:`.white`, whose piece the team modes
  share), the Naturalist (:mod:`.naturalist`), Achievements (:mod:`.achievements`);
- Small World (:mod:`.small_world`), picked by ``planet="small"``.

The helpers notebooks use (``white_speed``, ``tags_left`` ...) are re-exported here.
"""

from __future__ import annotations

from . import competitive, solo, cooperative  # noqa: F401  (modes, in the order they are listed)
from . import white, naturalist, achievements, small_world  # noqa: F401  (variants, likewise)
from .achievements import check_achievements, record_stats
from .cooperative import check_trade, white_to_port
from .naturalist import (check_research, is_naturalist, naturalist_bonus, naturalist_teeth, release_places,
                         research, tags_left)
from .team import cash_teeth
from .white import place_white, white_appears_check, white_places, white_roll_choices, white_speed

__all__ = [
    "cash_teeth", "check_achievements", "check_research", "check_trade", "is_naturalist",
    "naturalist_bonus", "naturalist_teeth", "place_white", "record_stats", "release_places", "research",
    "tags_left", "white_appears_check", "white_places", "white_roll_choices", "white_speed", "white_to_port",
]
