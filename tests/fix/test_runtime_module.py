"""A project's own copy of the runtime: `boundlint runtime vendor` and `runtime-module`.

The vendored file must be the runtime (it passes the runtime's own tests), the
checker must trust its names as it trusts the package's, and fixes must import
from it, where isort puts a first-party import, without asking the project to
declare a package it does not need.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from boundlint.cli.main import main
from boundlint.core.config import ConfigError, load_config
from boundlint.fix.vendor import HEADER, VendorError, runtime_sources, single_file
from tests.fix.cases import check_tree, fix

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_TESTS = ROOT / "runtime" / "tests"

TOOLS = textwrap.dedent('''\
    from pathlib import Path

    from app.registry import tool


    @tool
    def read(path: str) -> str:
        """A whole file."""
        return Path(path).read_text()
    ''')
REGISTRY = "def tool(function):\n    return function\n"


def _project(tmp_path: Path, runtime_module: str | None = "app.bounds", tools: str = TOOLS) -> Path:
    package = tmp_path / "src" / "app"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "registry.py").write_text(REGISTRY, encoding="utf-8")
    (package / "tools.py").write_text(tools, encoding="utf-8")
    setting = f'runtime-module = "{runtime_module}"\n' if runtime_module else ""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "app"\n\n[tool.boundlint]\nextend-tool-decorators = ["app.registry.tool"]\n' + setting,
        encoding="utf-8",
    )
    return package


def _vendor(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["runtime", "vendor", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- the vendored file --------------------------------------------------------


@pytest.mark.slow
def test_the_vendored_file_passes_the_runtime_tests(tmp_path):
    """Every runtime test, property tests included, run against the single file: it stands in for
    the package (its submodules are the same module), in a process that cannot see the package."""
    package = tmp_path / "boundlint_runtime"
    package.mkdir()
    (package / "__init__.py").write_text(single_file(runtime_sources()), encoding="utf-8")
    for name in runtime_sources():
        if name != "__init__":
            (package / f"{name}.py").write_text(
                "import sys\n\nsys.modules[__name__] = sys.modules['boundlint_runtime']\n", encoding="utf-8"
            )
    tests = tmp_path / "tests"
    # The adapters (and their budget) are a package of their own, which a vendored runtime does not hold.
    shutil.copytree(RUNTIME_TESTS, tests, ignore=shutil.ignore_patterns("adapters", "test_runtime_budget.py"))
    (tests / "conftest.py").write_text(
        (tests / "conftest.py").read_text(encoding="utf-8")
        + "\n\nimport boundlint_runtime as _vendored\n\n"
        + f"assert _vendored.__file__ == {str(package / '__init__.py')!r}, _vendored.__file__\n",
        encoding="utf-8",
    )
    # The properties ran at full strength against the package: a fifth of the examples shows
    # that the single file behaves as the same code.
    environment = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    environment["BOUNDLINT_EXAMPLE_SHARE"] = "0.2"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tests)],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout.replace("0 skipped", "")


def test_the_vendored_file_is_clean_for_ruff_and_for_the_checker(tmp_path):
    package = _project(tmp_path)
    (package / "bounds.py").write_text(single_file(runtime_sources()), encoding="utf-8")
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--select", "E,F,W,I,UP,B", "--line-length", "120"]
        + [str(package / "bounds.py")],
        capture_output=True,
        text=True,
    )
    assert ruff.returncode == 0, ruff.stdout
    result = check_tree(tmp_path)
    assert [f for f in result.findings if f.filename.endswith("bounds.py")] == []


def test_modules_that_define_the_same_name_are_refused():
    sources = {
        "__init__": '__all__ = ["a"]\n',
        "one": "def helper():\n    return 1\n",
        "two": "def helper():\n    return 2\n",
    }
    with pytest.raises(VendorError, match="`helper` is defined in both one.py and two.py"):
        single_file(sources)


def test_modules_come_in_the_order_their_imports_need():
    sources = {
        "__init__": '__version__ = "9.9"\n__all__ = ["late"]\n',
        "late": '"""Uses early."""\n\nfrom .early import base\n\n\ndef late():\n    return base() + 1\n',
        "early": '"""First."""\n\nimport json\n\n\ndef base():\n    return len(json.dumps({}))\n',
    }
    text = single_file(sources)
    assert text.startswith(f"{HEADER} 9.9")
    assert text.index("def base") < text.index("def late")
    assert "from .early" not in text and text.count("import json") == 1
    namespace: dict[str, object] = {}
    exec(compile(text, "bounds.py", "exec"), namespace)
    assert namespace["late"]() == 3  # type: ignore[operator]
    assert namespace["__all__"] == ["late"]


# -- the command --------------------------------------------------------------


def test_vendor_writes_the_file_and_says_what_to_configure(tmp_path, capsys):
    package = _project(tmp_path, runtime_module=None)
    code, out, _ = _vendor(package / "bounds.py", capsys)
    assert code == 0
    assert (package / "bounds.py").read_text(encoding="utf-8").startswith(HEADER)
    assert 'runtime-module = "app.bounds"' in out


def test_vendor_says_nothing_more_when_the_configuration_names_the_file(tmp_path, capsys):
    package = _project(tmp_path)
    code, out, _ = _vendor(package / "bounds.py", capsys)
    assert code == 0 and "runtime-module" not in out


def test_vendor_updates_its_own_file_and_never_overwrites_the_users(tmp_path, capsys):
    package = _project(tmp_path)
    target = package / "bounds.py"
    target.write_text(f"{HEADER} 0.0.1: an older copy\n", encoding="utf-8")
    code, out, _ = _vendor(target, capsys)
    assert code == 0 and out.startswith("boundlint: updated")
    mine = package / "helpers.py"
    mine.write_text("def mine():\n    return 1\n", encoding="utf-8")
    code, _, err = _vendor(mine, capsys)
    assert code == 2 and "was not written by `boundlint runtime vendor`" in err
    assert mine.read_text(encoding="utf-8") == "def mine():\n    return 1\n"


@pytest.mark.parametrize(
    ("name", "message"), [("bounds.txt", "expected the path of a Python module"), ("nowhere/b.py", "is not a folder")]
)
def test_vendor_refuses_a_path_it_cannot_write(tmp_path, capsys, name, message):
    code, _, err = _vendor(tmp_path / name, capsys)
    assert code == 2 and message in err


# -- the configuration, the checker and the fixes -----------------------------


@pytest.mark.parametrize("value", ["app bounds", "3app.bounds", 7, ["app.bounds"]])
def test_a_runtime_module_that_is_not_a_module_name_is_an_error(tmp_path, value):
    literal = f'"{value}"' if isinstance(value, str) else str(value).replace("'", '"')
    (tmp_path / "pyproject.toml").write_text(f"[tool.boundlint]\nruntime-module = {literal}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="runtime-module: expected a module name such as 'myproj.bounds'"):
        load_config(None, tmp_path)


TRUSTED = textwrap.dedent('''\
    from pathlib import Path
    from typing import Annotated

    from pydantic import BaseModel

    from app.bounds import Truncated, bounded, truncate_text
    from app.registry import tool


    class Page(BaseModel):
        body: Annotated[str, Truncated(4000)]


    @tool
    def read(path: str) -> str:
        """A whole file, cut."""
        return truncate_text(Path(path).read_text(), max_chars=8000)


    @tool
    @bounded(max_chars=8000)
    def decorated(path: str) -> str:
        """A whole file, cut by the decorator."""
        return Path(path).read_text()


    @tool
    def page(path: str) -> Page:
        """A page whose contract bounds it."""
        return Page(body=Path(path).read_text())
    ''')
# A stand-in that cuts nothing: only the configuration can make the checker trust it.
STAND_IN = textwrap.dedent("""\
    def truncate_text(text, max_chars=16000):
        return text


    def bounded(max_chars=16000):
        return lambda function: function


    def Truncated(max_chars):
        return max_chars
    """)


@pytest.mark.parametrize("configured", [True, False])
def test_the_checker_trusts_the_names_of_the_configured_module_only(tmp_path, configured):
    package = _project(tmp_path, runtime_module="app.bounds" if configured else None, tools=TRUSTED)
    (package / "bounds.py").write_text(STAND_IN, encoding="utf-8")
    codes = sorted(f.code for f in check_tree(tmp_path).findings)
    assert codes == ([] if configured else ["BL001", "BL001", "BL001", "BL002"])


def test_fixes_import_from_the_vendored_module_and_the_fixed_tool_cuts(tmp_path, capsys):
    package = _project(tmp_path, tools=TOOLS.replace("from pathlib", "import json\nfrom pathlib"))
    assert _vendor(package / "bounds.py", capsys)[0] == 0
    run = fix(tmp_path)
    assert run.code == 0, run.out + run.err
    assert "does not declare" not in run.err
    fixed = (package / "tools.py").read_text(encoding="utf-8")
    assert "from app.bounds import truncate_text\nfrom app.registry import tool\n" in fixed
    assert "boundlint_runtime" not in fixed
    # The fixed module runs with nothing but the vendored file, and cuts with a marker.
    big = tmp_path / "big.txt"
    big.write_text("x" * 50_000, encoding="utf-8")
    script = (
        f"import sys; from app.tools import read; out = read({str(big)!r}); "
        "assert 'boundlint_runtime' not in sys.modules; print(len(out)); print(out.strip('x'))"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONPATH": str(tmp_path / "src")},
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr
    length, marker = ran.stdout.split("\n", 1)
    assert int(length) <= 16_000 and "50000" in marker.replace(",", "").replace("_", ""), marker
