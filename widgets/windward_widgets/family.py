"""One call for every game of the wind family: the right play table and replay viewer.

``PlayTable(game)`` and ``ReplayViewer(record)`` (the names a Windward lesson teaches) open the
table or the replay of whichever game they are given: Windward's own classes for a Windward
game, :class:`~windward_widgets.northwind.NorthWindTable`,
:class:`~windward_widgets.plunder.PlunderTable` or
:class:`~windward_widgets.tailwinds.TailwindsTable` (and their replays) for the sister games.
The game-specific classes stay, for those who want them by name. Which class serves which game is
each game's registration (its ``table`` and ``replay_viewer`` parts, in ``windward_nb/games.py``);
the two calls ask the registry.

>>> import windward_nb as ww
>>> game_name(ww.new_game(game="tailwinds", players=2, seed=1))
'tailwinds'
>>> table_class("north-wind").__name__, replay_class("winds-of-plunder").__name__
('NorthWindTable', 'PlunderReplay')
>>> table_class("chess")
Traceback (most recent call last):
...
ValueError: no play table for 'chess'; the games with one: windward, north-wind, winds-of-plunder, tailwinds
"""

from __future__ import annotations

from typing import Any

__all__ = ["game_name", "record_game", "table_class", "replay_class", "new_table",
           "new_replay", "new_game", "WINDWARD_ONLY"]

#: options only Windward's table has (a sister game's table refuses them by name)
WINDWARD_ONLY = ("private_hands",)


def _registered(name: str) -> str:
    """The registered name of a game (``"North Wind"`` and ``"north-wind"`` alike), or ValueError."""
    import windward_nb.games  # noqa: F401  (registers the four games)
    from windward_nb.core import registry

    return registry.get(str(name)).name


def game_name(game: Any) -> str:
    """The registered name of ``game``: a game driver, a state, or a game's name."""
    if isinstance(game, str):
        return _registered(game)
    state = getattr(game, "state", game)
    rules = getattr(game, "rules", None) or getattr(type(state), "rules", None)
    name = getattr(rules, "game", None)
    if not name:
        raise TypeError(f"expected a game of the wind family (ww.new_game(...)) or its name, got "
                        f"{type(game).__name__}")
    return _registered(name)


def record_game(record: Any) -> str:
    """The registered name of the game a record (or a replay cursor over one) holds."""
    from windward_nb.core.registry import by_format

    if not getattr(record, "FORMAT", None) and hasattr(record, "record"):
        record = record.record                    # a replay cursor over a record
    fmt = getattr(record, "FORMAT", None)
    if not fmt:
        raise TypeError(f"expected a game record (ww.load_record(path) or game.record), got {type(record).__name__}")
    return by_format(fmt).name


def _load(part: str, name: str, what: str) -> type:
    """The registry's ``part`` (``"table"`` or ``"replay_viewer"``) of the game called ``name``."""
    from windward_nb.core import registry

    having = [t for t in map(registry.get, registry.names()) if t.has(part)]
    found = next((t for t in having if t.name == name), None)
    if found is None:
        raise ValueError(f"no {what} for {name!r}; the games with one: {', '.join(t.name for t in having)}")
    cls: type = found.part(part)
    return cls


def table_class(game: Any) -> type:
    """The play table class of ``game`` (a game, a state or a game's name)."""
    try:
        name = game_name(game)
    except ValueError:
        name = str(game)
    return _load("table", name, "play table")


def replay_class(record: Any) -> type:
    """The replay viewer class of a record's game (or of a game's name)."""
    try:
        name = _registered(record) if isinstance(record, str) else record_game(record)
    except ValueError:
        name = str(record)
    return _load("replay_viewer", name, "replay viewer")


def new_table(game: Any = None, **kwargs: Any) -> Any:
    """The play table of ``game`` (a game, or a game's name with ``players=`` and ``seed=``).

    A sister game's table refuses Windward's own options (``private_hands``) by name instead
    of failing somewhere inside ipywidgets.
    """
    players = kwargs.pop("players", None)
    if isinstance(game, str):
        game = new_game(game, players=players, seed=kwargs.get("seed"))
    elif game is not None and players is not None:
        from windward_nb.core.view import view_for

        have = view_for(game).players(game.state)
        if players != have:
            raise ValueError(f"players={players} does not match the game given ({have} players); "
                             "leave players out when you pass a game")
    cls = table_class(game)
    if cls is not _load("table", "windward", "play table"):
        wrong = [k for k in WINDWARD_ONLY if k in kwargs]
        if wrong:
            raise TypeError(f"{', '.join(wrong)} is an option of Windward's table only; "
                            f"the {cls.__name__} has no such option")
    return cls(game, **kwargs)


def new_game(name: str, *, players: int | None = None, seed: int | None = None) -> Any:
    """A new game of the game called ``name``; ``players`` defaults to 3 (or the nearest the game allows)."""
    import windward_nb as ww
    from windward_nb.core import registry

    name = _registered(name)
    lo, hi = registry.get(name).players
    return ww.new_game(game=name, players=min(max(3, lo), hi) if players is None else players, seed=seed)


def new_replay(record: Any, **kwargs: Any) -> Any:
    """The replay viewer of ``record``'s game."""
    return replay_class(record)(record, **kwargs)
