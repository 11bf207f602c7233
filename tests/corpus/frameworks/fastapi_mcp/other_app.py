"""A FastAPI app nobody serves as MCP tools: its routes are no tools."""

from fastapi import FastAPI

api = FastAPI()


@api.get("/export")
def export() -> str:
    with open("export.csv") as f:
        return f.read()
