"""The `fix` field of the JSON output, and the text edits it is made of."""

from __future__ import annotations

import json
import os
import re
import textwrap
from pathlib import Path

import libcst as cst
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boundlint.analyse.analysis import Analysis
from boundlint.core.config import Config
from boundlint.core.findings import Finding
from boundlint.engine.roots import run_rules
from boundlint.fix import attach_fixes, fixes_for
from boundlint.fix.apply import apply_edits, text_edits
from boundlint.project.loader import Loader
from boundlint.project.lookup import Project

DOCS = Path(__file__).resolve().parents[2] / "docs" / "fix.md"


def _analysed(tmp_path: Path, text: str) -> tuple[Analysis, list[Finding], Config]:
    """One module's analysis and findings, as the engine has them for a root before it plans fixes."""
    path = tmp_path / "tools.py"
    path.write_text(text, encoding="utf-8")
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        config = Config(root=Path("."))
        project = Project([path], Loader())
        module = project.load(path)
        assert module is not None
        analysis = Analysis(project, config, [module]).run()
        findings, errors = run_rules(analysis, [module], config)
        assert errors == []
        return analysis, findings, config
    finally:
        os.chdir(previous)


def test_the_example_in_the_docs_is_what_check_reports(tmp_path):
    docs = DOCS.read_text(encoding="utf-8")
    section = docs[docs.index("## The `fix` field of the JSON output") :]
    source = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    shown = re.search(r"```json\n\"fix\": (.*?)```", section, re.S).group(1)
    analysis, findings, config = _analysed(tmp_path, source)
    (finding,) = attach_fixes(analysis, findings, config)
    assert finding.line == 10
    assert finding.fix == json.loads(shown)


def test_findings_without_a_fix_keep_null(tmp_path):
    text = textwrap.dedent('''\
        from langchain_core.tools import tool


        @tool
        def middle(path: str) -> str:
            """A middle part."""
            return open(path).read()[100:600]
        ''')
    analysis, findings, config = _analysed(tmp_path, text)
    (finding,) = attach_fixes(analysis, findings, config)
    assert finding.code == "BL004"
    assert finding.fix is None
    assert json.loads(json.dumps(finding.to_json()))["fix"] is None
    assert fixes_for(analysis, findings, config) == {}


def test_each_finding_carries_its_own_import(tmp_path):
    text = textwrap.dedent('''\
        import requests
        from langchain_core.tools import tool


        @tool
        def a(url: str) -> str:
            """A."""
            return requests.get(url).text


        @tool
        def b(url: str) -> str:
            """B."""
            return requests.get(url).text
        ''')
    analysis, findings, config = _analysed(tmp_path, text)
    fixed = attach_fixes(analysis, findings, config)
    assert len(fixed) == 2
    for finding in fixed:
        contents = [edit["content"] for edit in finding.fix["edits"]]
        assert "from boundlint_runtime import truncate_text\n" in contents
        # Two fixes in one module share the budget constant: each carries it too, as the run writes it.
        assert any(content.lstrip("\n").startswith("MAX_TOOL_OUTPUT_CHARS = 16_000") for content in contents)
        assert contents[-1].endswith("max_chars=MAX_TOOL_OUTPUT_CHARS)")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ("a\r\nb\r\n", "a\r\nx\r\nb\r\n"),
        ("é = 1\nreturn ü\n", "é = 1\nreturn f(ü)\n"),
        ("no newline", "no newline at all"),
        ("x\n", ""),
        ("", "x\n"),
        ("one\rtwo\r", "one\rtwo\rthree\r"),
        ("a = 1\nb = 2\n", "import z\na = 1\nb = 22\n"),
    ],
)
def test_text_edits_rebuild_the_new_text(old, new):
    edits = text_edits(old, new)
    assert apply_edits(old, edits) == new
    assert (edits == []) == (old == new)


@given(st.text(alphabet="ab\n", max_size=40), st.text(alphabet="ab\n", max_size=40))
def test_common_ends_are_the_longest_shared_start_then_end(before, after):
    from boundlint.parse.text import common_ends

    prefix, suffix = common_ends(before, after)
    shortest = min(len(before), len(after))
    assert before[:prefix] == after[:prefix]
    assert prefix == shortest or before[prefix] != after[prefix]
    assert prefix + suffix <= shortest  # the two ends never overlap
    assert before[len(before) - suffix :] == after[len(after) - suffix :]
    assert prefix + suffix == shortest or before[len(before) - suffix - 1] != after[len(after) - suffix - 1]


def test_edits_are_tight_and_in_characters():
    (edit,) = text_edits("    return résumé.text  # c\n", "    return f(résumé.text)  # c\n")
    assert edit.start == (1, 12)  # 1-based character column
    assert edit.end == (1, 23)
    assert edit.content == "f(résumé.text)"


def test_edits_from_changed_statements_match_the_whole_module_path(monkeypatch, tmp_path):
    """The fast paths (per top-level statement, its text cut from the source or generated) and the
    slow one (whole module) give the same text."""
    from boundlint.edit import imports
    from boundlint.fix.apply import apply_candidates
    from boundlint.fix.planning import plan
    from tests.fix.cases import all_cases

    for case in all_cases():
        analysis, findings, config = _analysed(tmp_path, case.before.decode("utf-8"))
        the_plan = plan(analysis, findings, config)
        for candidate in the_plan.candidates.values():
            imports._FACTS.clear()
            fast = apply_candidates(candidate.module, [candidate])
            assert fast.edits is not None, case.name
            assert apply_edits(fast.old, fast.edits) == fast.new, case.name
            with monkeypatch.context() as patch:
                patch.setattr(imports.Layout, "cut", classmethod(lambda cls, *args: None))
                imports._FACTS.clear()
                generated = apply_candidates(candidate.module, [candidate])
                patch.setattr(imports.Layout, "checked", lambda self: None)
                imports._FACTS.clear()
                slow = apply_candidates(candidate.module, [candidate])
            imports._FACTS.clear()
            assert generated.edits is not None and slow.edits is None
            assert generated.new == slow.new == fast.new, case.name


@pytest.mark.parametrize(
    ("call", "applicability", "written"),
    [
        # serialised as the runtime measures the data: the data is cut
        ("json.dumps(rows, ensure_ascii=False)", "safe", "truncate_for_llm(rows, max_chars=16_000)"),
        ("json.dumps(rows, ensure_ascii=False, default=str)", "unsafe", "truncate_for_llm(rows, max_chars=16_000)"),
        # escaped (`\u6f22`: six characters for one) or indented, the text is longer than the data
        # measures: the text is cut as JSON, whatever made it
        ("json.dumps(rows)", "safe", "truncate_json(json.dumps(rows), max_chars=16_000)"),
        ("json.dumps(rows, indent=2)", "safe", "truncate_json(json.dumps(rows, indent=2), max_chars=16_000)"),
        ("json.dumps(rows, default=str)", "safe", "truncate_json(json.dumps(rows, default=str), max_chars=16_000)"),
    ],
)
def test_json_dumps_is_cut_within_its_budget(tmp_path, call, applicability, written):
    text = (
        "import json\nimport requests\nfrom langchain_core.tools import tool\n\n@tool\n"
        f'def dump(url: str) -> str:\n    """Dump."""\n    rows = requests.get(url).json()\n    return {call}\n'
    )
    analysis, findings, config = _analysed(tmp_path, text)
    (fixed,) = attach_fixes(analysis, findings, config)
    assert fixed.fix is not None and fixed.fix["applicability"] == applicability
    assert written.removesuffix(")") in "".join(e["content"] for e in fixed.fix["edits"])


@pytest.mark.parametrize(
    ("made", "checkpoint"),
    [
        ("client = Client()", "truncate_json"),  # a module-level instance of a class of the tree
        ("client = None\ntry:\n    client = Client()\nexcept ImportError:\n    pass", "truncate_json"),
    ],
)
def test_json_text_of_a_module_level_clients_method_is_cut_as_json(tmp_path, made, checkpoint):
    """`client.run(q)` of `client = Client()`, whose `run` answers `json.dumps(rows)` or a written
    message: a text cut would leave the JSON invalid."""
    text = (
        "import json\nimport sqlite3\nfrom langchain_core.tools import tool\n\n\n"
        "class Client:\n    def run(self, query: str) -> str:\n"
        "        rows = sqlite3.connect('a.db').execute(query).fetchall()\n"
        "        if not rows:\n            return 'No rows'\n        return json.dumps(rows)\n\n\n"
        f'{made}\n\n\n@tool\ndef query(q: str) -> str:\n    """Query."""\n    return client.run(q)\n'
    )
    analysis, findings, config = _analysed(tmp_path, text)
    (fixed,) = [f for f in attach_fixes(analysis, findings, config) if f.code == "BL001"]
    assert fixed.fix is not None
    assert f"{checkpoint}(client.run(q)" in "".join(e["content"] for e in fixed.fix["edits"])


@pytest.mark.parametrize(
    ("returned", "checkpoint"),
    [
        ("await response.json()", "truncate_for_llm"),
        ('(await response.json())["items"]', "truncate_for_llm"),
        ("await response.text()", "truncate_text"),
    ],
)
def test_an_awaited_read_is_the_kind_the_read_gives(tmp_path, returned, checkpoint):
    """Under `-> str`, parsed JSON read with `await` (aiohttp, httpx) is still data, not text."""
    text = (
        "import aiohttp\nfrom langchain_core.tools import tool\n\n@tool\n"
        'async def get(url: str) -> str:\n    """Get."""\n'
        "    async with aiohttp.ClientSession() as session:\n"
        "        async with session.get(url) as response:\n"
        f"            return {returned}\n"
    )
    analysis, findings, config = _analysed(tmp_path, text)
    (fixed,) = attach_fixes(analysis, findings, config)
    assert fixed.fix is not None and fixed.fix["applicability"] == "safe"
    assert f"{checkpoint}({returned}" in "".join(e["content"] for e in fixed.fix["edits"])


@pytest.mark.parametrize(
    ("built", "checkpoint"),
    [
        (
            "rows = []\n    for item in requests.get(url).json():\n        rows.append({'id': item})\n",
            "truncate_for_llm",
        ),
        ("rows = [str(item) for item in requests.get(url).json()]\n", "truncate_for_llm"),
        ("rows = ''\n    for item in requests.get(url).json():\n        rows += str(item)\n", "truncate_text"),
    ],
)
def test_a_list_built_in_a_str_tool_is_cut_as_data(tmp_path, built, checkpoint):
    """`-> str`, `return rows` of a list the tool builds: the framework makes text of it either way, and
    a cut as data keeps whole items; text built the same way stays text."""
    text = (
        "import requests\nfrom langchain_core.tools import tool\n\n@tool\n"
        f'def rows(url: str) -> str:\n    """Rows."""\n    {built}    return rows\n'
    )
    analysis, findings, config = _analysed(tmp_path, text)
    (fixed,) = attach_fixes(analysis, findings, config)
    assert fixed.fix is not None
    assert f"{checkpoint}(rows" in "".join(e["content"] for e in fixed.fix["edits"])


def test_a_fix_in_the_last_statement_of_a_file_without_a_final_newline(monkeypatch, tmp_path):
    """libcst writes such a module's last statement with a newline the file does not have: the
    spliced statement must count it as the whole-module path does, or the edit eats a character."""
    from boundlint.edit import imports
    from boundlint.fix.apply import apply_candidates
    from boundlint.fix.planning import plan

    source = (
        "import httpx\nfrom langchain_core.tools import BaseTool\n\n\nclass Search(BaseTool):\n"
        '    name: str = "s"\n    description: str = "d"\n\n    def _run(self, q: str) -> str:\n'
        "        return httpx.get(q).text\n\n    def run(self, q):\n        return self._run(\n            q\n        )"
    )
    analysis, findings, config = _analysed(tmp_path, source)
    (candidate,) = plan(analysis, findings, config).candidates.values()
    fast = apply_candidates(candidate.module, [candidate])
    assert fast.edits is not None
    assert fast.new.endswith("            q\n        )") and "truncate_text(httpx.get(q).text" in fast.new
    assert apply_edits(fast.old, fast.edits) == fast.new
    compile(fast.new, "<fixed>", "exec")
    with monkeypatch.context() as patch:
        patch.setattr(imports.Layout, "checked", lambda self: None)
        imports._FACTS.clear()
        slow = apply_candidates(candidate.module, [candidate])
    imports._FACTS.clear()
    assert slow.new == fast.new


_LAYOUT_SOURCES = {
    "comments and blank lines around statements": (
        "# header\n\n'''doc'''\nimport os  # why\n\n\n# about f\ndef f():\n    return 1\n    # tail of f\n\n"
        "# lead of g\n@d\n\n@e(1)\nclass G:\n    x = 1\n\n\n# footer\n"
    ),
    "semicolons and one-line blocks": "a = 1; b = 2\nif a: b\nelse: a\nwhile 0: pass\n",
    "line continuations and a multi-line string": 'x = (1,\n  2)\ny = """\n# not a comment\n"""\nz = 1 + \\\n  2\n',
    "windows line endings": "import os\r\n\r\n# c\r\ndef f():\r\n    return os.sep\r\n",
    "non-ASCII": "# café\nx = 'é'\ndef f(): return 'ü'\n",
    "no final newline": "x = 1\ndef f():\n    return x",
    "no final newline after a comment": "x = 1\r\n# end",
    "only comments": "# one\n\n# two\n",
}


@pytest.mark.parametrize("source", _LAYOUT_SOURCES.values(), ids=_LAYOUT_SOURCES.keys())
def test_statements_cut_from_the_source_are_libcsts_own(source):
    """Cutting each top-level statement out of the text, at the line `ast` gives it less its leading
    lines (`Positions.statement_starts`), gives what libcst generates for it: a fix can splice the
    text without generating it."""
    from boundlint.edit.imports import Layout
    from boundlint.parse.positions import Positions

    tree = cst.parse_module(source)
    cut = Layout.cut(tree, source, Positions(source, tree).statement_starts() or [])
    generated = Layout.generated(tree, source)
    assert cut is not None and generated.valid
    assert (cut.header, cut.statements, cut.footer, cut.popped, cut.code) == (
        generated.header,
        generated.statements,
        generated.footer,
        generated.popped,
        generated.code,
    )
    assert all(cut.exact(tree, index) for index in range(len(tree.body)))
    assert cut.unchecked == set()


def test_a_cut_that_libcst_writes_otherwise_is_found_out():
    """libcst does not write a form feed that stands before a statement: the cut part holds it, so
    a fix may not splice it (the module has no layout a fix can use at all)."""
    from boundlint.edit.imports import Layout
    from boundlint.parse.positions import Positions

    source = "x = 1\n\x0cdef f(): pass\n"
    tree = cst.parse_module(source)
    cut = Layout.cut(tree, source, Positions(source, tree).statement_starts() or [])
    assert cut is not None and cut.exact(tree, 0) and not cut.exact(tree, 1)
    assert not Layout.generated(tree, source).valid


def test_a_statement_cut_in_the_wrong_place_makes_the_fix_generate_the_layout(tmp_path):
    """Were the cut lines wrong, the fix would splice a wrong text: the changed statement is compared
    with libcst's code first, and on a difference the whole layout is generated."""
    from boundlint.edit import imports
    from boundlint.fix.apply import apply_candidates
    from boundlint.fix.planning import plan

    source = (
        "import httpx\nfrom langchain_core.tools import tool\n\n# the tool\n@tool\n"
        'def fetch(url: str) -> str:\n    """Fetch."""\n    return httpx.get(url).text\n'
    )
    analysis, findings, config = _analysed(tmp_path, source)
    (candidate,) = plan(analysis, findings, config).candidates.values()
    imports._FACTS.clear()
    expected = apply_candidates(candidate.module, [candidate]).new
    imports._FACTS.clear()
    starts = [0, source.index("from"), source.index("# the tool")]  # the tool's text one line too low
    facts = imports.tree_facts(candidate.module.tree, source, starts)
    assert facts.layout is not None and facts.layout.unchecked
    fixed = apply_candidates(candidate.module, [candidate])
    imports._FACTS.clear()
    assert fixed.new == expected and apply_edits(fixed.old, fixed.edits or []) == expected
    assert facts.layout is not None and not facts.layout.unchecked  # the generated one took its place


def test_a_module_libcst_cannot_write_back_gets_no_fix(tmp_path):
    """libcst does not write back a form feed that stands before a statement. A fix of that
    statement would drop it, and a fix elsewhere would leave text that does not round-trip through
    the parser: both are refused with a reason when planned, and nothing is written."""
    from boundlint.fix.planning import plan

    source = (
        "import httpx\nfrom langchain_core.tools import tool\n\n\n@tool\n"
        'def first(url: str) -> str:\n    """First."""\n    return httpx.get(url).text\n\n\n'
        "\x0c@tool\n"
        'def second(url: str) -> str:\n    """Second."""\n    return httpx.get(url).text\n'
    )
    analysis, findings, config = _analysed(tmp_path, source)
    planned = plan(analysis, findings, config)
    assert not planned.candidates
    assert {f.symbol for f in planned.no_fix} == {"first", "second"}
    assert all("does not write this file back" in missing.reason for missing in planned.no_fix.values())
