"""Game-agnostic machinery shared by every game of the wind family.

Nothing in this package knows the rules of any game: it holds the pieces every
game is built from (actions and their text, the rules protocol, the game
driver, records, replay, dice sums, bots, batch simulation and the conformance
harness). It imports numpy and the standard library only, and never a game.
"""
