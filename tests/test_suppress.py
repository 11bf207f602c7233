"""Inline suppression comments: what counts, and what never does."""

from __future__ import annotations

from boundlint.survey.suppressions import parse_suppressions


def entries(text: str) -> list[tuple[int, int, frozenset[str] | None, bool]]:
    return [(s.line, s.column, s.codes, s.ours) for found in parse_suppressions(text).values() for s in found]


def test_boundlint_and_noqa_comments_are_read():
    text = (
        "a = f()  # boundlint: ignore[BL001]\n"
        "b = g()  # noqa: BL004, E501\n"
        "c = h()  # noqa\n"
        "d = i()  # BOUNDLINT: IGNORE\n"
    )
    assert entries(text) == [
        (1, 9, frozenset({"BL001"}), True),
        (2, 9, frozenset({"BL004"}), True),
        (3, 9, None, False),
        (4, 9, None, True),
    ]


def test_other_tools_codes_and_strings_are_not_suppressions():
    text = (
        'url = "http://x/#noqa"  # noqa: E501\n'
        's = "# boundlint: ignore"\n'
        '"""\n# noqa\n"""\n'
        "x = 1  # see boundlint docs\n"
    )
    assert entries(text) == []
