"""The rule registry: every rule, in code order."""

from __future__ import annotations

from boundlint.rules.base import Rule, RuleContext
from boundlint.rules.bl001_unbounded_tool_return import UnboundedToolReturn
from boundlint.rules.bl002_unbounded_str_field import UnboundedStrField
from boundlint.rules.bl003_unbounded_collection_field import UnboundedCollectionField
from boundlint.rules.bl004_silent_truncation import SilentTruncation
from boundlint.rules.bl005_unsafe_byte_truncation import UnsafeByteTruncation
from boundlint.rules.bl006_marker_over_budget import MarkerOverBudget
from boundlint.rules.bl900_parse_error import ParseError, UnusedSuppression

ALL_RULES: tuple[Rule, ...] = (
    UnboundedToolReturn(),
    UnboundedStrField(),
    UnboundedCollectionField(),
    SilentTruncation(),
    UnsafeByteTruncation(),
    MarkerOverBudget(),
    ParseError(),
    UnusedSuppression(),
)
RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in ALL_RULES}
RULES_BY_NAME: dict[str, Rule] = {rule.name: rule for rule in ALL_RULES}
PARSE_ERROR: ParseError = RULES_BY_CODE["BL900"]  # type: ignore[assignment]
UNUSED_SUPPRESSION: UnusedSuppression = RULES_BY_CODE["BL901"]  # type: ignore[assignment]


def lookup(code_or_name: str) -> Rule | None:
    return RULES_BY_CODE.get(code_or_name.upper()) or RULES_BY_NAME.get(code_or_name.lower())


__all__ = ["ALL_RULES", "RULES_BY_CODE", "Rule", "RuleContext", "lookup", "PARSE_ERROR", "UNUSED_SUPPRESSION"]
