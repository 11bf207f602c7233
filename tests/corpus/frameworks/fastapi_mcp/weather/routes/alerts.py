import httpx
from fastapi import APIRouter

router = APIRouter()


@router.post("/alerts/search")
async def search_alerts(region: str) -> list[dict]:  # expect: tool BL001
    async with httpx.AsyncClient() as client:
        response = await client.get("https://alerts.example.com/all", params={"region": region})
    return response.json()


@router.delete("/alerts/{alert_id}")
def dismiss_alert(alert_id: int) -> dict:  # expect: tool
    return {"dismissed": alert_id}
