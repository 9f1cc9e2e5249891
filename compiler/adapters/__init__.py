"""Bot interfaces over the public Game API: per-player observations (``observation``),
a PettingZoo AEC environment (``pettingzoo``) and an OpenSpiel game (``openspiel``).

The two adapters need the optional ``playtest`` extra; ``observation`` needs nothing.
"""
