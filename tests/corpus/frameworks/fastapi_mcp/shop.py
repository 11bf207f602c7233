"""fastapi-mcp: every route of the app is a tool."""

import sqlite3

from fastapi import FastAPI
from fastapi_mcp import FastApiMCP
from pydantic import BaseModel

app = FastAPI()
db = sqlite3.connect("shop.db", check_same_thread=False)


class Order(BaseModel):
    name: str


@app.get("/items", operation_id="list_items")
def list_items() -> list[tuple]:  # expect: tool BL001
    return db.execute("SELECT * FROM items").fetchall()


@app.get("/items/{item_id}", operation_id="get_item")
def get_item(item_id: int) -> dict:  # expect: tool
    return {"id": item_id, "in_stock": True}


@app.post("/orders", operation_id="place_order")
async def place_order(order: Order) -> str:  # expect: tool
    return f"ordered {order.name[:80]}"


def _row_count() -> int:
    return db.execute("SELECT count(*) FROM items").fetchone()[0]


mcp = FastApiMCP(app, name="shop")
mcp.mount()
