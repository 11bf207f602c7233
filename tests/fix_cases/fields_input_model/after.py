"""A service is read back and written through the same model."""

from boundlint_runtime.pydantic import Truncated
from typing import Annotated

from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel

mcp = FastMCP("services")


class Service(BaseModel):
    name: str
    description: str | None = None


class ServiceCreate(BaseModel):
    service: Service


class Incident(BaseModel):
    title: str
    description: Annotated[str, Truncated(4_000)] = ""


@mcp.tool()
def create_service(data: ServiceCreate) -> Service:
    """Create a service; the description the model writes goes to the API as it is."""
    return Service(**post("/services", data.model_dump())["service"])


@mcp.tool()
def get_incident(incident_id: str) -> Incident:
    """Read one incident."""
    return Incident(**get(f"/incidents/{incident_id}")["incident"])
