"""The CI output formats: exact output for a small tree, SARIF schema validity, escaping.

The expected files in tests/expected/formats/ are written by running the
checker on SNIPPETS in a temporary folder (the working directory, so paths are
relative and stable). Set BOUNDLINT_UPDATE_EXPECTED=1 to rewrite them after an
intended change, and review the diff.
"""

from __future__ import annotations

import io
import json
import os
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from boundlint import __version__
from boundlint.cli.main import main
from boundlint.core.findings import Finding
from boundlint.core.result import CheckResult
from boundlint.report.github import escape_data, escape_property, workflow_command
from boundlint.report.junit import write_junit
from boundlint.rules import ALL_RULES
from tests.helpers import write_tree

EXPECTED = Path(__file__).parent / "expected" / "formats"
SCHEMA = Path(__file__).parent / "sarif-schema-2.1.0.json"
UPDATE = os.environ.get("BOUNDLINT_UPDATE_EXPECTED") == "1"

SNIPPETS = {
    "pkg/__init__.py": "",
    "pkg/tools.py": '''
        import sqlite3

        import requests
        from langchain_core.tools import tool


        @tool
        def fetch_page(url: str) -> str:
            """Fetch a web page."""
            resp = requests.get(url, timeout=10)
            return resp.text


        @tool
        def lookup(name: str) -> str:
            """Look a name up."""
            conn = sqlite3.connect("app.db")
            return conn.execute("SELECT body FROM notes WHERE name = ?", (name,)).fetchone()


        @tool
        def page_head(url: str) -> str:
            """The first part of a page."""
            html = requests.get(url, timeout=10).text
            return html[:2000]
    ''',
    "pkg/text.py": """
        def preview(raw: bytes) -> str:
            return raw[:100].decode("utf-8")
    """,
    # A comma and a space in the path: escaped differently by each format.
    "scripts/odd, name.py": '''
        from pathlib import Path

        from langchain_core.tools import tool


        @tool
        def read_notes(path: str) -> str:
            """Read notes."""
            return Path(path).read_text()
    ''',
}

FORMATS = {
    "sarif": "sarif.json",
    "github": "github.txt",
    "json-lines": "findings.jsonl",
    "junit": "junit.xml",
    "gitlab": "gitlab.json",
    "rdjson": "rdjson.json",
}


def run_format(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    output_format: str,
    files: dict[str, str] = SNIPPETS,
) -> tuple[int, str]:
    write_tree(tmp_path, files)
    monkeypatch.chdir(tmp_path)
    status = main(["check", "--output-format", output_format])
    return status, capsys.readouterr().out.replace(__version__, "<version>")


def without_rule_prose(sarif_text: str) -> str:
    """The SARIF log with the rules' documentation left out.

    The prose belongs to the rules and changes with them; it is checked
    against the rule classes in test_sarif_rules_carry_their_documentation.
    """
    log = json.loads(sarif_text)
    for rule in log["runs"][0]["tool"]["driver"]["rules"]:
        for key in ("shortDescription", "fullDescription", "help"):
            rule[key] = "<from the rule's documentation>"
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("output_format", sorted(FORMATS))
def test_output_matches_expected_file(output_format, tmp_path, monkeypatch, capsys):
    status, output = run_format(tmp_path, monkeypatch, capsys, output_format)
    assert status == 1
    if output_format == "sarif":
        output = without_rule_prose(output)
    expected_file = EXPECTED / FORMATS[output_format]
    if UPDATE:
        expected_file.write_text(output, encoding="utf-8")
    assert output == expected_file.read_text(encoding="utf-8")


def test_the_snippet_tree_exercises_every_level(tmp_path, monkeypatch, capsys):
    # The expected files are only worth comparing if they hold errors, warnings
    # and more than one rule; guard against the snippets drifting into triviality.
    _, output = run_format(tmp_path, monkeypatch, capsys, "json-lines")
    findings = [json.loads(line) for line in output.splitlines()]
    assert {f["code"] for f in findings} == {"BL001", "BL004", "BL005"}
    assert {f["confidence"] for f in findings} == {"high", "medium"}


# -- SARIF ------------------------------------------------------------------


def sarif_of(tmp_path, monkeypatch, capsys, files=SNIPPETS) -> dict:
    _, output = run_format(tmp_path, monkeypatch, capsys, "sarif", files)
    return json.loads(output)


def test_sarif_is_valid_against_the_2_1_0_schema(tmp_path, monkeypatch, capsys):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    log = sarif_of(tmp_path, monkeypatch, capsys)
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["runs"][0]["results"], "a log without results proves little"


def test_sarif_with_no_findings_is_valid_too(tmp_path, monkeypatch, capsys):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    log = sarif_of(tmp_path, monkeypatch, capsys, {"clean.py": "x = 1\n"})
    jsonschema.Draft4Validator(schema).validate(log)
    assert log["runs"][0]["results"] == []


def test_sarif_schema_rejects_a_broken_log(tmp_path, monkeypatch, capsys):
    # The validation above must be able to fail: drop a required property.
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    log = sarif_of(tmp_path, monkeypatch, capsys)
    del log["runs"][0]["tool"]["driver"]["name"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(log)


SCHEMAS = Path(__file__).parent / "schemas"
# Our own encodings of GitLab's and reviewdog's documented formats (see each file's "$comment").
FORMAT_SCHEMAS = {"gitlab": "gitlab-code-quality.schema.json", "rdjson": "rdjson.schema.json"}


def _format_schema(name: str) -> dict:
    schema = json.loads((SCHEMAS / FORMAT_SCHEMAS[name]).read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return schema


@pytest.mark.parametrize("name", sorted(FORMAT_SCHEMAS))
def test_gitlab_and_rdjson_are_valid_against_their_schemas(tmp_path, monkeypatch, capsys, name):
    document = json.loads(run_format(tmp_path, monkeypatch, capsys, name)[1])
    jsonschema.Draft7Validator(_format_schema(name)).validate(document)
    assert document if name == "gitlab" else document["diagnostics"], "a report without findings proves little"


@pytest.mark.parametrize(
    ("name", "break_it"),
    [
        ("gitlab", lambda issues: issues[0].pop("fingerprint")),
        ("gitlab", lambda issues: issues[0].update(severity="warning")),
        ("gitlab", lambda issues: issues[0]["location"].pop("lines")),
        ("rdjson", lambda doc: doc["diagnostics"][0]["location"].pop("path")),
        ("rdjson", lambda doc: doc["diagnostics"][0].update(severity="FATAL")),
        ("rdjson", lambda doc: doc["diagnostics"][0]["location"]["range"]["start"].update(column=0)),
    ],
)
def test_the_format_schemas_reject_a_broken_report(tmp_path, monkeypatch, capsys, name, break_it):
    document = json.loads(run_format(tmp_path, monkeypatch, capsys, name)[1])
    break_it(document)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(_format_schema(name)).validate(document)


def test_sarif_rules_carry_what_code_scanning_shows(tmp_path, monkeypatch, capsys):
    driver = sarif_of(tmp_path, monkeypatch, capsys)["runs"][0]["tool"]["driver"]
    assert driver["name"] == "boundlint" and driver["version"] == "<version>" and driver["informationUri"]
    assert [rule["id"] for rule in driver["rules"]] == [rule.code for rule in ALL_RULES]
    for rule in driver["rules"]:
        assert rule["help"]["text"] and rule["help"]["markdown"].startswith(f"# {rule['id']}")
        assert rule["properties"]["precision"] in ("very-high", "high", "medium", "low")
        assert rule["defaultConfiguration"]["level"] in ("error", "warning", "note")
    bl001 = driver["rules"][0]
    assert "truncate_text" in bl001["help"]["text"]  # the fix is in the help
    assert {"security", "external/cwe/cwe-400", "external/cwe/cwe-770"} <= set(bl001["properties"]["tags"])
    assert any("unbounded-consumption" in tag for tag in bl001["properties"]["tags"])
    assert 0 < float(bl001["properties"]["security-severity"]) <= 10


def test_sarif_rules_carry_their_documentation(tmp_path, monkeypatch, capsys):
    rules = sarif_of(tmp_path, monkeypatch, capsys)["runs"][0]["tool"]["driver"]["rules"]
    for sarif_rule, rule in zip(rules, ALL_RULES, strict=False):
        assert sarif_rule["shortDescription"]["text"] == rule.summary
        assert sarif_rule["help"]["markdown"] == rule.documentation()
        # Unwrapped prose keeps every word of the source text.
        assert sarif_rule["fullDescription"]["text"].split() == rule.what.split()
        assert sarif_rule["help"]["text"].split() == rule.fix.split()


def test_sarif_results_point_at_rules_and_relative_files(tmp_path, monkeypatch, capsys):
    run = sarif_of(tmp_path, monkeypatch, capsys)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert not location["uri"].startswith(("/", "file:"))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"pkg/tools.py", "pkg/text.py", "scripts/odd,%20name.py"}


def test_sarif_uris_are_relative_to_the_repository_root_not_the_working_directory(tmp_path, monkeypatch, capsys):
    (tmp_path / ".git").mkdir()
    write_tree(tmp_path, {f"service/{name}": text for name, text in SNIPPETS.items()})
    monkeypatch.chdir(tmp_path / "service")
    main(["check", "--output-format", "sarif", "pkg"])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"service/pkg/tools.py", "service/pkg/text.py"}


def fingerprints(log: dict) -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for result in log["runs"][0]["results"]:
        key = (result["ruleId"], result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        found.setdefault(key, []).append(result["partialFingerprints"]["boundlint/v1"])
    return found


def test_sarif_fingerprints_survive_moved_lines(tmp_path, monkeypatch, capsys):
    before = sarif_of(tmp_path, monkeypatch, capsys)
    shifted = dict(SNIPPETS)
    shifted["pkg/tools.py"] = "# a comment\n\n\n" + textwrap.dedent(SNIPPETS["pkg/tools.py"]).lstrip("\n")
    after = sarif_of(tmp_path, monkeypatch, capsys, shifted)

    def lines(log):
        return [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in log["runs"][0]["results"]]

    assert lines(before) != lines(after)
    assert fingerprints(before) == fingerprints(after)


def test_sarif_fingerprints_tell_apart_two_findings_of_one_tool(tmp_path, monkeypatch, capsys):
    files = {
        "tools.py": '''
        import requests
        from langchain_core.tools import tool

        @tool
        def fetch(url: str, raw: bool) -> str:
            """Fetch."""
            if raw:
                return requests.get(url).text
            return requests.get(url).text
    '''
    }
    log = sarif_of(tmp_path, monkeypatch, capsys, files)
    prints = [r["partialFingerprints"]["boundlint/v1"] for r in log["runs"][0]["results"]]
    assert len(prints) == 2 and len(set(prints)) == 2


# -- GitHub workflow commands -------------------------------------------------


def finding(**changes) -> Finding:
    values = dict(
        code="BL001",
        name="unbounded-tool-return",
        message="returns `x`",
        filename="a.py",
        line=3,
        column=5,
        end_line=4,
        end_column=9,
        symbol="fetch",
        confidence="high",
    )
    values.update(changes)
    return Finding(**values)  # type: ignore[arg-type]


def test_github_escapes_data_and_properties():
    assert escape_data("100%\r\nnext") == "100%25%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    command = workflow_command(finding(message="50% of a\nb: c, d"), "dir/odd, name:1.py")
    assert command == (
        "::error file=dir/odd%2C name%3A1.py,line=3,col=5,endLine=4,endColumn=9,"
        "title=BL001 unbounded-tool-return::50%25 of a%0Ab: c, d [high]"
    )


def test_github_level_follows_rule_and_confidence():
    assert workflow_command(finding(confidence="medium"), "a.py").startswith("::warning ")
    assert workflow_command(finding(code="BL002", name="unbounded-str-field"), "a.py").startswith("::warning ")
    assert workflow_command(finding(code="BL901", name="unused-suppression"), "a.py").startswith("::notice ")


# -- JUnit and JSON Lines -------------------------------------------------------


def test_junit_is_well_formed_and_counts_failures(tmp_path, monkeypatch, capsys):
    _, output = run_format(tmp_path, monkeypatch, capsys, "junit")
    root = ET.fromstring(output.split("\n", 1)[1])
    suite = root.find("testsuite")
    assert suite is not None
    failures = suite.findall("testcase/failure")
    assert int(suite.get("failures")) == len(failures) == len(suite.findall("testcase")) == 5


def test_junit_for_a_clean_run_has_one_passing_case(tmp_path, monkeypatch, capsys):
    status, output = run_format(tmp_path, monkeypatch, capsys, "junit", {"clean.py": "x = 1\n"})
    assert status == 0
    suite = ET.fromstring(output.split("\n", 1)[1]).find("testsuite")
    assert suite is not None and suite.get("failures") == "0"
    assert [case.get("name") for case in suite.findall("testcase")] == ["no findings"]


def test_junit_survives_characters_xml_cannot_hold():
    out = io.StringIO()
    write_junit(CheckResult([finding(message="bad \x01 char")], 1), out)
    failure = ET.fromstring(out.getvalue().split("\n", 1)[1]).find("testsuite/testcase/failure")
    assert failure is not None and failure.get("message") == "bad \ufffd char"


def test_json_lines_has_the_public_finding_fields(tmp_path, monkeypatch, capsys):
    _, output = run_format(tmp_path, monkeypatch, capsys, "json-lines")
    first = json.loads(output.splitlines()[0])
    assert list(first) == [
        "code",
        "name",
        "message",
        "filename",
        "line",
        "column",
        "end_line",
        "end_column",
        "symbol",
        "confidence",
        "fix",
    ]


def test_gitlab_issues_have_what_code_quality_requires_and_keep_their_fingerprints(tmp_path, monkeypatch, capsys):
    issues = json.loads(run_format(tmp_path, monkeypatch, capsys, "gitlab")[1])
    for issue in issues:
        assert {"description", "check_name", "fingerprint", "severity", "location"} <= issue.keys()
        assert issue["severity"] in ("info", "minor", "major", "critical", "blocker")
        assert issue["location"]["lines"]["begin"] >= 1 and not issue["location"]["path"].startswith("/")
    assert len({issue["fingerprint"] for issue in issues}) == len(issues)
    shifted = dict(SNIPPETS)
    shifted["pkg/tools.py"] = "# a comment\n\n\n" + textwrap.dedent(SNIPPETS["pkg/tools.py"]).lstrip("\n")
    moved = json.loads(run_format(tmp_path / "moved", monkeypatch, capsys, "gitlab", shifted)[1])
    assert [i["fingerprint"] for i in moved] == [i["fingerprint"] for i in issues]
    assert [i["location"]["lines"]["begin"] for i in moved] != [i["location"]["lines"]["begin"] for i in issues]


def test_rdjson_counts_columns_in_utf8_bytes_and_suggests_only_safe_fixes(tmp_path, monkeypatch, capsys):
    files = {
        "tools.py": '''
        import requests
        from langchain_core.tools import tool

        @tool
        def page(url: str) -> str:
            """A page."""
            é = requests.get(url).text; return é

        @tool
        def rows(url: str) -> list[dict]:
            """Rows: only an unsafe fix."""
            return [row for row in requests.get(url).json()["rows"]]
    '''
    }
    document = json.loads(run_format(tmp_path, monkeypatch, capsys, "rdjson", files)[1])
    page, rows = document["diagnostics"]
    # `return` follows 32 characters, 33 bytes (`é` is two): column 33 in characters, 34 in bytes
    assert page["location"]["range"]["start"] == {"line": 7, "column": 34}
    assert [s["text"] for s in page["suggestions"]][-1] == "truncate_text(é, max_chars=16_000)"
    assert "suggestions" not in rows  # its fix is unsafe
    assert {d["severity"] for d in document["diagnostics"]} <= {"ERROR", "WARNING", "INFO"}
