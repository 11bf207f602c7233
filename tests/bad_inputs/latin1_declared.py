# -*- coding: latin-1 -*-
from langchain_core.tools import tool

@tool
def greet(name: str) -> str:
    """Greet."""
    return "café " + name
