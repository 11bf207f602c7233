"""`boundlint check --watch`: a check, then another after each change to a watched file."""

from __future__ import annotations

import os

import pytest

from boundlint.cli.main import main
from boundlint.cli.watch import stamp, watch
from tests.helpers import write_tree


def test_a_change_to_a_checked_file_starts_another_check(tmp_path):
    write_tree(tmp_path, {"tools.py": "x = 1\n", "pyproject.toml": "", "notes.txt": ""})
    runs: list[int] = []
    polls: list[int] = []

    def check_once() -> int:
        runs.append(len(polls))
        if len(runs) == 3:
            raise KeyboardInterrupt  # Ctrl-C during the third check
        return 0

    def sleep(_: float) -> None:
        polls.append(1)
        if len(polls) == 2:
            (tmp_path / "notes.txt").write_text("not watched")  # no new check for this one
        if len(polls) == 3:
            (tmp_path / "tools.py").write_text("x = 22\n")  # a new size: timestamps may be coarse
        if len(polls) == 5:
            (tmp_path / "pyproject.toml").write_text("[tool.boundlint]\n")

    assert watch(check_once, [tmp_path], sleep=sleep) == 0
    assert runs == [0, 3, 5]  # once at the start, then after each of the two watched changes


def test_the_stamp_skips_folders_a_check_skips(tmp_path):
    write_tree(tmp_path, {"app/tools.py": "x = 1\n", ".venv/lib/site.py": "x = 1\n", "app/__pycache__/t.py": ""})
    assert {os.path.relpath(name, tmp_path) for name, _, _ in stamp([tmp_path])} == {os.path.join("app", "tools.py")}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--watch", "--fix"], "--watch does not combine with --fix or --diff"),
        (["--watch", "--write-baseline", "b.json"], "--watch checks files on disk again and again"),
    ],
)
def test_watch_refuses_what_it_cannot_repeat(tmp_path, monkeypatch, capsys, args, message):
    write_tree(tmp_path, {"tools.py": "x = 1\n"})
    monkeypatch.chdir(tmp_path)
    assert main(["check", *args]) == 2
    assert message in capsys.readouterr().err
