from pydantic import BaseModel, conlist, constr
from smolagents import tool


class Page(BaseModel):
    body: constr(min_length=1, max_length=4_000)
    lines: conlist(str, min_length=1, max_length=50)


@tool
def page(slug: str) -> Page:
    """A page.

    Args:
        slug: the page's slug.
    """
    return Page(body=slug, lines=["x"])
