from fastapi_mcp import FastApiMCP

from store.main import app

mcp = FastApiMCP(app, name="store")
mcp.mount_http()
