"""Hypothesis strategies shared by the runtime tests: hostile text and hostile values."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import os
import uuid
from collections import namedtuple
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

# Property tests: enough examples to find edge cases, few enough for a ~60 s suite on 2 cores.
# A run that repeats them against a copy of the same code (the vendored single file,
# tests/fix/test_runtime_module.py) asks for a share of the examples with BOUNDLINT_EXAMPLE_SHARE.
_SHARE = float(os.environ.get("BOUNDLINT_EXAMPLE_SHARE", "1"))
PROPERTY = settings(
    max_examples=max(10, int(250 * _SHARE)), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
FEW = settings(max_examples=max(10, int(60 * _SHARE)), deadline=None, suppress_health_check=[HealthCheck.too_slow])

PIECES = [
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family: a ZWJ sequence
    "\U0001f44d\U0001f3fd",  # thumbs up + skin tone modifier
    "\U0001f1fa\U0001f1f8",  # a flag: two regional indicators
    "e\u0301",  # e + combining acute
    "\u0915\u094d\u0937",  # Devanagari conjunct
    "\r\n",
    "\n",
    "\t",
    "\x00",
    '"',
    "\\",
    "\ud83d",  # lone high surrogate
    "\ude00",  # lone low surrogate
    "\ud83d\ude00",  # a surrogate pair (two code points in a Python str)
    "\U0001f600",
    "\u6f22\u5b57",
    "\u00e9",
    "\ufeff",
    "[truncated]",
]

texts = st.one_of(
    st.text(max_size=200),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)), max_size=80).map("".join),
    st.builds(lambda piece, n: piece * n, st.sampled_from(PIECES + ["a", "line\n", "x y "]), st.integers(0, 3000)),
)
clean_texts = (
    st.lists(
        st.one_of(
            st.sampled_from([p for p in PIECES if not any("\ud800" <= c <= "\udfff" for c in p)]), st.text(max_size=6)
        ),
        max_size=80,
    )
    .map("".join)
    .filter(lambda s: not any("\ud800" <= c <= "\udfff" for c in s))
)

budgets = st.one_of(st.integers(0, 120), st.integers(0, 5000))


class Color(enum.Enum):
    RED = "red"
    BIG = 10**30


@dataclasses.dataclass
class Point:
    x: Any
    y: Any = None


Pair = namedtuple("Pair", "left right")


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


class HugeRepr:
    def __repr__(self) -> str:
        return "<" + "h" * 50_000 + ">"


class BadMapping(dict):  # type: ignore[type-arg]
    def items(self):  # type: ignore[override]
        raise RuntimeError("cannot iterate")


class BadLen(list):  # type: ignore[type-arg]
    def __len__(self) -> int:
        raise RuntimeError("no len")


class Opaque:
    __slots__ = ()


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    clean_texts,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=8),
        st.dictionaries(clean_texts, inner, max_size=8),
    ),
    max_leaves=60,
)

hostile_scalars = st.one_of(
    json_scalars,
    texts,
    st.floats(),  # NaN, inf
    st.integers(4000, 6000).map(lambda e: 10**e),  # str() refuses ints over 4300 digits
    st.integers(),
    st.binary(max_size=60),
    st.just(bytes(range(256)) * 10),
    st.just(bytearray(b"text in a bytearray")),
    st.datetimes(),
    st.dates(),
    st.decimals(allow_nan=True),
    st.uuids(),
    st.sampled_from(list(Color)),
    st.builds(BadRepr),
    st.builds(HugeRepr),
    st.builds(Opaque),
    st.just(object()),
    st.just(datetime.timedelta(days=1)),
    st.just(complex(1, 2)),
    st.just(uuid.UUID(int=0)),
    st.just(decimal.Decimal("1e999999")),
)
hashable = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), texts, st.tuples(st.integers(), texts))


def _extend(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(inner, max_size=10),
        st.lists(inner, max_size=10).map(tuple),
        st.dictionaries(hashable, inner, max_size=10),
        st.frozensets(hashable, max_size=6),
        st.sets(st.integers(), max_size=6),
        st.builds(Point, inner, inner),
        st.builds(Pair, inner, inner),
        st.lists(inner, max_size=5).map(BadLen),
        st.dictionaries(texts, inner, max_size=3).map(BadMapping),
        st.builds(lambda v, n: [v] * n, inner, st.integers(0, 2000)),  # long, shared items
    )


hostile_values = st.recursive(hostile_scalars, _extend, max_leaves=40)


def with_cycle(value: Any) -> Any:
    """Wrap ``value`` in containers that contain themselves."""
    outer: list[Any] = [value]
    outer.append(outer)
    mapping: dict[str, Any] = {"value": value, "list": outer}
    mapping["self"] = mapping
    return mapping


def deep(depth: int, leaf: Any = "leaf") -> Any:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value
