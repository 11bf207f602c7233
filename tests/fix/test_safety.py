"""What `fix` refuses to do: write broken code, touch code outside its target, follow links, race edits."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import libcst as cst
import pytest

from boundlint.edit.imports import ImportChanges
from boundlint.edit.model import SAFE, Candidate
from boundlint.fix.apply import FixFailed, _verify
from boundlint.fix.writer import WriteRefused, inside, write_fixed
from boundlint.rules.bl005_unsafe_byte_truncation import UnsafeByteTruncation
from tests.fix.cases import fix

BYTES_CUT = textwrap.dedent("""\
    def preview(raw: bytes, n: int) -> str:
        return raw[:n].decode()  # strict
""")
TOOL = textwrap.dedent('''\
    import requests
    from langchain_core.tools import tool


    @tool
    def page(url: str) -> str:
        """A page."""
        return requests.get(url).text
''')


def _write(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fix_that_does_not_compile_writes_nothing(tmp_path, monkeypatch):
    path = _write(tmp_path, "text.py", BYTES_CUT)
    original = UnsafeByteTruncation.plan_fix

    def broken(self, target, context):
        good = original(self, target, context)
        # `await` in a plain function: parses, but does not compile.
        return Candidate(
            good.finding, good.module, good.target, lambda node, names: cst.Await(expression=node), SAFE, good.message
        )

    monkeypatch.setattr(UnsafeByteTruncation, "plan_fix", broken)
    run = fix(tmp_path)
    assert path.read_text(encoding="utf-8") == BYTES_CUT
    assert run.code == 2
    assert "text.py: not fixed: the fixed code does not compile" in run.err


def test_a_fix_that_fails_while_building_writes_nothing(tmp_path, monkeypatch):
    path = _write(tmp_path, "text.py", BYTES_CUT)
    original = UnsafeByteTruncation.plan_fix

    def broken(self, target, context):
        good = original(self, target, context)

        def build(node, names):
            raise ValueError("boom")

        return Candidate(good.finding, good.module, good.target, build, SAFE, good.message)

    monkeypatch.setattr(UnsafeByteTruncation, "plan_fix", broken)
    run = fix(tmp_path)
    assert path.read_text(encoding="utf-8") == BYTES_CUT
    assert run.code == 2
    assert "building the fix failed: ValueError: boom" in run.err


def test_verification_catches_a_change_outside_the_fixed_nodes():
    tree = cst.parse_module("a = 1  # one\nb = 2\n")
    # Change `b = 2` without recording it as a fix target or an import change.
    statement = tree.body[1]
    changed = tree.with_changes(
        body=[tree.body[0], statement.with_changes(body=[statement.body[0].with_changes(value=cst.Integer("3"))])]
    )
    with pytest.raises(FixFailed, match="outside the node it targets"):
        _verify(tree, changed, {}, ImportChanges(), tree.code, changed.code)


def test_verification_accepts_recorded_changes_only():
    tree = cst.parse_module("a = 1  # one\nb = 2\n")
    old_value = tree.body[1].body[0].value
    new_value = cst.Integer("3")
    assign = tree.body[1].body[0].with_changes(value=new_value)
    changed = tree.with_changes(body=[tree.body[0], tree.body[1].with_changes(body=[assign])])
    _verify(tree, changed, {id(new_value): (new_value, old_value)}, ImportChanges(), tree.code, changed.code)


def test_a_file_edited_meanwhile_is_not_overwritten(tmp_path):
    path = _write(tmp_path, "text.py", BYTES_CUT)
    path.write_text(BYTES_CUT + "# edited by someone else\n", encoding="utf-8")
    with pytest.raises(WriteRefused, match="changed on disk"):
        write_fixed(path, BYTES_CUT, BYTES_CUT.replace("decode()", 'decode(errors="ignore")'), [tmp_path])
    assert path.read_text(encoding="utf-8").endswith("# edited by someone else\n")


def test_nothing_outside_the_given_paths_is_written(tmp_path):
    inner, outer = tmp_path / "inner", tmp_path / "outer"
    inner.mkdir()
    path = _write(outer, "text.py", BYTES_CUT)
    with pytest.raises(WriteRefused, match="outside the checked tree"):
        write_fixed(path, BYTES_CUT, BYTES_CUT + "\n", [inner])
    assert path.read_text(encoding="utf-8") == BYTES_CUT
    assert inside(path, [tmp_path]) and not inside(path, [inner])


def test_text_the_encoding_cannot_hold_is_not_written(tmp_path):
    path = tmp_path / "text.py"
    path.write_bytes(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n")
    analysed = "# -*- coding: latin-1 -*-\nx = 'é'\n"
    with pytest.raises(WriteRefused, match="cannot be encoded"):
        write_fixed(path, analysed, analysed + "y = '€'\n", [tmp_path])


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_to_a_file_outside_the_tree_is_never_written_through(tmp_path):
    tree, elsewhere = tmp_path / "tree", tmp_path / "elsewhere"
    target = _write(elsewhere, "tool.py", TOOL)
    tree.mkdir()
    (tree / "tool.py").symlink_to(target)
    run = fix(tree)
    assert target.read_text(encoding="utf-8") == TOOL
    assert (tree / "tool.py").is_symlink()
    assert "tool.py: skipped: it is a symbolic link" in run.err
    assert run.code == 1  # the finding is still there


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_inside_the_tree_is_fixed_once_through_its_target(tmp_path):
    target = _write(tmp_path, "tool.py", TOOL)
    (tmp_path / "alias.py").symlink_to(target)
    _write(tmp_path, "requirements.txt", "boundlint-runtime\n")  # declared: nothing to say of it
    run = fix(tmp_path)
    assert run.code == 0, run.out + run.err
    assert target.read_text(encoding="utf-8").count("truncate_text(") == 1
    assert (tmp_path / "alias.py").is_symlink()
    assert run.err == ""


def test_a_run_with_an_error_in_one_file_still_fixes_the_others(tmp_path, monkeypatch):
    good = _write(tmp_path, "a_tool.py", TOOL)
    bad = _write(tmp_path, "b_text.py", BYTES_CUT)
    original = UnsafeByteTruncation.plan_fix

    def broken(self, target, context):
        candidate = original(self, target, context)
        return Candidate(
            candidate.finding,
            candidate.module,
            candidate.target,
            lambda node, names: cst.Await(expression=node),
            SAFE,
            candidate.message,
        )

    monkeypatch.setattr(UnsafeByteTruncation, "plan_fix", broken)
    run = fix(tmp_path)
    assert "truncate_text(requests.get(url).text" in good.read_text(encoding="utf-8")
    assert bad.read_text(encoding="utf-8") == BYTES_CUT
    assert run.code == 2


def test_the_per_statement_check_catches_a_change_outside_the_fixed_nodes(tmp_path, monkeypatch):
    from boundlint.edit import imports

    path = _write(tmp_path, "tool.py", TOOL + "\nLIMIT = 1\n")
    original_apply = imports.ImportPlanner.apply

    def sloppy(self, tree):
        fixed, changes = original_apply(self, tree)
        last = fixed.body[-1]  # `LIMIT = 1`, changed behind the verifier's back
        changed = last.with_changes(body=[last.body[0].with_changes(value=cst.Integer("2"))])
        return fixed.with_changes(body=[*fixed.body[:-1], changed]), changes

    monkeypatch.setattr(imports.ImportPlanner, "apply", sloppy)
    run = fix(tmp_path)
    assert run.code == 2
    assert "tool.py: not fixed: a fix would change code outside the node it targets" in run.err
    assert path.read_text(encoding="utf-8") == TOOL + "\nLIMIT = 1\n"


def test_a_file_libcst_parses_only_respelled_gets_no_fix(tmp_path):
    # A line holding only `\` before a `def` is valid Python that libcst's parser stops at. The
    # file is checked as if that line were blank, and a fix would write it back so: no fix.
    source = (
        "import requests\nfrom langchain_core.tools import tool\n\\\n@tool\n"
        'def fetch(url: str) -> str:\n    """Fetch."""\n    return requests.get(url).text\n'
    )
    path = tmp_path / "tools.py"
    path.write_text(source, encoding="utf-8")
    run = fix(tmp_path)
    assert "BL001" in run.out and "does not write this file back" in run.out
    assert path.read_text(encoding="utf-8") == source
