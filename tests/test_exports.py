"""A module's exports read with `ast` are what libcst's parse says, and lookups pass through
modules without parsing them with libcst."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from boundlint.discover.module_names import Catalog, module_name_for, relative_resolver
from boundlint.parse.source import SourceError, read_source
from boundlint.project.exports import exports_of_module, exports_of_syntax
from boundlint.project.loader import Loader
from boundlint.project.lookup import Project
from tests.helpers import write_tree

REPOSITORY = Path(__file__).resolve().parents[1]
SOURCES = sorted(
    path
    for folder in ("boundlint", "fixtures", "tests/fix_cases", "tests/corpus", "tests/bad_inputs", "runtime")
    for path in (REPOSITORY / folder).rglob("*.py")
)

FORMS = """
import os.path
import json as j
from . import sibling
from ..up import thing as other
from .star import *
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from pkg.types import Hidden
elif os.name == "nt":
    def windows(): ...
else:
    WIDTH: int = 80
try:
    from fast import loads
except* ImportError:
    from json import loads
else:
    READY = True
finally:
    DONE = done = "x"
with open(__file__) as handle:
    async def reader(): ...
for item in ():
    pass
else:
    class Late: ...
while False:
    pass
else:
    tool = j.dumps
class Typed(j.Base[int], Generic[T], make_base(), *spread, metaclass=Meta): ...
class Tools:
    def search(self): ...
    async def fetch(self): ...
    class Inner: ...
    value = 1
class Stubs:
    @abc.abstractmethod
    def run(self):
        return 1
    def declared(self):
        'Left to subclasses.'
        raise NotImplementedError("write it")
    def passes(self): pass
    def works(self):
        return 2
    def raises_other(self):
        raise ValueError
    def dispatch(self, name):
        return getattr(self, "apply"), getattr(self, name), getattr(other, "skip")
class ShellTool:
    def dispatch(self, name):
        return getattr(self, "apply"), getattr(self, name), getattr(other, "skip")
def later():
    from pathlib import Path as j
alias = later
early = defined_below
defined_below = 1
chained = os.path.join
unknown = never_imported
call = j.dumps(1)
annotated: str
tuple_a, tuple_b = 1, 2
"""


def _both(path: Path, text: str):
    name = module_name_for(path)
    loader = Loader({path: text})
    module = loader.load(path)
    assert module is not None
    return exports_of_syntax(ast.parse(text), name, relative_resolver(path, name)), exports_of_module(module)


def test_every_form_of_import_and_definition_reads_the_same(tmp_path):
    from_syntax, from_libcst = _both(tmp_path / "pkg" / "mod.py", FORMS)
    assert from_syntax == from_libcst
    # The facts themselves, so that both readers cannot be wrong together.
    assert from_syntax.imports["j"] == "pathlib.Path"  # rebound by the later import in `later`
    assert from_syntax.imports["os"] == "os"
    assert from_syntax.imports["loads"] == "fast.loads"  # the `except*`'s import is only a fallback
    assert from_syntax.functions == {"windows", "reader", "later"}
    assert {name: cls.methods for name, cls in from_syntax.classes.items()} == {
        "Tools": frozenset({"search", "fetch"}),
        "Late": frozenset(),
        "Typed": frozenset(),
        "Stubs": frozenset({"run", "declared", "passes", "works", "raises_other", "dispatch"}),
        "ShellTool": frozenset({"dispatch"}),
    }
    # what a class leaves for its subclasses to write: abstract, or a body that does nothing
    assert from_syntax.classes["Tools"].stubs == {"search", "fetch"}
    assert from_syntax.classes["Stubs"].stubs == {"run", "declared", "passes"}
    # and what its code reads from `self` by a name it writes, read of a class named for a tool
    assert from_syntax.classes["ShellTool"].reached == {"apply"}
    assert from_syntax.classes["Stubs"].reached == frozenset()
    assert from_syntax.classes["Typed"].bases == ("j.Base", "Generic", None, "spread")
    assert from_syntax.aliases["tool"] == "pathlib.Path.dumps"
    assert from_syntax.aliases["alias"].endswith(".later")
    assert from_syntax.aliases["chained"] == "os.path.join"
    assert from_syntax.aliases["early"].endswith(".defined_below")
    assert from_syntax.aliases["unknown"] is None and from_syntax.aliases["call"] is None
    assert from_syntax.aliases["READY"] == "builtins.True"
    assert {"WIDTH", "DONE", "done"} <= set(from_syntax.aliases)
    assert "annotated" not in from_syntax.aliases and "tuple_a" not in from_syntax.aliases
    assert len(from_syntax.star_imports) == 1 and from_syntax.star_imports[0].endswith("star")


def test_this_repository_reads_the_same_both_ways():
    compared, differing = 0, []
    for path in SOURCES:
        try:
            text = read_source(path).text
            ast.parse(text)
            module = Loader({path: text}).load(path)
        except (SourceError, SyntaxError, ValueError, RecursionError):
            continue  # not valid Python: a bad-input case
        if module is None:
            continue
        name = module_name_for(path)
        compared += 1
        if exports_of_syntax(ast.parse(text), name, relative_resolver(path, name)) != exports_of_module(module):
            differing.append(str(path.relative_to(REPOSITORY)))
    assert compared > 300
    assert differing == []


def test_a_lookup_through_re_exports_parses_only_the_module_that_defines_the_name(tmp_path):
    write_tree(
        tmp_path,
        {
            "app/__init__.py": "from app.tools import search\n",
            "app/tools/__init__.py": "from .web import *\n",
            "app/tools/web.py": "import httpx\n\ndef search(q):\n    return httpx.get(q).text\n",
            "app/main.py": "from app import search\n",
        },
    )
    paths = sorted(tmp_path.rglob("*.py"))
    loader = Loader()
    project = Project(Catalog(paths), loader)
    main = project.load(tmp_path / "app/main.py")
    assert main is not None
    project.start_recording()
    assert project.external_name(main, ast_name("search")) is None  # defined in the tree
    assert set(loader._modules) == {tmp_path / "app/main.py"}
    entity = project.lookup("app.search", main)
    assert entity is not None and entity.kind == "function" and entity.module.path == tmp_path / "app/tools/web.py"
    assert set(loader._modules) == {tmp_path / "app/main.py", tmp_path / "app/tools/web.py"}
    # Every module the lookups passed through is a dependency of the answer.
    assert {tmp_path / "app/__init__.py", tmp_path / "app/tools/__init__.py"} <= project.stop_recording()


@pytest.mark.parametrize(
    ("package", "kind"),
    [
        ("from .get_log import get_log\n", "function"),  # the package rebinds the name, as Python does
        ("from . import get_log\n", "module"),  # the package names the submodule itself
        ("", "module"),
    ],
)
def test_a_package_that_rebinds_its_submodules_name_gives_what_it_binds(tmp_path, package, kind):
    write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/tools/__init__.py": package,
            "pkg/tools/get_log.py": "import requests\n\ndef get_log(url):\n    return requests.get(url).text\n",
            "pkg/server.py": "from pkg.tools import get_log\n",
        },
    )
    project = Project(Catalog(sorted(tmp_path.rglob("*.py"))), Loader())
    server = project.load(tmp_path / "pkg/server.py")
    entity = project.lookup("pkg.tools.get_log", server)
    assert entity is not None and entity.kind == kind
    assert entity.module.path == tmp_path / "pkg/tools/get_log.py"


def test_an_alias_of_a_framework_name_is_followed_by_the_exports(tmp_path):
    write_tree(
        tmp_path,
        {
            "app/compat.py": "from langchain_core.tools import tool as lc_tool\ntool = lc_tool\n",
            "app/tools.py": "from app.compat import tool\n",
        },
    )
    loader = Loader()
    project = Project(Catalog(sorted(tmp_path.rglob("*.py"))), loader)
    tools = project.load(tmp_path / "app/tools.py")
    assert tools is not None
    assert project.external_name(tools, ast_name("tool")) == "langchain_core.tools.tool"
    assert tmp_path / "app/compat.py" not in loader._modules


FALLBACK_COMPAT = (
    "try:\n    from crewai.tools import BaseTool\nexcept ImportError:\n"
    "    class BaseTool:\n        def _run(self, **kwargs):\n            raise NotImplementedError\n"
)


@pytest.mark.parametrize(
    ("compat", "name", "expected"),
    [
        # a plain re-export of a framework's name
        ("from langchain_core.tools import tool\n", "tool", "langchain_core.tools.tool"),
        # with a fallback defined for when the framework is missing: still the framework's name
        (FALLBACK_COMPAT, "BaseTool", "crewai.tools.BaseTool"),
        # a class the module defines itself is the tree's, not a library's
        ("class BaseTool:\n    pass\n", "BaseTool", None),
    ],
)
def test_a_framework_name_re_exported_by_a_module_of_the_tree_is_the_framework_s(tmp_path, compat, name, expected):
    write_tree(
        tmp_path, {"app/__init__.py": "", "app/compat.py": compat, "app/tools.py": f"from app.compat import {name}\n"}
    )
    project = Project(Catalog(sorted(tmp_path.rglob("*.py"))), Loader())
    tools = project.load(tmp_path / "app/tools.py")
    assert tools is not None
    assert project.external_name(tools, ast_name(name)) == expected
    compat_module = project.load(tmp_path / "app/compat.py")
    assert compat_module is not None and (name in compat_module.classes) == (expected is None and name == "BaseTool")


def test_a_module_ast_cannot_read_is_still_read_by_libcst_or_reported(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("def broken(:\n", encoding="utf-8")
    loader = Loader()
    assert loader.exports(path) is None
    assert path in loader.errors  # the reason is kept, as when the module itself is loaded


def ast_name(name: str):
    import libcst as cst

    return cst.Name(name)
