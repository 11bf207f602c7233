"""File discovery: the .gitignore shortcut and the order of the files found."""

from __future__ import annotations

import pathspec
from hypothesis import given, settings
from hypothesis import strategies as st

from boundlint.core.config import Config
from boundlint.discover.files import _GitIgnore, discover, display_name

GITIGNORE_LINES = [
    "*.pyc",
    "build/",
    "/dist",
    "!keep.py",
    "docs/**/*.py",
    "a?c.py",
    "[ab]*.py",
    "**/gen",
    "x/y/",
    "!build/keep/",
    "# a comment",
    "",
    "\\#hash.py",
    "*.py",
    "!*_test.py",
    "tmp*",
    "/*.txt",
    "a/**/b",
]
SEGMENTS = [
    "a",
    "b",
    "abc.py",
    "build",
    "keep",
    "keep.py",
    "dist",
    "docs",
    "gen",
    "x",
    "y",
    "z_test.py",
    "tmp1",
    "#hash.py",
    "n.txt",
    "m.pyc",
]


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(st.sampled_from(GITIGNORE_LINES), max_size=6),
    parts=st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=5),
    is_dir=st.booleans(),
)
def test_the_gitignore_shortcut_never_changes_pathspecs_verdict(lines, parts, is_dir):
    spec = pathspec.GitIgnoreSpec.from_lines(lines)
    relative = "/".join(parts) + ("/" if is_dir else "")
    assert _GitIgnore(spec).match(relative) == spec.match_file(relative)


def test_discovery_sorts_like_paths_and_applies_nested_gitignores(tmp_path, monkeypatch):
    # "a-b" sorts before "a" as text ("-" < "/") but after it as a path (part by part).
    for name in ["a/z.py", "a-b/c.py", "a/sub/d.py", "a/sub/gen/e.py", "a/ignored.py", "a/keep_me.py"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("ignored.py\n")
    (tmp_path / "a" / "sub" / ".gitignore").write_text("gen/\n")
    found = discover([tmp_path], Config(root=tmp_path))
    assert found == sorted(found)
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a/keep_me.py", "a/sub/d.py", "a/z.py", "a-b/c.py"]
    monkeypatch.chdir(tmp_path)
    assert [display_name(p) for p in found] == ["a/keep_me.py", "a/sub/d.py", "a/z.py", "a-b/c.py"]


def test_a_project_templates_files_are_not_checked_by_default(tmp_path):
    # `{{cookiecutter.project_slug}}/app.py` is Python only once filled in: a parse error each time.
    files = {
        "{{cookiecutter.project_slug}}/app.py": "def {{cookiecutter.fn}}():\n    pass\n",
        "template/{{ name }}.py": "x = {{ value }}\n",
        "app/tools.py": "x = 1\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = discover([tmp_path], Config(root=tmp_path))
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["app/tools.py"]
    # a user's own `exclude` replaces the defaults, templates included
    kept = discover([tmp_path], Config(root=tmp_path, exclude=[".git"]))
    assert len(kept) == 3
