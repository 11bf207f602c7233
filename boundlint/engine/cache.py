"""The on-disk cache that makes a re-run on an unchanged tree almost free.

A run reads one state file and writes it back once (see `Cache`), so a warm
run costs a `stat` per file and one small JSON load. Everything lives under a
namespace directory named after boundlint's version and a fingerprint of the
checker's own files, the configuration and the project's set of files:
changing any of them starts from an empty cache. Only the most recently written namespaces are kept.
"""

from __future__ import annotations

import functools
import json
import os
import re
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

from boundlint import __version__
from boundlint.core.config import Config
from boundlint.core.hashing import blake2b

# A namespace folder: `v{version}-{fingerprint}`, with a suffix for --no-prefilter.
NAMESPACE = re.compile(r"v[\w.+!-]+-[0-9a-f]{24}(-unfiltered)?")
KEPT_NAMESPACES = 8


def fingerprint(config: Config, paths: list[Path]) -> str:
    digest = blake2b(digest_size=12)
    digest.update(__version__.encode())
    digest.update(checker_stamp().encode())
    # Findings name files relative to the working folder, in messages too.
    digest.update(os.getcwd().encode("utf-8", "surrogatepass") + b"\0")
    for item in fields(config):
        if item.name not in ("source",):
            digest.update(f"{item.name}={getattr(config, item.name)!r};".encode())
    digest.update("\0".join(map(str, paths)).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


@functools.cache
def checker_stamp() -> str:
    """The installed checker's own files (name, size, modification time): an install from git
    keeps the version number, but a different checker must not read another's answers."""
    package = Path(__file__).resolve().parents[1]
    digest = blake2b(digest_size=8)
    for path in sorted(package.rglob("*.py")):
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path.relative_to(package)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


class Cache:
    """One state file per namespace, read once at the start of a run and written once at its end.

    It holds, per file, the `os.stat` facts and content hash seen last time
    with the survey of that content, and per root, its findings with the
    content hashes of every file its analysis read. A file whose size and
    modification time are unchanged is not read again, unless it was modified
    so close to the start of the run that recorded it that a later edit could
    have kept the same timestamp (git's "racy" rule); then its content hash
    decides.
    Concurrent runs each write a whole file with an atomic rename: the last
    one wins, and nobody reads half an entry. A missing, corrupt or foreign
    state file is an empty cache.
    """

    RACY_NS = 2_000_000_000  # coarse file systems keep 1-2 s timestamps

    def __init__(self, directory: Path | None, namespace: str = "") -> None:
        self.directory = directory / f"v{__version__}-{namespace}" if directory is not None else None
        self._started = time.time_ns()
        self._files: dict[str, list[Any]] = {}  # path -> [mtime_ns, size, digest, survey]
        self._roots: dict[str, Any] = {}  # "kind:path:digest" -> entry
        # Each root's entry as the run uses it, by kind and path, with the entry it was decoded
        # from (`engine.roots.cached_root`): a long-lived process asks for the same 2,000 entries
        # on every run. One slot per root, so a newer entry replaces the older one.
        self.decoded: dict[tuple[str, str], tuple[Any, Any]] = {}
        self._buffered: dict[tuple[str, str], tuple[str, Any]] = {}  # (kind, path) -> (digest, entry)
        self._memo: dict[str, Any] = {}
        self._memo_used: set[str] = set()  # entries of this run: the only ones written back
        self._previous_start = 0
        # When this process recorded each file's entry: a long-lived process that records it in
        # one run trusts its stat in the next (`_previous_start` is the last process's start).
        self._recorded_at: dict[str, int] = {}
        self._run_started = self._started
        self._dirty = False
        self._load()

    @property
    def enabled(self) -> bool:
        return self.directory is not None

    def begin_run(self) -> None:
        """A new run of a long-lived process on this cache: the files it records are stat'ed
        from now on."""
        self._run_started = time.time_ns()

    # -- files --------------------------------------------------------------

    def survey(self, path: Path, info: os.stat_result | None) -> tuple[str, Any] | None:
        """(digest, survey) recorded for `path`, if its stat shows it has not changed since."""
        entry = self._files.get(str(path))
        if entry is None or info is None:
            return None
        mtime, size, digest, survey = entry
        recorded = self._recorded_at.get(str(path), self._previous_start)
        if mtime != info.st_mtime_ns or size != info.st_size or mtime >= recorded - self.RACY_NS:
            return None
        return digest, survey

    def recorded(self, path: Path) -> tuple[str, Any] | None:
        """(digest, survey) recorded for `path` whatever its stat: reused if the content hash still matches."""
        entry = self._files.get(str(path))
        return (entry[2], entry[3]) if entry is not None else None

    def record_file(self, path: Path, info: os.stat_result | None, digest: str, survey: Any) -> None:
        if self.directory is None or info is None or not digest:
            return
        entry = [info.st_mtime_ns, info.st_size, digest, survey]
        self._recorded_at[str(path)] = self._run_started  # the stat was taken after it
        if self._files.get(str(path)) != entry:
            self._files[str(path)] = entry
            self._dirty = True

    # -- roots --------------------------------------------------------------

    def roots(self, kind: str, path: Path, digest: str) -> list[Any]:
        """The entries recorded for `path` with this content: the one on disk, the one made from
        buffers."""
        found = []
        entry = self._roots.get(f"{kind}:{path}:{digest}")
        if entry is not None:
            found.append(entry)
        buffered = self._buffered.get((kind, str(path)))
        if buffered is not None and buffered[0] == digest:
            found.append(buffered[1])
        return found

    def record_root(self, kind: str, path: Path, digest: str, entry: Any) -> None:
        if self.directory is None:
            return
        self._roots[f"{kind}:{path}:{digest}"] = entry
        self._dirty = True

    def record_buffered_root(self, kind: str, path: Path, digest: str, entry: Any) -> None:
        """An entry whose analysis read a text not on disk (an editor's buffer): kept in memory
        only, one per root and kind, replaced by the next. An editor's unchanged open files are
        not analysed again for each keystroke in another."""
        if self.directory is not None:
            self._buffered[(kind, str(path))] = (digest, entry)

    # -- anything else, by key ----------------------------------------------

    def memo(self, name: str, key: str) -> Any:
        value = self._memo.get(f"{name}:{key}")
        if value is not None:
            self._memo_used.add(f"{name}:{key}")
        return value

    def remember(self, name: str, key: str, value: Any) -> None:
        if self.directory is None:
            return
        self._memo[f"{name}:{key}"] = value
        self._memo_used.add(f"{name}:{key}")
        self._dirty = True

    # -- the state file -----------------------------------------------------

    @property
    def _state(self) -> Path:
        assert self.directory is not None
        return self.directory / "state.json"

    def _load(self) -> None:
        if self.directory is None:
            return
        try:
            with open(self._state, encoding="utf-8") as handle:
                state = json.load(handle)
            files, roots, memo, started = state["files"], state["roots"], state["memo"], state["started"]
        except (OSError, ValueError, TypeError, KeyError):
            return
        if all(isinstance(part, dict) for part in (files, roots, memo)) and isinstance(started, int):
            self._files = {path: entry for path, entry in files.items() if isinstance(entry, list) and len(entry) == 4}
            self._roots, self._memo, self._previous_start = roots, memo, started

    def save(self, keep: set[Path] | None = None) -> None:
        """Write the state (only the files still in the tree, when `keep` is given, and their roots)."""
        if self.directory is None or not self._dirty:
            return
        if keep is not None:
            kept = {str(path) for path in keep}
            self._files = {path: entry for path, entry in self._files.items() if path in kept}
            digests = {path: entry[2] for path, entry in self._files.items()}
            self._roots = {key: entry for key, entry in self._roots.items() if _root_current(key, digests)}
        self._memo = {key: value for key, value in self._memo.items() if key in self._memo_used}
        try:
            self._prepare()
            self.directory.mkdir(parents=True, exist_ok=True)
            import tempfile

            handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
            try:
                state = {"started": self._started, "files": self._files, "roots": self._roots, "memo": self._memo}
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    # One write of the whole text: `json.dump` writes it in thousands of pieces,
                    # two to three times slower, and a run that changed anything pays it at its end.
                    out.write(json.dumps(state))
                os.replace(temporary, self._state)
            except BaseException:
                _unlink(temporary)
                raise
            self._prune()
        except OSError:
            return  # a read-only or full disk only costs speed

    def _prune(self) -> None:
        """Remove all but the KEPT_NAMESPACES most recently written namespaces: a project that
        gains a file, a new configuration or version each start one, and the old ones would pile up.
        A run still writing into a removed one loses its state, never a half-written file."""
        assert self.directory is not None
        with os.scandir(self.directory.parent) as entries:
            namespaces = [entry for entry in entries if NAMESPACE.fullmatch(entry.name) and entry.is_dir()]
        if len(namespaces) <= KEPT_NAMESPACES:
            return
        import shutil  # here: pruning is rare

        namespaces.sort(key=lambda entry: entry.stat().st_mtime_ns, reverse=True)
        for entry in namespaces[KEPT_NAMESPACES:]:
            if entry.path != str(self.directory):
                shutil.rmtree(entry.path, ignore_errors=True)

    def _prepare(self) -> None:
        assert self.directory is not None
        top = self.directory.parent
        top.mkdir(parents=True, exist_ok=True)
        ignore = top / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# Created by boundlint: this folder is a cache.\n*\n", encoding="utf-8")


def _root_current(key: str, digests: dict[str, str]) -> bool:
    """A root entry is worth keeping while its file still has the content it was made from."""
    _, _, rest = key.partition(":")
    path, _, digest = rest.rpartition(":")
    return digests.get(path) == digest


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
