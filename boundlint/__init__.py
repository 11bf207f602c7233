"""boundlint: find and fix LLM agent tools that return unbounded output.

The packages are the data path of one `boundlint check src/` run, in order;
each imports only from those before it (tests/test_architecture.py):

    core       configuration, findings, rule selection, result types
    knowledge  what each agent framework's tools look like; bulk and small data sources (data only)
    discover   the files to check, and each file's module name
    parse      bytes -> text -> syntax tree, and node positions
    survey     per file: hash, suppressions, and whether it can hold anything to report
    project    modules loaded on demand, their index, names resolved across modules
    find       the tools, the checkpoints, the Pydantic return contracts
    analyse    is each tool's return bounded: the size lattice and the data flow
    edit       how a fix is written: target node, replacement, imports
    rules      one file per rule: check, severity, documentation, examples, fix
    fix        apply a round of fixes, verify the result, write it atomically
    engine     directs a run (roots, workers, cache); implements no stage itself
    report     text, JSON, SARIF, GitHub, JUnit, JSON Lines; baseline; add-ignore
    cli        the command line

CONTRIBUTING.md walks through one run, module by module.
"""

__version__ = "0.1.0"
