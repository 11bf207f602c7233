"""`boundlint runtime vendor PATH`: write the runtime into the project as one file.

For a project that will not add a dependency: the file is the whole runtime,
dependency-free, and `runtime-module` in `[tool.boundlint]` points the fixes'
imports at it. The file is only ever replaced by a later `vendor` run: a file of
the user's at PATH is refused, never overwritten.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from boundlint.core.atomic_write import write_atomically
from boundlint.core.config import ConfigError, load_config
from boundlint.discover.module_names import module_name_for

EXIT_CLEAN, EXIT_ERROR = 0, 2


def add_runtime_arguments(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    runtime_parser = commands.add_parser("runtime", help="keep a copy of the runtime in the project")
    actions = runtime_parser.add_subparsers(dest="runtime_command", required=True)
    vendor = actions.add_parser(
        "vendor",
        help="write the runtime as one dependency-free module at PATH",
        description="Write boundlint-runtime as one dependency-free module at PATH (a .py file), for a "
        'project that keeps its own copy. Then set runtime-module = "<its module>" in [tool.boundlint] '
        "so that `boundlint fix` imports from it. Run it again to update the file.",
    )
    vendor.add_argument("path", type=Path, metavar="PATH", help="the module to write, such as src/app/bounds.py")


def run_runtime(args: argparse.Namespace) -> int:
    from boundlint.fix.vendor import VendorError, is_vendored, runtime_sources, single_file

    path: Path = args.path
    problem = _unwritable(path, is_vendored)
    if problem:
        return _error(problem)
    try:
        text = single_file(runtime_sources())
    except VendorError as error:
        return _error(str(error))
    replaced = path.exists()
    try:
        write_atomically(path, text.encode("utf-8"))
    except OSError as error:
        return _error(f"cannot write {path}: {error.strerror or error}")
    module = module_name_for(path.resolve())
    print(f"boundlint: {'updated' if replaced else 'wrote'} {path} ({text.count(chr(10))} lines, no dependencies)")
    if _configured_module(path) != module:
        print(f'To have `boundlint fix` import from it, add to [tool.boundlint]:  runtime-module = "{module}"')
    return EXIT_CLEAN


def _unwritable(path: Path, is_vendored: Callable[[str], bool]) -> str:
    if path.suffix != ".py":
        return f"{path}: expected the path of a Python module, such as src/app/bounds.py"
    if not path.parent.is_dir():
        return f"{path.parent} is not a folder"
    if path.is_dir():
        return f"{path} is a folder"
    if path.exists():
        try:
            head = path.read_text(encoding="utf-8", errors="replace")[:200]
        except OSError as error:
            return f"cannot read {path}: {error.strerror or error}"
        if not is_vendored(head):
            return f"{path} exists and was not written by `boundlint runtime vendor`: choose another path"
    return ""


def _configured_module(path: Path) -> str | None:
    try:
        return load_config(None, path.parent).runtime_module
    except ConfigError:
        return None  # `check` will name the problem; writing the file does not depend on it


def _error(message: str) -> int:
    print(f"boundlint: error: {message}", file=sys.stderr)
    return EXIT_ERROR
