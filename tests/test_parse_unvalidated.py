"""libcst's field checks are skipped for the nodes its parser builds, and only for those."""

from __future__ import annotations

import threading

import libcst as cst
import pytest

from boundlint.parse.source import parse
from boundlint.parse.unvalidated import parsing_unvalidated


def test_a_parsed_tree_still_gives_its_text_back():
    text = "def f(a, *, b=(1, 2)):\n    return [x for x in a if x]  # kept\n"
    assert parse(text).code == text


def test_nodes_made_outside_a_parse_are_still_checked():
    parse("x = 1\n")  # installs the switch
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")


def test_the_switch_skips_the_checks_in_the_parsing_thread_only():
    made_elsewhere: list[BaseException | None] = []

    def make_a_bad_name() -> None:
        try:
            cst.Name("")
            made_elsewhere.append(None)
        except cst.CSTValidationError as error:
            made_elsewhere.append(error)

    with parsing_unvalidated():
        cst.Name("")  # what the parser makes is not checked again
        other = threading.Thread(target=make_a_bad_name)
        other.start()
        other.join()
    assert isinstance(made_elsewhere[0], cst.CSTValidationError)
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")  # and after the block, here too
