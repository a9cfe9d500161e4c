"""The doctrine schema: "A member can write up to three doctrines: 8 rules at most, "if ... then ...",
chosen from lists (no code)." `parse_doctrine` validates a member's JSON and names what is wrong."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.feinthold.doctrine import (
    ACTIONS,
    CONDITIONS,
    Doctrine,
    DoctrineError,
    Target,
    doctrine_schema,
    parse_doctrine,
)

SCOUT = {"scout": {"at": "stale"}}


def doctrine(*rules: dict, name: str = "Test") -> dict:
    return {"name": name, "rules": list(rules)}


def refused(data) -> DoctrineError:
    with pytest.raises(DoctrineError) as caught:
        parse_doctrine(data)
    assert isinstance(caught.value, ValueError)
    return caught.value


def test_a_doctrine_reads_back_equal_from_its_json():
    data = doctrine(
        {"if": [{"units_at": {"at": "my-hq", "at_least": 3}}, {"turn": {"at_most": 6}}],
         "then": {"advance": {"from": "my-hq", "toward": "centre", "keep": 1, "share": 50}}},
        {"then": {"predict": {"at": "likely-entry"}}},
    )
    parsed = parse_doctrine(data)
    assert isinstance(parsed, Doctrine)
    assert parsed.rules[0].then.start == Target.MY_HQ == "my-hq"
    out = parsed.to_json()
    assert out["rules"][0]["then"] == {"advance": {"from": "my-hq", "toward": "centre", "keep": 1, "share": 50}}
    assert out["rules"][1]["if"] == []
    assert parse_doctrine(json.loads(json.dumps(out))) == parsed


def test_omitted_parameters_take_their_defaults():
    parsed = parse_doctrine(doctrine({"then": {"reinforce_all": {}}}))
    assert parsed.to_json()["rules"][0]["then"] == {"reinforce_all": {"at": "my-hq", "keep_points": 0, "at_most": 4}}


def test_parameters_are_an_object_even_when_every_one_is_left_out():
    """{"predict": {}} takes the defaults; {"predict": null} is refused naming the entry, as the schema says
    (schemathesis found it read as the defaults)."""
    assert parse_doctrine(doctrine({"then": {"predict": {}}})).to_json()["rules"][0]["then"] == {
        "predict": {"at": "likely-entry"}}
    for empty in (None, [], "likely-entry"):
        error = refused(doctrine({"then": {"predict": empty}}))
        assert (error.path, error.rule) == ("rules[0].then.predict", 1)


def test_eight_rules_at_most():
    assert len(parse_doctrine(doctrine(*[{"then": SCOUT}] * 8)).rules) == 8
    error = refused(doctrine(*[{"then": SCOUT}] * 9))
    assert error.path == "rules" and "8 rules at most" in str(error) and error.rule is None


def test_a_doctrine_is_an_object():
    for data in ([], "Ram", None):
        error = refused(data)
        assert error.path == "" and error.rule is None and "an object" in error.message


def test_at_least_one_rule_and_a_name():
    assert refused(doctrine()).path == "rules"
    assert refused(doctrine({"then": SCOUT}, name="")).path == "name"
    assert refused(doctrine({"then": SCOUT}, name="x" * 41)).path == "name"


def test_a_parameter_out_of_range_names_its_path_and_rule():
    error = refused(doctrine(
        {"then": SCOUT},
        {"if": [{"turn": {"at_least": 2}}, {"units_at": {"at": "my-hq", "at_least": 41}}], "then": SCOUT},
    ))
    assert error.path == "rules[1].if[1].units_at.at_least"
    assert error.rule == 2
    assert str(error).startswith("rules[1].if[1].units_at.at_least: rule 2: ")
    assert "40" in str(error)


def test_an_action_parameter_out_of_range():
    error = refused(doctrine({"then": {"advance": {"share": 5}}}))
    assert error.path == "rules[0].then.advance.share" and error.rule == 1


def test_unknown_condition_and_action_names_list_the_known_ones():
    error = refused(doctrine({"if": [{"moon_phase": {"at_least": 1}}], "then": SCOUT}))
    assert error.path == "rules[0].if[0]" and "unknown condition 'moon_phase'" in error.message
    assert all(c.KIND in error.message for c in CONDITIONS)
    error = refused(doctrine({"then": {"nuke": {}}}))
    assert error.path == "rules[0].then" and "unknown action 'nuke'" in error.message
    assert all(a.KIND in error.message for a in ACTIONS)


def test_an_unknown_target_or_parameter_is_refused():
    assert refused(doctrine({"then": {"scout": {"at": "r-n"}}})).path == "rules[0].then.scout.at"
    assert refused(doctrine({"then": {"scout": {"at": "stale", "twice": True}}})).path == "rules[0].then.scout.twice"


def test_an_entry_is_one_key():
    error = refused(doctrine({"then": {"scout": {}, "predict": {}}}))
    assert error.path == "rules[0].then" and "one entry" in error.message


def test_a_range_condition_needs_a_bound_in_order():
    assert "at_least, at_most or both" in refused(doctrine({"if": [{"points": {}}], "then": SCOUT})).message
    error = refused(doctrine({"if": [{"points": {"at_least": 5, "at_most": 3}}], "then": SCOUT}))
    assert error.path == "rules[0].if[0].points" and "exceeds" in error.message


def test_a_rule_tests_four_conditions_at_most():
    error = refused(doctrine({"if": [{"turn": {"at_least": 1}}] * 5, "then": SCOUT}))
    assert error.path == "rules[0].if" and error.rule == 1


def test_the_json_schema_names_every_condition_and_action():
    text = json.dumps(doctrine_schema())
    assert all(f'"{part.KIND}"' in text for part in (*CONDITIONS, *ACTIONS))


def _values(part) -> st.SearchStrategy:
    """Valid parameters for one list entry: its defaults, then numbers from its ranges."""
    fields = {}
    for name, info in part.model_fields.items():
        alias = info.alias or name
        if name in ("at", "start", "toward"):
            fields[alias] = st.sampled_from([t.value for t in Target])
    return st.fixed_dictionaries({}, optional=fields)


_CONDITION_SAMPLES = [
    {"turn": {"at_least": 2, "at_most": 7}}, {"points": {"at_least": 4}}, {"units_at": {"at": "my-hq", "at_most": 9}},
    {"units_total": {"at_least": 5}}, {"decoys_at": {"at": "my-hq", "at_least": 1}},
    {"flag": {"at": "centre", "owner": "not-mine"}}, {"relays_held": {"at_most": 1}},
    {"positions_held": {"at_least": 3}}, {"lead": {"at_least": -2}}, {"enemy_at": {"at": "centre", "present": False}},
    {"enemy_next_to": {"at": "my-hq", "at_least": 1}}, {"last_seen": {"at": "enemy-hq", "at_most": 6, "within": 3}},
    {"outnumber": {"at": "weakest-enemy", "ratio": 1.7, "unknown_as": 3}},
]


@settings(max_examples=60, deadline=None)
@given(
    rules=st.lists(
        st.fixed_dictionaries({
            "if": st.lists(st.sampled_from(_CONDITION_SAMPLES), max_size=4),
            "then": st.one_of(*[
                _values(a).map(lambda params, kind=a.KIND: {kind: params}) for a in ACTIONS
            ]),
        }),
        min_size=1, max_size=8,
    ),
)
def test_every_valid_doctrine_round_trips_through_json(rules):
    parsed = parse_doctrine({"name": "Round trip", "rules": rules})
    assert parse_doctrine(json.loads(json.dumps(parsed.to_json()))) == parsed
    assert [r.then.KIND for r in parsed.rules] == [next(iter(r["then"])) for r in rules]



def test_the_rules_doc_lists_every_condition_action_and_target(repo_root):
    text = (repo_root / "docs" / "rules" / "feinthold.md").read_text()
    section = text[text.index("## Doctrines and house AIs"):]
    names = [*(c.KIND for c in CONDITIONS), *(a.KIND for a in ACTIONS), *(t.value for t in Target)]
    missing = [name for name in names if f"`{name}`" not in section]
    assert not missing, f"docs/rules/feinthold.md does not describe {missing}"


@pytest.mark.parametrize(
    "condition, path, complaint",
    [
        ({"units_at": {"at": "my-hq", "at_least": True}}, "rules[0].if[0].units_at.at_least", "expected a number"),
        ({"units_at": {"at": "my-hq", "at_least": "3"}}, "rules[0].if[0].units_at.at_least", "expected a number"),
        ({"outnumber": {"at": "centre", "ratio": "1.5"}}, "rules[0].if[0].outnumber.ratio", "expected a number"),
        ({"enemy_at": {"at": "centre", "present": 1}}, "rules[0].if[0].enemy_at.present", "expected true or false"),
    ],
)
def test_a_number_or_a_yes_no_in_another_type_is_refused_not_coerced(condition, path, complaint):
    error = refused(doctrine({"if": [condition], "then": SCOUT}))
    assert error.path == path and error.rule == 1 and complaint in error.message
    action = refused(doctrine({"then": {"advance": {"from": "my-hq", "toward": "centre", "share": "50"}}}))
    assert action.path == "rules[0].then.advance.share" and "expected a number" in action.message
    assert parse_doctrine(doctrine({"if": [{"outnumber": {"at": "centre", "ratio": 2}}], "then": SCOUT}))
