"""Three tools of one agent get its adapter; the comment after each argument stays on its line."""

from smolagents import ToolCallingAgent, tool


@tool
def read_file(path: str) -> str:
    """Read.

    Args:
        path: the path
    """
    return open(path).read()


@tool
def read_url(url: str) -> str:
    """Read.

    Args:
        url: the url
    """
    import requests
    return requests.get(url).text


@tool
def read_other(path: str) -> str:
    """Read.

    Args:
        path: the path
    """
    with open(path) as f:
        return f.read()


def main():
    agent = ToolCallingAgent(
        tools=[read_file, read_url, read_other],
        model=None,  # same model
        name="coder",
        verbosity_level=2,  # = DEBUG
        max_steps=12,  # same bound as prod
        add_base_tools=False,  # we manage the tools
    )
    return agent
