"""The search's split adjudication (the others' orders checked once, each candidate of one power checked
apart) is the adjudication of all the orders together; the parse memo gives the orders the parser gives."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rules.front1901 import Position, adjudicate_movement, parse_order
from rules.front1901.movement import adjudicate_checked, check_orders
from rules.front1901.notation import _READ, _compact

from .positions import random_orders, random_position

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_orders_checked_in_two_groups_adjudicate_as_one_set(seed: int) -> None:
    rng = random.Random(seed)
    start = random_position(rng)
    orders = random_orders(start, rng)
    # Void-heavy too: an order for a unit of another power, and one for a unit that does not exist.
    for power, texts in list(orders.items())[:2]:
        other = next((u for u in start.units.values() if u.power != power), None)
        if other is not None:
            texts.append(f"{other} H")
        empty = next((p for p in ("BOH", "TYR", "GAL", "UKR", "SIL", "RUH", "PIC") if p not in start.units), None)
        if empty is not None:
            texts.append(f"A {empty} - {empty}")
    powers = sorted(orders)
    mine = powers[rng.randrange(len(powers))]
    others = {p: o for p, o in orders.items() if p != mine}
    whole = adjudicate_movement(start, {**others, mine: orders[mine]})
    split = adjudicate_checked(start, check_orders(start, others), check_orders(start, {mine: orders[mine]}))
    assert split.units == whole.units
    assert split.dislodged == whole.dislodged
    assert split.results == whole.results
    assert split.contested == whole.contested
    assert split.void_orders == whole.void_orders
    assert split.reasons == whole.reasons


def test_an_order_read_again_is_the_order_first_read() -> None:
    for text in ("A PAR - BUR", "F NTH C A LON - BEL", "A MUN S A BER - KIE", "F BRE H", "A LON - BEL VIA"):
        first = parse_order(text)
        assert _READ[text] is first
        assert parse_order(text) is first
        assert first == _compact(text.split(), len(text.split()))
    # Only this engine's notation is kept: a loose spelling is read each time.
    parse_order("a par-bur")
    assert "a par-bur" not in _READ


def test_a_convoy_paradox_met_inside_another_cycle_is_settled_by_szykman() -> None:
    """Found by the hard level's search (spring 1908): F SKA - NTH (supported) and F BEL - NTH (supported by
    F HOL) against the German F NTH convoying A DEN - HOL, which would cut F HOL's support.  If the convoy
    carries, HOL's support is cut, SKA dislodges NTH and the convoy cannot carry; if not, SKA and BEL bounce
    and it can: a paradox through a convoy, so "the convoy fails" (Szykman) and both attacks bounce, as MILA
    adjudicates it.  The cycle was first met inside a smaller one, whose settling forgot it: the resolver
    then never ended."""
    units = {
        "ENGLAND": ["F LON", "F SKA"],
        "GERMANY": ["A DEN", "A KIE", "F NTH"],
        "RUSSIA": ["F BEL", "F HOL"],
    }
    orders = {
        "ENGLAND": ["F SKA - NTH", "F LON S F SKA - NTH"],
        "GERMANY": ["F NTH C A DEN - HOL", "A DEN - HOL", "A KIE S A DEN - HOL"],
        "RUSSIA": ["F BEL - NTH", "F HOL S F BEL - NTH"],
    }
    out = adjudicate_movement(Position.from_json({"phase": "S1908M", "units": units}), orders)
    assert out.results["NTH"] == "disrupted"
    assert out.results["SKA"] == out.results["BEL"] == "bounced"
    assert out.results["DEN"] == "disrupted"
    assert out.results["HOL"] == "supports"
    assert not out.dislodged
