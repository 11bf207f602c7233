"""A Strands tool that returns its result dict (`{"status": ..., "content": [...]}`) gets a fix
inside the blocks: each `text` cut as text, each `json` as data; the result stays a result, so
Strands still reads its status and blocks. A `truncate_for_llm` around the whole dict would
hand Strands a plain copy that may no longer be a result."""

from __future__ import annotations

import pytest

from boundlint.core.config import Config
from boundlint.edit.model import Edit
from boundlint.engine.roots import Request
from boundlint.engine.run import CheckOptions, check
from boundlint.fix.apply import apply_edits
from tests.helpers import write_tree

HEADER = """import requests
from strands import tool


"""


def bl001_fixes(tmp_path, body: str, **settings: object) -> list[tuple[dict | None, str]]:
    """Each BL001 fix of `body` as JSON, with the module as that fix alone leaves it."""
    source = HEADER + body
    write_tree(tmp_path, {"tools.py": source})
    settings = {"fix_min_confidence": "low", **settings}  # how each fix is written, whatever the confidence
    config = Config(root=tmp_path, **settings)  # type: ignore[arg-type]
    result = check([tmp_path], config, CheckOptions(request=Request(fixes=True)))
    found = []
    for finding in result.findings:
        if finding.code != "BL001":
            continue
        edits = [
            Edit(
                e["content"],
                (e["location"]["row"], e["location"]["column"]),
                (e["end_location"]["row"], e["end_location"]["column"]),
            )
            for e in (finding.fix or {}).get("edits", [])
        ]
        found.append((finding.fix, apply_edits(source, edits)))
    return found


def test_the_text_and_json_blocks_are_cut_inside_the_result(tmp_path):
    body = (
        "@tool\ndef fetch(url: str) -> dict:\n"
        "    response = requests.get(url)\n"
        '    return {"status": "success", "content": [{"text": "Fetched."}, {"text": response.text}, '
        '{"json": response.json()}]}\n'
    )
    [(fix, after)] = bl001_fixes(tmp_path, body)
    assert fix is not None and fix["applicability"] == "safe"
    assert (
        '    return {"status": "success", "content": [{"text": "Fetched."}, '
        '{"text": truncate_text(response.text, max_chars=16_000)}, '
        '{"json": truncate_for_llm(response.json(), max_chars=16_000)}]}\n'
    ) in after
    assert "from boundlint_runtime import truncate_for_llm, truncate_text\n" in after


@pytest.mark.parametrize(
    ("options", "block"),
    [
        (
            ", ensure_ascii=False",
            '{"text": json.dumps(truncate_for_llm(requests.get(url).json(), max_chars=16_000), ensure_ascii=False)}',
        ),
        ("", '{"text": truncate_json(json.dumps(requests.get(url).json()), max_chars=16_000)}'),
    ],
)
def test_json_text_in_a_block_stays_valid_json_within_the_budget(tmp_path, options, block):
    body = (
        "import json\n\n\n@tool\ndef rows(url: str) -> dict:\n"
        f'    return {{"status": "success", "content": [{{"text": json.dumps(requests.get(url).json(){options})}}]}}\n'
    )
    [(fix, after)] = bl001_fixes(tmp_path, body)
    assert fix is not None
    assert block in after


def test_blocks_built_elsewhere_get_no_fix(tmp_path):
    body = (
        "@tool\ndef fetch(url: str) -> dict:\n"
        '    blocks = [{"text": requests.get(url).text}]\n'
        '    return {"status": "success", "content": blocks}\n'
    )
    [(fix, _)] = bl001_fixes(tmp_path, body)
    assert fix is None


def test_a_result_with_an_image_block_gets_no_fix(tmp_path):
    """The image may be what is large: a cut of the text beside it would leave the finding, and
    each run of `fix` would cut the text once more."""
    body = (
        "import base64\n\n\n@tool\ndef draw(prompt: str) -> dict:\n"
        "    data = requests.post('https://images.example', json={'p': prompt}).json()['image']\n"
        '    return {"status": "success", "content": [{"text": f"Saved {prompt}."}, '
        '{"image": {"format": "png", "source": {"bytes": base64.b64decode(data)}}}]}\n'
    )
    assert [fix for fix, _ in bl001_fixes(tmp_path, body)] == [None]


def test_a_block_already_cut_is_not_cut_again(tmp_path):
    body = (
        "from boundlint_runtime import truncate_text\n\n\n@tool\ndef fetch(url: str) -> dict:\n"
        "    response = requests.get(url)\n"
        '    return {"status": "success", "content": [{"text": truncate_text(response.text, max_chars=100)}, '
        '{"json": response.json()}]}\n'
    )
    [(fix, after)] = bl001_fixes(tmp_path, body)
    assert fix is not None
    assert '{"text": truncate_text(response.text, max_chars=100)}' in after
    assert '{"json": truncate_for_llm(response.json(), max_chars=16_000)}' in after


def test_a_block_cut_by_a_configured_checkpoint_is_not_cut_again(tmp_path):
    body = (
        "from mylib import clip\n\n\n@tool\ndef fetch(url: str) -> dict:\n"
        "    response = requests.get(url)\n"
        '    return {"status": "success", "content": [{"text": clip(response.text)}, {"json": response.json()}]}\n'
    )
    [(fix, after)] = bl001_fixes(tmp_path, body, extend_checkpoints=["mylib.clip"])
    assert fix is not None
    assert '{"text": clip(response.text)}' in after
    assert '{"json": truncate_for_llm(response.json(), max_chars=16_000)}' in after
