from fastapi import APIRouter

router = APIRouter(prefix="/admin")


@router.get("/logs")
def read_logs() -> str:  # REST only: the MCP app does not include this router
    with open("/var/log/weather.log") as log:
        return log.read()
