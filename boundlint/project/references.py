"""Which declared tools no code of the project names again: a model never calls them there.

A framework's `@tool` only marks a function as a tool (`fw.HANDED_OVER`); it reaches a model
where the code hands it to an agent, by its name (`Agent(tools=[search])`, `{"search": search}`,
`__all__ = ["search"]`). In a project that hands tools to agents, one whose name appears nowhere
but in its own definition, in a module other code imports, is dead code: a tool left out of
every agent, an unused copy. A reviewer rejects a finding or a fix there ("no agent is given
this tool").

This reads the project's text, not its syntax: a name in a string or a comment counts as a use,
and a project that looks tools up by reflection (`inspect.getmembers`, `dir(module)`, `vars(module).items()`,
`globals().values()`) is never judged, so a doubt always keeps the tool.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Protocol

from boundlint.core.hashing import content_hash

# Tools found by walking a module's names: any of them may be used without being named.
_REFLECTION = re.compile(
    rb"\bgetmembers\(|\bdir\([\w.]+\)|__dict__\.(?:items|values)\(|\b(?:vars\([\w.]+\)|globals\(\))\.(?:items|values)\("
)


class Counts(Protocol):
    """Where the names counted in a file's content are kept between runs: by a key made of the
    names looked for and the file's content hash."""

    def recall(self, key: str) -> Counter[str] | None: ...

    def keep(self, key: str, found: Counter[str]) -> None: ...


def unnamed_elsewhere(
    candidates: Mapping[str, str],
    paths: Iterable[Path],
    texts: Mapping[Path, str],
    digests: Mapping[str, str] | None = None,
    counts: Counts | None = None,
) -> set[str]:
    """The keys of `candidates` (a tool's `cover.tool_key` -> the name it is used by: the function,
    or the class of a method) whose name occurs once in the files `paths` (in `texts` when there,
    else on disk): at its definition. Empty when any file cannot be read or walks names by
    reflection. A tool named like its module (`file_read` in `file_read.py`: Strands passes the
    module, a tools folder is loaded by file) is used by that name; one whose module no other
    code names (imports) is of a library, or of code dead as a whole, and is left. `digests`
    (each file's content hash, by `str(path)`) lets a long-lived process (the editor server)
    read again only the files that changed since it last counted these names, and `counts`
    (the run's cache) lets the next run do the same: a warm run read the whole tree here."""
    kept = {key: name for key, name in candidates.items() if _module_word(key) != name}
    names = tuple(sorted({*kept.values(), *map(_module_word, kept)}))
    if not kept:
        return set()
    pattern = re.compile(rb"\b(" + b"|".join(re.escape(name.encode()) for name in names) + rb")\b")
    store = counts or _IN_PROCESS
    names_tag = content_hash("\0".join(names).encode())  # a file's counts hold for these names only
    total: Counter[str] = Counter()
    for path in paths:
        digest = (digests or {}).get(str(path))
        key = f"{names_tag}:{digest}" if digest else None
        found = store.recall(key) if key else None
        if found is None:
            found = _count(path, texts, pattern)
            if key and found is not _UNREADABLE:
                store.keep(key, found)
        if found is _UNREADABLE:
            return set()
        total.update(found)
    # (a module no code names, no import either, is a library's, or dead as a whole: left alone)
    return {key for key, name in kept.items() if total[name] == 1 and total[_module_word(key)] >= 1}


def _module_word(key: str) -> str:
    """The word other code imports the tool's module by: its file's name, or its package's."""
    path = PurePosixPath(key.split("::", 1)[0])
    return path.parent.name if path.stem == "__init__" else path.stem


# A file that cannot be read, or that walks a module's names by reflection: nothing can be said
# (never kept: such a file is read again, and ends the count).
_UNREADABLE: Counter[str] = Counter()


class InProcessCounts:
    """Counts kept in this process (an editor server's runs share them), up to a bound."""

    LIMIT = 50_000

    def __init__(self) -> None:
        self._found: dict[str, Counter[str]] = {}

    def recall(self, key: str) -> Counter[str] | None:
        return self._found.get(key)

    def keep(self, key: str, found: Counter[str]) -> None:
        if len(self._found) >= self.LIMIT:
            self._found.clear()  # a long-lived process that has seen many versions starts again
        self._found[key] = found


_IN_PROCESS = InProcessCounts()


def _count(path: Path, texts: Mapping[Path, str], pattern: re.Pattern[bytes]) -> Counter[str]:
    try:
        data = texts[path].encode("utf-8", "surrogatepass") if path in texts else path.read_bytes()
    except OSError:
        return _UNREADABLE
    if _REFLECTION.search(data):
        return _UNREADABLE
    return Counter(found.decode() for found in pattern.findall(data))
