"""Stage 5, find: where the tools are (every framework's declaration forms, through imports and
aliases) and which Pydantic models are their return contracts.
"""
