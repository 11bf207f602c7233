from pydantic import BaseModel, conlist, constr
from smolagents import tool


class Page(BaseModel):
    body: constr(min_length=1)
    lines: conlist(str, min_length=1)


@tool
def page(slug: str) -> Page:
    """A page.

    Args:
        slug: the page's slug.
    """
    return Page(body=slug, lines=["x"])
