"""pydantic-ai tools (first parameter RunContext), written with postponed annotations."""

from __future__ import annotations

from boundlint_runtime import bounded
from pydantic_ai import RunContext

from .tools_future import LIMIT, Filters


def lookup(ctx: RunContext[int], key: str, filters: Filters | None = None) -> str:
    """Look a key up.

    Args:
        key: The key.
        filters: Optional filters.
    """
    return f"{key}={ctx.deps}: " + "v" * 2000


async def alookup(ctx: RunContext[int], key: str) -> list[str]:
    """Look many keys up.

    Args:
        key: The key prefix.
    """
    return [f"{key}-{i}-{ctx.deps}" for i in range(500)]


def plain_lookup(key: str) -> str:
    """Look a key up without context.

    Args:
        key: The key.
    """
    return key * 1000


bounded_lookup = bounded(LIMIT)(lookup)
bounded_alookup = bounded(LIMIT)(alookup)
bounded_plain_lookup = bounded(LIMIT)(plain_lookup)
