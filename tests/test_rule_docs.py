"""docs/rules/ is generated from the rule classes (scripts/generate_rule_docs.py) and kept current."""

from __future__ import annotations

from boundlint.rules import ALL_RULES
from scripts.generate_rule_docs import DOCS, INDEX, main, stale_pages, write_pages


def test_committed_rule_pages_are_current():
    stale = [f"{path.name}: {why}" for path, why in stale_pages(DOCS)]
    assert stale == [], "rule pages are stale; run `python scripts/generate_rule_docs.py`"


def test_every_rule_has_a_page_listed_in_the_index():
    index = (DOCS / INDEX).read_text(encoding="utf-8")
    for rule in ALL_RULES:
        assert (DOCS / f"{rule.code}.md").is_file()
        assert f"| {rule.code} | {rule.name} |" in index
        assert f"({rule.code}.md)" in index


def test_a_page_is_the_text_boundlint_rule_prints():
    for rule in ALL_RULES:
        assert (DOCS / f"{rule.code}.md").read_text(encoding="utf-8").endswith(rule.documentation())


def test_the_check_fails_on_an_altered_missing_or_left_over_page(tmp_path, capsys):
    write_pages(tmp_path)
    assert stale_pages(tmp_path) == []
    assert main(["--check", "--out", str(tmp_path)]) == 0

    altered = tmp_path / "BL001.md"
    altered.write_text(altered.read_text(encoding="utf-8") + "\nEdited by hand.\n", encoding="utf-8")
    (tmp_path / "BL004.md").unlink()
    (tmp_path / "BL999.md").write_text("# BL999 a rule that is gone\n", encoding="utf-8")
    assert sorted((path.name, why) for path, why in stale_pages(tmp_path)) == [
        ("BL001.md", "differs from its rule class"),
        ("BL004.md", "missing"),
        ("BL999.md", "no such rule"),
    ]
    capsys.readouterr()
    assert main(["--check", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "BL001.md: differs from its rule class" in out
    assert "BL004.md: missing" in out
    assert "BL999.md: no such rule" in out

    assert main(["--out", str(tmp_path)]) == 0
    assert stale_pages(tmp_path) == []
    assert not (tmp_path / "BL999.md").exists()


def test_the_static_code_list_matches_the_registry():
    from boundlint import rules

    assert rules.RULE_CODES == tuple(rule.code for rule in rules.ALL_RULES)
