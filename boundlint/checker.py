"""The check pipeline: discover files -> parse -> find tools and models -> run rules -> filter.

Each stage is guarded per file: a file that cannot be read or parsed becomes a
BL900 finding, and an internal error in one file is reported for that file
while the run goes on.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path

from boundlint.analysis import Analysis
from boundlint.config import Config
from boundlint.files import discover, display_name
from boundlint.findings import CONFIDENCE_ORDER, Finding
from boundlint.modules import ModuleInfo
from boundlint.project import Project, module_name_for
from boundlint.rules import ALL_RULES, PARSE_ERROR, UNUSED_SUPPRESSION, RuleContext
from boundlint.source import SourceError, SourceText, decode_source, parse, read_source
from boundlint.suppress import Suppression, parse_suppressions, suppressing
from boundlint.tools import index_module

REPORT_HINT = "this is a bug in boundlint; please report it with the file that triggers it"


@dataclass
class InternalError:
    filename: str
    message: str

    def __str__(self) -> str:
        return f"{self.filename}: internal error: {self.message} ({REPORT_HINT})"


@dataclass
class CheckResult:
    findings: list[Finding]
    files_checked: int
    errors: list[InternalError] = field(default_factory=list)
    analysis: Analysis | None = None


@dataclass
class CheckOptions:
    show_unused_ignores: bool = False
    force_exclude: bool = False
    stdin: tuple[str, str] | None = None  # (filename, source text)


def _code_enabled(code: str, config: Config) -> bool:
    """ruff's rule: the most specific matching selector wins; on a tie, ignore wins."""
    def best(selectors: list[str]) -> int:
        lengths = [len(s) if s != "ALL" else 0 for s in selectors if s == "ALL" or code.startswith(s)]
        return max(lengths, default=-1)

    selected = best([*config.select, *config.extend_select])
    ignored = best(config.ignore)
    return selected >= 0 and selected > ignored


def _ignored_for_file(finding: Finding, module_path: Path | None, config: Config) -> bool:
    if not config.per_file_ignores:
        return False
    candidates = {finding.filename}
    if module_path is not None:
        try:
            candidates.add(module_path.relative_to(config.root).as_posix())
        except ValueError:
            candidates.add(module_path.as_posix())
    for pattern, codes in config.per_file_ignores.items():
        if any(fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(name, f"*/{pattern}") for name in candidates):
            if any(code == "ALL" or finding.code.startswith(code) for code in codes):
                return True
    return False


def read_module(path: Path, display: str, names: dict[Path, str], text: SourceText | None = None) -> ModuleInfo:
    source = text if text is not None else read_source(path)
    tree = parse(source.text)

    def resolve_relative(level: int, module: str) -> str | None:
        return _resolve_relative(path, names.get(path) or module_name_for(path), level, module)

    return ModuleInfo.build(path, display, names.get(path) or module_name_for(path), source, tree, resolve_relative)


def _resolve_relative(path: Path, own_name: str, level: int, module: str) -> str | None:
    # A package's own __init__ counts as level 1 being the package itself.
    parts = own_name.split(".")
    if path.stem != "__init__":
        parts = parts[:-1]
    if level - 1 > len(parts):
        return None
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, *(module.split(".") if module else [])]) or None


def check(paths: list[Path], config: Config, options: CheckOptions | None = None) -> CheckResult:
    options = options or CheckOptions()
    findings: list[Finding] = []
    errors: list[InternalError] = []
    modules: list[ModuleInfo] = []

    sources: list[tuple[Path, str, SourceText | None]] = []
    if options.stdin is not None:
        filename, text = options.stdin
        path = Path(filename).absolute()
        try:
            sources.append((path, display_name(path), decode_source(text.encode("utf-8", "surrogatepass"))))
        except SourceError as error:
            findings.append(PARSE_ERROR.from_error(display_name(path), str(error), error.line, error.column))
    else:
        for path in discover(paths, config, options.force_exclude):
            sources.append((path, display_name(path), None))

    names = {path: module_name_for(path) for path, _, _ in sources}
    for path, display, text in sources:
        try:
            modules.append(read_module(path, display, names, text))
        except SourceError as error:
            findings.append(PARSE_ERROR.from_error(display, str(error), error.line, error.column))
        except RecursionError:
            findings.append(PARSE_ERROR.from_error(display, "code is nested too deeply to analyse", 1, 0))
        except Exception as error:  # noqa: BLE001 - one bad file must not stop the run
            errors.append(InternalError(display, f"{type(error).__name__}: {error}"))

    project = Project(modules)
    indexes = {}
    for module in list(modules):
        try:
            indexes[module] = index_module(module)
        except RecursionError:
            findings.append(PARSE_ERROR.from_error(module.display, "code is nested too deeply to analyse", 1, 0))
            modules.remove(module)
    project = Project(modules)
    analysis = Analysis(project, config, indexes)
    analysis.run()
    errors.extend(InternalError(module.display, message) for module, message in analysis.errors)

    context = RuleContext(analysis, modules)
    for rule in ALL_RULES:
        if not _code_enabled(rule.code, config):
            continue
        try:
            findings.extend(rule.check(context))
        except Exception as error:  # noqa: BLE001
            errors.append(InternalError("<all files>", f"{rule.code}: {type(error).__name__}: {error}"))

    findings = _filter(findings, modules, config, options)
    findings.sort(key=Finding.sort_key)
    return CheckResult(findings, len(sources), errors, analysis)


def _filter(findings: list[Finding], modules: list[ModuleInfo], config: Config, options: CheckOptions) -> list[Finding]:
    by_display = {module.display: module for module in modules}
    suppressions: dict[str, dict[int, list[Suppression]]] = {
        module.display: parse_suppressions(module.source.text) for module in modules
    }
    threshold = CONFIDENCE_ORDER[config.min_confidence]
    kept: list[Finding] = []
    for finding in findings:
        module = by_display.get(finding.filename)
        if not _code_enabled(finding.code, config):
            continue
        if CONFIDENCE_ORDER.get(finding.confidence, 1) < threshold:
            continue
        if _ignored_for_file(finding, module.path if module else None, config):
            continue
        lines = (finding.line, finding.end_line)
        suppression = suppressing(suppressions.get(finding.filename, {}), finding.code, lines)
        if suppression is not None:
            suppression.used.add(finding.code)
            continue
        kept.append(finding)
    if options.show_unused_ignores:
        for display, by_line in suppressions.items():
            for entries in by_line.values():
                for entry in entries:
                    if entry.ours and _unused(entry):
                        kept.append(UNUSED_SUPPRESSION.from_suppression(display, entry))
    return kept


def _unused(suppression: Suppression) -> bool:
    if suppression.codes is None:
        return not suppression.used
    return bool(suppression.codes - suppression.used)
