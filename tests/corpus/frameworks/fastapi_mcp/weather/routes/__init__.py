"""Which routers each app includes: served as REST and MCP tools, MCP only, REST only."""

from fastapi import APIRouter

from .admin import router as admin_router
from .alerts import router as alerts_router
from .docs import router as docs_router
from .forecast import router as forecast_router

hybrid_routers: list[APIRouter] = [forecast_router, alerts_router]
rest_routers: list[APIRouter] = [admin_router]
mcp_only_router = docs_router
