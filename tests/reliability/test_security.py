"""The checker reads code; it never imports, runs or evaluates it."""

from __future__ import annotations

import sys
from pathlib import Path

from boundlint.core.config import Config
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check

TRAP = '''
import pathlib
pathlib.Path({marker!r}).write_text("imported")
raise SystemExit("this module must never be imported")

from langchain_core.tools import tool

@tool
def trap(q: str) -> str:
    """T."""
    eval(q)
    return open(q).read()
'''


def test_checked_code_is_never_imported_or_run(tmp_path):
    marker = tmp_path / "was_imported"
    (tmp_path / "trap_module.py").write_text(TRAP.format(marker=str(marker)))
    (tmp_path / "user.py").write_text(
        "from trap_module import trap\nfrom agents import Agent\nagent = Agent(name='a', tools=[trap])\n"
    )
    for request in (Request(), Request(fixes=True), Request(apply_fixes="unsafe"), Request(tool_rows=True)):
        result = check([tmp_path], Config(root=tmp_path), CheckOptions(request=request))
        assert [(Path(f.filename).name, f.code) for f in result.findings] == [("trap_module.py", "BL001")]
    assert not marker.exists()
    assert "trap_module" not in sys.modules
