"""Models Agno toolkits that register methods one by one with self.register(...) after super().__init__(auto_register=False) (agno/tools/workflow.py), and toolkits narrowed at construction with include_tools=/exclude_tools= (cookbook include_exclude_tools_custom_toolkit.py)."""

import json
import sqlite3

from agno.agent import Agent
from agno.tools import Toolkit


class WarehouseTools(Toolkit):
    def __init__(self, db_path: str, async_mode: bool = False, enable_export: bool = True, **kwargs):
        self.conn = sqlite3.connect(db_path)
        super().__init__(name="warehouse", auto_register=False, **kwargs)
        if async_mode:
            self.register(self.arun_query, name="run_query")
        else:
            self.register(self.run_query)
        self.register(self.table_count)
        if enable_export:
            self.register(self.export_table)

    def run_query(self, sql: str) -> str:  # expect: tool BL001
        """Run a read-only SQL query and return all rows."""
        rows = self.conn.execute(sql).fetchall()
        return json.dumps(rows)

    async def arun_query(self, sql: str) -> str:  # expect: tool
        """Run a read-only SQL query; returns at most 50 rows."""
        rows = self.conn.execute(sql).fetchmany(50)
        return f"{len(rows)} rows returned"

    def table_count(self) -> int:  # expect: tool
        """Number of tables in the warehouse."""
        row = self.conn.execute("select count(*) from sqlite_master where type='table'").fetchone()
        return int(row[0])

    def export_table(self, table: str) -> str:  # expect: tool BL001
        """Dump a whole table as CSV text."""
        cur = self.conn.execute(f"select * from {table}")
        return "\n".join(",".join(str(v) for v in row) for row in cur)

    def vacuum(self) -> None:
        """Maintenance only; never registered."""
        self.conn.execute("vacuum")


class CustomerDBTools(Toolkit):
    def __init__(self, *args, **kwargs):
        super().__init__(
            name="customer_db",
            tools=[self.retrieve_customer_profile, self.delete_customer_profile],
            *args,
            **kwargs,
        )

    async def retrieve_customer_profile(self, customer_id: str) -> str:  # expect: tool
        """Retrieve a customer profile."""
        return json.dumps({"customer_id": customer_id, "name": "John Doe", "tier": "gold"})

    def delete_customer_profile(self, customer_id: str) -> str:  # expect: tool
        """Delete a customer profile (excluded below, but still declared as a tool)."""
        return f"Customer profile for {customer_id} deleted"


agent = Agent(tools=[CustomerDBTools(include_tools=["retrieve_customer_profile"]), WarehouseTools("wh.db")])
