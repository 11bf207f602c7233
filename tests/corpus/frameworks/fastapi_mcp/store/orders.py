import requests
from fastapi import APIRouter

router = APIRouter(prefix="/orders")
ERP = "https://erp.example.com/api"


@router.get("/")
def all_orders() -> list[dict]:  # expect: tool BL001
    return requests.get(f"{ERP}/orders", timeout=30).json()


@router.get("/{order_id}/status")
def order_status(order_id: str) -> dict:  # expect: tool
    return {"order_id": order_id, "status": "shipped"}
