"""Who goes on from a match: the game's end, the tiebreak of a draw, forfeits and fair play.

Rules (seed): "A draw is broken by the right predictions, then by the combats won; if still tied, the better seed
goes through. A match without a result (no orders sent by either side) sends nobody to the next round";
"abandoning means losing the match".
Platform decisions (specs/platform.md): "A match is a duel for fair play: a player whose orders were faster than a
human's loses it; between linked accounts the result stands, unrated"; "a match still open when its round's time
runs out [...] is settled by the same tiebreak on its state" (issue 14).

Choices (docs/platform.md): when both players lose a match (both faster than a human, or one faster than a human
and the other abandoning), nobody goes on: the match is void. Links between the players never change who goes on
(the result stands); they only make the match unrated (``gameserver.platform.tournaments.rated``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class MatchEnding(enum.StrEnum):
    """How a match came to its end."""

    GAME = "game"
    """The game ended on the board: won, or drawn and broken by the tiebreak."""
    FORFEIT = "forfeit"
    """A player abandoned: "abandoning means losing the match"."""
    FASTER_THAN_A_HUMAN = "faster-than-a-human"
    """A player whose orders were faster than a human's lost it, whatever the board said (void if both lost)."""
    FROZEN = "frozen"
    """A player's ratings were frozen during the match: "a player whose ratings the moderators freeze loses their
    matches by forfeit"."""
    WALKOVER = "walkover"
    """Only one player came (the other match feeding it was void, or its winner was frozen since): "the next
    opponent advances without playing". No game was played."""
    DEADLINE = "deadline"
    """Still open when its round's 5 days ran out: settled by the tiebreak on the game's state. An anomaly (8
    turns of 12 hours fit in 4 days): the wiring logs it."""
    NO_ORDERS = "no-orders"
    """Void: no orders from either side in its first two turns ("sends nobody to the next round")."""
    STOPPED = "stopped"
    """Void: a moderator stopped its game."""
    BOTH_FROZEN = "both-frozen"
    """Void: both players' ratings were frozen at once ("the match is void, with no Elo change")."""
    NO_PLAYERS = "no-players"
    """Void: both matches feeding it were void, so nobody could play it."""


class Tiebreak(enum.StrEnum):
    """What sent the winner of a drawn (or timed-out) match through."""

    PREDICTIONS = "predictions"
    """More right predictions."""
    COMBATS = "combats"
    """As many right predictions, more combats won."""
    SEED = "seed"
    """Still tied: "the better seed goes through"."""


@dataclass(frozen=True)
class Tallies:
    """A player's count in a match's game, read by the wiring from the game when it ends (or times out)."""

    predictions: int
    """Right predictions."""
    combats: int
    """Combats won."""

    def __post_init__(self) -> None:
        if self.predictions < 0 or self.combats < 0:
            raise ValueError(f"tallies are counts, not {self.predictions} and {self.combats}")


@dataclass(frozen=True)
class Outcome:
    """A match's result: who goes on (None: nobody, the match is void), how it ended, how a tie was broken."""

    winner: str | None
    ending: MatchEnding
    tiebreak: Tiebreak | None = None


def break_tie(players: tuple[str, str], seeds: Mapping[str, int], tallies: Mapping[str, Tallies]) -> Outcome:
    """The player a draw sends through: more right predictions, then more combats won, then the better seed
    (the lower seed number). The ending is ``GAME``; a caller settling a match at its deadline changes it."""
    missing = set(players) - set(tallies)
    if missing:
        raise ValueError(f"breaking a tie needs the tallies of {sorted(missing)}")
    first, second = players
    for tiebreak, count in (
        (Tiebreak.PREDICTIONS, lambda tally: tally.predictions),
        (Tiebreak.COMBATS, lambda tally: tally.combats),
    ):
        if count(tallies[first]) != count(tallies[second]):
            winner = max(players, key=lambda player: count(tallies[player]))
            return Outcome(winner, MatchEnding.GAME, tiebreak)
    return Outcome(min(players, key=lambda player: seeds[player]), MatchEnding.GAME, Tiebreak.SEED)


def _fair_play(players: tuple[str, str], too_fast: frozenset[str], abandoned_by: str | None = None) -> Outcome | None:
    """The outcome fair play (and a forfeit beside it) decides, or None when the game's own result stands."""
    losers = too_fast & frozenset(players)
    if not losers:
        return None
    if abandoned_by is not None:
        losers |= {abandoned_by}
    if len(losers) == 2:
        return Outcome(None, MatchEnding.FASTER_THAN_A_HUMAN)
    (loser,) = losers
    winner = players[1] if loser == players[0] else players[0]
    ending = MatchEnding.FORFEIT if loser == abandoned_by else MatchEnding.FASTER_THAN_A_HUMAN
    return Outcome(winner, ending)


def game_result(
    players: tuple[str, str],
    seeds: Mapping[str, int],
    winner: str | None,
    tallies: Mapping[str, Tallies],
    too_fast: frozenset[str],
) -> Outcome:
    """A match whose game ended on the board: ``winner`` None for a draw (then ``tallies`` break it). A player
    faster than a human loses whatever the board says; both faster: nobody goes on."""
    judged = _fair_play(players, too_fast)
    if judged is not None:
        return judged
    if winner is not None:
        return Outcome(winner, MatchEnding.GAME)
    return break_tie(players, seeds, tallies)


def abandon_result(players: tuple[str, str], by: str, too_fast: frozenset[str]) -> Outcome:
    """A player abandoned: they lose by forfeit, unless the other player was faster than a human (then both lose
    and nobody goes on)."""
    judged = _fair_play(players, too_fast, abandoned_by=by)
    if judged is not None:
        return judged
    return Outcome(players[1] if by == players[0] else players[0], MatchEnding.FORFEIT)


def time_up_result(
    players: tuple[str, str], seeds: Mapping[str, int], tallies: Mapping[str, Tallies], too_fast: frozenset[str]
) -> Outcome:
    """A match still open at its round's deadline: "settled by the same tiebreak on its state" (fair play first)."""
    judged = _fair_play(players, too_fast)
    if judged is not None:
        return judged
    broken = break_tie(players, seeds, tallies)
    return Outcome(broken.winner, MatchEnding.DEADLINE, broken.tiebreak)
