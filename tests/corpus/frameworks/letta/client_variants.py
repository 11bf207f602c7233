"""Models two other client forms: letta_client BaseTool subclasses whose run() becomes the tool, registered with client.tools.add(tool=...) (letta_client 1.x types.tool.BaseTool; letta SDK tests), and pre-1.0 Letta / MemGPT scripts (letta 0.5-0.6) using create_client() with client.create_tool(func) / client.create_or_update_tool(func, name=...), whose tools take the agent as `self: "Agent"`."""

from typing import ClassVar, List, Type

from letta import create_client
from letta_client import Letta
from letta_client.types.tool import BaseTool
from pydantic import BaseModel


class InventoryEntry(BaseModel):
    sku: str
    quantity_change: int


class LookupArgs(BaseModel):
    sku: str


class ManageInventoryTool(BaseTool):
    name: str = "manage_inventory"
    args_schema: Type[BaseModel] = InventoryEntry
    description: str = "Record a change in stock for one product"
    tags: ClassVar[List[str]] = ["inventory"]

    def run(self, sku: str, quantity_change: int) -> bool:  # expect: tool
        print(f"stock of {sku} changed by {quantity_change}")
        return True


class ProductPageTool(BaseTool):
    name: str = "product_page"
    args_schema: Type[BaseModel] = LookupArgs
    description: str = "Fetch the product page for a SKU"

    def run(self, sku: str) -> str:  # expect: tool BL001
        import requests

        return requests.get(f"https://shop.example.com/products/{sku}", timeout=10).text

    def cache_key(self, sku: str) -> str:
        return f"product:{sku}"


class StockLevelTool(BaseTool):
    name: str = "stock_level"
    args_schema: Type[BaseModel] = LookupArgs
    description: str = "Units in stock for a SKU"

    def run(self, sku: str) -> int:  # expect: tool
        import sqlite3

        row = sqlite3.connect("stock.db").execute("select qty from stock where sku = ?", (sku,)).fetchone()
        return int(row[0]) if row else 0


def register(client: Letta) -> None:
    for tool in (ManageInventoryTool(), ProductPageTool(), StockLevelTool()):
        client.tools.add(tool=tool)


def roll_d20(self: "Agent") -> str:  # expect: tool
    """Roll a 20-sided die."""
    import random

    return f"You rolled a {random.randint(1, 20)}"


def read_wiki(self: "Agent", title: str) -> str:  # expect: tool BL001
    """Return the plain-text extract of a Wikipedia article."""
    import requests

    data = requests.get(
        "https://en.wikipedia.org/w/api.php",
        params={"action": "query", "prop": "extracts", "explaintext": 1, "titles": title, "format": "json"},
        timeout=10,
    ).json()
    page = next(iter(data["query"]["pages"].values()))
    return page["extract"]


def list_directory(self: "Agent", path: str) -> str:  # expect: tool BL001
    """List the files in a directory."""
    import os

    return "\n".join(sorted(os.listdir(path)))


def get_time(self: "Agent") -> str:  # expect: tool
    """Current UTC time, ISO formatted."""
    from datetime import datetime, timezone

    return datetime.now(timezone.utc).isoformat()


def main() -> None:
    client = create_client()
    client.create_tool(roll_d20)
    client.create_or_update_tool(read_wiki, name="read_wiki")
    client.create_tool(func=list_directory, tags=["fs"])
    client.create_or_update_tool(get_time)
