"""infra/tools/check_build.py finds the build faults that only show in the cloud.

It runs on what `sam build` produced (infra/check-cloud.sh); here it runs on small artifact folders laid out
the way sam build lays them, one fault each.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from cloud_support import REPO_ROOT

_spec = importlib.util.spec_from_file_location(
    "check_build", REPO_ROOT / "infra" / "tools" / "check_build.py"
)
assert _spec is not None and _spec.loader is not None
check_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_build)

# This interpreter stands in for the runtime's: the checks only need a Python that imports pure modules.
RUNTIME = sys.executable


def _elf(machine: int) -> bytes:
    """The first 20 bytes of a little-endian ELF shared object for the given e_machine."""
    return b"\x7fELF\x02\x01\x01" + bytes(9) + b"\x03\x00" + machine.to_bytes(2, "little")


def _layer(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_layer_with_its_package_under_python_imports(tmp_path):
    layer = _layer(
        tmp_path,
        {
            "python/board/__init__.py": "",
            "python/board/moves.py": "from . import rules\n",
            "python/board/rules.py": "LIMIT = 3\n",
        },
    )
    assert check_build.check_layer("RulesLayer", layer, RUNTIME) == []


def test_a_layer_built_one_level_too_high_is_refused(tmp_path):
    layer = _layer(tmp_path, {"python/python/board/__init__.py": ""})
    [fault] = check_build.check_layer("RulesLayer", layer, RUNTIME)
    assert "python/python" in fault


def test_a_layer_module_that_needs_what_the_layer_lacks_is_refused(tmp_path):
    """The rules layer must import alone: a module reaching for the application package fails the check."""
    layer = _layer(tmp_path, {"python/board/__init__.py": "", "python/board/store.py": "import gameserver\n"})
    [fault] = check_build.check_layer("RulesLayer", layer, RUNTIME)
    assert "No module named 'gameserver'" in fault


def test_a_layer_may_use_what_the_functions_ship_beside_it(tmp_path):
    """In Lambda the function's own packages sit on the path beside the layer: the check puts them there too."""
    layer = _layer(tmp_path / "layer", {"python/board/__init__.py": "import schema\n"})
    deps = _layer(tmp_path / "deps", {"schema/__init__.py": "VERSION = 2\n"})
    [fault] = check_build.check_layer("RulesLayer", layer, RUNTIME)
    assert "No module named 'schema'" in fault
    assert check_build.check_layer("RulesLayer", layer, RUNTIME, deps) == []


def test_a_function_with_its_handler_and_arm64_extensions_passes(tmp_path):
    (tmp_path / "app" / "handlers").mkdir(parents=True)
    (tmp_path / "app" / "handlers" / "api.py").write_text("def handler(event, context): ...\n")
    (tmp_path / "fast.cpython-312-aarch64-linux-gnu.so").write_bytes(_elf(0xB7))
    assert (
        check_build.check_function("ApiFunction", tmp_path, "app.handlers.api.handler", "python3.12", "arm64")
        == []
    )


def test_a_function_without_its_handler_module_is_refused(tmp_path):
    [fault] = check_build.check_function(
        "ApiFunction", tmp_path, "app.handlers.api.handler", "python3.12", "arm64"
    )
    assert "app/handlers/api.py" in fault


@pytest.mark.parametrize(
    ("name", "machine", "wrong"),
    [
        ("fast.cpython-312-x86_64-linux-gnu.so", 0x3E, "arm64"),
        ("fast.cpython-311-aarch64-linux-gnu.so", 0xB7, "python3.12"),
    ],
)
def test_an_extension_for_another_platform_is_refused(tmp_path, name, machine, wrong):
    (tmp_path / "handler.py").write_text("def handler(event, context): ...\n")
    (tmp_path / name).write_bytes(_elf(machine))
    [fault] = check_build.check_function("ApiFunction", tmp_path, "handler.handler", "python3.12", "arm64")
    assert name in fault and wrong in fault


def _function(root: Path, handler_source: str) -> Path:
    (root / "app").mkdir(parents=True)
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "entry.py").write_text(handler_source)
    return root


def test_a_handler_imports_with_its_layer_dependencies_and_environment(tmp_path):
    function = _function(
        tmp_path / "function",
        "import os, board, schema\nNAME = os.environ['TABLE_NAME']\ndef handler(event, context): ...\n",
    )
    layer = _layer(tmp_path / "layer", {"python/board/__init__.py": ""}) / "python"
    deps = _layer(tmp_path / "deps", {"schema/__init__.py": ""})
    faults = check_build.check_handler_init(
        "ApiFunction", function, "app.entry.handler", RUNTIME, [layer], deps, {"TABLE_NAME": "games"}
    )
    assert faults == []


def test_a_handler_needing_a_package_nobody_ships_is_refused(tmp_path):
    """Code that imports more inside Lambda (AWS_LAMBDA_FUNCTION_NAME set) than outside is caught too."""
    function = _function(
        tmp_path / "function",
        "import os\nif os.environ.get('AWS_LAMBDA_FUNCTION_NAME'):\n    import tracer_sdk\n"
        "def handler(event, context): ...\n",
    )
    deps = _layer(tmp_path / "deps", {"schema/__init__.py": ""})
    [fault] = check_build.check_handler_init(
        "ApiFunction", function, "app.entry.handler", RUNTIME, [], deps, {}
    )
    assert "No module named 'tracer_sdk'" in fault


def test_a_handler_that_calls_aws_during_init_cannot_reach_it(tmp_path):
    function = _function(
        tmp_path / "function",
        "import os, urllib.request\nurllib.request.urlopen(os.environ['AWS_ENDPOINT_URL'], timeout=5)\n"
        "def handler(event, context): ...\n",
    )
    [fault] = check_build.check_handler_init(
        "ApiFunction", function, "app.entry.handler", RUNTIME, [], tmp_path, {}
    )
    assert "Connection refused" in fault


def _compiled(root: Path, invalidation: str) -> Path:
    import compileall
    import py_compile

    _layer(root, {"app/__init__.py": "", "app/rules.py": "LIMIT = 3\n"})
    mode = py_compile.PycInvalidationMode[invalidation]
    assert compileall.compile_dir(root, quiet=1, invalidation_mode=mode)
    return root


def test_bytecode_compiled_unchecked_for_the_runtime_passes(tmp_path):
    runtime = f"python{sys.version_info.major}.{sys.version_info.minor}"
    assert check_build.check_bytecode("ApiFunction", _compiled(tmp_path, "UNCHECKED_HASH"), runtime) == []


def test_modules_without_bytecode_are_named(tmp_path):
    root = _compiled(tmp_path, "UNCHECKED_HASH")
    (root / "app" / "late.py").write_text("X = 1\n")
    [fault] = check_build.check_bytecode("ApiFunction", root, f"python{sys.version_info.major}.{sys.version_info.minor}")
    assert "1 of 3 modules" in fault and "app/late.py" in fault


def test_timestamp_bytecode_is_refused_since_the_zip_dates_every_file_1980(tmp_path):
    root = _compiled(tmp_path, "TIMESTAMP")
    runtime = f"python{sys.version_info.major}.{sys.version_info.minor}"
    [fault] = check_build.check_bytecode("ApiFunction", root, runtime)
    assert "unchecked-hash" in fault


def test_bytecode_of_another_python_does_not_count(tmp_path):
    [fault] = check_build.check_bytecode("ApiFunction", _compiled(tmp_path, "UNCHECKED_HASH"), "python3.9")
    assert "cpython-39" in fault
