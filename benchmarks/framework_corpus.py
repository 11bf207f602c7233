"""Tool discovery and BL001 accuracy per framework, on labelled trees.

    python benchmarks/framework_corpus.py                      # tests/corpus/frameworks/*
    python benchmarks/framework_corpus.py --labels L.json --tree DIR   # a tree labelled elsewhere

Labels say which functions are tools and which of them return unbounded
values. In the corpus they are comments on the `def` line (`# expect: tool`,
`# expect: tool BL001`; see tests/corpus/frameworks/README.md); a tree
labelled outside the project (code nobody here has seen) gives them as JSON:
`{"tools": [{"file": "a/b.py", "line": 12, "label": "BL001" | "bounded"}]}`,
`file` relative to the tree.

For each tree it prints: tools labelled, tools found among them (discovery),
tools found that carry no label (extra), and tool-level BL001 recall (of the
labelled BL001 tools, how many got a BL001) and precision (of the tools that
got a BL001, how many are labelled BL001).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "frameworks"
LABEL = re.compile(r"#\s*expect:\s*tool\b(?P<codes>[^#\n]*)")

if str(ROOT) not in sys.path:  # run as a script: measure this working tree
    sys.path.insert(0, str(ROOT))

from boundlint.core.config import Config  # noqa: E402
from boundlint.engine.roots import Request  # noqa: E402
from boundlint.engine.run import CheckOptions, check  # noqa: E402

Key = tuple[str, int]  # (file relative to the tree, line)


@dataclass
class Score:
    name: str
    labelled: dict[Key, bool] = field(default_factory=dict)  # key -> labelled unbounded (BL001)
    found: set[Key] = field(default_factory=set)
    flagged: set[Key] = field(default_factory=set)  # tools with a BL001

    @property
    def discovered(self) -> int:
        return len(self.found & self.labelled.keys())

    @property
    def extra(self) -> set[Key]:
        return self.found - self.labelled.keys()

    @property
    def discovery(self) -> float:
        return self.discovered / len(self.labelled) if self.labelled else 1.0

    @property
    def recall(self) -> float:
        unbounded = {key for key, bl001 in self.labelled.items() if bl001}
        return len(unbounded & self.flagged) / len(unbounded) if unbounded else 1.0

    @property
    def precision(self) -> float:
        judged = self.flagged & self.labelled.keys()
        return sum(self.labelled[key] for key in judged) / len(judged) if judged else 1.0

    def misses(self) -> list[str]:
        """What went wrong, one line each: for reading a failure."""
        lines = [f"not found: {file}:{line}" for file, line in sorted(self.labelled.keys() - self.found)]
        lines += [f"not a labelled tool: {file}:{line}" for file, line in sorted(self.extra)]
        for key in sorted(self.labelled.keys() & self.found):
            if self.labelled[key] and key not in self.flagged:
                lines.append(f"missed BL001: {key[0]}:{key[1]}")
            if not self.labelled[key] and key in self.flagged:
                lines.append(f"false BL001: {key[0]}:{key[1]}")
        return lines


def comment_labels(tree: Path) -> dict[Key, bool]:
    labels: dict[Key, bool] = {}
    for path in sorted(tree.rglob("*.py")):
        relative = path.relative_to(tree).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = LABEL.search(line)
            if found is not None:
                labels[(relative, number)] = "BL001" in found.group("codes")
    return labels


def json_labels(path: Path) -> dict[Key, bool]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {(item["file"], int(item["line"])): item["label"] == "BL001" for item in data["tools"]}


def score(name: str, tree: Path, labels: dict[Key, bool], config: Config | None = None) -> Score:
    tree = tree.resolve()
    options = CheckOptions(request=Request(tool_rows=True))  # no cache_dir: nothing cached
    result = check([tree], config or Config(root=tree), options)
    outcome = Score(name, labels)
    for row in result.tool_rows or []:
        key = (Path(row.file).resolve().relative_to(tree).as_posix(), row.line)
        outcome.found.add(key)
        if any(finding.code == "BL001" for finding in row.findings):
            outcome.flagged.add(key)
    return outcome


def corpus_scores() -> list[Score]:
    folders = sorted(folder for folder in CORPUS.iterdir() if folder.is_dir())
    return [score(folder.name, folder, comment_labels(folder)) for folder in folders]


def table(scores: list[Score]) -> str:
    lines = [f"{'tree':<24} {'tools':>5} {'found':>5} {'extra':>5} {'discovery':>9} {'recall':>6} {'precision':>9}"]
    for item in scores:
        lines.append(
            f"{item.name:<24} {len(item.labelled):>5} {item.discovered:>5} {len(item.extra):>5} "
            f"{item.discovery:>9.2f} {item.recall:>6.2f} {item.precision:>9.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labels", type=Path, help="labels as JSON (a tree labelled outside the project)")
    parser.add_argument("--tree", type=Path, help="the tree to score (JSON labels, or comment labels)")
    parser.add_argument("--verbose", action="store_true", help="list every miss")
    args = parser.parse_args(argv)
    if args.labels is not None:
        if args.tree is None:
            parser.error("--labels needs --tree")
        scores = [score(args.tree.name, args.tree, json_labels(args.labels))]
    elif args.tree is not None:
        scores = [score(args.tree.name, args.tree, comment_labels(args.tree))]
    else:
        scores = corpus_scores()
    print(table(scores))
    if args.verbose:
        for item in scores:
            for line in item.misses():
                print(f"{item.name}: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
