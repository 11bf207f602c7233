"""A hybrid server: some routers served as REST and as MCP tools, some as MCP tools only."""

from fastapi import FastAPI
from fastmcp import FastMCP

from weather.routes import hybrid_routers, mcp_only_router, rest_routers


def create_app() -> FastAPI:
    mcp_source = FastAPI(title="MCP source")
    for router in hybrid_routers:
        mcp_source.include_router(router)
    mcp_source.include_router(mcp_only_router)
    mcp = FastMCP.from_fastapi(app=mcp_source, name="weather")

    app = FastAPI(title="weather", lifespan=mcp.http_app().lifespan)
    for router in rest_routers:
        app.include_router(router, prefix="/api")
    for router in hybrid_routers:
        app.include_router(router, prefix="/hybrid")
    app.mount("/mcp", mcp.http_app())
    return app
