"""Which declared tools no code of the project names again: a model never calls them there.

A framework's `@tool` or `BaseTool` subclass only marks a tool (`fw.HANDED_OVER`); it reaches a
model where the code hands it to an agent, by its name (`Agent(tools=[search])`,
`[SearchTool()]`, `{"search": search}`, `__all__ = ["search"]`). In a project that hands tools
to agents, one whose name appears nowhere but in its own definition is dead code: an unused
copy, a backup module, a tool left out of every agent. A reviewer rejects a finding or a fix
there ("no agent is given this tool").

This reads the project's text, not its syntax: a name in a string or a comment counts as a use,
and a project that looks tools up by reflection (`inspect.getmembers`, `dir(module)`, `vars(module).items()`,
`globals().values()`) is never judged, so a doubt always keeps the tool.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath

# Tools found by walking a module's names: any of them may be used without being named.
_REFLECTION = re.compile(
    rb"\bgetmembers\(|\bdir\([\w.]+\)|__dict__\.(?:items|values)\(|\b(?:vars\([\w.]+\)|globals\(\))\.(?:items|values)\("
)


def unnamed_elsewhere(candidates: Mapping[str, str], paths: Iterable[Path], texts: Mapping[Path, str]) -> set[str]:
    """The keys of `candidates` (a tool's `cover.tool_key` -> the name it is used by: the function,
    or the class of a method) whose name occurs once in the files `paths` (in `texts` when there,
    else on disk): at its definition. Empty when any file cannot be read or walks names by
    reflection. A tool named like its module (`file_read` in `file_read.py`: Strands passes the
    module, a tools folder is loaded by file) is used by that name."""
    names = {name for key, name in candidates.items() if PurePosixPath(key.split("::", 1)[0]).stem != name}
    if not names:
        return set()
    pattern = re.compile(rb"\b(" + b"|".join(re.escape(name.encode()) for name in sorted(names)) + rb")\b")
    counts: Counter[bytes] = Counter()
    for path in paths:
        try:
            data = texts[path].encode("utf-8", "surrogatepass") if path in texts else path.read_bytes()
        except OSError:
            return set()
        if _REFLECTION.search(data):
            return set()
        counts.update(pattern.findall(data))
    return {key for key, name in candidates.items() if name in names and counts[name.encode()] == 1}
