"""`boundlint fix`: libcst codemods that insert the checkpoint and the bounds the rules ask for.

Entry points for the command line and the reporters:

* `add_fix_arguments(parser)` and `run_fix(paths, config, options, diff=, unsafe=, out=, err=)`
  (`boundlint.fix.cli`);
* `attach_fixes(result, config)` / `fixes_for(result, config)` (`boundlint.fix.engine`): each
  finding's fix as ruff-style JSON (`applicability`, `message`, `edits`).

See docs/fix.md for what each rule's fix does and when it is safe.
"""

from boundlint.fix.cli import add_fix_arguments, run_fix
from boundlint.fix.engine import attach_fixes, fixes_for, plan
from boundlint.fix.model import SAFE, UNSAFE, Edit, Fix

__all__ = ["SAFE", "UNSAFE", "Edit", "Fix", "add_fix_arguments", "attach_fixes", "fixes_for", "plan", "run_fix"]
