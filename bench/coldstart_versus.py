"""Cold start of the API function against the same function at another commit, alternating.

    git worktree add /tmp/previous HEAD~1
    .venv/bin/python bench/coldstart_versus.py /tmp/previous [--rounds 20]

Each round starts two fresh interpreters, this tree's handler and the other tree's (its packages put first on
the path), each serving its first request: a member's view of a game that tree's own code made, read from
moto's server on loopback (both trees' games share one moto). The trees take turns going first (ABBA), so
machine noise falls on both alike; the medians and their ratio are printed. The timing of one run is bench/spine_coldstart.py's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from spine_coldstart import PYTHON, cold_start

MAKE_GAME = """
import json, sys
from gameserver.clock import get_clock
from gameserver.identity import Caller
from localrun.events import HttpRequest, http_api_event
try:
    from gameserver.domain.feinthold.house import create_house_game
    from gameserver.storage.dynamodb import DynamoStore as Store
except ImportError:
    try:  # a tree from before domain/feinthold/
        from gameserver.domain.house import create_house_game
        from gameserver.storage.dynamodb import DynamoStore as Store
    except ImportError:  # a tree from before the game pipeline
        from gameserver.domain.games import create_house_game
        from gameserver.storage.dynamodb import DynamoStorage as Store
caller = Caller(sub="coldstart", groups=frozenset(), username="coldstart")
game = create_house_game(Store(), get_clock(), caller, house_ai="sentinel", pace="1d", seed=7)
request = HttpRequest(method="GET", path=f"/v1/feinthold/games/{game['game_id']}",
                      headers=(("accept", "application/json"),))
json.dump(http_api_event(request, {"sub": caller.sub}), open(sys.argv[1], "w"))
"""


def tree_path(tree: Path) -> str:
    return os.pathsep.join(str(tree / part) for part in ("functions", "layers/rules/python", "infra"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="a checkout of the other commit")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    from localrun.runner import function_environment
    from localrun.store import MotoStore

    with tempfile.TemporaryDirectory() as folder:
        store = MotoStore().start()
        env = {**os.environ, **function_environment(store.endpoint, Path(folder))}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.update(env)
        from gameserver.storage.dynamodb.tables import create_tables

        create_tables()
        stacks: dict[str, tuple[dict[str, str], Path]] = {}
        for name, tree in (("this tree", here), ("other tree", args.other.resolve())):
            stack_env = {**env, "PYTHONPATH": tree_path(tree)}
            event = Path(folder) / f"{name.replace(' ', '-')}.json"
            subprocess.run([PYTHON, "-c", MAKE_GAME, str(event)], env=stack_env, check=True, capture_output=True)
            stacks[name] = stack_env, event
        for stack_env, event in stacks.values():  # warm the file cache and the .pyc files
            cold_start("ours", stack_env, event)
        runs: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in stacks}
        names = list(stacks)
        for round_ in range(args.rounds):
            # ABBA: each tree goes first in every other round, so whatever follows a spawn falls on both.
            for name in names if round_ % 2 == 0 else names[::-1]:
                stack_env, event = stacks[name]
                runs[name].append(cold_start("ours", stack_env, event))
        store.stop()
    print(f"cold start: fresh process, import the handler, serve one view read (moto), {args.rounds} rounds")
    medians: dict[str, tuple[float, float]] = {}
    for name, samples in runs.items():
        wall = statistics.median(s[0] * 1000 for s in samples)
        cpu = statistics.median(s[3] * 1000 for s in samples)
        medians[name] = wall, cpu
        print(f"  {name:10s} wall median {wall:7.1f} ms = import {statistics.median(s[1] for s in samples):.1f} ms"
              f" + first request {statistics.median(s[2] for s in samples):.1f} ms + interpreter start;"
              f"  CPU median {cpu:.1f} ms")
    print(json.dumps({"ratio_wall": round(medians["this tree"][0] / medians["other tree"][0], 3),
                      "ratio_cpu": round(medians["this tree"][1] / medians["other tree"][1], 3)}))


if __name__ == "__main__":
    main()
