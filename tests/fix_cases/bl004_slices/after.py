from pathlib import Path

from boundlint_runtime import truncate_text
from langchain_core.tools import tool

LIMIT = 4000


@tool
def head(path: str) -> str:
    """Start of a file."""
    return truncate_text(Path(path).read_text(), max_chars=LIMIT, mode="head")


@tool
def tail(path: str) -> str:
    """End of a log."""
    text = Path(path).read_text()
    return truncate_text(text, max_chars=2000, mode="tail")


@tool
def zero_start(path: str):
    """`x[0:N]` is a head cut too; no annotation, but `.read_text()` is text."""
    return truncate_text(Path(path).read_text(), max_chars=500, mode="head")


@tool
def middle(path: str) -> str:
    """A middle part: no automatic fix."""
    return Path(path).read_text()[100:600]


@tool
def through_a_local(path: str) -> str:
    """The cut is not in the return statement: no automatic fix."""
    short = Path(path).read_text()[:300]
    return short
