"""BL900 parse-error and BL901 unused-suppression: diagnostics about the input itself."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from boundlint.analyse.size import HIGH, LOW
from boundlint.core.findings import Finding
from boundlint.core.selection import unknown_selector
from boundlint.rules.base import Rule, RuleContext
from boundlint.survey.suppressions import Suppression


class ParseError(Rule):
    code = "BL900"
    name = "parse-error"
    level = "error"
    precision = "very-high"
    summary = "A file could not be read or parsed, so it was not checked."
    what = """
Reports a file that cannot be decoded (not valid UTF-8 or its declared
encoding, a NUL byte), cannot be read, or is not valid Python syntax. The
message is the reader's or the parser's, with the line where it failed. The
run goes on with the other files. Under a `tests` folder (at any depth) the
finding is `low`, not reported by default: most often a test's broken input
on purpose, in a part of the tree a default run does not analyse.
"""
    why = """
A file that is not checked can hold an unbounded tool. Saying so keeps a
clean report honest: "no findings" must mean "checked and found nothing".
"""
    example = """
@tool
def broken(url: str) -> str
    return fetch(url)  # BL900: syntax error (missing colon)
"""
    fix = """
Fix the syntax or the encoding, or exclude the file (`exclude` /
`extend-exclude` in `[tool.boundlint]`) if it is not Python source that runs.
"""
    valid = ("x = 1\n",)
    invalid = ("def broken(:  # expect\n    pass\n",)

    def check(self, context: RuleContext) -> Iterator[Finding]:
        return iter(())  # made while reading files: survey.file_survey.survey_file, engine.roots.analyse_root

    def from_error(self, filename: str, message: str, line: int, column: int, in_tests: bool = False) -> Finding:
        # Under a `tests` folder (`in_tests`: `discover.files.under_test_folder`) a file that does
        # not parse is most often a test's input on purpose (a linter's or a code cleaner's broken
        # sample), and what a default run leaves unchecked there is a test's anyway: `low`.
        confidence = LOW if in_tests else HIGH
        return Finding(self.code, self.name, message, filename, line, column + 1, line, column + 1, None, confidence)


class UnusedSuppression(Rule):
    code = "BL901"
    name = "unused-suppression"
    level = "note"
    precision = "very-high"
    summary = "A `# boundlint: ignore` or `# noqa: BLxxx` comment suppresses nothing."
    what = """
With `--show-unused-ignores`, reports each `# boundlint: ignore[...]`, bare
`# boundlint: ignore`, or `# noqa:` comment naming BL codes, on a line where
no finding of those codes is reported. Bare `# noqa` comments are left alone:
they may be meant for another linter.
"""
    why = """
A stale suppression hides the next real finding on that line. Removing them
keeps suppressions meaningful.
"""
    example = """
def clip(text: str) -> str:
    return text  # boundlint: ignore[BL006]  <- BL901: nothing to suppress
"""
    fix = "Delete the comment, or the codes in it that no longer apply."
    valid = ("x = 1  # noqa\n",)
    invalid = ("x = 1  # boundlint: ignore[BL001]  # expect\n",)

    def check(self, context: RuleContext) -> Iterator[Finding]:
        return iter(())  # produced after suppressions are applied, see checker

    def from_suppression(self, filename: str, suppression: Suppression, known: Iterable[str]) -> Finding:
        codes = ", ".join(sorted(suppression.codes)) if suppression.codes else "all codes"
        message = f"suppression of {codes} matches no finding on this line"
        codes_known = list(known)
        unknown = [why for code in sorted(suppression.codes or ()) if (why := unknown_selector(code, codes_known))]
        if unknown:
            message = f"suppression names no rule: {'; '.join(unknown)}"
        return Finding(
            self.code,
            self.name,
            message,
            filename,
            suppression.line,
            suppression.column + 1,
            suppression.line,
            suppression.column + 1,
            None,
            HIGH,
        )
