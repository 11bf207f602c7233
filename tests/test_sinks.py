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


@pytest.mark.parametrize(
    ("body", "printed"),
    [
        ("preview = text[:20] + '...'\nlogger.debug(preview)\nreturn text", {"preview"}),
        ("preview = text[:20] + '...'\nlogger.debug(preview)\nreturn preview", set()),
        # a list filled with a preview, then only logged: both reach no model
        (
            "safe = []\npreview = text[:20] + '...'\nsafe.append({'preview': preview})\n"
            "logger.debug(f'docs: {safe}')\nreturn text",
            {"safe", "preview"},
        ),
        # the list is returned: what fills it reaches the model
        ("safe = []\npreview = text[:20] + '...'\nsafe.append(preview)\nlogger.debug(safe)\nreturn safe", set()),
        # logged, and also put in a list that is returned
        (
            "out = []\npreview = text[:20] + '...'\nlogger.debug(preview)\nout.append(preview)\nreturn out",
            set(),
        ),
    ],
)
def test_a_local_read_only_by_log_calls_or_lists_only_logged_is_printed_only(tmp_path, body, printed):
    from boundlint.analyse.sinks import printed_only

    path = tmp_path / "m.py"
    indented = "".join(f"    {line}\n" for line in body.splitlines())
    path.write_text(f"import logging\nlogger = logging.getLogger()\n\ndef f(text):\n{indented}", encoding="utf-8")
    module = Loader().load(path)
    assert module is not None
    function = module.tree.body[-1]
    assert printed_only(module, function) == printed
