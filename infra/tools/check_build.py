"""Checks what `sam build` produced, as Lambda will load it.

- Every Python layer holds its packages directly under ``python/`` (a ContentUri one level too high
  builds ``python/python/...``, which Lambda never puts on the path), and every module of those packages
  imports with the runtime's Python from that folder plus the functions' third-party dependencies (which
  Lambda puts beside the layer): no site-packages, nothing from ``functions/``.
- Every function's artifact holds its handler's module, and every compiled extension in it was built for
  the function's architecture and Python version (a wrong wheel only fails at the first cold start).
- Every module of every function and layer has its bytecode for the runtime's Python, unchecked-hash (see
  infra/build.sh: Lambda cannot write ``__pycache__`` and `sam deploy` zips every file dated 1980, so any
  other .pyc would be compiled again at each cold start).
- With --deps, every handler module imports as Lambda's init phase imports it: the runtime's Python, the
  function's artifact, its layers and its dependencies alone, its environment variables and
  ``AWS_LAMBDA_FUNCTION_NAME`` set (code that behaves differently inside Lambda shows it here), and AWS
  endpoints pointed at a closed loopback port so that an init that calls AWS fails instead of leaving.

Usage: python infra/tools/check_build.py .aws-sam/build [--deps DIR]   (exits 1 and names each fault)
--deps: the functions' requirements installed for this machine (``pip install --target``), since the built
functions hold them for the Lambda architecture, which this machine may not run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cfnlint.decode import cfn_yaml

# The flags word of a .pyc (PEP 552): bit 0 hash-based, bit 1 check the source; unchecked-hash is 0b01.
UNCHECKED_HASH = 0b01

# ELF e_machine values (bytes 18-19, little endian) of the two Lambda architectures.
ELF_MACHINE = {"arm64": 0xB7, "x86_64": 0x3E}

IMPORT_EVERY_MODULE = """
import importlib, pkgutil, sys
count = 0
for top in sys.argv[1:]:
    package = importlib.import_module(top)
    count += 1
    for module in pkgutil.walk_packages(package.__path__, prefix=top + "."):
        if module.name.endswith(".__main__"):  # a command line: runs when imported
            continue
        importlib.import_module(module.name)
        count += 1
print(count)
"""

IMPORT_HANDLER = """
import importlib, sys
module, attribute = sys.argv[1].rsplit(".", 1)
if not callable(getattr(importlib.import_module(module), attribute)):
    raise SystemExit(f"{sys.argv[1]} is not callable")
"""

# What Lambda sets for every function, with the account's values replaced by harmless ones.
LAMBDA_ENVIRONMENT = {
    "AWS_REGION": "eu-west-1",
    "AWS_DEFAULT_REGION": "eu-west-1",
    "AWS_ACCESS_KEY_ID": "init-check",
    "AWS_SECRET_ACCESS_KEY": "init-check",
    "AWS_SESSION_TOKEN": "init-check",
    "AWS_ENDPOINT_URL": "http://127.0.0.1:9",
    "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "1024",
    "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
    "_X_AMZN_TRACE_ID": "Root=1-00000000-000000000000000000000000;Parent=0000000000000000;Sampled=0",
}


def elf_machine(path: Path) -> int | None:
    header = path.read_bytes()[:20]
    if header[:4] != b"\x7fELF":
        return None
    return int.from_bytes(header[18:20], "little")


def run_python(
    runtime: str, path: Sequence[Path], script: str, args: Sequence[str], env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str] | str:
    """Runs ``script`` with the runtime's Python and ``path`` alone on sys.path, or says why it cannot.

    -I -S: no site-packages, no PYTHONPATH, no current directory. -B: no bytecode left in the artifact.
    """
    interpreter = shutil.which(runtime)
    if interpreter is None:
        return f"{runtime} not on the path (set PYENV_VERSION)"
    prelude = f"import sys; sys.path[:0] = {[str(p) for p in path]!r}\n"
    command = [interpreter, "-I", "-S", "-B", "-c", prelude + script, *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, env=env, timeout=120)


def check_layer(name: str, folder: Path, runtime: str, deps: Path | None = None) -> list[str]:
    python_dir = folder / "python"
    if not python_dir.is_dir():
        return [f"{name}: no python/ folder in {folder}"]
    if (python_dir / "python").exists():
        return [f"{name}: python/python/ found: ContentUri is one level too high"]
    packages = sorted(p.name for p in python_dir.iterdir() if (p / "__init__.py").is_file())
    if not packages:
        return [f"{name}: no package directly under {python_dir}"]
    result = run_python(runtime, [python_dir, *([deps] if deps else [])], IMPORT_EVERY_MODULE, packages)
    if isinstance(result, str):
        return [f"{name}: {result}"]
    if result.returncode != 0:
        return [f"{name}: importing {packages} from {python_dir} failed:\n{result.stderr}"]
    beside = f" (with {deps})" if deps else ""
    print(
        f"{name}: {result.stdout.strip()} modules of {', '.join(packages)} import from python/{beside}, {runtime}"
    )
    return []


def check_function(name: str, folder: Path, handler: str, runtime: str, architecture: str) -> list[str]:
    faults = []
    module_path = handler.rpartition(".")[0].replace(".", "/")
    if not ((folder / f"{module_path}.py").is_file() or (folder / module_path / "__init__.py").is_file()):
        faults.append(f"{name}: handler module {module_path}.py missing from {folder}")
    version_tag = "cpython-" + runtime.removeprefix("python").replace(".", "")
    extensions = list(folder.rglob("*.so"))
    for extension in extensions:
        if elf_machine(extension) != ELF_MACHINE[architecture]:
            faults.append(f"{name}: {extension.relative_to(folder)} is not built for {architecture}")
        if "cpython-" in extension.name and version_tag not in extension.name:
            faults.append(f"{name}: {extension.relative_to(folder)} is not built for {runtime}")
    if not faults:
        print(
            f"{name}: {handler} present, {len(extensions)} compiled extensions, all {architecture}/{runtime}"
        )
    return faults


def check_bytecode(name: str, folder: Path, runtime: str) -> list[str]:
    """Every .py file under ``folder`` has an unchecked-hash .pyc for ``runtime`` in its ``__pycache__``."""
    tag = "cpython-" + runtime.removeprefix("python").replace(".", "")
    sources = list(folder.rglob("*.py"))
    missing, checked = [], []
    for source in sources:
        compiled = source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"
        if not compiled.is_file():
            missing.append(source)
        elif int.from_bytes(compiled.read_bytes()[4:8], "little") != UNCHECKED_HASH:
            checked.append(source)
    faults = [f"{name}: {len(missing)} of {len(sources)} modules have no {tag} bytecode, e.g. "
              f"{', '.join(str(p.relative_to(folder)) for p in missing[:3])}"] if missing else []
    if checked:
        faults.append(f"{name}: {len(checked)} modules have bytecode checked against the source's time or hash, "
                      f"e.g. {checked[0].relative_to(folder)}: compile with --invalidation-mode unchecked-hash")
    if not faults:
        print(f"{name}: {len(sources)} modules, each with its {tag} bytecode (unchecked-hash)")
    return faults


def check_handler_init(
    name: str,
    folder: Path,
    handler: str,
    runtime: str,
    layers: Sequence[Path],
    deps: Path,
    variables: Mapping[str, str],
) -> list[str]:
    """Imports the handler as Lambda's init does; this machine's dependencies stand in for the built ones."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", "/"),
        **LAMBDA_ENVIRONMENT,
        **variables,
    }
    env["AWS_LAMBDA_FUNCTION_NAME"] = name
    if "PYENV_VERSION" in os.environ:
        env["PYENV_VERSION"] = os.environ["PYENV_VERSION"]
    # Lambda's order is the artifact, then the layers; the dependencies go first here so that this
    # machine's builds of them win over the artifact's builds for the Lambda architecture.
    result = run_python(runtime, [deps, folder, *layers], IMPORT_HANDLER, [handler], env)
    if isinstance(result, str):
        return [f"{name}: {result}"]
    if result.returncode != 0:
        return [f"{name}: importing {handler} as Lambda's init would failed:\n{result.stderr}"]
    print(
        f"{name}: {handler} imports with only its artifact, layers and dependencies, inside-Lambda settings"
    )
    return []


def _value(value: Any, variable: str, parameters: Mapping[str, Any]) -> str:
    """A variable's value: a parameter's default, else (a resource's name or ARN, known only once deployed)
    a stand-in that names the variable."""
    if isinstance(value, str | int | float):
        return str(value)
    reference = value.get("Ref") if isinstance(value, Mapping) else None
    if reference in parameters and "Default" in parameters[reference]:
        return str(parameters[reference]["Default"])
    return f"check-build-{variable.lower()}"


def main(build_dir: Path, deps: Path | None = None) -> int:
    template = cfn_yaml.load(str(build_dir / "template.yaml"))
    resources = template["Resources"]
    globals_ = template.get("Globals", {}).get("Function", {})
    faults: list[str] = []
    layer_dirs: dict[str, Path] = {}
    for name, resource in resources.items():
        props = resource.get("Properties", {})
        if resource["Type"] == "AWS::Serverless::LayerVersion":
            runtime = resource.get("Metadata", {}).get("BuildMethod", "")
            if runtime.startswith("python"):
                layer_dirs[name] = build_dir / props["ContentUri"] / "python"
                faults += check_layer(name, build_dir / props["ContentUri"], runtime, deps)
                faults += check_bytecode(name, build_dir / props["ContentUri"], runtime)
    for name, resource in resources.items():
        if resource["Type"] != "AWS::Serverless::Function":
            continue
        props = resource["Properties"]
        runtime = props.get("Runtime", globals_.get("Runtime"))
        architecture = (props.get("Architectures") or globals_.get("Architectures") or ["x86_64"])[0]
        folder = build_dir / props["CodeUri"]
        function_faults = check_function(name, folder, props["Handler"], runtime, architecture)
        function_faults += check_bytecode(name, folder, runtime)
        if deps and not function_faults:
            layers = [layer_dirs[ref["Ref"]] for ref in props.get("Layers", globals_.get("Layers", []))]
            variables = {
                **globals_.get("Environment", {}).get("Variables", {}),
                **props.get("Environment", {}).get("Variables", {}),
            }
            parameters = template.get("Parameters", {})
            variables = {key: _value(value, key, parameters) for key, value in variables.items()}
            function_faults += check_handler_init(
                name, folder, props["Handler"], runtime, layers, deps, variables
            )
        faults += function_faults
    for fault in faults:
        print(f"FAULT {fault}", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("build_dir", type=Path, nargs="?", default=Path(".aws-sam/build"))
    parser.add_argument("--deps", type=Path, default=None)
    arguments = parser.parse_args()
    sys.exit(main(arguments.build_dir, arguments.deps))
