"""Online Front 1901's ratings: a rated game's end moves its members' ratings (openskill's Plackett-Luce over the
game's ranking by centres, equal centres a shared rank), in the final step's own transaction, each rating claimed
by its version; and the board, highest first.

A game rates only if its table was rated and it started with five members at least (``options.rated``), and never
the members linked to another at the table (``options.unrated_for``: fair play's linked accounts); a game a
moderator stops ends off the board and rates nobody; a member whose ratings are frozen at the game's end is not
rated by it (one read of the members' freezes). A retried step finds the ratings it would write already stored
with its game's id (``last_game``) and writes nothing a second time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameserver.domain.front1901.games import rules
from gameserver.platform.ratings.openskill import rate_table
from gameserver.play.seats import is_member
from gameserver.storage.front1901 import OnlineRating, OnlineRatingsWrite
from gameserver.storage.records import Game, HiddenState

if TYPE_CHECKING:
    from gameserver.storage.port import Store


def ratings_write(store: Store, game: Game, board: HiddenState) -> OnlineRatingsWrite | None:
    """What a finished rated game writes of its members' ratings (None: nothing, or written already)."""
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
    return OnlineRatingsWrite(tuple(OnlineRating(sub, rating, held[sub].version if sub in held else 0, game.game_id)
                                    for sub, rating in sorted(moved.items())))


def board(store: Store, cursor: str | None, limit: int) -> dict[str, Any]:
    """The board of online Front 1901: each rated member's shown rating (skill less three times its uncertainty),
    highest first."""
    page = store.front1901.online_board(cursor, limit)
    return {"entries": [{"member": r.member, "rating": r.rating.shown, "mu": r.rating.mu, "sigma": r.rating.sigma,
                         "games": r.rating.games} for r in page.items], "cursor": page.cursor}
