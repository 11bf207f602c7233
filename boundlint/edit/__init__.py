"""How a fix is written: the node it replaces, the code it builds, the names it imports.

A rule's fix (`Rule.plan_fix`, in the rule's own file) receives a `Target`
(`target.py`: the finding's node and what the analysis knew there) and a
`FixContext` (`context.py`: the project, the configuration, each module's quote
style and bindings), and returns a `Candidate` (`model.py`) that builds the new
node from templates (`templates.py`) and names the runtime, typing or pydantic
symbols it needs (`imports.py` binds them). `kinds.py` says what a fix may
assume about a value. Applying, verifying and writing fixes is `boundlint.fix`.
"""
