"""What a check leaves to the cycle collector, and what it does to the collector's settings.

A check collects young objects rarely (`boundlint/engine/gc_tuning.py`), which is only
safe while no reference cycle holds a syntax tree: such a tree would stay in
memory until a collection long after its module was dropped.
"""

from __future__ import annotations

import gc

import libcst as cst

from boundlint.core.config import Config
from boundlint.discover.module_names import Catalog
from boundlint.engine.gc_tuning import YOUNG_GENERATION_THRESHOLD
from boundlint.engine.roots import Request, analyse_root
from boundlint.engine.run import CheckOptions, check
from boundlint.project.loader import Loader
from tests.helpers import write_tree

PROJECT = {
    "agent/tools.py": """
        from langchain_core.tools import tool
        from pydantic import BaseModel
        from agent.fetch import download

        class Page(BaseModel):
            url: str
            body: str
            links: list[str]

        @tool
        def read_page(url: str) -> Page:
            \"\"\"Read a page.\"\"\"
            text = download(url)
            return Page(url=url, body=text, links=[])
        """,
    "agent/fetch.py": """
        import requests

        def download(url):
            return requests.get(url).text
        """,
    "agent/__init__.py": "",
}


def test_an_analysed_root_leaves_no_cycle_that_holds_a_syntax_tree(tmp_path):
    write_tree(tmp_path, PROJECT)
    paths = sorted(tmp_path.rglob("*.py"))
    gc.collect()
    gc.disable()
    try:
        loader = Loader(max_chars=0)  # keeps only the module in use: the others are dropped at once
        result = analyse_root(
            tmp_path / "agent" / "tools.py",
            Catalog(paths),
            loader,
            Config(root=tmp_path),
            Request(fixes=True, apply_fixes="unsafe", tool_rows=True),
        )
        assert {finding.code for finding in result.findings} >= {"BL001", "BL002", "BL003"}  # it really ran
        del loader, result
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        held = sorted({type(item).__name__ for item in gc.garbage if isinstance(item, cst.CSTNode)})
        assert held == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_check_restores_the_collector_thresholds(tmp_path):
    write_tree(tmp_path, PROJECT)
    before = gc.get_threshold()
    seen = []
    check(
        [tmp_path],
        Config(root=tmp_path),
        CheckOptions(progress=lambda done, total: seen.append(gc.get_threshold()[0]), jobs=1),
    )
    assert seen and all(threshold >= YOUNG_GENERATION_THRESHOLD for threshold in seen)
    assert gc.get_threshold() == before


def test_a_chunk_keeps_the_syntax_trees_of_the_roots_it_will_analyse_only(tmp_path):
    """A survey keeps a root's text and `ast` tree for its analysis. A test module is a root the run
    will not analyse when its findings cannot be shown: keeping its tree until the chunk is done
    held hundreds of megabytes on a framework's tree of large test modules."""
    from boundlint.engine.workers import _survey_chunk, _surveys

    write_tree(tmp_path, {**PROJECT, "tests/test_tools.py": PROJECT["agent/tools.py"]})
    chunk = [tmp_path / "agent/tools.py", tmp_path / "tests/test_tools.py", tmp_path / "agent/fetch.py"]
    for skip_tests, kept in ((True, ["tools.py"]), (False, ["tools.py", "test_tools.py"])):
        surveys = _survey_chunk((chunk, True, Config(root=tmp_path), {}, {}, skip_tests))
        assert [s.path.name for s in surveys if s.seed is not None] == kept
    # One survey at a time, for a worker that analyses each root before it reads the next file.
    lazy = _surveys((chunk, True, Config(root=tmp_path), {}, {}, True))
    assert next(lazy).path.name == "tools.py"
