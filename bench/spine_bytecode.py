"""What the build's bytecode saves at a cold start of the API function (infra/build.sh).

    make build && .venv/bin/python bench/spine_bytecode.py [--rounds 15]

Lambda's code folders are read-only, so a module without bytecode in the artifact is compiled again at every
cold start. Each round starts two fresh interpreters of the runtime's Python (3.12, through pyenv) on the
built API function, the same code twice: once as `sam build` leaves it (sources only) and once as
infra/build.sh ships it (unchecked-hash .pyc beside every module), alternating so that machine noise falls on
both. Each imports the handler and serves a member's view of a game from moto's server on loopback
(bench/spine_coldstart.py's probe). `-B` keeps both from writing bytecode, as in Lambda.

The built function's third-party packages are built for arm64; this machine runs this machine's build of the
same requirements (.venv-runtime-deps, made by infra/check-cloud.sh) in their place, first on the path as
infra/tools/check_build.py does, with or without bytecode like the rest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from spine_coldstart import cold_start, prepare

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / ".aws-sam" / "build"
DEPS = ROOT / ".venv-runtime-deps"
RUNTIME = "python3.12"


def artifact(folder: Path, bytecode: bool) -> list[Path]:
    """The function's path (dependencies, code, layer) copied under ``folder``, with or without bytecode."""
    paths = [folder / "deps", folder / "function", folder / "layer"]
    shutil.copytree(DEPS, paths[0], ignore=shutil.ignore_patterns("__pycache__", "bin"))
    shutil.copytree(BUILD / "ApiFunction" / "gameserver", paths[1] / "gameserver",
                    ignore=None if bytecode else shutil.ignore_patterns("__pycache__"))
    shutil.copytree(BUILD / "RulesLayer" / "python", paths[2],
                    ignore=None if bytecode else shutil.ignore_patterns("__pycache__"))
    if bytecode:  # the dependencies as the build ships them: compiled like infra/build.sh compiles
        subprocess.run([RUNTIME, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode", "unchecked-hash",
                        str(paths[0])], check=True)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    for needed, how in ((BUILD / "ApiFunction", "make build"), (DEPS, "bash infra/check-cloud.sh")):
        if not needed.is_dir():
            raise SystemExit(f"{needed} is missing: run `{how}` first")
    os.environ.setdefault("PYENV_VERSION", "3.12.1")
    with tempfile.TemporaryDirectory() as folder:
        env, event_path = prepare(Path(folder), tracing=False)
        envs = {}
        for variant, bytecode in (("sources only", False), ("with bytecode", True)):
            paths = artifact(Path(folder) / variant.replace(" ", "-"), bytecode)
            envs[variant] = {**env, "PYTHONPATH": os.pathsep.join(map(str, paths))}
        python = (RUNTIME, "-S", "-B")
        for variant in envs:  # warm the file cache
            cold_start("ours", envs[variant], event_path, python)
        runs: dict[str, list[tuple[float, float, float, float]]] = {variant: [] for variant in envs}
        for _ in range(args.rounds):
            for variant in envs:
                runs[variant].append(cold_start("ours", envs[variant], event_path, python))
    print(f"cold start of the built API function ({RUNTIME} -S -B, fresh process, import the handler, serve one "
          f"view read from moto), {args.rounds} rounds alternating")
    wall = {variant: [run[0] * 1000 for run in samples] for variant, samples in runs.items()}
    cpu = {variant: [run[3] * 1000 for run in samples] for variant, samples in runs.items()}
    for variant, samples in runs.items():
        print(f"  {variant:14s} wall median {statistics.median(wall[variant]):7.1f} ms = import "
              f"{statistics.median(run[1] for run in samples):6.1f} ms + first request "
              f"{statistics.median(run[2] for run in samples):6.1f} ms + interpreter start;  "
              f"CPU median {statistics.median(cpu[variant]):7.1f} ms")
    before, after = "sources only", "with bytecode"
    print(f"  ratio with/without bytecode: wall median {statistics.median(wall[after]) / statistics.median(wall[before]):.2f}, "
          f"CPU median {statistics.median(cpu[after]) / statistics.median(cpu[before]):.2f}")


if __name__ == "__main__":
    sys.exit(main())
