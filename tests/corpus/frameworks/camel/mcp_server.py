"""Models CAMEL's @MCPServer class decorator from camel.utils: on a BaseToolkit it serves the functions of get_tools() (camel/toolkits/weather_toolkit.py, arxiv_toolkit.py); with function_names=[...] it serves the named methods of any class."""

import json
import os
from typing import List

import requests
from camel.toolkits import BaseToolkit, FunctionTool
from camel.utils import MCPServer
from camel.utils.mcp import MCPServer as MCPServerDecorator


@MCPServer()
class WeatherToolkit(BaseToolkit):
    def __init__(self, timeout: float = 30):
        super().__init__(timeout=timeout)
        self.api_key = os.environ.get("OPENWEATHERMAP_API_KEY", "")

    def get_weather_data(self, city: str, units: str = "metric") -> str:  # expect: tool
        r"""Current temperature and conditions for a city."""
        try:
            data = requests.get(
                "https://api.openweathermap.org/data/2.5/weather",
                params={"q": city, "units": units, "appid": self.api_key},
                timeout=10,
            ).json()
            temp = float(data["main"]["temp"])
        except Exception as exc:
            return f"Error fetching weather for {city}: {exc}"
        return f"Temperature in {city}: {temp:.1f} degrees"

    def get_forecast_raw(self, city: str) -> str:  # expect: tool BL001
        r"""The raw 5-day forecast for a city."""
        resp = requests.get(
            "https://api.openweathermap.org/data/2.5/forecast",
            params={"q": city, "appid": self.api_key},
            timeout=10,
        )
        return json.dumps(resp.json())

    def get_tools(self) -> List[FunctionTool]:
        return [FunctionTool(self.get_weather_data), FunctionTool(self.get_forecast_raw)]


@MCPServerDecorator(function_names=["run_report", "report_status"], server_name="reports")
class ReportService:
    """Not a BaseToolkit: only the methods named in function_names are served."""

    def __init__(self, reports_dir: str):
        self.reports_dir = reports_dir

    def run_report(self, name: str) -> str:  # expect: tool BL001
        with open(os.path.join(self.reports_dir, f"{name}.md")) as f:
            return f.read()

    def report_status(self, name: str) -> str:  # expect: tool
        exists = os.path.exists(os.path.join(self.reports_dir, f"{name}.md"))
        return "ready" if exists else "missing"

    def delete_report(self, name: str) -> str:
        os.remove(os.path.join(self.reports_dir, f"{name}.md"))
        return f"Deleted {name}"


if __name__ == "__main__":
    WeatherToolkit().run_mcp_server(mode="stdio")
