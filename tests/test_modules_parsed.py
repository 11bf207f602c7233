"""Which modules a root's analysis parses with libcst: only those its answer needs.

Parsing is most of a run's cost, and a framework's largest modules are what its
own code calls most (`Agent(...)`, `log(...)`): reading them for a question
that `ast`'s exports already answer, or for a fix nobody asks for, makes a
framework tree cost more than its parse floor.
"""

from __future__ import annotations

from tests.helpers import analyse_files


def test_finding_tools_parses_a_registrars_module_and_not_those_of_what_else_is_called(tmp_path, monkeypatch):
    """`register_tools(mcp)` is read in its module; `Agent("a", 3)` and `log("started")` are calls
    of the tree's own class and helper, given no server: their modules are not parsed for them."""
    monkeypatch.chdir(tmp_path)
    files = {
        "app/__init__.py": "",
        "app/agent.py": "class Agent:\n    def __init__(self, name, turns):\n        self.name = name\n",
        "app/util.py": "def log(message):\n    print(message)\n",
        "app/registry.py": (
            "def register_tools(server):\n    @server.tool()\n    def search(q: str) -> str:\n        return q\n"
        ),
        "app/main.py": (
            "from mcp.server.fastmcp import FastMCP\n"
            "from app.agent import Agent\n"
            "from app.registry import register_tools\n"
            "from app.util import log\n"
            "mcp = FastMCP('x')\n"
            "register_tools(mcp)\n"
            "agent = Agent('a', 3)\n"
            "log('started')\n"
        ),
    }
    analysis, loader = analyse_files(tmp_path, files, "app/main.py")
    assert [tool.qualname for tool in analysis.tools] == ["register_tools.<locals>.search"]
    assert set(loader._modules) == {tmp_path / "app/main.py", tmp_path / "app/registry.py"}


def test_the_models_a_tool_takes_are_parsed_only_when_a_fields_fix_asks(tmp_path, monkeypatch):
    """`Query` is the tool's input: a fix that bounds a field of a model must not cut it, but
    nothing else needs it, so its module is parsed when that fix is planned, not before."""
    monkeypatch.chdir(tmp_path)
    files = {
        "app/__init__.py": "",
        "app/models.py": "from pydantic import BaseModel\n\nclass Query(BaseModel):\n    text: str\n",
        "app/main.py": (
            "import requests\n"
            "from mcp.server.fastmcp import FastMCP\n"
            "from app.models import Query\n"
            "mcp = FastMCP('x')\n"
            "@mcp.tool()\n"
            "def search(query: Query) -> str:\n"
            "    return requests.get('https://example.com', params={'q': query.text}).text\n"
        ),
    }
    analysis, loader = analyse_files(tmp_path, files, "app/main.py")
    assert set(loader._modules) == {tmp_path / "app/main.py"}
    assert [cls.name.value for cls in analysis.input_models] == ["Query"]
    assert set(loader._modules) == {tmp_path / "app/main.py", tmp_path / "app/models.py"}


def test_a_module_whose_exports_were_read_is_not_parsed_with_ast_again_when_loaded(tmp_path, monkeypatch):
    """A lookup reads what `app.helpers` exports from `ast`, then loads the module it points into:
    that `ast` tree serves the load too (the positions and the check that CPython compiles it)."""
    import boundlint.parse.source as source
    from boundlint.project.loader import Loader

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "helpers.py"
    path.write_text("import os\n\ndef fetch(url):\n    return os.popen(url).read()\n")
    parsed: list[str] = []
    real = source.python_ast
    monkeypatch.setattr(source, "python_ast", lambda text: parsed.append(text) or real(text))
    monkeypatch.setattr("boundlint.project.loader.python_ast", source.python_ast)
    loader = Loader()
    exports = loader.exports(path)
    module = loader.load(path)
    assert exports is not None and module is not None and "fetch" in module.functions
    assert len(parsed) == 1


def test_a_module_many_roots_read_stays_parsed_when_room_is_made(tmp_path):
    """Within the loader's bound, the module asked for most often is kept over more recent ones
    asked for once: a framework's hub is not parsed again for every root that reads it."""
    from boundlint.project.loader import Loader

    for name in ("hub", "a", "b", "c"):
        (tmp_path / f"{name}.py").write_text(f"def {name}():\n    return 1\n" + "# pad\n" * 40)
    size = len((tmp_path / "hub.py").read_text())
    loader = Loader(max_chars=2.5 * size)  # room for two modules
    parsed: list[str] = []
    read = loader._read
    loader._read = lambda path: parsed.append(path.stem) or read(path)  # type: ignore[method-assign]
    for name in ("hub", "a", "hub", "b", "hub", "c", "hub"):
        loader.load(tmp_path / f"{name}.py")
    assert parsed == ["hub", "a", "b", "c"]  # least recently used first would parse `hub` again
    assert set(loader._modules) == {tmp_path / "hub.py", tmp_path / "c.py"}
