#!/usr/bin/env python3
# Tools looked up by name (a plain dispatch table).

def notes(order_id: str) -> str:
    with open(f"/srv/notes/{order_id}.txt") as f:
        return f.read()


TOOL_HANDLERS = {"notes": notes}
