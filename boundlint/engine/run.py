"""The check pipeline: discover files -> survey -> analyse roots -> filter.

1. Survey every file: read it, hash it, decide from its text whether it can
   matter (the pre-filter, `prefilter.py`), and check the syntax of the files
   that cannot (with `ast`, far cheaper than libcst). Cached by content.
2. Analyse each *root* (a file that can matter): parse it with libcst, find
   its tools, follow their values into whatever modules they lead to (parsed
   on demand), run the rules. Each root's findings are cached with the files
   its analysis read, so an edit re-analyses only the roots it can affect.
   Roots are spread over worker processes.
3. A root may subclass a tool class defined in another root: roots are added
   until no new subclass of a known tool class turns up.
4. Merge, then apply selection, per-file ignores, confidence and inline
   suppressions, and sort.

Each stage is guarded per file: a file that cannot be read or parsed becomes a
BL900 finding, and an internal error in one file is reported for that file
while the run goes on.
"""

from __future__ import annotations

import ast
import fnmatch
import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from boundlint import rules
from boundlint.engine.cache import Cache, content_hash, fingerprint
from boundlint.engine.gc_tuning import fewer_collections, raise_young_threshold
from boundlint.core.config import Config
from boundlint.discover.files import discover, display_name, with_project
from boundlint.core.findings import CONFIDENCE_ORDER, Finding
from boundlint.parse.source import SourceError, SourceText, compiles_quickly, decode_source, parse, python_ast
from boundlint.engine.deep_stack import run_with_deep_stack
from boundlint.survey.suppressions import Suppression, parse_suppressions, suppressing

# The analysis (libcst and everything built on it) is imported when a root is
# analysed, and the pre-filter when a file is read: a warm run that finds every
# answer in the cache loads neither.
if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from boundlint.analyse.analysis import Analysis
    from boundlint.discover.module_names import Catalog
    from boundlint.project.loader import Loader
    from boundlint.project.module import ModuleInfo
    from boundlint.survey.text_filter import Prefilter

REPORT_HINT = "this is a bug in boundlint; please report it with the file that triggers it"
# Below this many roots, starting worker processes costs more than it saves.
MIN_ROOTS_FOR_WORKERS = 16
MAX_CLOSURE_ROUNDS = 5


@dataclass
class InternalError:
    filename: str
    message: str

    def __str__(self) -> str:
        return f"{self.filename}: internal error: {self.message} ({REPORT_HINT})"


@dataclass
class CheckResult:
    findings: list[Finding]
    files_checked: int
    errors: list[InternalError] = field(default_factory=list)
    analysis: "Analysis | None" = None
    roots: int = 0  # files that could hold something to report, and were analysed


@dataclass
class CheckOptions:
    show_unused_ignores: bool = False
    force_exclude: bool = False
    stdin: tuple[str, str] | None = None  # (filename, source text)
    jobs: int = 1
    cache_dir: Path | None = None  # None: no cache
    prefilter: bool = True
    # Analyse every root in one process and keep the analysis on the result
    # (what `fix` and `inventory` need); the CLI's check turns it off.
    keep_analysis: bool = True
    # Without keep_analysis: give each finding its fix (ruff's JSON `fix`), planned per root.
    fixes: bool = False
    progress: Callable[[int, int], None] | None = None  # (roots done, roots in all)


# -- stage 1: survey ---------------------------------------------------------------


@dataclass
class Survey:
    path: Path
    display: str
    digest: str = ""
    root: bool = False
    error: tuple[str, int, int] | None = None  # BL900: message, line, column
    # Its `# boundlint: ignore` / `# noqa` comments: (line, column, codes or None for all, ours).
    suppressions: list[tuple[int, int, list[str] | None, bool]] = field(default_factory=list)
    # A root's decoded text and ast tree, handed to the analysis in the same process (never pickled).
    seed: tuple[SourceText, ast.Module | None] | None = field(default=None, repr=False, compare=False)


def survey_file(path: Path, prefilter: Prefilter | None, stdin: dict[Path, str],
                previous: tuple[str, dict] | None = None) -> Survey:
    """Read, hash and survey one file; `previous` is (digest, survey) from the cache, reused if the content matches."""
    display = display_name(path)
    try:
        data = stdin[path].encode("utf-8", "surrogatepass") if path in stdin else path.read_bytes()
    except OSError as error:
        return Survey(path, display, error=(f"cannot read file: {error.strerror or error}", 1, 0))
    digest = content_hash(data)
    if previous is not None and previous[0] == digest:
        return _survey_from_json(path, display, digest, previous[1])
    return _survey_text(path, display, digest, data, prefilter)


def _survey_from_json(path: Path, display: str, digest: str, entry: dict) -> Survey:
    error = tuple(entry["error"]) if entry["error"] else None
    comments = [tuple(comment) for comment in entry["suppressions"]] if entry["suppressions"] else []
    return Survey(path, display, digest, entry["root"], error, comments)  # type: ignore[arg-type]


def _survey_json(survey: Survey) -> dict:
    return {"root": survey.root, "error": survey.error, "suppressions": survey.suppressions}


def _survey_text(path: Path, display: str, digest: str, data: bytes, prefilter: Prefilter | None) -> Survey:
    try:
        source = decode_source(data)
    except SourceError as error:
        return Survey(path, display, digest, error=(str(error), error.line, error.column))
    text = source.text
    mentions = [(entry.line, entry.column, sorted(entry.codes) if entry.codes is not None else None, entry.ours)
                for entries in parse_suppressions(text).values() for entry in entries]
    if prefilter is None:
        return Survey(path, display, digest, root=True, suppressions=mentions, seed=(source, None))
    maybe = prefilter.is_root(text)
    if not maybe and compiles_quickly(text):
        return Survey(path, display, digest, suppressions=mentions)  # nothing to look at, and no BL900
    try:
        tree = python_ast(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        if maybe:  # analysing the root reports the error, or finds the code is newer than this Python
            return Survey(path, display, digest, root=True, suppressions=mentions)
        try:
            parse(text)  # the same message a root would get
        except SourceError as error:
            return Survey(path, display, digest, error=(str(error), error.line, error.column), suppressions=mentions)
        return Survey(path, display, digest, suppressions=mentions)
    root = maybe and prefilter.keeps(text, tree)
    return Survey(path, display, digest, root=root, suppressions=mentions, seed=(source, tree) if root else None)


# -- stage 2: roots ----------------------------------------------------------------


@dataclass
class RootResult:
    path: Path
    findings: list[Finding] = field(default_factory=list)
    errors: list[InternalError] = field(default_factory=list)
    depends_on: list[str] = field(default_factory=list)  # the files its analysis read, as the cache names them
    tool_classes: list[str] = field(default_factory=list)


def run_rules(analysis: Analysis, roots: list[ModuleInfo], config: Config) -> tuple[list[Finding], list[InternalError]]:
    findings: list[Finding] = []
    errors = [InternalError(module.display, message) for module, message in analysis.errors]
    context = rules.RuleContext(analysis, roots)
    for rule in rules.ALL_RULES:
        if not code_enabled(rule.code, config):
            continue
        try:
            findings.extend(rule.check(context))
        except RecursionError:
            errors.append(InternalError(", ".join(m.display for m in roots), f"{rule.code}: nested too deeply"))
        except Exception as error:  # noqa: BLE001 - one rule must not stop the run
            errors.append(InternalError(", ".join(m.display for m in roots),
                                        f"{rule.code}: {type(error).__name__}: {error}"))
    return findings, errors


def analyse_root(path: Path, paths: "list[Path] | Catalog", loader: Loader, config: Config,
                 with_fixes: bool = False) -> RootResult:
    """One root, in its own project: what it reports (with each finding's fix, if asked) and which files that read."""
    from boundlint.analyse.analysis import Analysis
    from boundlint.project.lookup import Project

    result = RootResult(path)
    project = Project(paths, loader.load)
    project.start_recording()
    try:
        module = project.load(path)
        if module is None:
            error = loader.errors.get(path)
            if error is not None:
                result.findings.append(rules.PARSE_ERROR.from_error(display_name(path), str(error), error.line, error.column))
            return result
        analysis = Analysis(project, config, [module]).run()
        result.findings, result.errors = run_rules(analysis, [module], config)
        result.tool_classes = analysis.tool_class_names()
        if with_fixes and result.findings:
            # Imported here: the fixer builds on this module.
            from boundlint.fix.planning import attach_fixes

            fixed = attach_fixes(CheckResult(result.findings, 1, analysis=analysis), config)
            result.findings = fixed.findings
    except RecursionError:
        result.findings.append(rules.PARSE_ERROR.from_error(display_name(path), "code is nested too deeply to analyse", 1, 0))
    except Exception as error:  # noqa: BLE001 - one file must not stop the run
        result.errors.append(InternalError(display_name(path), f"{type(error).__name__}: {error}"))
    finally:
        result.depends_on = sorted(str(read) for read in project.stop_recording() | {path})
    return result


# Worker processes keep their loader between chunks, so shared modules are
# parsed once per process.
_WORKER: tuple[Catalog, Loader, Config, bool] | None = None


def _start_worker(paths: list[Path], stdin: dict[Path, str], config: Config, with_fixes: bool) -> None:
    from boundlint.discover.module_names import Catalog
    from boundlint.project.loader import Loader

    global _WORKER
    raise_young_threshold()  # a forked worker has it already; a spawned one starts afresh
    _WORKER = (Catalog(paths), Loader(stdin), config, with_fixes)


def _analyse_chunk(chunk: list[Path]) -> list[RootResult]:
    assert _WORKER is not None
    paths, loader, config, with_fixes = _WORKER
    return run_with_deep_stack(lambda: [analyse_root(path, paths, loader, config, with_fixes) for path in chunk])


SurveyWork = tuple[list[Path], bool, Config, dict[Path, str], dict[Path, tuple[str, dict]]]


def _survey_chunk(arguments: SurveyWork) -> list[Survey]:
    """Surveys of a chunk of files, in this process (a root keeps its text and tree for the analysis)."""
    from boundlint.survey.text_filter import Prefilter

    chunk, use_prefilter, config, stdin, previous = arguments
    prefilter = Prefilter.for_config(config) if use_prefilter else None
    return [survey_file(path, prefilter, stdin, previous.get(path)) for path in chunk]


def _survey_chunk_unseeded(arguments: SurveyWork) -> list[Survey]:
    """`_survey_chunk` in a worker: the texts and trees stay there."""
    surveys = _survey_chunk(arguments)
    for survey in surveys:
        survey.seed = None
    return surveys


def _survey_and_analyse_chunk(arguments: SurveyWork) -> tuple[list[Survey], list[RootResult]]:
    """In a worker: survey a chunk of files, and analyse each changed root at once, on the text and
    ast tree just read. A root whose content the cache already knows is left to the parent, which
    knows whether the files its analysis read have changed."""
    assert _WORKER is not None
    catalog, loader, config, with_fixes = _WORKER
    previous = arguments[4]

    def work() -> tuple[list[Survey], list[RootResult]]:
        surveys, results = [], []
        for survey in _survey_chunk(arguments):
            seed, survey.seed = survey.seed, None  # not sent back to the parent
            surveys.append(survey)
            known = previous.get(survey.path)
            if survey.root and survey.error is None and (known is None or known[0] != survey.digest):
                if seed is not None:
                    loader.seed(survey.path, *seed)
                results.append(analyse_root(survey.path, catalog, loader, config, with_fixes))
        return surveys, results

    return run_with_deep_stack(work)


def _chunks(items: list[Path], jobs: int) -> list[list[Path]]:
    size = max(1, min(64, len(items) // (jobs * 8) or 1))
    return [items[start:start + size] for start in range(0, len(items), size)]


class _Runner:
    """Runs chunks of work in this process or in a pool of workers."""

    def __init__(self, jobs: int, paths: list[Path], stdin: dict[Path, str], config: Config,
                 with_fixes: bool = False) -> None:
        self.jobs = jobs
        self.paths, self.stdin, self.config = paths, stdin, config
        self.with_fixes = with_fixes
        self._loader: Loader | None = None
        self._pool: "ProcessPoolExecutor | None" = None

    @cached_property
    def catalog(self) -> Catalog:
        """The module names of `paths`, made on first use in this process."""
        from boundlint.discover.module_names import Catalog

        return Catalog(self.paths)

    def map_surveys(self, work: list[Path], use_prefilter: bool, previous: dict[Path, tuple[str, dict]],
                    analyse: bool) -> tuple[list[Survey], list[RootResult]]:
        """Surveys of `work`; with workers and `analyse`, also the results of the changed roots among them."""
        arguments = [(chunk, use_prefilter, self.config, self.stdin, {p: previous[p] for p in chunk if p in previous})
                     for chunk in _chunks(work, self.jobs)]
        if self.jobs <= 1 or len(work) < MIN_ROOTS_FOR_WORKERS * 4:
            return [survey for argument in arguments for survey in _survey_chunk(argument)], []
        if not analyse:
            return [survey for chunk in self._executor().map(_survey_chunk_unseeded, arguments) for survey in chunk], []
        surveys: list[Survey] = []
        results: list[RootResult] = []
        for chunk_surveys, chunk_results in self._executor().map(_survey_and_analyse_chunk, arguments):
            surveys.extend(chunk_surveys)
            results.extend(chunk_results)
        return surveys, results

    def map_roots(self, roots: list[Path], progress: Callable[[int], None],
                  seeds: dict[Path, tuple[SourceText, ast.Module | None]] | None = None) -> list[RootResult]:
        if not roots:
            return []
        if self.jobs <= 1 or len(roots) < MIN_ROOTS_FOR_WORKERS:
            if self._loader is None:
                from boundlint.project.loader import Loader

                self._loader = Loader(self.stdin)
            results = []
            for path in roots:
                if seeds and path in seeds:
                    self._loader.seed(path, *seeds[path])
                results.append(analyse_root(path, self.catalog, self._loader, self.config, self.with_fixes))
                progress(1)
            return results
        results = []
        for chunk_results in self._executor().map(_analyse_chunk, _chunks(roots, self.jobs)):
            results.extend(chunk_results)
            progress(len(chunk_results))
        return results

    def _executor(self) -> "ProcessPoolExecutor":
        if self._pool is None:
            # Workers are started when there is much to do, which means roots to
            # analyse: load the analysis once here, and fork it into every worker.
            import boundlint.analyse.analysis  # noqa: F401
            import boundlint.project.loader  # noqa: F401

            rules.load()
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            self._pool = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context(method),
                                             initializer=_start_worker,
                                             initargs=(self.paths, self.stdin, self.config, self.with_fixes))
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()


# -- the whole run -----------------------------------------------------------------


def check(paths: list[Path], config: Config, options: CheckOptions | None = None) -> CheckResult:
    with fewer_collections():
        return _check(paths, config, options or CheckOptions())


def _check(paths: list[Path], config: Config, options: CheckOptions) -> CheckResult:
    stdin: dict[Path, str] = {}
    if options.stdin is not None:
        filename, text = options.stdin
        files = [Path(os.path.abspath(filename))]
        stdin[files[0]] = text
    else:
        files = discover(paths, config, options.force_exclude)
    # What resolution may read. Named files (pre-commit, editors) are checked within their whole
    # project; a named folder is the tree the user chose.
    named = options.stdin is not None or any(os.path.isfile(path) for path in paths)
    project = with_project(files, config, paths if options.stdin is None else []) if named else files
    namespace = fingerprint(config, project) + ("" if options.prefilter else "-unfiltered")
    cache = Cache(options.cache_dir if not options.keep_analysis else None, namespace)
    runner = _Runner(max(1, options.jobs), project, stdin, config, options.fixes)
    surveys: list[Survey] = []
    try:
        surveys, analysed = _survey(files, stdin, runner, cache, options.prefilter, not options.keep_analysis)
        findings = [rules.PARSE_ERROR.from_error(s.display, *s.error) for s in surveys if s.error is not None]
        extra = _roots_of_a_partial_run(surveys, lambda: runner.catalog, stdin, cache) if project is not files else []
        if options.keep_analysis:
            result = _check_in_one_analysis(surveys, runner.catalog, stdin, config, options, extra)
            result.findings.extend(findings)
        else:
            result = _check_by_root(surveys, files, runner, cache, config, options, analysed, extra)
            result.findings.extend(findings)
    finally:
        runner.close()
        for survey in surveys:
            survey.seed = None  # the texts and trees of the roots, read in this process
    cache.save(keep=set(project))  # runs on other files of the project share this state
    result.findings = _filter(sorted(set(result.findings), key=Finding.sort_key), surveys, config, options)
    result.files_checked = len(files)
    return result


def _survey(files: list[Path], stdin: dict[Path, str], runner: _Runner, cache: Cache, use_prefilter: bool,
            analyse: bool) -> tuple[list[Survey], list[RootResult]]:
    """Every file's survey: from the cache when its stat shows it unchanged, else read (in workers,
    which also analyse the changed roots they read: see `_survey_and_analyse_chunk`)."""
    stats = {path: _stat(path) for path in files if path not in stdin} if cache.enabled else {}
    known: dict[Path, Survey] = {}
    previous: dict[Path, tuple[str, dict]] = {}  # changed timestamps: the content hash decides
    cwd = Path.cwd()
    for path in files:
        hit = cache.survey(path, stats.get(path))
        if hit is not None:
            known[path] = _survey_from_json(path, display_name(path, cwd), *hit)
            continue
        recorded = cache.recorded(path)
        if recorded is not None:
            previous[path] = recorded
    todo = [path for path in files if path not in known]
    surveys, results = runner.map_surveys(todo, use_prefilter, previous, analyse)
    for survey in surveys:
        known[survey.path] = survey
        if survey.digest:
            cache.record_file(survey.path, stats.get(survey.path), survey.digest, _survey_json(survey))
    return [known[path] for path in files], results


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _check_by_root(surveys: list[Survey], files: list[Path], runner: _Runner, cache: Cache, config: Config,
                   options: CheckOptions, analysed: list[RootResult], extra: list[Path]) -> CheckResult:
    """Analyse every root (and `extra` one) not `analysed` yet (or take it from the cache), then the
    subclass closure."""
    digests = {str(s.path): s.digest for s in surveys}  # by the name the cache keeps
    roots = [s.path for s in surveys if s.root] + extra
    kind = "root+fixes" if options.fixes else "root"  # a findings-only entry has no fixes to give
    done: dict[Path, RootResult] = {}
    for result in analysed:
        done[result.path] = result
        _store_root(cache, kind, result, digests)
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
            cached = _cached_root(cache, kind, path, digests)
            if cached is not None:
                done[path] = cached
                progress(1)
            else:
                fresh.append(path)
        wanted = set(fresh)
        seeds = {s.path: s.seed for s in surveys if s.seed is not None and s.path in wanted}
        for result in runner.map_roots(fresh, progress, seeds):
            done[result.path] = result
            _store_root(cache, kind, result, digests)
        # A file that subclasses a tool class found in a root is a root too.
        pending = _subclass_roots_cached(surveys, done, cache)
        if not pending:
            break
        total[0] += len(pending)
    findings = [finding for result in done.values() for finding in result.findings]
    errors = [error for result in done.values() for error in result.errors]
    return CheckResult(findings, len(files), errors, None, len(done))


def _roots_of_a_partial_run(surveys: list[Survey], catalog: Callable[[], Catalog], stdin: dict[Path, str],
                            cache: Cache) -> list[Path]:
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
            bases = _class_bases(survey.path, stdin)
            if bases and names is None:
                names = set(catalog().by_name)
            decided = bool(names and not bases.isdisjoint(names))
            cache.remember("partial-root", key, decided)
        if decided:
            found.append(survey.path)
    return found


def _class_bases(path: Path, stdin: dict[Path, str]) -> set[str]:
    from boundlint.discover.module_names import module_name_for, relative_resolver
    from boundlint.survey.syntax_filter import bases_from

    text = _text_of(path, stdin)
    if "class" not in text:
        return set()
    try:
        tree = python_ast(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return bases_from(tree, relative_resolver(path, module_name_for(path)))


def _subclass_roots_cached(surveys: list[Survey], done: dict[Path, RootResult], cache: Cache) -> list[Path]:
    """`_subclass_roots`, remembered for the same tree contents, analysed roots and tool classes."""
    tool_classes = {tool for result in done.values() for tool in result.tool_classes}
    if not cache.enabled:
        return _subclass_roots(surveys, done, tool_classes)
    key = content_hash("\0".join([*sorted(tool_classes), *sorted(map(str, done)),
                                   *(f"{s.path}:{s.digest}" for s in surveys)]).encode("utf-8", "surrogatepass"))
    remembered = cache.memo("subclass-roots", key)
    if remembered is not None:
        return [Path(path) for path in remembered]
    found = _subclass_roots(surveys, done, tool_classes)
    cache.remember("subclass-roots", key, [str(path) for path in found])
    return found


def _subclass_roots(surveys: list[Survey], done: dict[Path, RootResult], tool_classes: set[str]) -> list[Path]:
    from boundlint.survey.text_filter import subclass_pattern

    pattern = subclass_pattern(frozenset(tool_classes))
    if pattern is None:
        return []
    found = []
    for survey in surveys:
        if survey.path in done or survey.error is not None:
            continue
        try:
            text = survey.path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if pattern.search(text):
            found.append(survey.path)
    return found


def _cached_root(cache: Cache, kind: str, path: Path, digests: dict[str, str]) -> RootResult | None:
    entry = cache.root(kind, path, digests.get(str(path), ""))
    if entry is None:
        return None
    if any(digests.get(dependency) != digest for dependency, digest in entry["depends_on"].items()):
        return None  # a file this root's analysis read has changed
    return RootResult(
        path,
        [Finding(**item) for item in entry["findings"]],
        [InternalError(*item) for item in entry["errors"]],
        list(entry["depends_on"]),
        entry["tool_classes"],
    )


def _store_root(cache: Cache, kind: str, result: RootResult, digests: dict[str, str]) -> None:
    if not cache.enabled or result.errors:
        return  # internal errors are not cached: the next run tries again
    cache.record_root(kind, result.path, digests.get(str(result.path), ""), {
        "findings": [finding.to_json() for finding in result.findings],
        "errors": [],
        "depends_on": {name: digests.get(name, "") for name in result.depends_on},
        "tool_classes": result.tool_classes,
    })


def _check_in_one_analysis(surveys: list[Survey], catalog: Catalog, stdin: dict[Path, str], config: Config,
                           options: CheckOptions, extra: list[Path]) -> CheckResult:
    """Every root in one project and one analysis, kept for `fix` and `inventory`."""
    from boundlint.analyse.analysis import Analysis
    from boundlint.project.loader import Loader
    from boundlint.survey.text_filter import subclass_pattern
    from boundlint.project.lookup import Project

    loader = Loader(stdin, max_chars=float("inf"))
    for survey in surveys:
        if survey.root and survey.seed is not None:
            loader.seed(survey.path, *survey.seed)
    project = Project(catalog, loader.load)
    findings: list[Finding] = []
    root_paths = [s.path for s in surveys if s.root] + extra
    roots = []
    for path in root_paths:
        try:
            module = project.load(path)
        except RecursionError:
            module = None
            loader.errors[path] = SourceError("code is nested too deeply to analyse")
        if module is not None:
            roots.append(module)
        elif path in loader.errors:
            error = loader.errors[path]
            findings.append(rules.PARSE_ERROR.from_error(display_name(path), str(error), error.line, error.column))
    analysis = Analysis(project, config, roots).run()
    for _ in range(MAX_CLOSURE_ROUNDS):
        pattern = subclass_pattern(frozenset(analysis.tool_class_names()))
        analysed = {m.path for m in roots}
        extra = [s.path for s in surveys if not s.root and s.error is None and pattern is not None
                 and s.path not in analysed and pattern.search(_text_of(s.path, stdin))]
        extra_modules = [m for m in (project.load(p) for p in extra) if m is not None]
        if not extra_modules:
            break
        roots.extend(extra_modules)
        analysis = Analysis(project, config, roots).run()
    rule_findings, errors = run_rules(analysis, roots, config)
    if options.progress is not None:
        options.progress(len(roots), len(roots))
    return CheckResult(findings + rule_findings, len(surveys), errors, analysis, len(roots))


def _text_of(path: Path, stdin: dict[Path, str]) -> str:
    if path in stdin:
        return stdin[path]
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


# -- stage 4: filtering -------------------------------------------------------------


def code_enabled(code: str, config: Config) -> bool:
    """ruff's rule: the most specific matching selector wins; on a tie, ignore wins."""
    def best(selectors: Iterable[str]) -> int:
        lengths = [len(s) if s != "ALL" else 0 for s in selectors if s == "ALL" or code.startswith(s)]
        return max(lengths, default=-1)

    selected = best([*config.select, *config.extend_select])
    ignored = best(config.ignore)
    return selected >= 0 and selected > ignored


def _ignored_for_file(finding: Finding, path: Path | None, config: Config) -> bool:
    if not config.per_file_ignores:
        return False
    candidates = {finding.filename}
    if path is not None:
        try:
            candidates.add(path.relative_to(config.root).as_posix())
        except ValueError:
            candidates.add(path.as_posix())
    for pattern, codes in config.per_file_ignores.items():
        if any(fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(name, f"*/{pattern}") for name in candidates):
            if any(code == "ALL" or finding.code.startswith(code) for code in codes):
                return True
    return False


def _filter(findings: list[Finding], surveys: list[Survey], config: Config, options: CheckOptions) -> list[Finding]:
    by_display = {survey.display: survey for survey in surveys}
    wanted = {f.filename for f in findings} | (
        {s.display for s in surveys if s.suppressions} if options.show_unused_ignores else set())
    suppressions: dict[str, dict[int, list[Suppression]]] = {
        display: _suppressions_of(by_display[display]) for display in wanted if display in by_display
    }
    threshold = CONFIDENCE_ORDER[config.min_confidence]
    kept: list[Finding] = []
    for finding in findings:
        checked = by_display.get(finding.filename)
        if checked is None:
            continue  # in a module the analysis read (a contract model's) but this run does not check
        if not code_enabled(finding.code, config):
            continue
        if CONFIDENCE_ORDER.get(finding.confidence, 1) < threshold:
            continue
        if _ignored_for_file(finding, checked.path, config):
            continue
        lines = (finding.line, finding.end_line)
        suppression = suppressing(suppressions.get(finding.filename, {}), finding.code, lines)
        if suppression is not None:
            suppression.used.add(finding.code)
            continue
        kept.append(finding)
    if options.show_unused_ignores:
        for display, by_line in sorted(suppressions.items()):
            for entries in by_line.values():
                for entry in entries:
                    if entry.ours and _unused(entry):
                        kept.append(rules.UNUSED_SUPPRESSION.from_suppression(display, entry))
    return sorted(kept, key=Finding.sort_key)


def _suppressions_of(survey: Survey) -> dict[int, list[Suppression]]:
    """The survey's comments as fresh Suppression objects (each records which codes it was used for)."""
    by_line: dict[int, list[Suppression]] = {}
    for line, column, codes, ours in survey.suppressions:
        by_line.setdefault(line, []).append(Suppression(line, column, frozenset(codes) if codes is not None else None, ours))
    return by_line


def _unused(suppression: Suppression) -> bool:
    if suppression.codes is None:
        return not suppression.used
    return bool(suppression.codes - suppression.used)
