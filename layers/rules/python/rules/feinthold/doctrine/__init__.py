"""Doctrines: "8 rules at most, "if ... then ...", chosen from lists (no code). On each turn, the
rules are read in order on what their side sees, and every rule whose conditions are true acts."

- `parse_doctrine(obj) -> Doctrine` validates a member's doctrine (raises `DoctrineError`).
- `play(doctrine, view) -> (orders, trace)` plays one turn from a side's view only.
- `house_ai(name, seed, noise)` gives Sentinel, Pivot or Ram for one game; `house_rules()` their public rules.
- `bench(doctrine, seed)` is the test bench: the doctrine against the three house AIs.
"""

from .actions import ACTIONS
from .bench import bench
from .conditions import CONDITIONS
from .house import HOUSE_NAMES, house_ai, house_rules
from .interpreter import RuleTrace, TurnTrace, orders_of, play
from .match import Match, play_match
from .noise import with_noise
from .schema import MAX_RULES, Doctrine, DoctrineError, Rule, doctrine_schema, parse_doctrine
from .targets import Target

__all__ = [
    "ACTIONS", "CONDITIONS", "HOUSE_NAMES", "MAX_RULES", "Doctrine", "DoctrineError", "Match", "Rule", "RuleTrace",
    "Target", "TurnTrace", "bench", "doctrine_schema", "house_ai", "house_rules", "orders_of", "parse_doctrine",
    "play", "play_match", "with_noise",
]
