"""Models Griptape FileManagerTool / SqlTool / EmailTool style activities, written with the older imports (attr.define, griptape.tools.base_tool) and a plain return converted to InfoArtifact."""

from __future__ import annotations

import imaplib
import json
import os
import sqlite3

from attr import define, field
from schema import Literal, Schema

from griptape.artifacts import BlobArtifact, ErrorArtifact, InfoArtifact, JsonArtifact, ListArtifact, TextArtifact
from griptape.tools.base_tool import BaseTool
from griptape.utils.decorators import activity


@define
class LocalFilesTool(BaseTool):
    workdir: str = field(default=".", kw_only=True)

    @activity(config={"description": "Load a text file from disk", "schema": Schema({Literal("path"): str})})
    def load_file(self, path: str) -> TextArtifact | ErrorArtifact:  # expect: tool BL001
        full = os.path.join(self.workdir, path)
        if not os.path.exists(full):
            return ErrorArtifact("Path not found")
        with open(full) as f:
            return TextArtifact(f.read())

    @activity(config={"description": "Load a binary file", "schema": Schema({Literal("path"): str})})
    def load_blob(self, path: str) -> BlobArtifact:  # expect: tool BL001
        with open(os.path.join(self.workdir, path), "rb") as f:
            return BlobArtifact(f.read())

    @activity(config={"description": "List a directory", "schema": Schema({Literal("path"): str})})
    def list_files(self, path: str) -> ListArtifact:  # expect: tool BL001
        return ListArtifact([TextArtifact(name) for name in os.listdir(os.path.join(self.workdir, path))])

    @activity(
        config={"description": "Save content to a file", "schema": Schema({Literal("path"): str, Literal("content"): str})}
    )
    def save_file(self, path: str, content: str) -> InfoArtifact:  # expect: tool
        with open(os.path.join(self.workdir, path), "w") as f:
            f.write(content)
        return InfoArtifact("Successfully saved file")


@define
class SqliteTool(BaseTool):
    db_path: str = field(kw_only=True)

    @activity(config={"description": "Run a SELECT query", "schema": Schema({Literal("sql"): str})})
    def execute_query(self, params: dict) -> JsonArtifact | ErrorArtifact:  # expect: tool BL001
        try:
            rows = sqlite3.connect(self.db_path).execute(params["values"]["sql"]).fetchall()
        except sqlite3.Error as e:
            return ErrorArtifact(f"error executing query: {e}")
        return JsonArtifact(json.dumps(rows))

    @activity(config={"description": "Count the rows of a table", "schema": Schema({Literal("table"): str})})
    def count_rows(self, table: str) -> TextArtifact:  # expect: tool
        count = sqlite3.connect(self.db_path).execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        return TextArtifact(str(count))

    @activity(config={"description": "Compact the database file"})
    def vacuum(self):  # expect: tool
        sqlite3.connect(self.db_path).execute("VACUUM")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.db_path)


@define
class MailboxTool(BaseTool):
    host: str = field(kw_only=True)
    user: str = field(kw_only=True)
    password: str = field(kw_only=True)

    @activity(config={"description": "Retrieve messages from a mailbox", "schema": Schema({Literal("label"): str})})
    def retrieve(self, label: str) -> ListArtifact:  # expect: tool BL001
        box = imaplib.IMAP4_SSL(self.host)
        box.login(self.user, self.password)
        box.select(label)
        _, ids = box.search(None, "ALL")
        bodies = [box.fetch(i, "(RFC822)")[1][0][1].decode() for i in ids[0].split()]
        return ListArtifact([TextArtifact(b) for b in bodies])

    @activity(config={"description": "Number of unread messages"})
    def unread_count(self) -> int:  # expect: tool
        box = imaplib.IMAP4_SSL(self.host)
        box.login(self.user, self.password)
        box.select("INBOX")
        _, ids = box.search(None, "UNSEEN")
        return len(ids[0].split())
