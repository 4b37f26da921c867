"""Windward game records (``*.wwr.json``): :class:`GameRecord` (Windward's record) and :func:`load_record`.

The module lives at :mod:`windward_nb.windward.record` (on the core's
:mod:`windward_nb.core.record`); this name is kept for notebooks and widgets.
``ww.load_record`` reads a record of any game of the family; this one reads
Windward's.

>>> import windward_nb as ww
>>> from windward_nb.record import FORMAT, GameRecord
>>> g = ww.new_game(players=2, seed=3)
>>> GameRecord.from_json(g.record.to_json()).FORMAT == FORMAT == "windward-record"
True
"""

from .windward.record import FORMAT, VERSION, Record, load_record

GameRecord = Record

__all__ = ["FORMAT", "VERSION", "GameRecord", "Record", "load_record"]
