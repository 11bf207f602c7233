"""The server's parts without a client: columns, settings, hover, ignore comments, fix-all edits."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402

from boundlint.core.config import Config  # noqa: E402
from boundlint.report.add_ignore import ignore_line  # noqa: E402
from boundlint.server import actions  # noqa: E402
from boundlint.server.hover import rule_at  # noqa: E402
from boundlint.server.positions import UTF8, UTF16, UTF32, from_lsp_character, to_lsp_character  # noqa: E402
from boundlint.server.settings import ServerSettings, read_settings  # noqa: E402

LINE = 'x = "é😀" + text'  # é: 1 UTF-16 unit, 2 UTF-8 bytes; 😀: 2 UTF-16 units, 4 UTF-8 bytes


@pytest.mark.parametrize(("encoding", "character"), [(UTF16, 10), (UTF8, 13), (UTF32, 9)])
def test_a_column_after_non_ascii_text_in_each_encoding(encoding, character):
    column = LINE.index("+") + 1  # 1-based code points
    assert to_lsp_character(LINE, column, encoding) == character
    assert from_lsp_character(LINE, character, encoding) == column


def test_columns_past_the_end_are_clamped():
    assert from_lsp_character("abc", 40, UTF16) == 4
    assert from_lsp_character("abc", 40, UTF32) == 4


def test_settings_are_read_in_ruffs_shape_and_bad_values_are_reported():
    settings, problems = read_settings(
        {"settings": {"minConfidence": "low", "select": ["bl001"], "debounce": 9_999, "runOn": "x", "run": "onSave"}}
    )
    assert settings.min_confidence == "low" and settings.select == ["BL001"] and settings.run == "onSave"
    assert settings.debounce_ms == ServerSettings().debounce_ms
    assert any("debounce" in problem for problem in problems)
    assert any("unknown setting 'runOn'" in problem for problem in problems)
    _, problems = read_settings({"ignore": ["BL01"]})
    assert problems and "BL001" in problems[0]  # the nearest code is suggested


def test_the_projects_configuration_stays_authoritative():
    settings = ServerSettings(min_confidence="low", ignore=["BL004"])
    assert settings.apply_to(Config(root=Path("."))).min_confidence == "low"
    project = Config(root=Path("."), min_confidence="high", ignore=["BL002"])
    applied = settings.apply_to(project)
    assert applied.min_confidence == "high" and applied.ignore == ["BL002"]


@pytest.mark.parametrize(
    ("line", "column", "code"),
    [
        ("x = 1  # boundlint: ignore[BL001, bl004]", 28, "BL001"),
        ("x = 1  # boundlint: ignore[BL001, bl004]", 36, "BL004"),
        ("x = 1  # noqa: BL002", 16, "BL002"),
        ("x = 1  # boundlint: ignore[BL999]", 28, None),
        ("BL001 = 1  # boundlint: ignore", 1, None),
    ],
)
def test_hover_finds_a_known_rule_code_inside_a_suppression(line, column, code):
    assert rule_at(line, column) == code


def test_the_ignore_comment_merges_into_an_existing_one_and_skips_string_lines():
    text = 'a = f(x)  # boundlint: ignore[BL004]\nb = """\nlong\n"""\n'
    assert ignore_line(text, "BL001", (1, 1)) == (1, "a = f(x)  # boundlint: ignore[BL001, BL004]")
    assert ignore_line(text, "BL001", (2, 3)) is None  # lines 2 and 3 end inside a string
    assert ignore_line(text, "BL001", (2, 4)) == (4, '"""  # boundlint: ignore[BL001]')


def test_the_ignore_action_offers_a_reason_placeholder_to_clients_that_take_snippets():
    text = "value = fetch()\n"
    diagnostic = types.Diagnostic(
        range=types.Range(types.Position(0, 0), types.Position(0, 5)),
        message="m",
        code="BL001",
        source="boundlint",
        data={"line": 1, "end_line": 1},
    )
    document = types.OptionalVersionedTextDocumentIdentifier("file:///x.py", 1)
    plain = actions.ignore_action(diagnostic, document, text, UTF16, snippets=False)
    snippet = actions.ignore_action(diagnostic, document, text, UTF16, snippets=True)
    assert plain is not None and snippet is not None
    (edit,) = plain.edit.document_changes[0].edits
    assert edit.new_text == "  # boundlint: ignore[BL001]" and edit.range.start == types.Position(0, 15)
    (edit,) = snippet.edit.document_changes[0].edits
    assert edit.snippet.value == "  # boundlint: ignore[BL001]  # ${1:reason}"
    diagnostic.code = "BL900"
    assert actions.ignore_action(diagnostic, document, text, UTF16, snippets=False) is None


def test_fix_all_edits_touch_only_the_changed_lines():
    old = "import a\nx = 1\ny = 2\n"
    new = "import a\nimport b\nx = 1\ny = b(2)\n"
    edits = actions.fix_all_edits(old, new, UTF16)
    lines = old.splitlines(keepends=True)
    result = old
    for edit in reversed(edits):
        start = sum(map(len, lines[: edit.range.start.line])) + edit.range.start.character
        end = sum(map(len, lines[: edit.range.end.line])) + edit.range.end.character
        result = result[:start] + edit.new_text + result[end:]
    assert result == new
    assert all(edit.range.start.line >= 1 for edit in edits)


@pytest.mark.parametrize(
    ("only", "kind", "wanted"),
    [
        (None, actions.FIX_ALL_KIND, True),
        (["source"], actions.FIX_ALL_KIND, True),
        (["source.fixAll"], actions.FIX_ALL_KIND, True),
        (["source.organizeImports"], actions.FIX_ALL_KIND, False),
        (["quickfix"], "quickfix", True),
    ],
)
def test_which_kinds_a_request_asks_for(only, kind, wanted):
    assert actions.wants(only, kind) is wanted


def test_a_run_asked_to_stop_gives_up_and_keeps_the_last_answers(tmp_path):
    from boundlint.core.cancel import Cancelled
    from boundlint.server.folder_state import Buffer, FolderState
    from tests.server.conftest import write_project

    write_project(tmp_path)
    state = FolderState(tmp_path, ServerSettings())
    first = state.run({})
    tools = tmp_path / "agent/tools.py"
    edited = {tools: Buffer(tools.read_text(encoding="utf-8") + "\n", 2)}  # its root is analysed again
    asked: list[int] = []
    with pytest.raises(Cancelled):  # asked once at the lock, then as the analysis begins
        state.run(edited, stop=lambda: bool(asked.append(1)) or len(asked) > 1)
    assert len(asked) == 2
    assert state.findings == first.findings  # what the given-up run saw is not kept


def test_a_run_asked_to_stop_stops_between_two_fixes(tmp_path, monkeypatch):
    """A full run plans each finding's fix; asked to stop while doing so, it does not go on to the
    next fix (on a large module each one parses the module)."""
    from boundlint.core.cancel import Cancelled, cancellable
    from boundlint.core.config import Config
    from boundlint.engine.roots import Request
    from boundlint.engine.run import CheckOptions, check
    from boundlint.fix import planning

    tools = ["from langchain_core.tools import tool\nimport requests\n"]
    for n in range(4):
        tools.append(
            f'\n\n@tool\ndef fetch_{n}(url: str) -> str:\n    """Fetch."""\n    return requests.get(url).text\n'
        )
    (tmp_path / "tools.py").write_text("".join(tools), encoding="utf-8")
    applied: list[int] = []
    real_apply = planning.apply_candidates

    def counting_apply(*args, **kwargs):
        applied.append(1)
        return real_apply(*args, **kwargs)

    monkeypatch.setattr(planning, "apply_candidates", counting_apply)
    options = CheckOptions(request=Request(fixes=True))
    assert len(check([tmp_path], Config(root=tmp_path), options).findings) == 4
    everything = len(applied)
    assert everything == 5  # the four together, then each alone for its own edits
    applied.clear()
    with cancellable(lambda: len(applied) >= 2), pytest.raises(Cancelled):
        check([tmp_path], Config(root=tmp_path), CheckOptions(request=Request(fixes=True)))
    assert len(applied) == 2
