"""The rule registry: every rule, in code order.

The registry is built on first use (PEP 562): the rules import libcst, which a
warm run that only reads the cache never needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boundlint.rules.base import Rule, RuleContext
    from boundlint.rules.bl900_parse_error import ParseError, UnusedSuppression

    ALL_RULES: tuple[Rule, ...]
    RULES_BY_CODE: dict[str, Rule]
    RULES_BY_NAME: dict[str, Rule]
    PARSE_ERROR: ParseError
    UNUSED_SUPPRESSION: UnusedSuppression

# The codes alone, known without building the registry: the command line checks `--select`
# against them on a warm run too (tests/test_rule_docs.py keeps them equal to the registry's).
RULE_CODES = ("BL001", "BL002", "BL003", "BL004", "BL005", "BL006", "BL900", "BL901")

_REGISTRY: dict[str, Any] = {}


def _build() -> dict[str, Any]:
    if _REGISTRY:
        return _REGISTRY
    from boundlint.rules.base import Rule, RuleContext
    from boundlint.rules.bl001_unbounded_tool_return import UnboundedToolReturn
    from boundlint.rules.bl002_unbounded_str_field import UnboundedStrField
    from boundlint.rules.bl003_unbounded_collection_field import UnboundedCollectionField
    from boundlint.rules.bl004_silent_truncation import SilentTruncation
    from boundlint.rules.bl005_unsafe_byte_truncation import UnsafeByteTruncation
    from boundlint.rules.bl006_marker_over_budget import MarkerOverBudget
    from boundlint.rules.bl900_parse_error import ParseError, UnusedSuppression

    rules: tuple[Rule, ...] = (
        UnboundedToolReturn(),
        UnboundedStrField(),
        UnboundedCollectionField(),
        SilentTruncation(),
        UnsafeByteTruncation(),
        MarkerOverBudget(),
        ParseError(),
        UnusedSuppression(),
    )
    by_code = {rule.code: rule for rule in rules}
    _REGISTRY.update(
        Rule=Rule,
        RuleContext=RuleContext,
        ALL_RULES=rules,
        RULES_BY_CODE=by_code,
        RULES_BY_NAME={rule.name: rule for rule in rules},
        PARSE_ERROR=by_code["BL900"],
        UNUSED_SUPPRESSION=by_code["BL901"],
    )
    return _REGISTRY


def __getattr__(name: str) -> Any:
    registry = _build()
    if name in registry:
        return registry[name]
    raise AttributeError(f"module 'boundlint.rules' has no attribute {name!r}")


def load() -> None:
    """Build the registry now (before forking workers, say), instead of on first use."""
    _build()


def lookup(code_or_name: str) -> Rule | None:
    registry = _build()
    found: Rule | None = registry["RULES_BY_CODE"].get(code_or_name.upper())
    return found or registry["RULES_BY_NAME"].get(code_or_name.lower())


__all__ = ["ALL_RULES", "RULES_BY_CODE", "Rule", "RuleContext", "lookup", "PARSE_ERROR", "UNUSED_SUPPRESSION"]
