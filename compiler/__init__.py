"""rulesc: a declarative rules-data compiler and validator for board games.

The pipeline (see ``compiler.pipeline``) runs these stages in order:
load -> schema -> dsl -> resolve -> check -> codegen / sheets.
"""

__version__ = "0.1.0"
