#!/usr/bin/env python3
"""Support desk tools, looked up by name in TOOL_HANDLERS."""

from __future__ import annotations

from boundlint_runtime import truncate_text


def notes(order_id: str) -> str:
    with open(f"/srv/notes/{order_id}.txt") as f:
        return truncate_text(f.read(), max_chars=16_000)


TOOL_HANDLERS = {"notes": notes}
