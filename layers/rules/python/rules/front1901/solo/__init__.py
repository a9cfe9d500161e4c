"""Solo play: one member against six AI powers (levels, negotiation, characters, trust, help)."""
