"""Seasons on the store: the month's close (``close``: the duel prizes paid, the titles awarded, each stage
once) and what members read of it (``reading``: a season's page, a member's history)."""
