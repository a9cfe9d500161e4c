"""The house AIs: "Sentinel (careful), Pivot (balanced, it scouts and bluffs with decoys) and Ram (aggressive)
play with the same rules and the same menu of instructions as the players ...; a little noise changes the
numbers of their rules from one game to the next (more on Sundays on the Daily Front)." "The rules of the
house AIs are public.\""""

from __future__ import annotations

import json

import pytest
from rules.feinthold.doctrine import (
    HOUSE_NAMES,
    MAX_RULES,
    house_ai,
    house_rules,
    parse_doctrine,
)
from rules.feinthold.doctrine.noise import STEPS, numeric_range


def _numbers(doctrine) -> list[tuple[str, str, float, tuple]]:
    """(where, field, value, (low, high, step)) for every numeric parameter of a doctrine."""
    out = []
    for i, rule in enumerate(doctrine.rules):
        for j, part in enumerate([*rule.when, rule.then]):
            for name, info in type(part).model_fields.items():
                value = getattr(part, name)
                bounds = numeric_range(info)
                if value is not None and bounds is not None:
                    out.append((f"{i}.{j}.{part.KIND}", name, value, bounds))
    return out


def test_the_rules_are_public_json_doctrines_of_the_members_lists():
    rules = json.loads(json.dumps(house_rules()))
    assert set(rules) == set(HOUSE_NAMES)
    for name, data in rules.items():
        parsed = parse_doctrine(data)
        assert parsed.name.lower() == name and 1 <= len(parsed.rules) <= MAX_RULES
        assert house_ai(name, 0, noise="none") == parsed


def test_the_three_styles_are_written_differently():
    actions = {name: [next(iter(r["then"])) for r in d["rules"]] for name, d in house_rules().items()}
    assert "scout" in actions["pivot"] and "send_decoys" in actions["pivot"]  # "it scouts and bluffs with decoys"
    assert "scout" not in actions["ram"] and "entrench" not in actions["ram"]
    assert "entrench" in actions["sentinel"]


def test_noise_is_seeded_and_changes_numbers_from_one_game_to_the_next():
    for name in HOUSE_NAMES:
        assert house_ai(name, 7) == house_ai(name, 7)
        games = {json.dumps(house_ai(name, seed).to_json()) for seed in range(20)}
        assert len(games) > 10


@pytest.mark.parametrize("noise", ["normal", "strong"])
def test_noise_moves_each_number_a_few_steps_within_its_range(noise):
    reach = STEPS[noise]
    for name in HOUSE_NAMES:
        written = _numbers(house_ai(name, 0, noise="none"))
        for seed in range(30):
            played = _numbers(house_ai(name, seed, noise=noise))
            assert [(w, f) for w, f, _, _ in played] == [(w, f) for w, f, _, _ in written]
            for (_, _, before, (low, high, step)), (where, field, after, _) in zip(written, played, strict=True):
                assert low <= after <= high, (where, field, after)
                assert abs(after - before) <= reach * step + 1e-9, (where, field, before, after)
            parse_doctrine(house_ai(name, seed, noise=noise).to_json())


def test_sunday_noise_is_stronger():
    def spread(noise: str) -> float:
        total = 0.0
        for name in HOUSE_NAMES:
            written = _numbers(house_ai(name, 0, noise="none"))
            for seed in range(40):
                played = _numbers(house_ai(name, seed, noise=noise))
                total += sum(abs(a[2] - b[2]) / a[3][2] for a, b in zip(written, played, strict=True))
        return total

    assert spread("strong") > 1.5 * spread("normal") > 0


def test_an_unknown_house_ai_or_noise_is_refused():
    with pytest.raises(ValueError, match="unknown house AI"):
        house_ai("bishop", 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown noise"):
        house_ai("ram", 1, noise="wild")  # type: ignore[arg-type]


def test_the_noise_may_come_as_a_string_enum():
    """The Daily Front keeps its noise as a `StrEnum` ("normal", "strong"): the same AI as from plain strings."""
    import enum

    class Noise(enum.StrEnum):
        NORMAL = "normal"
        STRONG = "strong"

    assert house_ai("ram", 9, Noise.STRONG) == house_ai("ram", 9, "strong") != house_ai("ram", 9, "none")

