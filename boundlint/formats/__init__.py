"""Machine-readable output formats for CI systems, one module per format.

`boundlint.report` registers them next to `text` and `json` for
`--output-format`. Every writer takes a `CheckResult` and a text stream.
"""
