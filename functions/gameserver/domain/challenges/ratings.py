"""A doctrine's rating, moved one game at a time from its queue (the sweep's stage).

Platform decision: "Challenges: a challenge rating per member and a rating per doctrine (house AIs included),
both Glicko-2." "A challenge moves both ratings or neither." A house AI's rating is one item that every
challenge of it would update, so no challenge's end writes it (``gameserver.platform.challenges.rating``): each
counted end queues its result as an item of its own, and this applies a doctrine's queue in order, at most 25
results a transaction, claimed by the doctrine item's version, each game's change written only if that game
has none (a result is applied once, however often the sweep runs, late or twice at once).
"""

from __future__ import annotations

from dataclasses import replace

from gameserver.clock import Clock, iso
from gameserver.platform.challenges import MAX_PER_STEP, DoctrineLine, apply_next
from gameserver.play.steps import ATTEMPTS
from gameserver.storage.challenges import DoctrineMonth, DoctrineRatingWrite
from gameserver.storage.errors import WriteConflict
from gameserver.storage.port import Store


def apply_queue(store: Store, doctrine_id: str, limit: int = MAX_PER_STEP) -> int:
    """Apply the next queued results of the doctrine (``limit`` at most, in one transaction): how many moved
    its rating (0: nothing waited, or only results applied before, now off the queue)."""
    for _ in range(ATTEMPTS):
        read = store.challenges.read_queue(doctrine_id, limit)
        if read.doctrine is None or not read.queued:
            return 0
        step = apply_next(read.doctrine.rating_item, read.queued, read.applied_before, limit)
        by_game = {result.game: result for result in read.queued}
        record, months = read.doctrine.record, dict(read.months)
        faced_read = {month: line.faced for month, line in months.items()}
        doctrine = read.doctrine.doctrine
        for applied in step.applied:
            record = record.after(by_game[applied.game].score)
            month = iso(applied.ended_at)[:7]
            line = months.get(month) or DoctrineLine(doctrine_id, doctrine.author, applied.before.rating, 0,
                                                     doctrine.published_at)
            months[month] = line.after(applied.after)
        moved = [DoctrineMonth(month, line, faced_read.get(month, 0)) for month, line in sorted(months.items())
                 if line.faced != faced_read.get(month, 0)]
        written = replace(read.doctrine, rating=step.rating.rating, record=record)
        try:
            store.transact([DoctrineRatingWrite(written, step.applied, tuple(by_game[g] for g in step.done),
                                                tuple(moved))])
        except WriteConflict:
            continue
        return len(step.applied)
    return 0


def apply_queues(store: Store, clock: Clock, limit: int) -> dict[str, int]:
    """The sweep's stage: every doctrine whose queue holds results, each to the end of its queue (a step of
    ``MAX_PER_STEP`` results at a time, ``limit`` steps in all at most)."""
    results = steps = 0
    for doctrine_id in store.challenges.queued(iso(clock.now()), limit):
        while steps < limit:
            applied = apply_queue(store, doctrine_id)
            steps, results = steps + 1, results + applied
            if applied < MAX_PER_STEP:
                break
    return {"doctrine-results": results, "doctrine-steps": steps} if steps else {}
