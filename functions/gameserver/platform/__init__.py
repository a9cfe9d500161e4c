"""The platform's own rules, pure like the games' rules layer: no storage, no clock, no AWS (times come in as
arguments). ``duels``, ``daily`` (the Daily Front), ``fairplay``, ``ratings``. The features in
``gameserver.domain`` wire them to storage, the clock and the game pipeline (``gameserver.play``)."""
