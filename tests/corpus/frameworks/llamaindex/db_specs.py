"""Models LlamaIndex tool-spec inheritance: a base spec listing functions, a subclass overriding a listed method (like users subclassing GmailToolSpec), and a subclass extending the parent's spec_functions."""

import json
import sqlite3

from llama_index.core.tools.tool_spec.base import BaseToolSpec


class BaseDbSpec(BaseToolSpec):
    """SQL access for an agent."""

    spec_functions = ["run_sql", "list_tables"]

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path)

    def run_sql(self, query: str) -> str:  # expect: tool BL001
        """Run a read-only SQL query and return every row."""
        cursor = self.conn.execute(query)
        return str(cursor.fetchall())

    def list_tables(self) -> str:  # expect: tool BL001
        """Names of all tables."""
        rows = self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall()
        return ", ".join(name for (name,) in rows)

    def close(self) -> None:
        self.conn.close()


class JsonDbSpec(BaseDbSpec):
    """Same tools, rows as JSON objects."""

    def run_sql(self, query: str) -> str:  # expect: tool BL001
        """Run a read-only SQL query and return the rows as JSON."""
        cursor = self.conn.execute(query)
        cols = [c[0] for c in cursor.description]
        return json.dumps([dict(zip(cols, row)) for row in cursor.fetchall()], default=str)

    def vacuum(self) -> str:
        self.conn.execute("VACUUM")
        return "ok"


class ReportDbSpec(BaseDbSpec):
    """Adds a counting tool to the parent's list."""

    spec_functions = BaseDbSpec.spec_functions + ["row_count"]

    def row_count(self, table: str) -> int:  # expect: tool
        """Number of rows in a table."""
        return self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
