"""Which tools the checkpoints found in a run cover, from what each root reported (no parse needed).

The places are those of `boundlint.find.adapters.AdapterFinder.place`: a server, agent or tool by
where it is made, or a framework as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping


def framework_place(framework: str) -> str:
    return f"framework:{framework}"


def tool_key(display: str, qualname: str) -> str:
    return f"{display}::{qualname}"


def cover_of(installs: Mapping[str, str], need: Mapping[str, list[str]]) -> str:
    """What of `installs` covers a tool that `need`s these places (`needs`), or "": every place of
    "all" (the servers and agents it is registered on), or else any place of "any"."""
    if "all" in need:
        labels = [installs.get(p, "") for p in need["all"]]
        if labels and all(labels):
            return labels[0]
    return next((installs[p] for p in need.get("any", []) if p in installs), "")
