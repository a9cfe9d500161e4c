"""``python -m rules.front1901 adjudicate``: the JSON-lines adjudication interface."""

import sys

from .cli import main

sys.exit(main())
