"""Directs a run: discover -> survey -> analyse roots -> filter. Implements no stage itself.

1. Discover the files (`discover/`), and the project a named file belongs to.
2. Survey every file (`survey/`): read, hash, pre-filter, BL900; cached by content.
3. Analyse each *root* (`engine/roots.py`: `analyse/`, `rules/`, and `fix/` or the
   tool rows when the `Request` asks), spread over workers (`engine/workers.py`),
   each root's answer cached with the files its analysis read. A root may
   subclass a tool class defined in another root: roots are added until no new
   subclass of a known tool class turns up.
4. Merge, then filter (`rules/filter.py`): selection, per-file ignores,
   confidence, inline suppressions; sort.

Every command and the tests run this one pipeline; a command differs only in
its `Request`. Each stage is guarded per file: a file that cannot be read or
parsed becomes a BL900 finding, and an internal error in one file is reported
for that file while the run goes on.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from boundlint import rules
from boundlint.core.config import Config
from boundlint.core.findings import CONFIDENCE_ORDER, Finding
from boundlint.core.hashing import content_hash
from boundlint.core.result import CheckResult, FixRound, ToolRow
from boundlint.discover.files import discover, display_name, is_test_path, under_test_folder, with_project
from boundlint.engine.cache import Cache, fingerprint
from boundlint.engine.gc_tuning import fewer_collections
from boundlint.engine.roots import Request, RootResult, cached_root, store_root
from boundlint.engine.workers import Previous, Runner
from boundlint.find.cover import cover_of
from boundlint.parse.source import python_ast
from boundlint.project.model_context import fitting_budget
from boundlint.project.references import unnamed_elsewhere
from boundlint.rules.filter import filter_findings
from boundlint.survey.file_survey import Survey

if TYPE_CHECKING:
    from boundlint.discover.module_names import Catalog
    from boundlint.project.loader import Loader

MAX_CLOSURE_ROUNDS = 5


@dataclass
class CheckOptions:
    show_unused_ignores: bool = False
    force_exclude: bool = False
    stdin: tuple[str, str] | None = None  # (filename, source text): check this text as that file
    # Texts that stand in for files on disk (absolute paths): what `fix` has fixed so far.
    overlays: dict[Path, str] = field(default_factory=dict)
    jobs: int = 1
    cache_dir: Path | None = None  # None: no cache
    prefilter: bool = True
    request: Request = field(default_factory=Request)
    progress: Callable[[int, int], None] | None = None  # (roots done, roots in all)
    # A long-lived process (the editor server) keeps its caches in memory between runs, by
    # namespace, and writes them only when `save_cache` says so; None: read and write each run.
    cache_pool: dict[str, Cache] | None = None
    save_cache: bool = True
    loader: Loader | None = None  # parsed modules kept between runs (in this process, `jobs` 1)
    # What `discover` gives for `paths`, from a caller that knows it has not changed since (the
    # editor server, told of every file created or deleted): the walk of a large tree is skipped.
    files: list[Path] | None = None
    # Each root's answer in the last run, kept by a long-lived process; this run updates it.
    last_answers: dict[Path, RootResult] | None = None
    # The files an editor shows (absolute paths): analyse now only the roots that can report in
    # them (each such file, and the roots whose last answer had a finding in one); every other
    # root keeps its last answer, however old, and is counted in `CheckResult.deferred`. An edit
    # in a module many roots read shows its own findings without waiting for all of them.
    shown_first: frozenset[Path] | None = None


def check(paths: list[Path], config: Config, options: CheckOptions | None = None) -> CheckResult:
    with fewer_collections():
        return _check(paths, config, options or CheckOptions())


def _check(paths: list[Path], config: Config, options: CheckOptions) -> CheckResult:
    texts = dict(options.overlays)
    if options.stdin is not None:
        filename, text = options.stdin
        files = [Path(os.path.abspath(filename))]
        texts[files[0]] = text
    else:
        files = options.files if options.files is not None else discover(paths, config, options.force_exclude)
    # What resolution may read. Named files (pre-commit, editors) are checked within their whole
    # project; a named folder is the tree the user chose.
    named = options.stdin is not None or any(os.path.isfile(path) for path in paths)
    project = with_project(files, config, paths if options.stdin is None else []) if named else files
    if named:
        options = replace(options, request=replace(options.request, edits_elsewhere=False))
    fitted = fitting_budget(project, texts, config.max_chars) if _fits_the_model(config, options) else None
    budget_note = None
    if fitted is not None:
        budget_note = fitted.note(config.max_chars)
        config = replace(config, max_chars=fitted.chars)
    namespace = fingerprint(config, project) + ("" if options.prefilter else "-unfiltered")
    cache = _cache_for(options, namespace)
    runner = Runner(max(1, options.jobs), project, texts, config, options.request, options.loader)
    surveys: list[Survey] = []
    try:
        skip_tests = _tests_hidden(config, options)
        surveys, analysed = _survey(files, texts, runner, cache, options.prefilter, skip_tests)
        extra = _roots_of_a_partial_run(surveys, lambda: runner.catalog, texts, cache) if project is not files else []
        answers = _Answers(cache, {str(s.path): s.digest for s in surveys}, {str(path) for path in texts})
        deferred: set[Path] = set()
        done = _analyse_roots(surveys, runner, answers, options, analysed, extra, texts, skip_tests, deferred)
        done.update(_covered_elsewhere(done, runner, answers, options, deferred))
        done.update(_never_handed_over(done, project, texts, runner, answers, options, deferred))
    finally:
        runner.close()
        for survey in surveys:
            survey.seed = None  # the texts and trees of the roots, read in this process
    if options.last_answers is not None:
        options.last_answers.update(done)
    if options.save_cache:
        cache.save(keep=set(project))  # runs on other files of the project share this state
    found = [
        rules.PARSE_ERROR.from_error(s.display, *s.error, in_tests=under_test_folder(s.path, config.root))
        for s in surveys
        if s.error is not None
    ]
    found += [finding for result in done.values() for finding in result.findings]
    kept = filter_findings(_one_per_place(found), surveys, config, options.show_unused_ignores)
    errors = [error for result in done.values() for error in result.errors]
    result = CheckResult(kept, len(files), errors, len(done), _tool_rows(done, kept), _fix_round(done, options))
    result.unfollowed = sorted({entry for root in done.values() for entry in root.unfollowed})
    result.deferred = len(deferred)
    result.fixes_pending = sum(root.fixes_pending for root in done.values())
    result.budget_note = budget_note
    if not named:
        result.unmatched_config = _unmatched_config(config, done)
        # Tools only test modules hold were not looked for: how many there are is unknown.
        tests_left = skip_tests and any(s.root and is_test_path(s.path) for s in surveys)
        result.tools_found = None if tests_left else sum(root.tools_found for root in done.values())
        result.inferred_tools = sum(root.inferred_tools for root in done.values())
    return result


def _fits_the_model(config: Config, options: CheckOptions) -> bool:
    """Whether the fixes of this run write the budget of the project's own model: fixes are
    planned now or written, and the configuration sets no budget. (Not for the `[*]` marks of a
    text check, which do not depend on it, nor for an editor's first pass, whose fixes come
    later: those runs read no file they need not.)"""
    request = options.request
    planned = request.apply_fixes or (request.fixes and not request.fixes_later)
    return bool(planned) and not config.max_chars_set


def _one_per_place(found: list[Finding]) -> list[Finding]:
    """One finding per place, rule and symbol. Two roots that reach one tool (its own module, and
    the module that registers it) follow its helpers each from its own side and to its own depth,
    so they can name a different culprit; the report keeps one, whichever root ran first: the
    surest, then the shortest message (the most direct culprit)."""
    best: dict[tuple[str, int, int, int, int, str, str | None], Finding] = {}
    for finding in found:
        key = (
            finding.filename,
            finding.line,
            finding.column,
            finding.end_line,
            finding.end_column,
            finding.code,
            finding.symbol,
        )
        kept = best.get(key)
        if kept is None or _preferred(finding) < _preferred(kept):
            best[key] = finding
    return sorted(best.values(), key=Finding.sort_key)


def _preferred(finding: Finding) -> tuple[int, int, str, str]:
    return (-CONFIDENCE_ORDER[finding.confidence], len(finding.message), finding.message, repr(finding.fix))


@dataclass
class _Answers:
    """The cache's root entries as this run reads and writes them."""

    cache: Cache
    digests: dict[str, str]  # each file's content hash, by the name the cache keeps
    overlaid: set[str]  # texts not on disk (an editor's buffer, a fix in progress), by that name

    def cached(self, kind: str | None, path: Path) -> RootResult | None:
        return cached_root(self.cache, kind, path, self.digests)

    def store(self, kind: str | None, result: RootResult) -> None:
        # An analysis that read a text not on disk is kept in memory only: a run on disk would
        # not find it current, the next run of an editor would.
        store_root(self.cache, kind, result, self.digests, buffered=not self.overlaid.isdisjoint(result.depends_on))


def _covered_elsewhere(
    done: dict[Path, RootResult], runner: Runner, answers: _Answers, options: CheckOptions, deferred: set[Path]
) -> dict[Path, RootResult]:
    """Roots with tools that a checkpoint installed in another root covers (`mcp.add_middleware(m)`
    in `main.py`), analysed again knowing it (`find.adapters`), or taken from the cache."""
    installs = _installs(done)
    if not installs:
        return {}
    stale = sorted(
        path for path, result in done.items() if any(cover_of(installs, need) for need in result.needs.values())
    )
    if not stale:
        return {}
    return _again(stale, _covering(installs, options.request), runner, answers, options, deferred)


def _installs(done: dict[Path, RootResult]) -> dict[str, str]:
    return {place: label for result in done.values() for place, label in sorted(result.installs.items())}


def _covering(installs: dict[str, str], request: Request) -> Request:
    """`request` with what the checkpoints installed by the roots cover (`_installs`), if any."""
    return replace(request, covered=tuple(sorted(installs.items()))) if installs else request


def _never_handed_over(
    done: dict[Path, RootResult],
    project: list[Path],
    texts: dict[Path, str],
    runner: Runner,
    answers: _Answers,
    options: CheckOptions,
    deferred: set[Path],
) -> dict[Path, RootResult]:
    """Roots with declared tools that no code of the project names again (`project.references`),
    in a project that hands tools to agents: analysed again knowing it, or taken from the cache."""
    if not any(result.hands_over for result in done.values()):
        return {}  # a library of tools: its users hand them over
    candidates = {key: name for result in done.values() for key, name in result.declared_only.items()}
    if not candidates:
        return {}
    counts = _CachedCounts(answers.cache) if answers.cache.enabled else None
    unreferenced = unnamed_elsewhere(candidates, project, texts, answers.digests, counts)
    stale = sorted(path for path, result in done.items() if not unreferenced.isdisjoint(result.declared_only))
    if not stale:
        return {}
    request = replace(_covering(_installs(done), options.request), unreferenced=tuple(sorted(unreferenced)))
    return _again(stale, request, runner, answers, options, deferred)


class _CachedCounts:
    """The names `project.references` counted in each file's content, kept in the cache: a warm
    run, or one after an edit, reads again only the files whose content it has not counted."""

    def __init__(self, cache: Cache) -> None:
        self.cache = cache

    def recall(self, key: str) -> Counter[str] | None:
        found = self.cache.memo("names-counted", key)
        return Counter(found) if isinstance(found, dict) else None

    def keep(self, key: str, found: Counter[str]) -> None:
        self.cache.remember("names-counted", key, dict(found))


def _again(
    stale: list[Path], request: Request, runner: Runner, answers: _Answers, options: CheckOptions, deferred: set[Path]
) -> dict[Path, RootResult]:
    """`stale` roots' answers to `request`: from the cache, or analysed again here."""
    kind = request.cache_kind()
    again = {path: _current_or_deferred(answers, kind, path, options, deferred) for path in stale}
    todo = [path for path, hit in again.items() if hit is None and path not in deferred]
    for result in runner.reanalyse(todo, request):
        again[result.path] = result
        answers.store(kind, result)
    return {path: result for path, result in again.items() if result is not None}


def _current_or_deferred(
    answers: _Answers, kind: str | None, root: Path, options: CheckOptions, deferred: set[Path]
) -> RootResult | None:
    """The root's current answer from the cache; else, in a first pass (`options.shown_first`),
    `_unless_shown`'s. None: the root is to be analysed, unless it is in `deferred`."""
    cached = answers.cached(kind, root)
    if cached is None and options.shown_first is not None:
        return _unless_shown(root, options, deferred)
    return cached


def _unless_shown(root: Path, options: CheckOptions, deferred: set[Path]) -> RootResult | None:
    """For a root whose answer is not current: None when it must be analysed now (it is a file
    `options.shown_first` names, or its last answer had a finding in one), else its last answer
    (or None: left out), with the root added to `deferred`."""
    shown = options.shown_first or frozenset()
    last = (options.last_answers or {}).get(root)
    if root in shown or (last is not None and any(_absolute(f.filename) in shown for f in last.findings)):
        return None
    deferred.add(root)
    return last


def _absolute(filename: str) -> Path:
    return Path(os.path.abspath(filename))


def _cache_for(options: CheckOptions, namespace: str) -> Cache:
    if options.cache_pool is None:
        return Cache(options.cache_dir, namespace)
    if namespace not in options.cache_pool:
        options.cache_pool[namespace] = Cache(options.cache_dir, namespace)
    cache = options.cache_pool[namespace]
    cache.begin_run()
    return cache


def _unmatched_config(config: Config, done: dict[Path, RootResult]) -> list[str]:
    """Configured entries that no root's analysis matched: on a whole tree, most likely a typo."""
    matched = {entry for result in done.values() for entry in result.config_matches}
    return [entry for entry in config.named_entries() if entry not in matched]


def _tool_rows(done: dict[Path, RootResult], kept: list[Finding]) -> list[ToolRow]:
    """Every tool once (two roots can both see a tool), with the findings the run reports on it."""
    reported = set(kept)
    rows: dict[tuple[str, int, str], ToolRow] = {}
    for path in sorted(done):  # a tool that two roots register is shown as the first registers it
        for row in done[path].tool_rows:
            first = rows.setdefault(row.key(), row)
            if first.framework == "unknown" and row.framework != "unknown":
                # `llm.bind_tools(tools)` read in one root, the `@tool` that made one in another: whose
                first.framework = row.framework
    for row in rows.values():  # in the order the run reports them
        on_tool, on_contract = set(row.findings) & reported, set(row.contract_findings) & reported
        row.findings = [f for f in kept if f in on_tool]
        row.contract_findings = [f for f in kept if f in on_contract]
    return sorted(rows.values(), key=lambda row: (row.file, row.line, row.tool))


def _fix_round(done: dict[Path, RootResult], options: CheckOptions) -> FixRound | None:
    if not options.request.apply_fixes:
        return None
    merged = FixRound()
    for path in sorted(done):
        if done[path].fix_round is not None:
            merged.merge(done[path].fix_round)  # type: ignore[arg-type]
    merged.settle()
    return merged


def _survey(
    files: list[Path], texts: dict[Path, str], runner: Runner, cache: Cache, use_prefilter: bool, skip_tests: bool
) -> tuple[list[Survey], list[RootResult]]:
    """Every file's survey: from the cache when its stat shows it unchanged, else read (in workers,
    which also analyse the changed roots they read: see `_survey_and_analyse_chunk`)."""
    stats = {path: _stat(path) for path in files if path not in texts} if cache.enabled else {}
    known: dict[Path, Survey] = {}
    previous: Previous = {}  # changed timestamps: the content hash decides
    cwd = Path.cwd()
    for path in files:
        hit = cache.survey(path, stats.get(path))
        if hit is not None:
            known[path] = Survey.from_json(path, display_name(path, cwd), *hit)
            continue
        recorded = cache.recorded(path)
        if recorded is not None:
            previous[path] = recorded
    todo = [path for path in files if path not in known]
    surveys, results = runner.map_surveys(todo, use_prefilter, previous, analyse=True, skip_tests=skip_tests)
    for survey in surveys:
        known[survey.path] = survey
        if survey.digest:
            cache.record_file(survey.path, stats.get(survey.path), survey.digest, survey.to_json())
    return [known[path] for path in files], results


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _tests_hidden(config: Config, options: CheckOptions) -> bool:
    """Whether nothing the analysis of a test module finds can be shown: all of it is `low`
    (`engine.roots`) and the run hides `low`, lists no tools (`inventory`), and does not look
    for unused suppressions (those need every finding). Test modules are most of the roots of a
    framework's own tree, and most of its time."""
    return (
        CONFIDENCE_ORDER[config.min_confidence] > CONFIDENCE_ORDER["low"]
        and not options.show_unused_ignores
        and not options.request.tool_rows
    )


def _analyse_roots(
    surveys: list[Survey],
    runner: Runner,
    answers: _Answers,
    options: CheckOptions,
    analysed: list[RootResult],
    extra: list[Path],
    texts: dict[Path, str],
    skip_tests: bool,
    deferred: set[Path],
) -> dict[Path, RootResult]:
    """Analyse every root (and `extra` one) not `analysed` yet (or take it from the cache), then the
    subclass closure; with `skip_tests`, none that is a test module. With `options.shown_first`,
    the roots put off are added to `deferred`."""
    roots = [path for path in [s.path for s in surveys if s.root] + extra if not (skip_tests and is_test_path(path))]
    kind = options.request.cache_kind()
    done: dict[Path, RootResult] = {}
    for result in analysed:
        done[result.path] = result
        answers.store(kind, result)
    total = [len(roots)]
    counter = [0]

    def progress(count: int) -> None:
        counter[0] += count
        if options.progress is not None:
            options.progress(counter[0], total[0])

    progress(len(done))
    pending = [path for path in roots if path not in done]
    for _ in range(MAX_CLOSURE_ROUNDS):
        fresh = []
        for path in pending:
            cached = _current_or_deferred(answers, kind, path, options, deferred)
            if cached is not None:
                done[path] = cached
                progress(1)
            elif path not in deferred:
                fresh.append(path)
        wanted = set(fresh)
        seeds = {s.path: s.seed for s in surveys if s.seed is not None and s.path in wanted}
        for result in runner.map_roots(fresh, progress, seeds):
            done[result.path] = result
            answers.store(kind, result)
        # A file that subclasses a tool class found in a root is a root too.
        pending = _subclass_roots_cached(surveys, done, answers.cache, texts)
        pending = [path for path in pending if not (skip_tests and is_test_path(path))]
        if not pending:
            break
        total[0] += len(pending)
    return done


def _roots_of_a_partial_run(
    surveys: list[Survey], catalog: Callable[[], Catalog], texts: dict[Path, str], cache: Cache
) -> list[Path]:
    """In a run on some files of a project: the checked files, not roots, with a class whose base
    comes from a module of the project (`screen.bases_from`). A run over the whole tree reaches
    them through the tool classes its other roots define (`_subclass_roots`); this run has not
    analysed those roots, so the analysis of each such file decides. Remembered per content (the
    project's module names are fixed within a cache namespace); `catalog` is asked only then."""
    names: set[str] | None = None
    found = []
    for survey in surveys:
        if survey.root or survey.error is not None:
            continue
        key = f"{survey.path}:{survey.digest}"
        decided = cache.memo("partial-root", key)
        if decided is None:
            bases = _class_bases(survey.path, texts)
            if bases and names is None:
                names = set(catalog().by_name)
            decided = bool(names and not bases.isdisjoint(names))
            cache.remember("partial-root", key, decided)
        if decided:
            found.append(survey.path)
    return found


def _class_bases(path: Path, texts: dict[Path, str]) -> set[str]:
    from boundlint.discover.module_names import module_name_for, relative_resolver
    from boundlint.survey.syntax_filter import bases_from

    text = _text_of(path, texts)
    if "class" not in text:
        return set()
    try:
        tree = python_ast(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return bases_from(tree, relative_resolver(path, module_name_for(path)))


def _subclass_roots_cached(
    surveys: list[Survey], done: dict[Path, RootResult], cache: Cache, texts: dict[Path, str]
) -> list[Path]:
    """`_subclass_roots`, remembered for the same tree contents, analysed roots and tool classes."""
    tool_classes = {tool for result in done.values() for tool in result.tool_classes}
    if not cache.enabled:
        return _subclass_roots(surveys, done, tool_classes, texts, cache)
    key = content_hash(
        "\0".join([*sorted(tool_classes), *sorted(map(str, done)), *(f"{s.path}:{s.digest}" for s in surveys)]).encode(
            "utf-8", "surrogatepass"
        )
    )
    remembered = cache.memo("subclass-roots", key)
    if remembered is not None:
        return [Path(path) for path in remembered]
    found = _subclass_roots(surveys, done, tool_classes, texts, cache)
    cache.remember("subclass-roots", key, [str(path) for path in found])
    return found


def _subclass_roots(
    surveys: list[Survey],
    done: dict[Path, RootResult],
    tool_classes: set[str],
    texts: dict[Path, str],
    cache: Cache,
) -> list[Path]:
    """The files not analysed yet whose text subclasses one of `tool_classes`. Each file's answer
    is remembered by its content (when the cache is enabled): an edit in an editor changes one file, and
    reading the 2,000 others again took a third of the run that follows it."""
    from boundlint.survey.text_filter import subclass_pattern

    pattern = subclass_pattern(frozenset(tool_classes))
    if pattern is None:
        return []
    tag = content_hash(pattern.pattern.encode("utf-8", "surrogatepass"))
    found = []
    for survey in surveys:
        if survey.path in done or survey.error is not None:
            continue
        key = f"{tag}:{survey.digest}"
        matched = cache.memo("subclass-text", key) if survey.digest else None
        if matched is None:
            matched = bool(pattern.search(_text_of(survey.path, texts)))
            if survey.digest:
                cache.remember("subclass-text", key, matched)
        if matched:
            found.append(survey.path)
    return found


def _text_of(path: Path, texts: dict[Path, str]) -> str:
    if path in texts:
        return texts[path]
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
