"""Reading files into ModuleInfo, once, with what went wrong kept per file.

A worker process keeps one Loader for its whole life, so a module that many
roots lead into (a shared `schemas.py`) is parsed once per process; modules are
kept within a bound, so memory stays flat on large trees, and the ones most
often asked for stay longest (see `Loader._make_room`). What each module
exports (`project.exports`), read with `ast` for a module only passed through,
is small and kept for every module.
"""

from __future__ import annotations

import ast
import os
from collections import OrderedDict
from pathlib import Path

from boundlint.core.cancel import check_cancelled
from boundlint.discover.files import display_name
from boundlint.discover.module_names import module_name_for, relative_resolver
from boundlint.parse.reparse import parse_edited
from boundlint.parse.source import SourceError, SourceText, decode_source, parse_both, python_ast, read_source
from boundlint.project.exports import ModuleExports, exports_of_module, exports_of_syntax
from boundlint.project.module import ModuleInfo

# libcst trees take about 350 bytes of memory per character of source (a
# 1 MB test file: 370 MB). Keep about 500 KB of source parsed (~180 MB), and
# always the module in use, however large.
MAX_CACHED_SOURCE_CHARS = 500_000
# How many `ast` trees read for exports are kept for the load that most often follows (see `_just_read`).
KEPT_SYNTAX_TREES = 16


class Loader:
    def __init__(self, stdin: dict[Path, str] | None = None, max_chars: float = MAX_CACHED_SOURCE_CHARS) -> None:
        self.stdin = stdin or {}
        self.max_chars = max_chars
        self.errors: dict[Path, SourceError] = {}
        self._modules: dict[Path, ModuleInfo | None] = {}
        self._chars = 0
        # For each module kept, the standing that decides which goes first (see `_make_room`).
        self._standing: dict[Path, float] = {}
        self._asked: dict[Path, int] = {}  # how often each module was asked for, kept or not
        self._clock = 0.0
        self._seeds: dict[Path, tuple[SourceText, ast.Module | None]] = {}
        # The last modules whose exports were read from `ast`: a lookup that reads what a module
        # exports most often loads it next, and need not parse it with `ast` again.
        self._just_read: OrderedDict[Path, tuple[SourceText, ast.Module]] = OrderedDict()
        self._origins: dict[Path, object] = {}  # what each module was read from: a text, or a file's stat
        self._exports: dict[Path, tuple[object, ModuleExports | None]] = {}  # with what they were read from
        # An edited buffer's module as it was before the edit: its tree is the next parse's start.
        self._before_edit: dict[Path, ModuleInfo] = {}

    def follow(self, texts: dict[Path, str]) -> None:
        """For a loader kept between runs (the editor server): this run's texts stand in for files,
        and each module whose text or file has changed since it was read is read again."""
        self.stdin = texts
        self._seeds.clear()
        self._just_read.clear()
        for path in [path for path in self._before_edit if path not in texts]:
            del self._before_edit[path]  # a buffer closed before its module was read again
        for path in list(self._modules):
            if self._origins.get(path) != self._origin(path):
                module = self._modules.pop(path)
                self._standing.pop(path, None)
                self._chars -= len(module.source.text) if module is not None else 0
                self.errors.pop(path, None)
                if module is not None and path in texts:
                    self._before_edit[path] = module
        for path, (origin, _) in list(self._exports.items()):
            if origin != self._origin(path):
                del self._exports[path]

    def _origin(self, path: Path) -> object:
        if path in self.stdin:
            return self.stdin[path]
        try:
            info = os.stat(path)
        except OSError:
            return None
        return (info.st_mtime_ns, info.st_size)

    def seed(self, path: Path, source: SourceText, syntax: ast.Module | None) -> None:
        """The text (and ast tree) of `path` as just read by the survey: used instead of reading it again."""
        self._seeds[path] = (source, syntax)

    def load(self, path: Path) -> ModuleInfo | None:
        asked = self._asked[path] = self._asked.get(path, 0) + 1
        self._standing[path] = self._clock + asked
        if path in self._modules:
            return self._modules[path]
        self._origins[path] = self._origin(path)
        module = self._read(path)
        self._modules[path] = module
        self._chars += len(module.source.text) if module is not None else 0
        self._make_room(keep=path)
        return module

    def _make_room(self, keep: Path) -> None:
        """Drop modules until the kept source is within the bound, always keeping `keep`.

        A module's standing is how often it has been asked for, on top of the standing of the
        last module dropped (the clock): a hub many roots read (a framework's `function.py`)
        stays, while one read by a single root goes, however recently. Parsing costs about the
        same per character, so size does not enter. Replaying the loads of a run of agno (two
        workers, 10.4M characters of distinct modules): 20.7M characters parsed when the least
        recently used went first, 19.6M this way."""
        while self._chars > self.max_chars and len(self._modules) > 1:
            gone = min((path for path in self._modules if path != keep), key=self._standing.__getitem__)
            self._clock = self._standing.pop(gone)
            evicted = self._modules.pop(gone)
            self._origins.pop(gone, None)
            self._chars -= len(evicted.source.text) if evicted is not None else 0

    def exports(self, path: Path) -> ModuleExports | None:
        """What `path` exports, without parsing it with libcst when `ast` can read it; None when
        the module cannot be loaded."""
        if path in self._exports:
            return self._exports[path][1]
        origin = self._origin(path)
        if path in self._modules:
            module = self._modules[path]
            exports = exports_of_module(module) if module is not None else None
        else:
            exports = self._exports_from_syntax(path)
            if exports is None:  # what `ast` cannot read, libcst may (or the error is recorded)
                module = self.load(path)
                exports = exports_of_module(module) if module is not None else None
        self._exports[path] = (origin, exports)
        return exports

    def text(self, path: Path) -> str:
        """The text of `path` as the analysis reads it ("" when it cannot be read)."""
        module = self._modules.get(path)
        if module is not None:
            return module.source.text
        try:
            return self._source(path).text
        except SourceError:
            return ""

    def _exports_from_syntax(self, path: Path) -> ModuleExports | None:
        seeded = self._seeds.get(path)
        try:
            source = seeded[0] if seeded is not None else self._source(path)
            syntax = seeded[1] if seeded is not None and seeded[1] is not None else python_ast(source.text)
        except (SourceError, SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        if seeded is None or seeded[1] is None:
            self._just_read[path] = (source, syntax)
            while len(self._just_read) > KEPT_SYNTAX_TREES:
                self._just_read.popitem(last=False)
        own_name = module_name_for(path)
        return exports_of_syntax(syntax, own_name, relative_resolver(path, own_name))

    def _read(self, path: Path) -> ModuleInfo | None:
        check_cancelled()  # a long module takes seconds to parse: a run given up does not start one
        seeded = self._seeds.pop(path, None) or self._just_read.pop(path, None)
        before = self._before_edit.pop(path, None)
        try:
            source = seeded[0] if seeded is not None else self._source(path)
            seeded_syntax = seeded[1] if seeded is not None else None
            if before is not None:  # an edited buffer: only the edited function is parsed again
                tree, syntax = parse_edited(source.text, seeded_syntax, (before.tree, before.source.text))
            else:
                tree, syntax = parse_both(source.text, seeded_syntax)
        except SourceError as error:
            self.errors[path] = error
            return None
        except RecursionError:
            self.errors[path] = SourceError("code is nested too deeply to analyse")
            return None
        own_name = module_name_for(path)
        return ModuleInfo.build(
            path, display_name(path), own_name, source, tree, relative_resolver(path, own_name), syntax
        )

    def _source(self, path: Path) -> SourceText:
        if path in self.stdin:
            return decode_source(self.stdin[path].encode("utf-8", "surrogatepass"))
        return read_source(path)
