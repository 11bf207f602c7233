from langchain_core.tools import tool

MARK = "... [truncated]"
SUMMARY_MAX = 500


def teaser(text: str) -> str:
    return text[:8000] + "... [truncated]"


def teaser_param(text: str, limit: int) -> str:
    return text[:limit] + MARK


def summary(text: str) -> str:
    return text[:SUMMARY_MAX].rstrip() + MARK


def caption(text: str, limit: int = 120) -> str:
    return f"{text[:limit]}… [truncated]"


def quoted(text: str) -> str:
    return f"{text[:4500]} [truncated: 'more']"


def tail(log: str) -> str:
    return "[truncated] " + log[-6000:]


def tail_param(log: str, n: int) -> str:
    return "[truncated] " + log[-n:]


def tiny(text: str) -> str:
    # The budget is smaller than the marker: no automatic fix.
    return text[:10] + "... [truncated]"


@tool
def previews(text: str, log: str, limit: int, n: int) -> str:
    """Every preview of a page: the text the model reads."""
    parts = [teaser(text), teaser_param(text, limit), summary(text), caption(text), quoted(text)]
    parts += [tail(log), tail_param(log, n), tiny(text)]
    return "\n".join(parts)
