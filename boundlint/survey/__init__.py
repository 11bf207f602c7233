"""Stage 3, survey: a cheap look at every file before any libcst parse: its suppression comments,
and the text and syntax pre-filters that decide whether it can hold anything to report.
"""
