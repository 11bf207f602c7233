"""`boundlint server`: the checker as a Language Server (stdio), for editors.

The modules read as the path a keystroke takes:

* `settings`: the editor's settings (`initializationOptions.settings`,
  `workspace/didChangeConfiguration`) and how they meet `pyproject.toml`.
* `folder_state`: one workspace folder: its configuration, the open buffers
  laid over the files on disk, and each file's findings after the last run.
  A run is the checker's own pipeline (`engine.run.check`) with its content
  cache, so only the roots whose files changed are analysed again.
* `positions`: boundlint's 1-based code-point columns to the negotiated LSP
  position encoding (UTF-16 unless the client offers better), and back.
* `diagnostics`, `actions`, `hover`: findings as diagnostics (with their fix as
  data), quick fixes, ignore comments, fix-all, and rule pages.
* `app`: the pygls server that wires these to the protocol, debounces edits
  and runs analyses off the message loop.

pygls and lsprotocol are an optional extra (`pip install 'boundlint[server]'`):
nothing else in boundlint imports this package.
"""
