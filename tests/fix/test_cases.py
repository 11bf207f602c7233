"""The before/after cases in tests/fix_cases/ are the specification of every fix."""

from __future__ import annotations

import difflib
import json
import os
import stat
from pathlib import Path

import pytest

from boundlint.engine.roots import Request
from boundlint.fix.apply import apply_edits
from tests.fix.cases import MODULE, Case, all_cases, check_tree, fix, prepare

CASES = all_cases()
IDS = [case.name for case in CASES]


def test_there_are_cases_for_every_fixable_rule():
    names = " ".join(IDS)
    for prefix in ("bl001_", "fields_", "bl004_", "bl005_", "bl006_", "imports_", "format_"):
        assert prefix in names
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_fix_turns_before_into_after(tmp_path: Path, case: Case):
    target = prepare(case, tmp_path)
    run = fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes().decode("utf-8") == case.after.decode("utf-8")
    assert run.err == ""
    assert run.code == (1 if case.remaining else 0), run.out
    left = check_tree(tmp_path)
    assert sorted(f.code for f in left.findings) == case.remaining


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_fixing_twice_changes_nothing(tmp_path: Path, case: Case):
    target = prepare(case, tmp_path, before=case.after)
    run = fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == case.after
    assert ": fixed " not in run.out and "Fixed " not in run.out
    diff = fix(tmp_path, unsafe=case.unsafe, diff=True)
    assert diff.out == ""
    assert diff.code == 0


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_diff_prints_the_change_and_writes_nothing(tmp_path: Path, case: Case):
    target = prepare(case, tmp_path)
    run = fix(tmp_path, unsafe=case.unsafe, diff=True)
    assert target.read_bytes() == case.before
    expected = "".join(
        difflib.unified_diff(
            case.before.decode().splitlines(keepends=True),
            case.after.decode().splitlines(keepends=True),
            fromfile=f"a/{MODULE}",
            tofile=f"b/{MODULE}",
        )
    )
    assert run.out == expected
    changed = case.before != case.after
    assert run.code == (1 if changed else 0)
    assert ("Would fix" in run.err) == changed


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_json_fixes_are_ruff_shaped_and_apply_cleanly(tmp_path: Path, case: Case):
    prepare(case, tmp_path)
    previous = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = check_tree(Path("."), Request(fixes=True))
    finally:
        os.chdir(previous)
    before = case.before.decode("utf-8")
    with_fix = [f for f in result.findings if f.fix is not None]
    assert with_fix or case.before == case.after or case.remaining
    for finding in with_fix:
        fix_json = json.loads(json.dumps(finding.fix))  # plain JSON
        assert set(fix_json) == {"applicability", "message", "edits"}
        assert fix_json["applicability"] in ("safe", "unsafe")
        assert fix_json["message"]
        assert fix_json["edits"]
        for edit in fix_json["edits"]:
            assert set(edit) == {"content", "location", "end_location"}
            assert edit["location"]["row"] >= 1 and edit["location"]["column"] >= 1
            assert (edit["location"]["row"], edit["location"]["column"]) <= (
                edit["end_location"]["row"],
                edit["end_location"]["column"],
            )
        fixed = apply_edits(before, _edits(fix_json))
        compile(fixed, MODULE, "exec")
        assert fixed != before
    applied = [f for f in with_fix if f.fix["applicability"] == "safe" or case.unsafe]
    if len(applied) == 1 and not case.remaining and case.before != case.after:
        # A case that fixes exactly one finding: its JSON edits give after.py.
        assert apply_edits(before, _edits(applied[0].fix)) == case.after.decode("utf-8")


def _edits(fix_json: dict):
    from boundlint.edit.model import Edit

    return [
        Edit(
            e["content"],
            (e["location"]["row"], e["location"]["column"]),
            (e["end_location"]["row"], e["end_location"]["column"]),
        )
        for e in fix_json["edits"]
    ]


# -- the same cases in other encodings, line endings and modes ------------------------

VARIANT_CASES = [
    case
    for case in CASES
    if case.name
    in (
        "bl001_call_style",
        "fields_truncate",
        "imports_docstring_future",
        "bl006_marker_budget",
        "bl005_decode",
        "imports_extend_multiline",
        "format_tabs_non_ascii",
    )
]
VARIANT_IDS = [case.name for case in VARIANT_CASES]


def _crlf(data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


@pytest.mark.parametrize("case", VARIANT_CASES, ids=VARIANT_IDS)
def test_crlf_files_stay_crlf(tmp_path: Path, case: Case):
    target = prepare(case, tmp_path, before=_crlf(case.before))
    fix(tmp_path, unsafe=case.unsafe)
    data = target.read_bytes()
    assert data == _crlf(case.after)
    assert b"\n" not in data.replace(b"\r\n", b"")


@pytest.mark.parametrize("case", VARIANT_CASES, ids=VARIANT_IDS)
def test_utf8_bom_is_kept(tmp_path: Path, case: Case):
    bom = b"\xef\xbb\xbf"
    target = prepare(case, tmp_path, before=bom + case.before)
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == bom + case.after


@pytest.mark.parametrize("case", VARIANT_CASES, ids=VARIANT_IDS)
def test_missing_final_newline_stays_missing(tmp_path: Path, case: Case):
    target = prepare(case, tmp_path, before=case.before.rstrip(b"\n"))
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == case.after.rstrip(b"\n")


def _latin1(case: Case) -> bool:
    try:
        case.before.decode("utf-8").encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


LATIN1_CASES = [case for case in VARIANT_CASES if _latin1(case)]


@pytest.mark.parametrize("case", LATIN1_CASES, ids=[case.name for case in LATIN1_CASES])
def test_declared_encoding_is_kept(tmp_path: Path, case: Case):
    header = "# -*- coding: latin-1 -*-\n# Données éditées à la main.\n"
    before = (header + case.before.decode("utf-8")).encode("latin-1")
    target = prepare(case, tmp_path, before=before)
    fix(tmp_path, unsafe=case.unsafe)
    assert target.read_bytes() == (header + case.after.decode("utf-8")).encode("latin-1")


@pytest.mark.parametrize("mode", [0o600, 0o644, 0o755])
def test_permissions_are_kept(tmp_path: Path, mode: int):
    case = next(c for c in CASES if c.name == "bl001_call_style")
    target = prepare(case, tmp_path)
    target.chmod(mode)
    fix(tmp_path)
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_bytes() == case.after
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([MODULE, "requirements.txt"])  # no temporary file
