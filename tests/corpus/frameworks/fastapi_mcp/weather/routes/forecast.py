import requests
from fastapi import APIRouter
from pydantic import BaseModel, Field

router = APIRouter(prefix="/forecast", tags=["forecast"])


class Forecast(BaseModel):
    city: str = Field(max_length=100)
    celsius: float


@router.get("/{city}", response_model=Forecast)
async def forecast(city: str) -> Forecast:  # expect: tool
    return Forecast(city=city[:100], celsius=21.5)


@router.get("/{city}/raw")
def raw_forecast(city: str) -> str:  # expect: tool BL001
    return requests.get(f"https://weather.example.com/v1/{city}", timeout=10).text


@router.api_route("/{city}/summary", methods=["GET"])
def summary(city: str) -> str:  # expect: tool
    return f"{city}: sunny"


def _celsius(kelvin: float) -> float:
    return kelvin - 273.15
