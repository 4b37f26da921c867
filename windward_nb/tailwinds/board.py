"""Boats on the track: places, lanes, moving forward and back, the finish and the wind.

Boats are ranked by space, then by lane (the inside lane leads), so the boat
in last place is always one boat (ruling T5; ``last_place="space"`` makes
every boat on the rearmost space share last place). These functions change
the state in place and append :class:`~windward_nb.core.events.Event` s; the
rules module decides when they are called.
"""

from __future__ import annotations

from windward_nb.core.events import Event

from .state import TailwindsState

Boat = tuple[int, int]  # (seat, boat id)


def who(s: TailwindsState, seat: int) -> str:
    """A seat in words: ``Player 2 (The Pirate)``."""
    if s.characters:
        return f"Player {seat + 1} ({s.comp.characters[s.characters[seat]].name})"
    return f"Player {seat + 1}"


def rank(b: list[int]) -> tuple[int, int]:
    """Larger is further ahead: the space, then the lane (inside ahead)."""
    return (b[0], -b[1])


def find(s: TailwindsState, seat: int, bid: int) -> list[int] | None:
    for b in s.boats[seat]:
        if b[2] == bid:
            return b
    return None


def boat_name(s: TailwindsState, seat: int, bid: int) -> str:
    """``fore`` or ``aft`` (a player's only boat is their aft boat)."""
    bs = s.boats[seat]
    return "fore" if len(bs) == 2 and bs[0][2] == bid else "aft"


def by_name(s: TailwindsState, seat: int, name: str) -> list[int] | None:
    bs = s.boats[seat]
    if not bs:
        return None
    if name == "fore":
        return bs[0] if len(bs) == 2 else None
    return bs[-1]


def all_boats(s: TailwindsState) -> list[tuple[int, list[int]]]:
    """Every boat in the race, rearmost first."""
    out = [(seat, b) for seat in range(s.players) for b in s.boats[seat]]
    out.sort(key=lambda x: rank(x[1]))
    return out


def lanes_used(s: TailwindsState, space: int) -> set[int]:
    return {b[1] for bs in s.boats for b in bs if b[0] == space}


def free_lane(s: TailwindsState, space: int) -> int | None:
    """The innermost free lane of a space, or ``None`` when it is full."""
    used = lanes_used(s, space)
    for lane in range(s.track.lanes(space)):
        if lane not in used:
            return lane
    return None


def sort_boats(s: TailwindsState, seat: int) -> None:
    s.boats[seat].sort(key=lambda b: (-b[0], b[1]))


def last_boats(s: TailwindsState) -> list[Boat]:
    """The boat(s) in last place: one boat, or every boat on the rearmost space
    with ``last_place="space"``."""
    boats = all_boats(s)
    if not boats:
        return []
    if s.options.get("last_place", "lane") == "space":
        rear = boats[0][1][0]
        return [(seat, b[2]) for seat, b in boats if b[0] == rear]
    seat, b = boats[0]
    return [(seat, b[2])]


def is_last(s: TailwindsState, seat: int, bid: int) -> bool:
    return (seat, bid) in last_boats(s)


def leader(s: TailwindsState, exclude: Boat | None = None) -> Boat | None:
    """The leading boat (optionally not counting one boat)."""
    for seat, b in reversed(all_boats(s)):
        if (seat, b[2]) != exclude:
            return (seat, b[2])
    return None


def rear_card(s: TailwindsState) -> int:
    boats = all_boats(s)
    return s.track.card_of(boats[0][1][0]) if boats else 0


def floor_space(s: TailwindsState) -> int:
    """No boat goes back behind the first space of the rearmost track card in play."""
    return s.track.first_space(min(s.wind_card, s.track.cards - 1))


def adjacent(s: TailwindsState, seat: int) -> bool:
    """The player's two boats are on the same or consecutive spaces (FAQ: Longboat)."""
    bs = s.boats[seat]
    return len(bs) == 2 and abs(bs[0][0] - bs[1][0]) <= 1


# ------------------------------------------------------------------------------- moving
def reach(s: TailwindsState, seat: int, bid: int, k: int) -> int:
    """Where a forward move of ``k`` would end (the boat's own space when it cannot move)."""
    b = find(s, seat, bid)
    assert b is not None
    start = b[0]
    t = min(start + k, s.track.finish)
    if t == s.track.finish:
        return t
    while t > start and free_lane(s, t) is None:
        t -= 1
    return t


def advance(s: TailwindsState, seat: int, bid: int, k: int, ev: list[Event], *, wind: bool = False) -> int:
    """Move a boat ``k`` spaces forward by the lane rules; return spaces gained.

    It passes full spaces but never ends on one (it stops on the nearest space
    behind with a free lane, taking its innermost free lane). Reaching the
    Finish Line settles the race (:func:`arrive`); leaving the rearmost track
    card behind calls the wind (:func:`check_wind`), except for a move made by
    the wind itself.
    """
    b = find(s, seat, bid)
    assert b is not None
    start = b[0]
    t = reach(s, seat, bid, k)
    if t == start:
        ev.append(Event("BoatBlocked", f"{who(s, seat)}'s {boat_name(s, seat, bid)} boat finds no free lane "
                        f"ahead and stays on {s.track.label(start)}.", {"seat": seat, "boat": bid}))
        return 0
    name = boat_name(s, seat, bid)
    lane = 0 if t == s.track.finish else free_lane(s, t)
    assert lane is not None  # the loop above stopped at a space with a free lane
    b[0], b[1] = t, lane
    sort_boats(s, seat)
    _entered(s, seat, bid, t)
    short = " (the space it aimed for is full)" if t < min(start + k, s.track.finish) else ""
    ev.append(Event("BoatMoved", f"{who(s, seat)}'s {name} boat sails to {s.track.label(t)}, lane {b[1] + 1}"
                    f"{short}.", {"seat": seat, "boat": bid, "from": start, "to": t, "lane": b[1],
                                  "wind": wind}))
    if t == s.track.finish:
        arrive(s, seat, bid, ev)
    if s.phase != "over" and not wind:
        check_wind(s, (seat, bid), ev)
    return t - start


def fall_back(s: TailwindsState, seat: int, bid: int, k: int, ev: list[Event], *, keep_lane: bool = False,
              cause: str = "", wind: bool = False) -> int:
    """Move a boat ``k`` spaces back; return spaces lost.

    With ``keep_lane`` (cannon fire, FAQ: Cannon) the boat goes straight back
    in its lane, and only if that spot is free and in play; otherwise it
    stays. Without, it takes the innermost free lane; if the space is full it
    stops on the nearest space in front of it with a free lane. No boat goes
    behind the rearmost track card in play (ruling T9).
    """
    b = find(s, seat, bid)
    assert b is not None
    start, lane = b[0], b[1]
    floor = floor_space(s)
    target = start - k
    if keep_lane:
        if target < floor or lane >= s.track.lanes(target) or lane in lanes_used(s, target):
            ev.append(Event("BoatHeld", f"{who(s, seat)}'s {boat_name(s, seat, bid)} boat cannot go straight "
                            f"back: the spot behind is taken or out of play.", {"seat": seat, "boat": bid}))
            return 0
        t, new_lane = target, lane
    else:
        t = max(target, floor)
        while t < start and free_lane(s, t) is None:
            t += 1
        if t >= start:
            return 0
        free = free_lane(s, t)
        assert free is not None  # the loop above stopped at a space with a free lane
        new_lane = free
    name = boat_name(s, seat, bid)
    b[0], b[1] = t, new_lane
    sort_boats(s, seat)
    _entered(s, seat, bid, t)
    ev.append(Event("BoatPushed", f"{who(s, seat)}'s {name} boat {cause or 'falls back'} to {s.track.label(t)}, "
                    f"lane {new_lane + 1}.", {"seat": seat, "boat": bid, "from": start, "to": t, "lane": new_lane,
                                             "wind": wind}))
    return start - t


def _entered(s: TailwindsState, seat: int, bid: int, space: int) -> None:
    """Remember where the moving player's boats last moved onto this turn (for rainbow spaces)."""
    if seat != s.turn:
        return
    s.entered = [e for e in s.entered if e[0] != bid] + [[bid, space]]


def arrive(s: TailwindsState, seat: int, bid: int, ev: list[Event]) -> None:
    """A boat reached the Finish Line: a win, unless the player's other boat is in last place,
    in which case this boat leaves the race and the player plays on."""
    others = [b for b in s.boats[seat] if b[2] != bid]
    if others and is_last(s, seat, others[0][2]):
        s.boats[seat] = others
        s.retired[seat] += 1
        s.entered = [e for e in s.entered if not (seat == s.turn and e[0] == bid)]
        ev.append(Event("BoatRetired", f"{who(s, seat)} crosses the Finish Line while their other boat is in "
                        f"last place: that boat leaves the race and they play on.", {"seat": seat, "boat": bid}))
        return
    s.phase = "over"
    s.winner = seat
    s.queue.clear()
    s.pending.clear()
    s.result = f"{who(s, seat)} crosses the Finish Line and wins."
    ev.append(Event("GameWon", s.result, {"seat": seat, "winners": [seat], "how": "finish"}))


def check_wind(s: TailwindsState, boat: Boat, ev: list[Event]) -> None:
    """Rolling winds: when the last boat leaves the rearmost track card in play, the die is rolled."""
    if s.options.get("wind", "roll") == "off" or s.phase == "over":
        return
    rc = rear_card(s)
    if rc > s.wind_card:
        old = s.wind_card
        s.wind_card = rc
        ev.append(Event("WindRises", f"The last boat leaves track card {old + 1} behind: the wind die is rolled.",
                        {"seat": boat[0], "boat": boat[1], "card": old}))
        s.pending.append({"kind": "die", "for": "wind", "seat": boat[0], "boat": boat[1]})


def blow(s: TailwindsState, d: int, seat: int, bid: int, ev: list[Event]) -> None:
    """Settle a wind roll of ``d``: the leading boat falls back, the boat that left moves on."""
    back = d if s.options.get("wind", "roll") == "roll" else (d + 1) // 2
    ev.append(Event("WindRolled", f"The wind die shows {d}.", {"die": d, "seat": seat, "boat": bid}))
    lead = leader(s, exclude=(seat, bid))
    if lead is not None:
        fall_back(s, lead[0], lead[1], back, ev, cause=f"is blown back {back}", wind=True)
    if find(s, seat, bid) is not None:
        advance(s, seat, bid, d, ev, wind=True)
    if s.phase != "over":
        s.wind_card = max(s.wind_card, rear_card(s))
