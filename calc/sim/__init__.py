"""Tile-by-tile sanma simulation: a seeded game engine, bots, and the runs that compare schemes."""
