"""JSON Lines: one finding per line, for log pipelines and `jq -c` users.

The objects are the same as `--output-format json` writes (the public finding
fields), without the enclosing list, so a consumer can stream them.
"""

from __future__ import annotations

import json
from typing import TextIO

from boundlint.core.result import CheckResult


def write_json_lines(result: CheckResult, out: TextIO) -> None:
    for finding in result.findings:
        out.write(json.dumps(finding.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n")
