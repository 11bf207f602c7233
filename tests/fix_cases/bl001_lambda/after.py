from pathlib import Path

from boundlint_runtime import truncate_text
from langchain_core.tools import Tool

cat_file = Tool(
    name="cat_file",
    func=lambda path: truncate_text(Path(path).read_text(encoding="utf-8"), max_chars=16_000),
    description="Print a file.",
)
word_count = Tool(name="word_count", func=lambda text: len(text.split()), description="Count words.")
