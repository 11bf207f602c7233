#!/usr/bin/env python3
"""Support desk tools, looked up by name in TOOL_HANDLERS."""

from __future__ import annotations


def notes(order_id: str) -> str:
    with open(f"/srv/notes/{order_id}.txt") as f:
        return f.read()


TOOL_HANDLERS = {"notes": notes}
