"""fastapi-mcp serving only some routes: by operation id and by tag."""

import httpx
from fastapi import APIRouter, FastAPI
from fastapi_mcp import FastApiMCP

books = APIRouter(prefix="/books", tags=["books"])
admin = APIRouter(prefix="/admin", tags=["admin"])


@books.get("/{isbn}", operation_id="get_book")
def get_book(isbn: str) -> dict:  # expect: tool
    return {"isbn": isbn, "available": True}


@books.get("/{isbn}/fulltext", operation_id="book_text")
def book_text(isbn: str) -> str:  # expect: tool BL001
    return httpx.get(f"https://texts.example.com/{isbn}.txt").text


@books.get("/{isbn}/scan", operation_id="book_scan", tags=["internal"])
def book_scan(isbn: str) -> str:  # excluded by its tag: no tool
    return httpx.get(f"https://scans.example.com/{isbn}").text


@admin.get("/dump", operation_id="dump")
def dump() -> str:  # its router's tag is not included: no tool
    with open("/var/lib/library.db.sql") as f:
        return f.read()


app = FastAPI()
app.include_router(books)
app.include_router(admin)

FastApiMCP(app, include_tags=["books"], exclude_tags=["internal"]).mount_http()

mapped = FastAPI()


@mapped.get("/export")
def export() -> str:  # served through route maps, which are not read: no tool
    with open("/var/lib/export.csv") as f:
        return f.read()


def served_by_maps(route_maps: list) -> None:
    from fastmcp import FastMCP

    FastMCP.from_fastapi(app=mapped, route_maps=route_maps)
