"""Feint through the backend: its games (``games``: whatever the mode), its modes, each registering itself
(``solo``, ``hotseat``, ``watch``, ``online``), and the tables where online games gather (``online``)."""
