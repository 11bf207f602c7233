"""Stage 2, parse: bytes to text (PEP 263, BOMs, line endings), text to a libcst or ast tree, and
the line and column of a node, with a clear error for anything that cannot be read.
"""
