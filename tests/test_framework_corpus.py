"""The labelled framework corpus (tests/corpus/frameworks): every tool found, nothing else, BL001 on the unbounded.

Each folder holds extracts, written here, of how one framework's public code
declares tools, labelled on the `def` line. The targets of the framework work:
discovery >= 0.95 and tool-level BL001 recall >= 0.9 per framework, and no tool
found that is not labelled one (the folders' in-house look-alikes must stay
quiet). Precision is printed by `python benchmarks/framework_corpus.py`.
"""

from __future__ import annotations

import pytest

from benchmarks.framework_corpus import CORPUS, comment_labels, score

FOLDERS = sorted(path.name for path in CORPUS.iterdir() if path.is_dir())


def test_every_framework_folder_has_labels():
    assert len(FOLDERS) >= 5
    for name in FOLDERS:
        labels = comment_labels(CORPUS / name)
        assert len(labels) >= 10, name
        assert any(labels.values()) and not all(labels.values()), f"{name}: needs bounded and unbounded tools"


@pytest.mark.parametrize("name", FOLDERS)
def test_tools_are_found_and_unbounded_ones_flagged(name):
    result = score(name, CORPUS / name, comment_labels(CORPUS / name))
    misses = "\n".join(result.misses())
    assert result.discovery >= 0.95, misses
    assert not result.extra, misses
    assert result.recall >= 0.9, misses
