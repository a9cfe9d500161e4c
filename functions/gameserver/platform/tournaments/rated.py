"""Which ratings a decided match moves, with what scores, and by how much.

Rules (seed): "A match counts for the game's rating like a duel"; moderation: "in a tournament, its matches are lost
by forfeit (the common duel Elo counts that forfeit, the game's rating does not move)"; fair play: orders faster than
a human's, "no rating moves"; "Between linked accounts, a duel is unrated".
Platform decisions (specs/platform.md): "Each match moves the game's Glicko-2 rating and the common Elo like a duel;
a frozen player's forfeit moves only the Elo"; "Both players of a match frozen: the match is void, with no Elo
change"; "A tournament match counts as a rated duel for the month's count and the leaderboard; the 24-hour rule of
duels does not apply to matches."

For the wiring:

- A match rates when it is decided: ``rating_moves(match, linked)`` says which ratings to read (``linked``: the two
  players are linked accounts at the match's end, judged as for a duel), ``rate_match`` gives the changes, stored
  with the match like a duel's.
- A match whose ``RatingMoves.rated_duel`` is true counts as one rated duel of the month for both players (the
  month's count of ``gameserver.platform.duels.leaderboard``). A frozen player's forfeit moves only the Elo and is not a
  rated duel of the month (the board ranks the game's rating, which it does not move).
- The 24-hour rule (``gameserver.platform.duels.rated.rating_verdict``) is not applied to matches, and matches are not
  among the duels it counts: a pair's fourth meeting in a day, in a bracket, is rated.

Choices (docs/platform.md): a drawn game is a draw for the ratings (0.5 each), whoever the tiebreak sent through. A
match settled at its round's deadline, void, or won without playing moves nothing: its game gave no result.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from gameserver.platform.duels.rated import DuelRatingChanges
from gameserver.platform.ratings.elo import EloRating, rate_elo
from gameserver.platform.ratings.glicko2 import Glicko2Rating, rate_game
from gameserver.platform.tournaments.results import MatchEnding
from gameserver.platform.tournaments.tournament import Match

#: Endings whose game gave no result to rate: no game at all, a void one, or one that never ended.
_NO_RESULT = frozenset(
    {
        MatchEnding.WALKOVER,
        MatchEnding.NO_PLAYERS,
        MatchEnding.NO_ORDERS,
        MatchEnding.STOPPED,
        MatchEnding.BOTH_FROZEN,
        MatchEnding.DEADLINE,
    }
)


class MatchUnrated(enum.StrEnum):
    """Why a match moves no rating."""

    NOT_DECIDED = "not-decided"
    """Waiting or being played."""
    NO_RESULT = "no-result"
    """Void (no orders, stopped, both frozen, nobody to play it), won without playing, or settled at the
    deadline: its game gave no result."""
    LINKED_ACCOUNTS = "linked-accounts"
    """The result stands, unrated."""
    FASTER_THAN_A_HUMAN = "faster-than-a-human"
    """A player's orders were faster than a human's: "no rating moves"."""


@dataclass(frozen=True)
class RatingMoves:
    """What a rated match moves: the game's Glicko-2 duel rating (``game``), the common duel Elo (``elo``), with
    each player's score (1 a win, 0.5 a drawn game, 0 a loss)."""

    game: bool
    elo: bool
    scores: dict[str, float]

    @property
    def rated_duel(self) -> bool:
        """The match counts as a rated duel of the month for both players: it moved the game's rating."""
        return self.game


def rating_verdict(match: Match, linked: bool) -> MatchUnrated | None:
    """None when ``match`` moves a rating, else why not."""
    if not match.status.decided:
        return MatchUnrated.NOT_DECIDED
    if match.ending in _NO_RESULT:
        return MatchUnrated.NO_RESULT
    if linked:
        return MatchUnrated.LINKED_ACCOUNTS
    if match.too_fast:
        return MatchUnrated.FASTER_THAN_A_HUMAN
    return None


def rating_moves(match: Match, linked: bool) -> RatingMoves | None:
    """Which ratings the decided ``match`` moves, with the scores; None when it moves none."""
    if rating_verdict(match, linked) is not None:
        return None
    first, second = match.pair
    if match.ending is MatchEnding.GAME and match.tiebreak is not None:
        scores = {first: 0.5, second: 0.5}
    else:
        scores = {first: float(match.winner == first), second: float(match.winner == second)}
    return RatingMoves(game=match.ending is not MatchEnding.FROZEN, elo=True, scores=scores)


def rate_match(
    match: Match, linked: bool, game: Mapping[str, Glicko2Rating], elo: Mapping[str, EloRating]
) -> DuelRatingChanges | None:
    """The rating changes of a decided match from both players' ratings before it (``game``: the game's duel
    rating; ``elo``: the common Elo; only those ``rating_moves`` names are read); None when it moves none."""
    moves = rating_moves(match, linked)
    if moves is None:
        return None
    first, second = match.pair
    first_score = moves.scores[first]
    game_changes = {}
    if moves.game:
        game_first, game_second = rate_game(game[first], game[second], first_score)
        game_changes = {first: game_first, second: game_second}
    elo_first, elo_second = rate_elo(elo[first], elo[second], first_score)
    return DuelRatingChanges(game_changes, {first: elo_first, second: elo_second})
