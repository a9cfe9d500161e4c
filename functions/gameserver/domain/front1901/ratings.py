"""Online Front 1901's ratings: a rated game's end moves its members' ratings (openskill's Plackett-Luce over the
game's ranking by centres, equal centres a shared rank), in the final step's own transaction, each rating claimed
by its version; and the board, highest first.

A game rates only if its table was rated and it started with five members at least (``options.rated``), and never
the members linked to another at the table (``options.unrated_for``: fair play's linked accounts); a game a
moderator stops ends off the board and rates nobody; a member whose ratings are frozen at the game's end is not
rated by it (one read of the members' freezes). A retried step finds the ratings it would write already stored
with its game's id (``last_game``) and writes nothing a second time. Each change a game made is stored with it
(``RatedGame``): a moderator's void of the finished game takes exactly those changes back from the ratings as they
are then, once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field
from typing_extensions import TypedDict

from gameserver.domain.front1901.games import rules
from gameserver.errors import Conflict, NotFound
from gameserver.platform.ratings.openskill import SkillRating, rate_table
from gameserver.storage.front1901 import (
    OnlineRating,
    OnlineRatingsWrite,
    RatedGame,
    RatedGameVoided,
    RatingChange,
)
from gameserver.storage.records import Game, HiddenState, is_member
from gameserver.words import NextCursor, Timestamp

if TYPE_CHECKING:
    from gameserver.storage.port import Store


class Front1901RatingEntry(TypedDict):
    member: str
    rating: Annotated[float, Field(description="shown: the skill less three times its uncertainty")]
    mu: float
    sigma: float
    games: Annotated[int, Field(description="rated games played")]


class Front1901RatingBoard(TypedDict):
    """Online Front 1901's rated members, highest first."""

    entries: list[Front1901RatingEntry]
    cursor: NextCursor


class Front1901Voided(TypedDict):
    """A finished rated game a moderator voided: each member's rating with exactly that game's change taken back."""

    game_id: str
    voided_at: Timestamp
    ratings: list[Front1901RatingEntry]


def rating_entry(member: str, rating: SkillRating) -> Front1901RatingEntry:
    return {"member": member, "rating": rating.shown, "mu": rating.mu, "sigma": rating.sigma, "games": rating.games}


def ratings_write(store: Store, game: Game, board: HiddenState) -> OnlineRatingsWrite | None:
    """What a finished rated game writes of its members' ratings, and with them each change it made (what a void
    takes back); None: nothing, or written already."""
    if game.status != "over" or game.options.get("rated") != "yes":
        return None
    engine = rules()
    ranks = engine.record(engine.load(board.state))["ranks"]
    ranked = {sub: ranks[seat] for seat, sub in game.players.items() if is_member(sub)}
    held = store.front1901.online_ratings(tuple(sorted(ranked)))
    if any(rating.last_game == game.game_id for rating in held.values()):
        return None
    unrated = set(filter(None, game.options.get("unrated_for", "").split(",")))
    unrated |= set(store.moderation.freezes(tuple(sorted(ranked))))  # "no more ... ratings that move"
    moved = rate_table({sub: rating.rating for sub, rating in held.items()}, ranked, frozenset(ranked) - unrated)
    if not moved:
        return None
    changes = tuple(RatingChange(sub, held[sub].rating if sub in held else SkillRating(), rating)
                    for sub, rating in sorted(moved.items()))
    return OnlineRatingsWrite(tuple(OnlineRating(sub, rating, held[sub].version if sub in held else 0, game.game_id)
                                    for sub, rating in sorted(moved.items())), RatedGame(game.game_id, changes))


def taken_back(now: SkillRating, change: RatingChange) -> SkillRating:
    """A member's rating with exactly one game's change taken back: the changes of later games stay as they are
    (as a voided duel's, ../shared/specs/platform.md)."""
    return SkillRating(round(now.mu - (change.after.mu - change.before.mu), 4),
                       round(now.sigma - (change.after.sigma - change.before.sigma), 4), max(0, now.games - 1))


def void_write(store: Store, game_id: str, at: str) -> RatedGameVoided:
    """What a moderator's void of a finished rated game writes: each member's rating with the game's change taken
    back, each claimed by its version, and the game's changes marked voided (404 for a game that rated nobody,
    409 ``conflict`` rule ``voided`` for one voided already)."""
    rated = store.front1901.online_rated_game(game_id)
    if rated is None:
        raise NotFound(f"game {game_id} rated nobody", field="game_id", rule="not-rated")
    if rated.voided_at is not None:
        raise Conflict(f"game {game_id} was voided at {rated.voided_at}", field="game_id", rule="voided")
    held = store.front1901.online_ratings(tuple(c.member for c in rated.changes))
    ratings = tuple(OnlineRating(c.member, taken_back(held[c.member].rating, c), held[c.member].version,
                                 held[c.member].last_game) for c in rated.changes if c.member in held)
    return RatedGameVoided(ratings, RatedGame(game_id, rated.changes, at))


def board(store: Store, cursor: str | None, limit: int) -> Front1901RatingBoard:
    """The board of online Front 1901: each rated member's shown rating (skill less three times its uncertainty),
    highest first."""
    page = store.front1901.online_board(cursor, limit)
    return {"entries": [rating_entry(r.member, r.rating) for r in page.items], "cursor": page.cursor}
