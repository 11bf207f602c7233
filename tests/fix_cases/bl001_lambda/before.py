from pathlib import Path

from langchain_core.tools import Tool

cat_file = Tool(
    name="cat_file",
    func=lambda path: Path(path).read_text(encoding="utf-8"),
    description="Print a file.",
)
word_count = Tool(name="word_count", func=lambda text: len(text.split()), description="Count words.")
