"""The app, made in one module; served as MCP tools from another (`store/mcp_server.py`)."""

from fastapi import FastAPI

from store import orders

app = FastAPI(title="store")
app.include_router(orders.router)


@app.get("/health")
def health() -> dict:  # expect: tool
    return {"ok": True}
