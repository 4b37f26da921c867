"""Many Windward games between bots: :func:`play_game`, :func:`play_many`, :func:`write_samples`.

The module lives at :mod:`windward_nb.windward.simulate` (on the core's
:mod:`windward_nb.core.simulate`); this name is kept for notebooks and widgets.
``python -m windward_nb.simulate [DIR]`` writes the sample games.

>>> from windward_nb.simulate import play_game
>>> play_game(2, "random", seed=1, max_actions=50).plies
50
"""

from .windward.simulate import *  # noqa: F403
from .windward.simulate import SAMPLES, __all__, main  # noqa: F401

if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
