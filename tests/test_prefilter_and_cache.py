"""The pre-filter, the worker processes and the cache never change the findings."""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

import pytest

import boundlint
from benchmarks.generate_tree import generate
from boundlint.core.config import Config, load_config
from boundlint.engine import workers
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from boundlint.survey import file_survey
from boundlint.survey.text_filter import Prefilter, subclass_pattern
from tests.helpers import write_tree

ROOT = Path(__file__).resolve().parents[1]


def findings(paths, config, **options):
    return [f.to_json() for f in check(paths, config, CheckOptions(**options)).findings]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    root = tmp_path_factory.mktemp("generated")
    generate(root, 120)
    return root


@pytest.fixture()
def in_repo_root():
    previous = Path.cwd()
    os.chdir(ROOT)
    yield
    os.chdir(previous)


def test_prefilter_keeps_the_fixture_findings(in_repo_root):
    config = load_config(None, Path("fixtures"))
    baseline = findings([Path("fixtures")], config, prefilter=False)
    assert len(baseline) == len(json.loads(Path("fixtures/expected_findings.json").read_text(encoding="utf-8")))
    assert findings([Path("fixtures")], config) == baseline
    assert findings([Path("fixtures")], config, jobs=2) == baseline
    assert findings([Path("fixtures")], config, jobs=2, prefilter=False) == baseline


def test_fixes_are_the_same_in_one_process_and_in_workers_and_are_cached_apart(tmp_path, in_repo_root):
    config = dataclasses.replace(load_config(None, Path("fixtures")), fix_min_confidence="low")  # every fix
    expected = findings([Path("fixtures")], config, request=Request(fixes=True))
    assert sum(1 for f in expected if f["fix"]) > 50
    cache = tmp_path / "cache"
    plain = findings([Path("fixtures")], config, cache_dir=cache)
    assert all(f["fix"] is None for f in plain)  # and this run's cache entries hold no fixes
    for _ in range(2):  # cold for fixes, then warm
        assert findings([Path("fixtures")], config, request=Request(fixes=True), jobs=2, cache_dir=cache) == expected


def test_prefilter_jobs_and_modes_agree_on_a_generated_tree(generated):
    config = Config(root=generated)
    baseline = findings([generated], config, prefilter=False)
    assert {f["code"] for f in baseline} == {"BL001", "BL002", "BL003", "BL004", "BL005", "BL006"}
    result = check([generated], config, CheckOptions(jobs=2))
    assert [f.to_json() for f in result.findings] == baseline
    assert result.roots < result.files_checked / 2  # most of the tree is never parsed with libcst
    assert findings([generated], config) == baseline


def test_a_marker_over_budget_in_a_helper_is_reported_through_the_tool_that_reaches_it(tmp_path):
    """BL006 reports only in code a tool's value reaches; the helper holding the cut is no root
    of its own (nothing in it makes one), and is reported as the tool's dependency."""
    write_tree(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/text.py": "MAX = 4000\n\n\ndef clip(text: str) -> str:\n    return text[:MAX] + '... [truncated]'\n\n\n"
            "def banner(name: str) -> str:\n    return name[:MAX] + '...'\n",
            "app/server.py": "import httpx\nfrom mcp.server.fastmcp import FastMCP\nfrom app.text import clip\n\n"
            "mcp = FastMCP('x')\n\n\n@mcp.tool()\ndef fetch(url: str) -> str:\n    return clip(httpx.get(url).text)\n",
        },
    )
    config = Config(root=tmp_path, min_confidence="low")
    result = check([tmp_path], config, CheckOptions())
    assert [(Path(f.filename).name, f.line, f.code) for f in result.findings if f.code == "BL006"] == [
        ("text.py", 5, "BL006")
    ]
    assert result.roots == 1  # the server; `text.py` is read as its dependency
    assert [f.to_json() for f in result.findings] == findings([tmp_path], config, prefilter=False)


def test_warm_cache_reuses_everything_and_an_edit_reanalyses_only_what_it_affects(tmp_path, monkeypatch):
    tree = tmp_path / "tree"
    generate(tree, 60)
    config = Config(root=tree)
    options = dict(cache_dir=tmp_path / "cache")
    cold = findings([tree], config, **options)

    analysed: list[Path] = []
    original = workers.analyse_root
    monkeypatch.setattr(workers, "analyse_root", lambda path, *a: analysed.append(path) or original(path, *a))
    assert findings([tree], config, **options) == cold
    assert analysed == []

    # Bound the helper that tools_0 uses: its BL001 goes away, and only the
    # roots that read the helper are analysed again.
    helper = next(tree.rglob("helpers_0.py"))
    time.sleep(0.01)
    helper.write_text(
        helper.read_text().replace(
            "return requests.get(url, timeout=10).text",
            "from boundlint_runtime import truncate_text\n    return truncate_text(requests.get(url).text, max_chars=100)",
        )
    )
    warm = findings([tree], config, **options)
    assert helper in analysed and 0 < len(analysed) < 10
    assert warm == findings([tree], config, prefilter=False)  # (this run, without the cache, analyses every root)
    assert len(warm) < len(cold)


def test_cache_entries_are_namespaced_by_configuration(tmp_path):
    tree = tmp_path / "tree"
    generate(tree, 30)
    options = dict(cache_dir=tmp_path / "cache")
    everything = findings([tree], Config(root=tree), **options)
    only_bl005 = findings([tree], Config(root=tree, select=["BL005"]), **options)
    assert {f["code"] for f in only_bl005} == {"BL005"} and len(everything) > len(only_bl005)
    assert (tmp_path / "cache" / ".gitignore").read_text().strip().endswith("*")


def test_a_corrupt_cache_entry_is_a_miss(tmp_path):
    tree = tmp_path / "tree"
    generate(tree, 30)
    options = dict(cache_dir=tmp_path / "cache")
    cold = findings([tree], Config(root=tree), **options)
    for entry in (tmp_path / "cache").rglob("*.json"):
        entry.write_text("{not json")
    assert findings([tree], Config(root=tree), **options) == cold


def test_subclasses_of_in_tree_tool_classes_are_found_without_framework_words(tmp_path):
    (tmp_path / "base.py").write_text(
        "from langchain_core.tools import BaseTool\n\nclass Fetcher(BaseTool):\n    pass\n"
    )
    (tmp_path / "impl.py").write_text(
        "import requests\nfrom base import Fetcher\n\nclass Page(Fetcher):\n"
        "    def _run(self, url):\n        return requests.get(url).text\n"
    )
    config = Config(root=tmp_path)
    assert not Prefilter.for_config(config).is_root((tmp_path / "impl.py").read_text())
    for jobs in (1, 2):
        result = check([tmp_path], config, CheckOptions(jobs=jobs))
        assert [(Path(f.filename).name, f.code) for f in result.findings] == [("impl.py", "BL001")]


@pytest.mark.parametrize(
    "text",
    [
        "function:" * 200_000,
        "+" + "a" * 1_000_000,
        ":" * 1_000_000,
        "+ x[" * 200_000,
        "] .a() " * 200_000,
        "[" * 500_000,
        "]" * 500_000 + "}",
        "class A(" + "x," * 200_000,
    ],
)
def test_prefilter_patterns_stay_linear_on_adversarial_text(text):
    prefilter = Prefilter.for_config(Config(extend_checkpoints=["a.b.clip"]))
    started = time.perf_counter()
    prefilter.is_root(text)
    pattern = subclass_pattern(frozenset({"Base"}))
    assert pattern is not None
    pattern.search(text)
    # Generous: linear scans of a few MB take milliseconds; backtracking would take minutes.
    assert time.perf_counter() - started < 5


def _age(tree: Path, seconds: int = 3600) -> None:
    """Give every file an old timestamp: the cache trusts `stat` only for files not edited just before a run."""
    past = time.time() - seconds
    for path in tree.rglob("*.py"):
        os.utime(path, (past, past))


def test_a_warm_run_reads_no_file_whose_stat_is_unchanged(tmp_path, monkeypatch):
    tree = tmp_path / "tree"
    generate(tree, 30)
    _age(tree)
    options = dict(cache_dir=tmp_path / "cache")
    cold = findings([tree], Config(root=tree), **options)
    read: list[Path] = []
    original = workers.survey_file
    monkeypatch.setattr(workers, "survey_file", lambda path, *a: read.append(path) or original(path, *a))
    assert findings([tree], Config(root=tree), **options) == cold
    assert read == []

    # A touched file is read again, but its content is the same: no new survey, no new analysis.
    touched = next(tree.rglob("tools_0.py"))
    os.utime(touched)
    surveyed: list[Path] = []
    text_survey = file_survey._survey_text
    monkeypatch.setattr(file_survey, "_survey_text", lambda path, *a: surveyed.append(path) or text_survey(path, *a))
    assert findings([tree], Config(root=tree), **options) == cold
    assert read == [touched] and surveyed == []


def test_an_edit_that_keeps_size_and_timestamp_is_seen_when_the_timestamp_is_recent(tmp_path):
    """git's 'racy' case: a file changed within the timestamp granularity of the last run."""
    tree = tmp_path / "tree"
    tree.mkdir()
    tool = tree / "tool.py"
    tool.write_text(
        "import requests\nfrom langchain_core.tools import tool\n\n@tool\n"
        "def fetch(url: str) -> str:\n    return requests.get(url).text\n"
    )
    options = dict(cache_dir=tmp_path / "cache")
    assert [f["code"] for f in findings([tree], Config(root=tree), **options)] == ["BL001"]
    stamp = tool.stat().st_mtime_ns
    tool.write_text(tool.read_text().replace("requests.get(url).text", '"ok"'.ljust(len("requests.get(url).text"))))
    os.utime(tool, ns=(stamp, stamp))  # same size, same timestamp, new content
    assert findings([tree], Config(root=tree), **options) == []


def test_a_long_lived_process_trusts_the_stats_it_recorded_itself(tmp_path, monkeypatch):
    """The editor server keeps one cache between runs, often with no state on disk to start from:
    the second run reads no old file again, and still sees an edit that kept size and timestamp
    of a file modified just before the run that recorded it."""
    tree = tmp_path / "tree"
    generate(tree, 20)
    _age(tree)
    fresh = tree / "fresh_tool.py"
    fresh.write_text(
        "import requests\nfrom langchain_core.tools import tool\n\n@tool\n"
        "def fetch(url: str) -> str:\n    return requests.get(url).text\n"
    )
    pool: dict = {}
    options = dict(cache_dir=tmp_path / "cache", cache_pool=pool, save_cache=False)
    first = findings([tree], Config(root=tree), **options)
    assert any(f["filename"].endswith("fresh_tool.py") for f in first)

    read: list[Path] = []
    original = workers.survey_file
    monkeypatch.setattr(workers, "survey_file", lambda path, *a: read.append(path) or original(path, *a))
    stamp = fresh.stat().st_mtime_ns
    fresh.write_text(fresh.read_text().replace("requests.get(url).text", '"ok"'.ljust(len("requests.get(url).text"))))
    os.utime(fresh, ns=(stamp, stamp))
    second = findings([tree], Config(root=tree), **options)
    assert read == [fresh]  # the only file recent enough to doubt
    assert second == [f for f in first if not f["filename"].endswith("fresh_tool.py")]


def test_a_warm_run_never_loads_libcst(tmp_path):
    """The analysis and libcst are imported only when a root has to be analysed."""
    import subprocess
    import sys

    tree = tmp_path / "tree"
    generate(tree, 20)
    _age(tree)
    script = (
        "import sys\nfrom boundlint.cli.main import main\n"
        f"status = main(['check', {str(tree)!r}, '--cache-dir', {str(tmp_path / 'cache')!r}, '--exit-zero'])\n"
        "print('libcst' in sys.modules, status)\n"
    )
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT) for _ in range(2)]
    assert [run.stdout.splitlines()[-1] for run in runs] == ["True 0", "False 0"], [r.stderr for r in runs]


def test_only_the_most_recently_written_namespaces_are_kept(tmp_path):
    from boundlint.engine.cache import KEPT_NAMESPACES, Cache

    top = tmp_path / "cache"
    old = [top / f"v0.0.{number}-{number:024x}" for number in range(KEPT_NAMESPACES + 3)]
    for age, folder in enumerate(old):
        folder.mkdir(parents=True)
        (folder / "state.json").write_text("{}")
        os.utime(folder, ns=(1_000_000_000 * (age + 1),) * 2)  # the higher the number, the newer
    (top / "notes").mkdir()  # not a namespace: never removed
    cache = Cache(top, "ab" * 12)
    cache.record_file(tmp_path / "a.py", os.stat(top), "digest", {})
    cache.save()
    kept = sorted(entry.name for entry in top.iterdir() if entry.is_dir())
    newest = sorted(folder.name for folder in old[-(KEPT_NAMESPACES - 1) :])
    assert kept == sorted([*newest, "notes", f"v{boundlint.__version__}-{'ab' * 12}"])


def test_another_checker_build_of_the_same_version_uses_its_own_cache(tmp_path, monkeypatch):
    """An install from git keeps `0.1.0`: the checker's own files, not its version, tell builds apart."""
    from boundlint.engine import cache

    config, paths = Config(root=tmp_path), [tmp_path]
    first = cache.fingerprint(config, paths)
    monkeypatch.setattr(cache, "checker_stamp", lambda: "another build")
    assert cache.fingerprint(config, paths) != first


def test_the_checker_stamp_follows_the_packages_files(tmp_path, monkeypatch):
    from boundlint.engine import cache

    package = tmp_path / "boundlint"
    (package / "engine").mkdir(parents=True)
    (package / "engine" / "cache.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(cache, "__file__", str(package / "engine" / "cache.py"))
    cache.checker_stamp.cache_clear()
    try:
        before = cache.checker_stamp()
        cache.checker_stamp.cache_clear()
        (package / "engine" / "cache.py").write_text("x = 2 \n", encoding="utf-8")
        assert cache.checker_stamp() != before
    finally:
        cache.checker_stamp.cache_clear()


def test_work_is_chunked_so_that_the_last_chunks_are_small(tmp_path):
    """Workers take a chunk as they finish one; the chunks shrink with what is left (in bytes),
    so no worker is left with a long chunk while the other waits. Order and files are kept."""
    items = []
    for index in range(300):
        path = tmp_path / f"m{index:03}.py"
        path.write_text("x = 1\n" * (400 if index % 7 == 0 else 20), encoding="utf-8")
        items.append(path)
    chunks = workers._chunks(items, jobs=2)
    assert [path for chunk in chunks for path in chunk] == items
    assert max(len(chunk) for chunk in chunks) == workers.MAX_CHUNK_FILES
    assert [len(chunk) for chunk in chunks[-4:]] == [1, 1, 1, 1]
    left = sum(path.stat().st_size for path in items)
    for chunk in chunks:  # a chunk of more than one file holds at most a quarter of each worker's share
        size = sum(path.stat().st_size for path in chunk)
        assert len(chunk) == 1 or size <= left / 8
        left -= size
