"""Negative: specs built on the project's own BaseToolSpec (imported from local_toolkit, not from llama_index)."""

import requests

from local_toolkit import BaseToolSpec


class ForecastSpec(BaseToolSpec):
    spec_functions = ["forecast", "alerts"]

    def forecast(self, city: str) -> str:
        return requests.get(f"https://weather.example/{city}/forecast", timeout=10).text

    def alerts(self, region: str) -> list:
        return requests.get(f"https://weather.example/{region}/alerts", timeout=10).json()
