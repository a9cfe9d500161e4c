"""Explanations: every order's result with its reason, and the DATC strengths behind each battle
(attack, hold, prevent, defend), so a client can show why."""

from __future__ import annotations

from .helpers import move


def test_a_standoff_and_a_cut_support_explained() -> None:
    out = move(
        {"FRANCE": ["A PAR", "A MAR", "A GAS"], "GERMANY": ["A MUN", "A RUH"], "ITALY": ["A PIE"]},
        {
            "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "A GAS - MAR"],
            "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
            "ITALY": ["A PIE - MAR"],
        },
    )
    bur, mar = out.battles["BUR"], out.battles["MAR"]
    # MAR's support is cut by PIE, so PAR attacks with 1 against MUN's 2; BUR was empty: no hold.
    assert (bur.attacks, bur.prevents, bur.hold, bur.winner) == ({"PAR": 1, "MUN": 2}, {"PAR": 1, "MUN": 2}, 0, "MUN")
    # GAS attacks its own unit: attack 0 ("you can never dislodge your own unit"), but it still prevents PIE.
    assert (mar.attacks, mar.prevents, mar.hold, mar.winner) == ({"GAS": 0, "PIE": 1}, {"GAS": 1, "PIE": 1}, 1, None)
    assert out.results == {
        "PAR": "bounced", "MAR": "cut", "GAS": "bounced", "MUN": "moves", "RUH": "supports", "PIE": "bounced",
    }  # fmt: skip
    assert out.reasons["PAR"] == "bounced from BUR: attack 1 against prevent 2 from MUN"
    assert out.reasons["MAR"] == "support cut by the attack from PIE"
    assert out.reasons["PIE"] == "bounced from MAR: attack 1 against hold 1, prevent 1 from GAS"
    assert out.reasons["MUN"] == "moves to BUR: attack 2 against prevent 1 from PAR"


def test_a_head_to_head_battle_is_fought_against_defend() -> None:
    out = move(
        {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
        {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]},
    )
    bur, mun = out.battles["BUR"], out.battles["MUN"]
    assert (bur.attacks, bur.defend, bur.head_to_head, bur.winner) == ({"MUN": 2}, 1, "MUN", "MUN")
    # The loser of a head-to-head battle has no prevent strength against the province it came from.
    assert (mun.attacks, mun.prevents, mun.defend, mun.winner) == ({"BUR": 1}, {"BUR": 0}, 2, None)
    assert out.results["BUR"] == "dislodged"
    assert out.reasons["BUR"].startswith("dislodged by the unit from MUN")
    assert out.reasons["MUN"] == "moves to BUR: attack 2 against defend 1"
