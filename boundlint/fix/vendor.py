"""One file that holds the whole runtime, for a project that keeps its own copy.

`boundlint runtime vendor PATH` writes it; `runtime-module = "pkg.bounds"` then
points the fixes' imports at it. The source is the runtime shipped inside the
checker (`boundlint.runtime_source`, the `runtime/` folder of this repository),
read as text and never imported. Its modules become one: each module's body in
the order their imports require, the standard-library imports merged at the
top, the imports between the runtime's own modules dropped (their names are now
the file's own). Two modules that define the same top-level name cannot be
merged that way: that is an error here, not a silently shadowed function there.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from boundlint.parse.positions import names_in

SOURCE_PACKAGE = "boundlint.runtime_source"
PACKAGE = "__init__"
# The first line of every file this module writes: how a later run knows it may replace it.
HEADER = "# Vendored boundlint-runtime"
LINE_LENGTH = 120  # the runtime's own, which its modules keep
_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.MULTILINE)


class VendorError(Exception):
    """The runtime cannot be written as one file; worded for the user."""


@dataclass
class _Module:
    name: str
    tree: cst.Module
    needs: set[str] = field(default_factory=set)  # sibling modules it imports from
    body: list[cst.BaseStatement | cst.BaseSmallStatement] = field(default_factory=list)
    summary: str = ""


def runtime_sources() -> dict[str, str]:
    """The runtime's modules, by name, as text."""
    spec = importlib.util.find_spec(SOURCE_PACKAGE)  # imports `boundlint`, not the runtime
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        raise VendorError("this installation of boundlint has no copy of the runtime's source")
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(Path(folders[0]).glob("*.py"))}


def is_vendored(text: str) -> bool:
    return text.startswith(HEADER)


def single_file(sources: dict[str, str]) -> str:
    """The runtime's modules (`sources`: name -> text, `__init__` included) as one module's text."""
    package = sources.get(PACKAGE)
    if package is None:
        raise VendorError("the runtime's source has no __init__.py")
    version_match = _VERSION.search(package)
    version = version_match.group(1) if version_match else "unknown"
    modules = {name: _split(name, text, set(sources)) for name, text in sources.items() if name != PACKAGE}
    order = _dependency_order(modules)
    _refuse_clashes([modules[name] for name in order])
    imports = _merged_imports([modules[name] for name in order])
    exported = sorted({*_all_names(package), *(_public_classes(modules["pydantic"]) if "pydantic" in modules else ())})
    sections = [_section(modules[name]) for name in order]
    sections.append(f'__version__ = "{version}"\n\n__all__ = [\n' + "".join(f'    "{n}",\n' for n in exported) + "]\n")
    # The blank lines ruff and black keep: one after the imports unless a def or class follows,
    # two between top-level sections.
    first = modules[order[0]].body[0] if order and modules[order[0]].body else None
    after_imports = "\n\n" if isinstance(first, (cst.FunctionDef, cst.ClassDef)) else "\n"
    text = (
        _header(version)
        + "\nfrom __future__ import annotations\n\n"
        + "".join(line + "\n" for line in imports)
        + after_imports
        + "\n\n".join(sections)
    )
    cst.parse_module(text)  # what we write must parse; a bug here raises, it does not write
    return text


def _section(module: _Module) -> str:
    """A module's statements, under a comment that names it (the comment leads the first one)."""
    empty = cst.Module(body=[])
    code = "".join(empty.code_for_node(statement) for statement in module.body).strip("\n") + "\n"
    return f"# -- {module.name}.py: {module.summary}\n{code}" if module.summary else f"# -- {module.name}.py\n{code}"


def _header(version: str) -> str:
    return (
        f"{HEADER} {version}: one file, no dependencies.\n"
        "#\n"
        "# Written by `boundlint runtime vendor`; run it again to update this file, do not edit it.\n"
        "# `runtime-module` in [tool.boundlint] names this module, so that `boundlint fix` imports from it.\n"
        "# Its functions, their budgets and markers are those of the boundlint-runtime package, whose\n"
        "# README documents them; truncations are logged on the `boundlint_runtime` logger.\n"
        '"""boundlint-runtime, vendored: keep LLM tool output bounded, signalled and logged."""\n'
    )


def _split(name: str, text: str, siblings: set[str]) -> _Module:
    tree = cst.parse_module(text)
    module = _Module(name, tree)
    for index, statement in enumerate(tree.body):
        docstring = _docstring(statement) if index == 0 else None
        if docstring is not None:
            module.summary = docstring.strip().split("\n", 1)[0].strip()
            continue
        if _top_level_names(statement) == {"__all__"}:
            continue  # the file exports what the package exports
        small = statement.body if isinstance(statement, cst.SimpleStatementLine) else ()
        relative = [s for s in small if isinstance(s, cst.ImportFrom) and s.relative]
        if relative:
            if len(relative) != len(small):
                raise VendorError(f"{name}.py: a relative import shares its line with other statements")
            for item in relative:
                module.needs.add(_sibling(name, item, siblings))
            continue
        module.body.append(statement)
    return module


def _sibling(name: str, item: cst.ImportFrom, siblings: set[str]) -> str:
    target = cst.Module(body=[]).code_for_node(item.module) if item.module is not None else ""
    if len(item.relative) != 1 or target not in siblings or isinstance(item.names, cst.ImportStar):
        raise VendorError(f"{name}.py: only `from .module import name` imports can be merged")
    if any(alias.asname is not None for alias in item.names):
        raise VendorError(f"{name}.py: an import renamed with `as` cannot be merged")
    return target


def _docstring(statement: cst.CSTNode) -> str | None:
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        expr = statement.body[0]
        if isinstance(expr, cst.Expr) and isinstance(expr.value, cst.SimpleString):
            value = expr.value.evaluated_value
            return value if isinstance(value, str) else None
    return None


def _dependency_order(modules: dict[str, _Module]) -> list[str]:
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order:
            return
        if name in visiting:
            raise VendorError(f"the runtime's modules import each other in a cycle through {name}.py")
        visiting.add(name)
        for needed in sorted(modules[name].needs):
            visit(needed)
        visiting.discard(name)
        order.append(name)

    for name in sorted(modules):
        visit(name)
    return order


def _top_level_names(statement: cst.CSTNode) -> set[str]:
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return {statement.name.value}
    names: set[str] = set()
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            if isinstance(small, cst.Assign):
                names.update(name for t in small.targets for name in names_in(t.target))
            elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
                names.update(names_in(small.target))
            elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                names.update(_bound(alias) for alias in small.names)
    return names


def _bound(alias: cst.ImportAlias) -> str:
    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
        return alias.asname.name.value
    return cst.Module(body=[]).code_for_node(alias.name).split(".", 1)[0]


def _refuse_clashes(modules: list[_Module]) -> None:
    owner: dict[str, str] = {}
    imported: set[str] = set()
    for module in modules:
        for statement in module.body:
            is_import = _import_statement(statement) is not None
            for name in _top_level_names(statement):
                if is_import:
                    if name in owner:
                        raise VendorError(f"{module.name}.py imports `{name}`, which {owner[name]}.py defines")
                    imported.add(name)
                    continue
                if name in owner and owner[name] != module.name:
                    raise VendorError(f"`{name}` is defined in both {owner[name]}.py and {module.name}.py")
                if name in imported:
                    raise VendorError(f"{module.name}.py defines `{name}`, which another module imports")
                owner[name] = module.name


def _import_statement(statement: cst.CSTNode) -> list[cst.Import | cst.ImportFrom] | None:
    if isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body
    ):
        return [s for s in statement.body if isinstance(s, (cst.Import, cst.ImportFrom))]
    return None


def _merged_imports(modules: list[_Module]) -> list[str]:
    """The modules' top-level imports as isort (and ruff's `I` rules) order them: `import x`
    lines, then `from x import ...` with the names of one module merged and sorted by type."""
    plain: set[str] = set()
    from_names: dict[str, dict[str, str]] = {}  # module -> {local name: spelled}
    empty = cst.Module(body=[])
    for module in modules:
        kept = []
        for statement in module.body:
            found = _import_statement(statement)
            if found is None:
                kept.append(statement)
                continue
            comments = statement.trailing_whitespace.comment if isinstance(statement, cst.SimpleStatementLine) else None
            for item in found:
                if isinstance(item, cst.Import):
                    plain.update(empty.code_for_node(alias).strip().rstrip(",") for alias in item.names)
                    continue
                if item.module is None or isinstance(item.names, cst.ImportStar):
                    raise VendorError(f"{module.name}.py: a star import cannot be merged")
                target = empty.code_for_node(item.module)
                if target == "__future__":
                    continue
                for alias in item.names:
                    spelled = empty.code_for_node(alias.with_changes(comma=cst.MaybeSentinel.DEFAULT)).strip()
                    if comments is not None and len(item.names) == 1:
                        spelled += "  " + comments.value  # a comment on a one-name import says why
                    from_names.setdefault(target, {})[_bound(alias)] = spelled
        module.body = kept
    lines = [f"import {name}" for name in sorted(plain, key=_module_key)]
    for target in sorted(from_names, key=_module_key):
        names = [from_names[target][n] for n in sorted(from_names[target], key=_name_key)]
        lines.append(_from_line(target, names))
    return lines


def _from_line(target: str, names: list[str]) -> str:
    line = f"from {target} import {', '.join(names)}"
    if len(line) <= LINE_LENGTH and "#" not in line:
        return line
    if len(names) == 1 and "#" in names[0]:
        return f"from {target} import {names[0]}"
    return f"from {target} import (\n" + "".join(f"    {name},\n" for name in names) + ")"


def _module_key(name: str) -> tuple[str, str]:
    return (name.lower(), name)


def _name_key(name: str) -> tuple[int, str]:
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return (kind, name)


def _all_names(package: str) -> list[str]:
    tree = cst.parse_module(package)
    for statement in tree.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if (
                isinstance(small, cst.Assign)
                and any(isinstance(t.target, cst.Name) and t.target.value == "__all__" for t in small.targets)
                and isinstance(small.value, (cst.List, cst.Tuple))
            ):
                return [
                    value
                    for element in small.value.elements
                    if isinstance(element.value, cst.SimpleString)
                    and isinstance(value := element.value.evaluated_value, str)
                ]
    raise VendorError("the runtime's __init__.py has no __all__")


def _public_classes(module: _Module) -> list[str]:
    return [s.name.value for s in module.body if isinstance(s, cst.ClassDef) and not s.name.value.startswith("_")]
