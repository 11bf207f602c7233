from boundlint_runtime import truncate_text
from langchain_core.documents import Document
from langchain_core.tools import tool

from .store import search


@tool(response_format="content_and_artifact")
def passages(query: str) -> tuple[str, list[Document]]:
    """Only the content (first element) reaches the model: only it is wrapped."""
    docs = [Document(page_content=hit) for hit in search(query)]
    return truncate_text("\n\n".join(d.page_content for d in docs), max_chars=16_000), docs


@tool(response_format="content_and_artifact")
def passages_later(query: str) -> tuple[str, list[Document]]:
    """A tuple built elsewhere: no automatic fix."""
    docs = [Document(page_content=hit) for hit in search(query)]
    result = ("\n\n".join(d.page_content for d in docs), docs)
    return result
