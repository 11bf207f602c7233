import httpx
import requests
from mcp.server.fastmcp import FastMCP
from mcp.types import TextContent
from scraping import ScrapeError, Scraper

SCRAPER_KEY = "key"

mcp = FastMCP("data")

STATS_API_BASE = "https://stats.example.com"
client = httpx.AsyncClient(base_url=f"{STATS_API_BASE}/v3")


@mcp.tool()
async def income_statements(symbol: str) -> str:
    """A web API's answer, through a client made with its base URL: JSON, cut as JSON."""
    response = await client.get(f"/income-statements/{symbol}")
    response.raise_for_status()
    return response.text


@mcp.tool()
def datasets(search: str) -> list[TextContent]:
    """The API's host says it: JSON, also in a content block."""
    response = requests.get("https://api.example.com/v1/datasets", params={"search": search})
    return [TextContent(type="text", text=response.text)]


@mcp.tool()
def page(url: str) -> str:
    """A web page the model names: text."""
    return requests.get(url).text


@mcp.tool()
def api_reference(module: str) -> str:
    """Pages about an API, by the tool's name and a path: text."""
    return requests.get(f"https://docs.example.com/api/{module}").text


@mcp.tool()
def scrape(url: str) -> str:
    """A scraping API first (its key's name says API); its fallback fetches the URL the model gives: text."""
    scraper = Scraper(api_key=SCRAPER_KEY)
    try:
        return scraper.scrape(url)["markdown"]
    except ScrapeError:
        response = requests.get(url, timeout=30)
        return response.text
