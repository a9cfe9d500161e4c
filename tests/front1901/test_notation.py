"""The tolerant order parser: both notations, aliases, coasts, and errors that name the order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules.front1901 import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    OrderSyntaxError,
    Retreat,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
    parse_order,
)
from rules.front1901.board import COASTS, PROVINCES

A, F = UnitKind.ARMY, UnitKind.FLEET


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A PAR - BUR", Move(UnitRef(A, "PAR"), "BUR")),
        ("A PAR H", Hold(UnitRef(A, "PAR"))),
        ("A PAR S A MAR - BUR", SupportMove(UnitRef(A, "PAR"), UnitRef(A, "MAR"), "BUR")),
        ("A PAR S F BRE", SupportHold(UnitRef(A, "PAR"), UnitRef(F, "BRE"))),
        ("F NTH C A LON - BEL", Convoy(UnitRef(F, "NTH"), UnitRef(A, "LON"), "BEL")),
        ("A LON - BEL VIA", Move(UnitRef(A, "LON"), "BEL", True)),
        ("A PAR R BUR", Retreat(UnitRef(A, "PAR"), "BUR")),
        ("A PAR D", Disband(UnitRef(A, "PAR"))),
        ("A PAR B", Build(UnitRef(A, "PAR"))),
        ("F STP/SC B", Build(UnitRef(F, "STP/SC"))),
        ("WAIVE", Waive()),
    ],
)
def test_compact_notation(text: str, expected: object) -> None:
    assert parse_order(text) == expected
    assert parse_order(text.lower()) == expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("F nth-pic", "F NTH - PIC"),
        ("A wal SUPPORTS F lon-yor", "A WAL S F LON - YOR"),
        ("A wal Supports F lon-yor", "A WAL S F LON - YOR"),
        ("F nth convoys A yor - yor", "F NTH C A YOR - YOR"),
        ("F gol hold", "F LYO H"),
        ("A ven HOLD", "A VEN H"),
        ("A spa - por via convoy", "A SPA - POR VIA"),
        ("A swe - nwy via Convoy", "A SWE - NWY VIA"),
        ("Build F stp/nc", "F STP/NC B"),
        ("BUILD A vie", "A VIE B"),
        ("Remove A mos", "A MOS D"),
        ("Remove gol", "LYO D"),
        ("F ven DISBAND", "F VEN D"),
        ("F tri-alb", "F TRI - ALB"),
        ("A nwy S den - swe", "A NWY S DEN - SWE"),
        ("A tyr S tus-pie", "A TYR S TUS - PIE"),
        ("F por supports f mid - spa", "F POR S F MAO - SPA"),
        ("F mid - spa(nc)", "F MAO - SPA/NC"),
        ("F mid - spa (sc)", "F MAO - SPA/SC"),
        ("F bul/ec - bla", "F BUL/EC - BLA"),
        ("F nat - nrg", "F NAO - NWG"),
        ("F gob - ech", "F BOT - ENG"),
        ("F tyn - ems", "F TYS - EAS"),
        ("A bre SUPPORT A par - pic", "A BRE S A PAR - PIC"),
        ("F mid CONVOY A bre - spa", "F MAO C A BRE - SPA"),
    ],
)
def test_datc_notation(text: str, canonical: str) -> None:
    assert str(parse_order(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A PAR - XYZ", "no province XYZ"),
        ("A SWI H", "Switzerland is impassable"),
        ("F NAP/SC H", "NAP has no coast SC"),
        ("A PAR -", "a province is missing"),
        ("", "empty order"),
        ("A PAR FLY BUR", "unexpected FLY"),
        ("F NTH C A LON", "a convoy needs the army's destination"),
    ],
)
def test_unreadable_orders_name_the_order_and_the_problem(text: str, reason: str) -> None:
    with pytest.raises(OrderSyntaxError) as caught:
        parse_order(text)
    assert caught.value.reason == reason
    assert isinstance(caught.value, ValueError)
    assert repr(text) in str(caught.value)


_LOCATIONS = sorted(PROVINCES - set(COASTS)) + [c for cs in COASTS.values() for c in cs]


@given(
    kind=st.sampled_from(["A", "F"]),
    here=st.sampled_from(_LOCATIONS),
    other_kind=st.sampled_from(["A", "F", ""]),
    there=st.sampled_from(_LOCATIONS),
    to=st.sampled_from(_LOCATIONS),
    form=st.sampled_from(["{u} H", "{u} - {to}", "{u} - {to} VIA", "{u} S {o}", "{u} S {o} - {to}", "{u} C {o} - {to}"]),
)
def test_canonical_text_reads_back_to_the_same_order(
    kind: str, here: str, other_kind: str, there: str, to: str, form: str
) -> None:
    other = f"{other_kind} {there}".strip()
    order = parse_order(form.format(u=f"{kind} {here}", o=other, to=to))
    assert parse_order(str(order)) == order
    assert parse_order(str(order).lower().replace(" - ", "-")) == order


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [("MID", "MAO"), ("NAT", "NAO"), ("NRG", "NWG"), ("GOL", "LYO"), ("GOB", "BOT"), ("ECH", "ENG"),
     ("TYN", "TYS"), ("EMS", "EAS")],
)  # fmt: skip
def test_the_spec_aliases_read_as_the_canonical_seas(alias: str, canonical: str) -> None:
    """"Output always uses the canonical codes, upper case" (spec, notation)."""
    assert str(parse_order(f"F {alias.lower()} H")) == f"F {canonical} H"
    assert str(parse_order(f"F {alias} C A LON - BEL")) == f"F {canonical} C A LON - BEL"
    assert parse_order(f"F {alias} - {alias}") == Move(UnitRef(F, canonical), canonical)
