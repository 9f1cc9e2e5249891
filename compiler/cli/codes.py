"""Diagnostic codes on the command line: ``--select``/``--ignore`` and the count per code.

As in ruff, ``--select`` and ``--ignore`` take comma-separated codes or code prefixes
(``R``, ``R02``, ``W001``): a diagnostic is kept when its code starts with a selected
prefix (every code when nothing is selected) and with no ignored one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from compiler.cli.common import UsageError
from compiler.diagnostics import CODES, Diagnostic, Severity, did_you_mean

__all__ = ["code_filter", "count_lines", "prefixes"]


def prefixes(text: str | None, option: str) -> tuple[str, ...]:
    """The code prefixes of ``--select``/``--ignore``; UsageError for one that matches no
    code (``ALL`` matches every code)."""
    if text is None:
        return ()
    out = []
    for raw in text.split(","):
        prefix = raw.strip().upper()
        if not prefix:
            continue
        if prefix == "ALL":
            prefix = ""
        elif not any(code.startswith(prefix) for code in CODES):
            hint = did_you_mean(prefix, CODES)
            raise UsageError(f"{option}: no diagnostic code starts with {raw.strip()!r}"
                             + (f"; {hint}" if hint else " (codes: docs/diagnostics.md)"))
        out.append(prefix)
    return tuple(out)


def code_filter(select: str | None, ignore: str | None) -> Callable[[Diagnostic], bool]:
    """A predicate keeping the diagnostics that ``--select``/``--ignore`` let through."""
    chosen, dropped = prefixes(select, "--select"), prefixes(ignore, "--ignore")

    def keep(d: Diagnostic) -> bool:
        if chosen and not d.code.startswith(chosen):
            return False
        return not (dropped and d.code.startswith(dropped))
    return keep


def count_lines(diags: list[Diagnostic]) -> list[str]:
    """The closing summary: totals, then one line per code (most frequent first)."""
    if not diags:
        return []
    errors = sum(d.severity is Severity.ERROR for d in diags)
    counts = Counter(d.code for d in diags)
    severity = {d.code: d.severity.value for d in diags}
    width = len(str(max(counts.values())))
    out = [f"{errors} error(s), {len(diags) - errors} warning(s)"]
    for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append(f"  {n:>{width}}  {code}  {severity[code]}: {CODES.get(code, '')}")
    return out
