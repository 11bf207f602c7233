"""boundlint: find and fix LLM agent tools that return unbounded output."""

__version__ = "0.1.0"
