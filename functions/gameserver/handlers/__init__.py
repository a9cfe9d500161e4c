"""Lambda entry points: thin (parse the event, call the domain, answer)."""
