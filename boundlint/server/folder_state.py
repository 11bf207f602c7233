"""One workspace folder as the server keeps it: configuration, open buffers, findings per file.

A run is the checker's own pipeline over the whole folder with the open
buffers laid over the files on disk, and the folder's content cache: a root is
analysed again only when a file its analysis read has changed (on disk or in a
buffer), so a keystroke in a helper re-analyses the roots that register its
tools, and nothing else. The first run builds the cache (in the background,
with progress); later ones read it. Runs of one folder take turns.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from boundlint.core.cancel import Cancelled, cancellable
from boundlint.core.config import Config, ConfigError, find_config_file, load_config
from boundlint.core.findings import Finding
from boundlint.discover.files import discover, holds
from boundlint.engine.cache import Cache
from boundlint.engine.fix_rounds import fix_in_memory
from boundlint.engine.roots import Request, RootResult
from boundlint.engine.run import CheckOptions, check
from boundlint.project.loader import Loader
from boundlint.server.settings import ServerSettings

Progress = Callable[[int, int], None]


# The parsed modules one folder keeps between runs. An edit re-analyses every root that read the
# edited file; in a connected tree those roots read a million characters of modules or more
# (pydantic-ai: 1.4M for an edit in `capabilities/capability.py`). Under the checker's own bound
# (500K, for worker processes) they were evicted in the order they were needed and parsed again
# on every keystroke: 2.5 s, against 0.07 s when they fit.
SERVER_MAX_CACHED_SOURCE_CHARS = 2_000_000  # agno (2,021 files): 306 MB resident with it


@dataclass(frozen=True)
class Buffer:
    """An open document: its text and the version the editor gave it."""

    text: str
    version: int | None


@dataclass
class RunOutcome:
    """What one run found: every finding by file, the buffer versions it saw, and its errors."""

    findings: dict[Path, list[Finding]]
    versions: dict[Path, int | None]
    errors: list[str]
    deferred: int = 0  # roots left with an old answer by a first pass: a full run is to follow
    fixes_pending: int = 0  # roots a first pass analysed without planning their fixes: likewise

    @property
    def complete(self) -> bool:
        return not self.deferred and not self.fixes_pending


class FolderState:
    """`paths` is what a run checks: the folder, or (for a file opened outside every workspace
    folder) that file alone, within its project."""

    def __init__(self, folder: Path, settings: ServerSettings, paths: list[Path] | None = None) -> None:
        self.folder = folder
        self.paths = paths or [folder]
        self.settings = settings
        self.lock = threading.Lock()  # one run at a time
        self.findings: dict[Path, list[Finding]] = {}
        self.caches: dict[str, Cache] = {}  # the content cache, kept in memory between runs
        # Parsed modules, kept between runs: an edit re-reads only what changed.
        self.loader = Loader(max_chars=SERVER_MAX_CACHED_SOURCE_CHARS)
        self.config_error: str | None = None
        self.answers: dict[Path, RootResult] = {}  # each root's in the last run (`open_first`)
        # The folder's files, walked again only when the editor says a file was created or
        # deleted; a client that cannot watch files (`watching` False) gets a walk per run.
        self.watching = False
        self._files: list[Path] | None = None
        self._project_config: Config | None = None
        self._config_stamp: tuple[str, int] | None = None
        self.config = self.reload_config()

    # -- configuration ----------------------------------------------------------------

    def reload_config(self) -> Config:
        """Read the project's configuration again. A bad one is kept in `config_error` (for the
        editor to show) and the last good one, or the defaults, stays in use."""
        try:
            project = load_config(None, self.folder)
            self.config_error = None
            self._project_config = project
            self.caches.clear()  # a new configuration is a new cache namespace
            self.answers.clear()  # no answers to fall back on: the next run is a full one
            self._files = None  # exclusions may have changed
        except ConfigError as error:
            self.config_error = str(error)
            project = self._project_config or Config(root=self.folder)
        self._config_stamp = _config_stamp(self.folder)
        self.config = self.settings.apply_to(project)
        return self.config

    def config_changed_on_disk(self) -> bool:
        """The configuration file was edited, created or removed since it was read: the fallback
        for clients that cannot watch files for us (a few stats per run)."""
        return _config_stamp(self.folder) != self._config_stamp

    def files_added_or_removed(self) -> None:
        self._files = None

    def _known_files(self) -> list[Path] | None:
        """The folder's files, walked once while the editor tells of every file created or deleted."""
        if not self.watching:
            return None
        if self._files is None:
            self._files = discover(self.paths, self.config)
        return self._files

    def use_settings(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.answers.clear()  # made under the old settings
        self.config = settings.apply_to(self._project_config or Config(root=self.folder))

    @property
    def key(self) -> Path:
        """What the server knows this state by: its folder, or the file it checks alone."""
        return self.paths[0]

    @property
    def is_folder(self) -> bool:
        return self.paths == [self.folder]

    def holds(self, path: Path) -> bool:
        return any(holds(given, path) for given in self.paths)

    # -- runs ---------------------------------------------------------------------------

    def run(
        self,
        buffers: dict[Path, Buffer],
        progress: Progress | None = None,
        persist: bool = False,
        open_first: bool = False,
        stop: Callable[[], bool] | None = None,
    ) -> RunOutcome:
        """Check the folder with `buffers` over the files; `findings` becomes this run's. The cache
        is written to disk when `persist` (the first run, a save): not after every keystroke.

        `open_first`: once a full run has finished, analyse only the roots that can report in an
        open file, without planning their fixes, and keep the others' last answers
        (`RunOutcome.deferred` and `fixes_pending` count them; a full run brings them up to
        date). `stop`: asked between two tools, fixes or roots; once it says so, the run gives up
        (`core.cancel.Cancelled`) and nothing of it is kept."""
        with self.lock:
            if stop is not None and stop():
                raise Cancelled  # a newer run was scheduled while this one waited for the lock
            if self.config_changed_on_disk():
                self.reload_config()
            mine = {path: buffer for path, buffer in buffers.items() if self.holds(path)}
            first_pass = open_first and bool(self.answers) and bool(mine)
            options = CheckOptions(
                overlays={path: buffer.text for path, buffer in mine.items()},
                cache_dir=self.config.cache_path(),
                request=Request(fixes=True, fixes_later=first_pass),
                progress=progress,
                cache_pool=self.caches,
                save_cache=persist,
                loader=self.loader,
                last_answers=self.answers,
                files=self._known_files(),
                shown_first=frozenset(mine) if first_pass else None,
            )
            with cancellable(stop):
                result = check(self.paths, self.config, options)
            by_file: dict[Path, list[Finding]] = {}
            for finding in result.findings:
                by_file.setdefault(Path(os.path.abspath(finding.filename)), []).append(finding)
            self.findings = by_file
            errors = [str(error) for error in result.errors]
            versions = {path: buffer.version for path, buffer in mine.items()}
            return RunOutcome(by_file, versions, errors, result.deferred, result.fixes_pending)

    def fixed_text(self, path: Path, buffers: dict[Path, Buffer]) -> str | None:
        """`path`'s text with every safe fix applied (the editor's fix-all), or None: nothing to fix."""
        with self.lock:
            overlays = {p: buffer.text for p, buffer in buffers.items() if self.holds(p)}
            options = CheckOptions(
                overlays=overlays, cache_dir=self.config.cache_path(), request=Request(apply_fixes="safe")
            )
            fixed, _, _ = fix_in_memory([path], self.config, options)
        rewrite = next((r for p, r in fixed.items() if Path(os.path.abspath(p)) == path), None)
        if rewrite is None or rewrite.new == rewrite.old:
            return None
        return rewrite.new


def _config_stamp(folder: Path) -> tuple[str, int] | None:
    found = find_config_file(folder)
    if found is None:
        return None
    try:
        return (str(found), found.stat().st_mtime_ns)
    except OSError:
        return (str(found), -1)
