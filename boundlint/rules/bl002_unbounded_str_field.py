"""BL002 unbounded-str-field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from boundlint.analyse.size import LOW, MEDIUM
from boundlint.core.findings import Finding
from boundlint.edit.context import FixContext
from boundlint.edit.model import Candidate
from boundlint.edit.target import Target
from boundlint.knowledge.data_sources import names_whole_text
from boundlint.rules.base import FIELD, Rule, RuleContext
from boundlint.rules.field_fix import plan_field_fix


class UnboundedStrField(Rule):
    code = "BL002"
    name = "unbounded-str-field"
    level = "warning"
    precision = "medium"
    security_severity = "5.3"
    fixes_at = FIELD
    summary = "A `str` field of a tool's return contract has no size bound."
    field_kind = "str"
    what = """
Flags each `str` field (also `Optional[str]`, `str | None`, unions with `str`
and `Annotated[str, ...]`) of a Pydantic model that is a tool's return
contract (named in a tool's return annotation, constructed in a tool's return,
or nested in such a model's fields) when nothing bounds its length.

Bounds that count: `Field(max_length=N)`, `constr(max_length=N)`,
`Annotated[str, StringConstraints(max_length=N)]` (or `MaxLen`), the runtime's
`Annotated[str, Truncated(N)]`, a `field_validator` for the field (any mode)
that calls a checkpoint or caps the value, and
`model_config = ConfigDict(str_max_length=N)`. Models that are not a tool's
return contract (request models, settings) are not checked.

A field whose name says it holds a short value is not flagged: identities and
kinds (`id`, `name`, `title`, `status`, `type`, `version`, `*_id`, `*_name`,
`*_type`), links (`url`, `*_url`), moments (`*_at`, `*_date`, `*_time`) and
digests (`sha`, `*_hash`), in snake_case or camelCase. A reviewer reads
`job_name: str` as a name, not as room for a document.

The confidence follows the field's name too: `medium` for a field named for
a whole text (`body`, `content`, `text`, `markdown`, `raw_output`, ...), `low`
(not reported by default) for any other name (`description`, `source`,
`state_reason`), which a reviewer most often reads as a short value.
"""
    why = """
The return contract is the first of the two layers: it states the largest
value each field may hold, and it is enforced as soon as the tool builds the
model. A `str` field without a bound lets one oversized value (a 70,000
character post body) through to the model.
"""
    example = """
from pydantic import BaseModel
from langchain_core.tools import tool

class Post(BaseModel):
    title: str  # a title: short by its name
    body: str  # BL002

@tool
def get_post(post_id: int) -> Post:
    \"\"\"Fetch a post.\"\"\"
    ...
"""
    fix = """
Bound the field. To truncate (with a marker) instead of rejecting (an unsafe
fix: the cut applies wherever the model is validated, also to a record read
back from storage or a form a UI posts, so apply it to models made for a
tool's answer):

```python
from typing import Annotated
from boundlint_runtime.pydantic import Truncated

class Post(BaseModel):
    title: Annotated[str, Truncated(500)]
    body: Annotated[str, Truncated(4000)]
```

or `body: str = Field(max_length=4000)` to reject oversized values
(`field-fix = "reject"`). `boundlint fix` makes either change.
"""
    valid: ClassVar[tuple[str, ...]] = (
        '''
from typing import Annotated, Optional
from pydantic import BaseModel, Field, field_validator
from boundlint_runtime import truncate_text
from boundlint_runtime.pydantic import Truncated
from langchain_core.tools import tool

class Post(BaseModel):
    title: str = Field(max_length=300)
    body: Annotated[str, Truncated(4000)]
    summary: Optional[str] = None
    score: int = 0

    @field_validator("summary", mode="before")
    @classmethod
    def _cap(cls, v):
        return truncate_text(v, max_chars=500) if isinstance(v, str) else v

@tool
def get_post(post_id: int) -> Post:
    """Fetch a post."""
    return Post(title="t", body="b")
''',
        """
from pydantic import BaseModel
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("jobs")

class JobStatus(BaseModel):  # every field is short by its name
    job_name: str
    status: str
    createdAt: str
    log_url: str | None = None

@mcp.tool()
def job_status(job_id: str) -> JobStatus:
    return JobStatus(job_name=job_id, status="RUNNING", createdAt="2026-01-01")
""",
        """
from pydantic import BaseModel

class SearchRequest(BaseModel):  # an argument model, not a return contract
    query: str
""",
    )
    invalid: ClassVar[tuple[str, ...]] = (
        '''
from pydantic import BaseModel
from agents import function_tool

class Post(BaseModel):
    title: str
    description: str  # a line about the post: low, not shown by default
    body: str | None = None  # expect
    score: int = 0

@function_tool
def get_post(post_id: int) -> Post:
    """Fetch a post."""
    return Post(title="t", description="a")
''',
    )

    def check(self, context: RuleContext) -> Iterator[Finding]:
        for model in context.analysis.contracts:
            for item in model.fields:
                if item.bounded or item.kind != self.field_kind:
                    continue
                symbol = f"{model.name}.{item.name}"
                confidence = LOW if model.module.is_test else self.confidence(item.name)  # a test's tool: low
                yield self.finding(model.module, item.node, self.message(symbol), symbol, confidence)

    def confidence(self, field_name: str) -> str:
        """`medium` for a field named for a whole text (`body`, `content`, `raw_output`), `low` for
        any other name: a reviewer reads `description: str` or `state_reason: str` as a short value.
        Never `high`: whether a contract's field gets large depends on what fills it, which the
        field alone does not say."""
        return MEDIUM if names_whole_text(field_name) else LOW

    def message(self, symbol: str) -> str:
        return f"`{symbol}` is a `str` field of a tool's return contract with no length bound"

    # -- the fix: bound the field (rules/field_fix.py; BL003 shares it) --

    def plan_fix(self, target: Target, context: FixContext) -> Candidate:
        return plan_field_fix(target, context)
