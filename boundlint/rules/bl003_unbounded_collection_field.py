"""BL003 unbounded-collection-field."""

from __future__ import annotations

from boundlint.analyse.size import LOW, MEDIUM
from boundlint.knowledge.data_sources import collection_size_by_name
from boundlint.rules.bl002_unbounded_str_field import UnboundedStrField


class UnboundedCollectionField(UnboundedStrField):
    code = "BL003"
    name = "unbounded-collection-field"
    level = "warning"
    precision = "low"
    security_severity = "5.3"
    summary = "A list, tuple, set or dict field of a tool's return contract has no item bound."
    field_kind = "collection"
    what = """
Flags each `list`, `tuple[X, ...]`, `set`, `frozenset`, `dict` (and their
`typing` and `collections.abc` spellings) field of a Pydantic model that is a
tool's return contract when nothing bounds its number of items.

Bounds that count: `Field(max_length=N)`, `conlist(..., max_length=N)`,
`Annotated[list[X], MaxLen(N)]`, the runtime's `TruncatedItems(N)`, and a
validator for the field that calls a checkpoint, caps the value with a slice
or checks its `len()`. Fixed-length tuples (`tuple[int, str]`) are bounded.

The confidence follows the field's name: `medium` for a field named for a bulk
of items (`results`, `items`, `rows`, `documents`, `messages`, `hits`,
`chunks`, ...), `low` (not reported by default) for any other name
(`suggestions`, `tags`, `metrics`, `metadata`), which a reviewer most often
reads as a few entries. Never `high`: how many items a field gets depends on
what fills it (a `limit` upstream, a token budget), not on the field.
"""
    why = """
A result list without an item cap grows with the data: 10 search results
today, 500 after the index grows. Each item then costs context, and whatever
layer eventually cuts the list does it silently.
"""
    example = """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("search")

class Results(BaseModel):
    items: list[str]  # BL003

@mcp.tool()
def search(q: str) -> Results:
    ...
"""
    fix = """
Cap the number of items, keeping the first N and recording the cut (an unsafe
fix: a typed list has no room for a marker, so tell the model how many there
are, or let it page, where the list is filled):

```python
from typing import Annotated
from boundlint_runtime.pydantic import TruncatedItems

class Results(BaseModel):
    items: Annotated[list[str], TruncatedItems(20)]
```

or `items: list[str] = Field(max_length=20)` to reject longer lists
(`field-fix = "reject"`). `boundlint fix` makes either change.
"""
    valid = (
        """
from typing import Annotated
from pydantic import BaseModel, Field, conlist, field_validator
from boundlint_runtime.pydantic import TruncatedItems
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("search")

class Results(BaseModel):
    items: Annotated[list[int], TruncatedItems(20)]
    tags: list[int] = Field(default_factory=list, max_length=10)
    ids: conlist(int, max_length=50) = []
    pair: tuple[int, int] = (0, 0)
    scores: dict[str, float] = {}

    @field_validator("scores")
    @classmethod
    def _cap(cls, v):
        return dict(list(v.items())[:10])

@mcp.tool()
def search(q: str) -> Results:
    return Results(items=[1])
""",
    )
    invalid = (
        """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("search")

class Hit(BaseModel):
    rank: int
    passages: set[str]  # expect

class Results(BaseModel):
    hits: list[Hit]  # expect
    documents: dict[str, str] = {}  # expect
    counts: dict[str, int] = {}  # named for no bulk: `low`, not reported by default

@mcp.tool()
def search(q: str) -> Results:
    return Results(hits=[])
""",
    )

    def message(self, symbol: str) -> str:
        return f"`{symbol}` is a collection field of a tool's return contract with no item bound"

    def confidence(self, field_name: str) -> str:
        """`results`, `documents`: named for a bulk, `medium`. Any other name (`suggestions`,
        `metrics`, `metadata`): `low`. On the reviewed findings, a reviewer agreed with 4 of 8 BL003
        on a field named for a bulk and with 5 of 53 on any other. Never `high`: how many items a
        field gets depends on what fills it (a `limit` upstream, a token budget), which the field
        alone does not say."""
        return MEDIUM if collection_size_by_name(field_name) == "bulk" else LOW
