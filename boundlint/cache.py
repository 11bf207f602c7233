"""The on-disk cache that makes a re-run on an unchanged tree almost free.

Entries are JSON files named by a hash of their key, written atomically
(temporary file, then rename), so concurrent runs never see half an entry and
a corrupt one is simply a miss. Everything lives under a namespace directory
named after boundlint's version and a fingerprint of the configuration and of
the set of files checked: changing any of them starts from an empty cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import fields
from pathlib import Path
from typing import Any

from boundlint import __version__
from boundlint.config import Config

def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def fingerprint(config: Config, paths: list[Path]) -> str:
    digest = hashlib.blake2b(digest_size=12)
    digest.update(__version__.encode())
    # Findings name files relative to the working folder, in messages too.
    digest.update(os.getcwd().encode("utf-8", "surrogatepass") + b"\0")
    for item in fields(config):
        if item.name not in ("source",):
            digest.update(f"{item.name}={getattr(config, item.name)!r};".encode())
    for path in paths:
        digest.update(str(path).encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


class Cache:
    def __init__(self, directory: Path | None, namespace: str = "") -> None:
        self.directory = directory / f"v{__version__}-{namespace}" if directory is not None else None
        self._ready = False

    @property
    def enabled(self) -> bool:
        return self.directory is not None

    def _path(self, kind: str, key: str) -> Path:
        assert self.directory is not None
        name = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        return self.directory / kind / name[:2] / f"{name}.json"

    def get(self, kind: str, key: str) -> Any:
        if self.directory is None:
            return None
        try:
            with open(self._path(kind, key), encoding="utf-8") as handle:
                entry = json.load(handle)
        except (OSError, ValueError):
            return None
        return entry.get("value") if isinstance(entry, dict) and entry.get("key") == key else None

    def put(self, kind: str, key: str, value: Any) -> None:
        if self.directory is None:
            return
        path = self._path(kind, key)
        try:
            self._prepare()
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump({"key": key, "value": value}, out)
            os.replace(temporary, path)
        except OSError:
            return  # a read-only or full disk only costs speed

    def _prepare(self) -> None:
        if self._ready or self.directory is None:
            return
        top = self.directory.parent
        top.mkdir(parents=True, exist_ok=True)
        ignore = top / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# Created by boundlint: this folder is a cache.\n*\n", encoding="utf-8")
        self._ready = True
