"""The challenge routes through the API handler in-process (events as API Gateway hands them over, every answer
held to the OpenAPI document), on the in-memory store: a member's doctrine's rules and what they did reach
nobody but its author, on every route that returns a doctrine or a challenge's game; the bench through the API
is the engine's bench."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from challenge_world import START, member
from doctrine_player import orders_by
from gameserver.identity import Caller
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moto_tables import environment, manual_clock, set_environment

CHALLENGER_PLAYS = {"name": "mine", "rules": [
    {"if": [{"units_at": {"at": "my-hq", "at_least": 2}}],
     "then": {"advance": {"from": "my-hq", "toward": "enemy-hq", "keep": 1, "share": 100}}},
    {"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}}]}


@pytest.fixture(scope="module")
def api() -> Iterator[None]:
    """The API handler on a fresh in-memory store per test (``fresh``), a manual clock."""
    with pytest.MonkeyPatch.context() as patch:
        set_environment(patch, environment("challenges-api", POWERTOOLS_METRICS_NAMESPACE="Feinthold",
                                           POWERTOOLS_SERVICE_NAME="gameserver", EVENT_BUS_NAME=""))
        with manual_clock(START):
            yield


def fresh() -> Any:
    from gameserver import services
    from gameserver.domain.challenges.publication import forget_houses
    from gameserver.domain.fairplay import forget_written
    from gameserver.domain.members import forget_known_profiles
    from gameserver.storage.memory import MemoryStore

    forget_known_profiles()
    forget_written()
    forget_houses()
    store = MemoryStore()
    services._storage = store  # the process's store: the handler's routes reach it through services.storage()
    return store


def call(method: str, path: str, caller: Caller, body: Any = None) -> tuple[int, Any]:
    from gateway import call as gateway_call

    return gateway_call(method, path, caller, body)


def ok(answer: tuple[int, Any], status: int = 200) -> Any:
    assert answer[0] == status, answer
    return answer[1]


# ------------------------------------------------------------------ a doctrine's rules are its author's
_CONDITIONS = st.one_of(
    st.builds(lambda n: {"units_at": {"at": "my-hq", "at_least": n}}, st.integers(0, 40)),
    st.builds(lambda n: {"points": {"at_least": n}}, st.integers(0, 60)),
    st.builds(lambda n: {"turn": {"at_most": n}}, st.integers(1, 8)),
)
_ACTIONS = st.one_of(
    st.builds(lambda k, m: {"reinforce_all": {"at": "my-hq", "keep_points": k, "at_most": m}},
              st.integers(0, 30), st.integers(1, 4)),
    st.builds(lambda k, s: {"advance": {"from": "my-hq", "toward": "enemy-hq", "keep": k, "share": s}},
              st.integers(0, 20), st.sampled_from(range(10, 101, 10))),
    st.builds(lambda c: {"reinforce_decoys": {"at": "my-hq", "count": c}}, st.integers(1, 4)),
    st.just({"predict": {"at": "likely-entry"}}),
)
DOCTRINES = st.builds(
    lambda label, rules: {"name": label, "rules": rules},
    st.from_regex(r"secret-[a-z0-9]{16}", fullmatch=True),
    st.lists(st.builds(lambda cs, a: {"if": cs, "then": a}, st.lists(_CONDITIONS, max_size=2), _ACTIONS),
             min_size=1, max_size=8),
)


def _nodes(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for inner in value.values():
            yield from _nodes(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _nodes(inner)


def leaks(answer: Any, doctrine: dict[str, Any]) -> list[str]:
    """What of the doctrine ``answer`` shows: its own name (never shown to others), its rules, or a per-rule
    trace (a rule's outcome with the conditions it judged)."""
    found = []
    for node in _nodes(answer):
        if node == doctrine["name"] or (isinstance(node, str) and doctrine["name"] in node):
            found.append("its own name")
        if node == doctrine["rules"]:
            found.append("its rules")
        if isinstance(node, dict) and {"outcome", "conditions"} <= set(node):
            found.append("a per-rule trace")
    return found


def _unknown(path: str, real: str, caller: Caller) -> None:
    """The stranger's answer on ``path`` (naming ``real``) is the one of an id that does not exist."""
    seen = call("GET", path, caller)
    unknown = call("GET", path.replace(real, "0" * 20), caller)
    assert seen[0] == unknown[0] == 404
    assert json.dumps(seen[1]).replace(real, "?") == json.dumps(unknown[1]).replace("0" * 20, "?")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=DOCTRINES, pace=st.sampled_from(["blitz", "5m"]))
def test_a_doctrines_rules_and_trace_reach_its_author_alone_on_every_route(api, raw, pace):
    from gameserver.clock import get_clock
    from gameserver.domain.challenges.sweep import sweep
    from gameserver.domain.feinthold import rules

    store = fresh()
    ann, bob, cat = member("ann"), member("bob"), member("cat")
    doctrine = rules().check_doctrine(raw)
    ok(call("POST", "/v1/feinthold/doctrines", ann, {"doctrine": raw}), 201)
    published = ok(call("POST", "/v1/feinthold/published", ann, {"slot": 1, "name": "Open Field"}), 201)
    doctrine_id = published["doctrine_id"]
    started = ok(call("POST", "/v1/feinthold/challenges", bob, {"doctrine_id": doctrine_id, "pace": pace}), 201)
    game_id = started["game_id"]
    answers: dict[str, list[Any]] = {"bob": [started], "cat": []}
    game = started["game"]
    while game["status"] == "open":
        get_clock().advance(9)
        sent = ok(call("PUT", f"/v1/feinthold/games/{game_id}/turns/{game['turn']}/orders", bob,
                       {"orders": orders_by(CHALLENGER_PLAYS, game["view"])}))
        answers["bob"].append(sent)
        game = sent["game"]
    sweep(store, get_clock())
    get_clock().advance(3600)
    sweep(store, get_clock())
    month = START.isoformat()[:7]
    for name, caller in (("bob", bob), ("cat", cat)):
        for path in ("/v1/feinthold/published", f"/v1/feinthold/published/{doctrine_id}",
                     f"/v1/feinthold/leaderboards/doctrines?month={month}", "/v1/feinthold/games", "/v1/feed",
                     "/v1/feinthold/doctrines"):
            answers[name].append(ok(call("GET", path, caller)))
    for path in (f"/v1/feinthold/challenges/{game_id}", f"/v1/feinthold/games/{game_id}",
                 f"/v1/feinthold/games/{game_id}/record"):
        answers["bob"].append(ok(call("GET", path, bob)))
        _unknown(path, game_id, cat)
    _unknown(f"/v1/feinthold/challenges/{game_id}/trace", game_id, cat)
    refused = call("GET", f"/v1/feinthold/challenges/{game_id}/trace", bob)
    assert refused[0] == 403 and refused[1]["error"]["rule"] == "doctrine-rules-private"
    for name in ("bob", "cat"):
        for answer in answers[name]:
            assert leaks(answer, doctrine) == [], (name, answer)
    # The check can fail: its author sees all of it.
    page = ok(call("GET", f"/v1/feinthold/published/{doctrine_id}", ann))
    trace = ok(call("GET", f"/v1/feinthold/challenges/{game_id}/trace", ann))
    assert {"its own name", "its rules"} <= set(leaks(page, doctrine))
    assert "a per-rule trace" in leaks(trace, doctrine)


# ------------------------------------------------------------------ the bench
def test_the_bench_through_the_api_is_the_engines_bench_for_the_same_doctrine_and_seed(api):
    from rules.feinthold.doctrine import bench, house_rules, parse_doctrine

    fresh()
    ann = member("ann")
    ok(call("POST", "/v1/feinthold/doctrines", ann, {"doctrine": CHALLENGER_PLAYS}), 201)
    mine = ok(call("POST", "/v1/feinthold/bench", ann, {"of": "slot", "slot": 1, "seed": 7}))
    assert mine == bench(parse_doctrine(CHALLENGER_PLAYS), seed=7)
    assert mine["played"] == 36 and len(mine["games"][0]["trace"]) == mine["games"][0]["turns"]
    draft = ok(call("POST", "/v1/feinthold/bench", ann, {"of": "draft", "doctrine": CHALLENGER_PLAYS, "seed": 7}))
    assert draft == mine, "a draft and the same doctrine in a slot: one bench"
    ram = ok(call("POST", "/v1/feinthold/bench", ann, {"of": "house", "house_ai": "ram"}))
    assert ram == bench(house_rules()["ram"], seed=0)
    assert ram != ok(call("POST", "/v1/feinthold/bench", ann, {"of": "house", "house_ai": "ram", "seed": 1}))


def test_the_bench_refuses_a_broken_draft_an_empty_slot_and_an_unknown_source_naming_the_field(api):
    fresh()
    ann = member("ann")
    broken = call("POST", "/v1/feinthold/bench", ann, {"of": "draft", "doctrine": {"name": "x", "rules": []}})
    assert broken[0] == 422 and broken[1]["error"]["code"] == "invalid_doctrine"
    assert broken[1]["error"]["field"].startswith("doctrine")
    empty = call("POST", "/v1/feinthold/bench", ann, {"of": "slot", "slot": 2})
    assert empty[0] == 404 and empty[1]["error"]["field"] == "slot"
    unknown = call("POST", "/v1/feinthold/bench", ann, {"of": "nothing"})
    assert unknown[0] == 422 and unknown[1]["error"]["code"] == "invalid"
    pace = call("POST", "/v1/feinthold/challenges", ann, {"doctrine_id": "house-ram", "pace": "1d"})
    assert pace[0] == 422 and pace[1]["error"]["field"] == "pace"


_EVERY_CONDITION = [
    {"turn": {"at_least": 2}}, {"points": {"at_most": 9}}, {"units_at": {"at": "my-hq", "at_least": 1}},
    {"units_total": {"at_least": 3}}, {"decoys_at": {"at": "my-hq", "at_least": 1}},
    {"flag": {"at": "open-relay", "owner": "neutral"}}, {"relays_held": {"at_least": 1}},
    {"positions_held": {"at_least": 2}}, {"lead": {"at_least": 0}}, {"enemy_at": {"at": "enemy-hq"}},
    {"enemy_next_to": {"at": "my-hq", "at_least": 1}}, {"last_seen": {"at": "enemy-hq", "at_least": 1, "within": 3}},
    {"outnumber": {"at": "weakest-enemy", "ratio": 1.5, "unknown_as": 2}},
]
_ACTS = [{"advance": {"from": "my-hq", "toward": "open-ground", "keep": 1, "share": 50}},
         {"reinforce_decoys": {"at": "my-hq", "count": 1}}, {"scout": {"at": "stale"}}]


def test_every_condition_and_outcome_a_trace_holds_is_in_the_document_and_the_words_are_the_engines(api):
    from gameserver.domain.challenges.answers import ConditionKind, RuleOutcome
    from rules.feinthold.doctrine import CONDITIONS
    from rules.feinthold.doctrine.bench import OUTCOMES

    assert [kind.value for kind in ConditionKind] == [condition.KIND for condition in CONDITIONS]
    assert [outcome.value for outcome in RuleOutcome] == list(OUTCOMES)
    fresh()
    ann = member("ann")
    seen: set[str] = set()
    outcomes: set[str] = set()
    for part in (_EVERY_CONDITION[:6], _EVERY_CONDITION[6:]):
        rules = [{"if": [condition], "then": _ACTS[n % 3]} for n, condition in enumerate(part)]
        rules.append({"if": [], "then": {"reinforce_all": {"at": "my-hq", "keep_points": 0}}})
        # each answer is held to BenchOut (tests/contract.py): every condition's values, every outcome
        run = ok(call("POST", "/v1/feinthold/bench", ann, {"of": "draft", "doctrine": {"name": "all", "rules": rules}}))
        for one in run["games"]:
            for turn in one["trace"]:
                for rule in turn["rules"]:
                    outcomes.add(rule["outcome"])
                    seen.update(c["condition"] for c in rule["conditions"])
    assert seen == {kind.value for kind in ConditionKind}
    assert {"fired", "skipped", "idle"} <= outcomes
