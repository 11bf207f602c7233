"""`CheckOptions.shown_first`: an editor's first pass analyses the roots that can report in its open
files, keeps every other root's last answer, and counts it; a full run then brings those up to date."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from boundlint.core.config import Config
from boundlint.engine import workers
from boundlint.engine.roots import Request, RootResult
from boundlint.engine.run import CheckOptions, check

FILES = {
    "agent/__init__.py": "",
    "agent/helpers.py": """
        import requests


        def read_page(url: str) -> str:
            return requests.get(url, timeout=10).text
    """,
    # Registers the helper itself: its finding is in helpers.py.
    "agent/registry.py": """
        from langchain_core.tools import StructuredTool

        from agent.helpers import read_page

        TOOLS = [StructuredTool.from_function(read_page)]
    """,
    # Reads the helper too, but reports in its own file.
    "agent/summary.py": """
        from langchain_core.tools import tool

        from agent.helpers import read_page


        @tool
        def summarise(url: str) -> str:
            \"\"\"Summarise a page.\"\"\"
            return read_page(url)
    """,
}
BOUNDED_HELPER = """import requests
from boundlint_runtime import truncate_text


def read_page(url: str) -> str:
    return truncate_text(requests.get(url, timeout=10).text, max_chars=2_000)
"""


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return tmp_path


def _run(tree: Path, answers: dict[Path, RootResult], overlays: dict[Path, str], shown: bool) -> tuple[int, set[str]]:
    options = CheckOptions(
        overlays=overlays,
        request=Request(fixes=True),
        last_answers=answers,
        shown_first=frozenset(overlays) if shown else None,
    )
    result = check([tree], Config(root=tree), options)
    return result.deferred, {f"{Path(f.filename).name}:{f.code}" for f in result.findings}


def test_a_first_pass_analyses_only_the_roots_that_report_in_the_open_files(project, monkeypatch):
    answers: dict[Path, RootResult] = {}
    helpers = project / "agent/helpers.py"
    assert _run(project, answers, {}, shown=False) == (0, {"helpers.py:BL001", "summary.py:BL001"})

    analysed: list[str] = []
    original = workers.analyse_root
    monkeypatch.setattr(workers, "analyse_root", lambda path, *a: analysed.append(path.name) or original(path, *a))
    # The helper is cut in the editor: analysed now (a root, once it names the runtime), and so is
    # the registry, which reported in it. summary.py reads it but reports only in itself: it keeps
    # its last answer, stale, until the full run.
    deferred, found = _run(project, answers, {helpers: BOUNDED_HELPER}, shown=True)
    assert set(analysed) == {"helpers.py", "registry.py"}
    assert (deferred, found) == (1, {"summary.py:BL001"})

    analysed.clear()
    assert _run(project, answers, {helpers: BOUNDED_HELPER}, shown=False) == (0, set())
    assert set(analysed) == {"helpers.py", "registry.py", "summary.py"}  # each read the open text


def test_without_last_answers_every_root_not_shown_is_left_for_the_full_run(project):
    helpers = project / "agent/helpers.py"
    deferred, found = _run(project, {}, {helpers: BOUNDED_HELPER}, shown=True)
    assert deferred == 2  # nothing is known of either root: neither is analysed, neither reports
    assert found == set()


def _editor_run(tree: Path, pool: dict, answers: dict, overlays: dict[Path, str], first_pass: bool, save: bool = False):
    """A run as the editor server makes it: one cache kept in memory, the open buffers over the files."""
    options = CheckOptions(
        overlays=overlays,
        request=Request(fixes=True, fixes_later=first_pass),
        cache_dir=tree / ".boundlint_cache",
        cache_pool=pool,
        save_cache=save,
        last_answers=answers,
        shown_first=frozenset(overlays) if first_pass else None,
    )
    # (`summarise` reads the page through a helper: `medium`, fixed once asked to)
    return check([tree], Config(root=tree, fix_min_confidence="medium"), options)


def _summary_finding(result):
    (finding,) = [f for f in result.findings if f.filename.endswith("summary.py")]
    return finding


def test_a_first_pass_leaves_the_fixes_to_the_full_run_and_buffered_answers_are_kept(project, monkeypatch):
    summary = project / "agent/summary.py"
    typed = {summary: summary.read_text(encoding="utf-8") + "\n# typed\n"}
    pool: dict = {}
    answers: dict[Path, RootResult] = {}
    assert _summary_finding(_editor_run(project, pool, answers, {}, first_pass=False)).fix is not None

    analysed: list[str] = []
    original = workers.analyse_root
    monkeypatch.setattr(workers, "analyse_root", lambda path, *a: analysed.append(path.name) or original(path, *a))
    first = _editor_run(project, pool, answers, typed, first_pass=True)
    assert _summary_finding(first).fix is None and first.fixes_pending == 1
    assert analysed == ["summary.py"]

    # The first pass's answer lacked the fixes: not kept. The full run's, made from the buffer, is.
    analysed.clear()
    full = _editor_run(project, pool, answers, typed, first_pass=False)
    assert analysed == ["summary.py"] and full.fixes_pending == 0
    assert _summary_finding(full).fix is not None
    analysed.clear()
    again = _editor_run(project, pool, answers, typed, first_pass=True, save=True)
    assert analysed == [] and again.fixes_pending == 0
    assert [f.to_json() for f in again.findings] == [f.to_json() for f in full.findings]

    # A buffer's answer is not written to disk: a new process analyses the buffer again.
    _editor_run(project, {}, {}, typed, first_pass=False)
    assert analysed == ["summary.py"]
