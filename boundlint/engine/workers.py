"""Running surveys and root analyses in this process or in a pool of worker processes.

Workers keep their loader between chunks, so a module that many roots read is
parsed once per process. When a run has workers, each one surveys a chunk of
files and analyses at once every changed root among them, on the text and `ast`
tree it has just read (nothing is read twice, nothing large is pickled).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boundlint import rules
from boundlint.core.cancel import check_cancelled
from boundlint.core.config import Config
from boundlint.discover.files import is_test_path
from boundlint.engine.deep_stack import run_with_deep_stack
from boundlint.engine.gc_tuning import raise_young_threshold
from boundlint.engine.roots import Request, RootResult, analyse_root
from boundlint.parse.source import SourceText
from boundlint.survey.file_survey import Survey, survey_file

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from boundlint.discover.module_names import Catalog
    from boundlint.project.loader import Loader

# Below this many roots, starting worker processes costs more than it saves.
MIN_ROOTS_FOR_WORKERS = 16
# A chunk of files a worker surveys (and analyses) at once. Small, because a file that turns out
# to be a root costs tens of times another (Klavis, profiled: 3 ms to survey a file, 190 ms to
# analyse a root), and which files are roots is known only once they are surveyed.
MAX_CHUNK_FILES = 16

Previous = dict[Path, tuple[str, dict[str, Any]]]  # cached (digest, survey) of files whose timestamps changed
# (files, use the prefilter, config, overlay texts, previous digests, leave test modules unanalysed)
SurveyWork = tuple[list[Path], bool, Config, dict[Path, str], Previous, bool]

# A worker's state, set once by `_start_worker`: (catalog, loader, config, request).
_WORKER: tuple[Catalog, Loader, Config, Request] | None = None


def _start_worker(paths: list[Path], texts: dict[Path, str], config: Config, request: Request) -> None:
    from boundlint.discover.module_names import Catalog
    from boundlint.project.loader import Loader

    global _WORKER
    raise_young_threshold()  # a forked worker has it already; a spawned one starts afresh
    _WORKER = (Catalog(paths), Loader(texts), config, request)


def _analyse_chunk(chunk: list[Path]) -> list[RootResult]:
    assert _WORKER is not None
    catalog, loader, config, request = _WORKER
    return run_with_deep_stack(lambda: [analyse_root(path, catalog, loader, config, request) for path in chunk])


def _survey_chunk(arguments: SurveyWork) -> list[Survey]:
    """Surveys of a chunk of files, in this process (a root keeps its text and tree for the analysis,
    unless it is a test module the run does not analyse)."""
    skip_tests = arguments[5]
    surveys = []
    for survey in _surveys(arguments):
        if skip_tests and survey.seed is not None and is_test_path(survey.path):
            survey.seed = None
        surveys.append(survey)
    return surveys


def _surveys(arguments: SurveyWork) -> Iterator[Survey]:
    """The chunk's surveys one by one, so that a caller can use each root's text and tree and let
    them go before the next file is read: a chunk of large test modules holds hundreds of megabytes
    of `ast` trees at once."""
    from boundlint.survey.text_filter import Prefilter

    chunk, use_prefilter, config, texts, previous, _ = arguments
    prefilter = Prefilter.for_config(config) if use_prefilter else None
    for path in chunk:
        yield survey_file(path, prefilter, texts, previous.get(path))


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
    catalog, loader, config, request = _WORKER
    previous, skip_tests = arguments[4], arguments[5]

    def work() -> tuple[list[Survey], list[RootResult]]:
        surveys, results = [], []
        for survey in _surveys(arguments):
            seed, survey.seed = survey.seed, None  # not sent back to the parent
            surveys.append(survey)
            known = previous.get(survey.path)
            if survey.root and survey.error is None and (known is None or known[0] != survey.digest):
                if skip_tests and is_test_path(survey.path):
                    continue
                if seed is not None:
                    loader.seed(survey.path, *seed)
                results.append(analyse_root(survey.path, catalog, loader, config, request))
        return surveys, results

    return run_with_deep_stack(work)


def _known(previous: Previous, chunk: list[Path]) -> Previous:
    return {path: previous[path] for path in chunk if path in previous}


def _chunks(items: list[Path], jobs: int) -> list[list[Path]]:
    """`items` in chunks of shrinking size: each holds about a quarter of what is left per worker,
    counted in bytes (a root's cost grows with its size; a file that is no root costs little
    whatever its size), and at most `MAX_CHUNK_FILES` files. Workers take chunks as they finish one, so
    the last chunks decide how long one worker waits for the others: on agno, a chunk of 64 files
    (60 roots) kept one worker busy for 1.9 s after the other had finished."""
    sizes = [_size(item) for item in items]
    left = sum(sizes)
    chunks: list[list[Path]] = []
    start = 0
    while start < len(items):
        budget = left / (jobs * 4)
        end, taken = start, 0
        while end < len(items) and end - start < MAX_CHUNK_FILES and (end == start or taken + sizes[end] <= budget):
            taken += sizes[end]
            end += 1
        chunks.append(items[start:end])
        left -= taken
        start = end
    return chunks


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # gone or unreadable: its survey says so


class Runner:
    """Runs chunks of work in this process or in a pool of workers."""

    def __init__(
        self,
        jobs: int,
        paths: list[Path],
        texts: dict[Path, str],
        config: Config,
        request: Request,
        loader: Loader | None = None,
    ) -> None:
        self.jobs = jobs
        self.paths, self.texts, self.config = paths, texts, config
        self.request = request
        self._loader = loader
        if loader is not None:
            loader.follow(texts)
        self._pool: ProcessPoolExecutor | None = None

    @cached_property
    def catalog(self) -> Catalog:
        """The module names of `paths`, made on first use in this process."""
        from boundlint.discover.module_names import catalog_for

        return catalog_for(self.paths)

    def map_surveys(
        self, work: list[Path], use_prefilter: bool, previous: Previous, analyse: bool, skip_tests: bool = False
    ) -> tuple[list[Survey], list[RootResult]]:
        """Surveys of `work`; with workers and `analyse`, also the results of the changed roots among
        them (with `skip_tests`, not of test modules)."""
        arguments = [
            (chunk, use_prefilter, self.config, self.texts, _known(previous, chunk), skip_tests)
            for chunk in _chunks(work, self.jobs)
        ]
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

    def reanalyse(self, roots: list[Path], request: Request) -> list[RootResult]:
        """Roots analysed again, here, for a request the workers were not started with."""
        if not roots:
            return []
        if self._loader is None:
            from boundlint.project.loader import Loader

            self._loader = Loader(self.texts)
        return [analyse_root(path, self.catalog, self._loader, self.config, request) for path in roots]

    def map_roots(
        self,
        roots: list[Path],
        progress: Callable[[int], None],
        seeds: dict[Path, tuple[SourceText, ast.Module | None]] | None = None,
    ) -> list[RootResult]:
        if not roots:
            return []
        if self.jobs <= 1 or len(roots) < MIN_ROOTS_FOR_WORKERS:
            if self._loader is None:
                from boundlint.project.loader import Loader

                self._loader = Loader(self.texts)
            results = []
            for path in roots:
                check_cancelled()
                if seeds and path in seeds:
                    self._loader.seed(path, *seeds[path])
                results.append(analyse_root(path, self.catalog, self._loader, self.config, self.request))
                progress(1)
            return results
        results = []
        for chunk_results in self._executor().map(_analyse_chunk, _chunks(roots, self.jobs)):
            results.extend(chunk_results)
            progress(len(chunk_results))
        return results

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Workers are started when there is much to do, which means roots to
            # analyse: load the analysis once here, and fork it into every worker.
            import boundlint.analyse.analysis  # noqa: F401
            import boundlint.project.loader  # noqa: F401

            rules.load()
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            self._pool = ProcessPoolExecutor(
                self.jobs,
                mp_context=multiprocessing.get_context(method),
                initializer=_start_worker,
                initargs=(self.paths, self.texts, self.config, self.request),
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
