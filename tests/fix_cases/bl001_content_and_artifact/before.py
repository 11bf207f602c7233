from langchain_core.documents import Document
from langchain_core.tools import tool

from .store import search


@tool(response_format="content_and_artifact")
def passages(query: str) -> tuple[str, list[Document]]:
    """Only the content (first element) reaches the model: only it is wrapped."""
    docs = [Document(page_content=hit) for hit in search(query)]
    return "\n\n".join(d.page_content for d in docs), docs


@tool(response_format="content_and_artifact")
def passages_later(query: str) -> tuple[str, list[Document]]:
    """A tuple built elsewhere: no automatic fix."""
    docs = [Document(page_content=hit) for hit in search(query)]
    result = ("\n\n".join(d.page_content for d in docs), docs)
    return result
