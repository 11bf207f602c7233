"""Which calls are log calls: text given to them reaches no model (BL006, the data flow)."""

from __future__ import annotations

import pytest

from boundlint.analyse.sinks import is_log_call
from boundlint.project.loader import Loader


@pytest.mark.parametrize(
    ("call", "logs"),
    [
        ("print(x)", True),
        ("logging.info(x)", True),
        ("logger.warning(x)", True),
        ("self._log.error(x)", True),
        ("self . _log.error(x)", True),
        ("(self.log).info(x)", True),
        ("(self\n .logger).info(x)", True),
        ("get_logger().log.debug(x)", True),
        ("console.print(x)", True),
        ("self.console.log(x)", True),
        ("(console).print(x)", False),  # the receiver's code is `(console)`, not `console`
        ("response.error(x)", False),
        ("logger.send(x)", False),
        ("blog.info(x)", True),  # by the receiver's name, as written
        ("records[0].info(x)", False),
    ],
)
def test_a_log_call_is_known_by_its_function_or_its_receivers_last_name(tmp_path, call, logs):
    path = tmp_path / "m.py"
    path.write_text(f"import logging\nfrom logging import info\n{call}\n", encoding="utf-8")
    module = Loader().load(path)
    assert module is not None
    statement = module.tree.body[-1]
    node = statement.body[0].value
    assert is_log_call(module, node) is logs
