"""boundlint_runtime.pydantic: Truncated / TruncatedItems truncate instead of rejecting."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Annotated

import pytest

pydantic = pytest.importorskip("pydantic")
from boundlint_runtime import TruncationEvent, track_truncation  # noqa: E402
from boundlint_runtime.pydantic import Truncated, TruncatedItems  # noqa: E402
from pydantic import BaseModel, Field  # noqa: E402


class Comment(BaseModel):
    body: Annotated[str, Truncated(50)]


class Post(BaseModel):
    title: Annotated[str, Truncated(40)]
    snippet: Annotated[str, Truncated(30)] | None = None
    raw: Annotated[str, Truncated(max_bytes=20)] = ""
    comments: Annotated[list[Comment], TruncatedItems(2)] = []
    tags: Annotated[set[str], TruncatedItems(1)] = set()
    scores: Annotated[dict[str, int], TruncatedItems(2)] = Field(default_factory=dict)
    pair: Annotated[tuple[int, ...], TruncatedItems(3)] = ()


class PlainPost(BaseModel):
    title: str
    snippet: str | None = None
    raw: str = ""
    comments: list[Comment] = []
    tags: set[str] = set()
    scores: dict[str, int] = Field(default_factory=dict)
    pair: tuple[int, ...] = ()


def test_strings_are_cut_with_a_marker_not_rejected(events: list[TruncationEvent]) -> None:
    with track_truncation() as tracker:
        post = Post(title="t" * 1000, snippet="s" * 70_000, raw="\u6f22" * 100)
    assert len(post.title) <= 40 and "1000 chars" in post.title
    assert post.snippet is not None and len(post.snippet) <= 30 and "[truncated" in post.snippet
    assert len(post.raw.encode()) <= 20
    assert tracker.occurred
    assert [e.label for e in events] == ["Post.title", "Post.snippet", "Post.raw"]
    assert events[0] == TruncationEvent("Post.title", "chars", 1000, len(post.title))


def test_values_that_fit_and_defaults_are_untouched() -> None:
    with track_truncation() as tracker:
        post = Post(title="short")
    assert post.title == "short" and post.snippet is None and post.comments == []
    assert Post(title="x", snippet=None).snippet is None
    assert not tracker.occurred


def test_item_counts_are_capped_for_lists_sets_dicts_tuples(events: list[TruncationEvent]) -> None:
    post = Post(
        title="x",
        comments=[{"body": "b" * 100}] * 5,
        tags={"a", "b", "c"},
        scores={"a": 1, "b": 2, "c": 3},
        pair=(1, 2, 3, 4, 5),
    )
    assert len(post.comments) == 2 and "100 chars" in post.comments[0].body
    assert len(post.tags) == 1
    assert post.scores == {"a": 1, "b": 2}
    assert post.pair == (1, 2, 3)
    item_events = {e.label: e for e in events if e.unit in ("items", "keys")}
    assert item_events["Post.comments"] == TruncationEvent("Post.comments", "items", 5, 2)
    assert item_events["Post.scores"] == TruncationEvent("Post.scores", "keys", 3, 2)


def test_dropped_items_are_not_validated() -> None:
    # Item 3 is invalid, but it is cut before validation: no error.
    post = Post(title="x", comments=[{"body": "a"}, {"body": "b"}, {"body": 12345678}])
    assert [c.body for c in post.comments] == ["a", "b"]


def test_json_schema_is_that_of_the_plain_types() -> None:
    schema = Post.model_json_schema()
    plain = PlainPost.model_json_schema()
    plain["title"] = "Post"
    assert schema == plain


def test_validation_errors_of_the_plain_type_still_happen() -> None:
    with pytest.raises(pydantic.ValidationError):
        Post(title=None)
    with pytest.raises(pydantic.ValidationError):
        Post(title="x", comments="not a list")


def test_invalid_annotation_arguments() -> None:
    with pytest.raises(ValueError):
        Truncated(-1)
    with pytest.raises(TypeError):
        Truncated()
    with pytest.raises(ValueError):
        TruncatedItems(-2)


def test_importable_without_pydantic() -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.modules["pydantic"] = None  # make "import pydantic" fail
        sys.modules["pydantic_core"] = None
        import boundlint_runtime
        from boundlint_runtime.pydantic import Truncated, TruncatedItems
        assert boundlint_runtime.truncate_for_llm({"a": "b" * 100}, 50)
        Truncated(10), TruncatedItems(3)
        print("ok")
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_importing_the_runtime_does_not_import_pydantic() -> None:
    code = "import sys, boundlint_runtime, boundlint_runtime.pydantic; print('pydantic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
