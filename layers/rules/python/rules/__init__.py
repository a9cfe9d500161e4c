"""The rules layer: pure engines for Feinthold, Feint and Front 1901.

Nothing here touches AWS, the clock, the network or the disk at import or play time:
state and orders in, new state and per-player views out; randomness comes in as a seed.
"""
