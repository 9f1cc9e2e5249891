"""Types of the core language, and the type notation games use in their declarations.

A type is a plain hashable value:

- a word: ``int``, ``bool``, ``text``, ``player``, ``none``, ``any``, ``names`` (a text
  per language), ``source`` (a rulebook citation), ``effect`` (statements; a record's
  effect field, a definition's effect parameter), ``event`` (the fields of the event a
  reaction answers);
- ``("id", K)``: the id of a record of kind K (``K`` is ``spaces`` for board spaces);
- ``("list", T)``; ``("map", K, T)`` with keys of type K; ``("obj", ((field, T), ...))``
  a mapping with these fields; ``("opt", T)`` a value or none.

Notation in YAML (``kinds.yaml``, ``state.yaml``, definition ``params``): a word as above,
a kind name, ``T?`` for optional, ``[T]`` for a list, ``{map: K, of: T}``, and any other
mapping ``{field: T, ...}`` for an object. Field types of records add the texts of the
language: ``condition`` (a bool expression), ``number`` (an int expression, or a plain
integer), ``value`` (any expression), ``trigger`` (an event and a filter), and the
reaction lists ``reactions`` (``[{on: trigger, effect: effect}]``) and ``modifiers``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CORE_BOUNDS", "DSL_WORDS", "WORDS", "Type", "bound_hint", "compatible", "element",
           "field_spec", "no_none", "parse_type", "show", "with_core_bounds"]

Type = Any

WORDS = ("int", "bool", "text", "player", "none", "any", "names", "source", "effect",
         "event")
DSL_WORDS = ("condition", "number", "value", "trigger", "reactions", "modifiers")
"""Field types whose values are texts of the language (parsed and resolved)."""

REACTION = ("obj", (("on", "trigger"), ("if", ("opt", "condition")), ("effect", "effect"),
                    ("name", ("opt", "names"))))
MODIFIER = ("obj", (("modify", "text"), ("by", "number"), ("where", ("opt", "condition")),
                    ("anyone", ("opt", "bool"))))


BOUNDS = ("min", "max", "one_of")

CORE_BOUNDS = {"copies": {"max": 10_000}}
"""Bounds the core puts on an ``int`` field of a special meaning whatever kinds.yaml says:
``copies`` (a record counted that many times in its deck, W002, and built card by card,
``repeat copies``, by the games' setup) at most 10,000 (the shipped games: 10), where
10^15 passed and made a deck whose setup never ended (QA qa11 Q5)."""


def with_core_bounds(name: str, t: Type, bounds: dict[str, Any]) -> dict[str, Any]:
    """``bounds`` of field ``name`` of type ``t`` with the core's own (``CORE_BOUNDS``),
    the tighter of the two where both give one."""
    core = CORE_BOUNDS.get(name)
    if not core or strip_opt(t) != "int" or bounds_problem(t, bounds):
        return bounds
    return {**bounds, "max": min(bounds.get("max", core["max"]), core["max"])}


def bound_hint(name: str, side: str, bound: Any) -> str:
    """Where the bound ``side`` (min or max) of field ``name`` comes from, and what to do."""
    if side == "max" and CORE_BOUNDS.get(name, {}).get("max") == bound:
        return (f"the core bounds '{name}' (max: {bound}: each copy is a card built one "
                f"by one at setup); write the rulebook's count, within it")
    return f"kinds.yaml bounds this field ({side}: {bound}); write a value within them"


def field_spec(spec: Any) -> tuple[Any, dict[str, Any]]:
    """A record field's notation in ``kinds.yaml`` split into its type notation and its
    bounds: ``{type: int, min: 0}`` is an ``int`` of at least 0, ``{type: text, one_of:
    [a, b]}`` a text that is ``a`` or ``b``. A mapping is read so only when it has
    ``type`` and nothing but ``min``/``max``/``one_of`` beside (an object type with such
    fields is written ``{type: {type: T, min: T}}``); anything else is a type alone."""
    if isinstance(spec, dict) and "type" in spec and len(spec) > 1 and \
            set(spec) <= {"type", *BOUNDS}:
        return spec["type"], {k: spec[k] for k in BOUNDS if k in spec}
    return spec, {}


def bounds_problem(t: Type, bounds: dict[str, Any]) -> str:
    """Why ``bounds`` cannot bound a field of type ``t`` ('' when they can): only an
    ``int`` (or ``int?``) field takes whole-number bounds, the least not above the
    greatest; only a ``text`` (or ``text?``) field takes ``one_of``, a list of words."""
    if not bounds:
        return ""
    if "one_of" in bounds:
        return _one_of_problem(t, bounds)
    if strip_opt(t) != "int":
        return f"min/max bound an int field, not {show(t)}"
    for key, value in bounds.items():
        if isinstance(value, bool) or not isinstance(value, int):
            return f"'{key}' must be a whole number, not {value!r}"
    if "min" in bounds and "max" in bounds and bounds["min"] > bounds["max"]:
        return f"min {bounds['min']} is above max {bounds['max']}"
    return ""


def _one_of_problem(t: Type, bounds: dict[str, Any]) -> str:
    if set(bounds) != {"one_of"}:
        return "a field has either min/max (an int) or one_of (a text), not both"
    if strip_opt(t) != "text":
        return f"one_of lists the values of a text field, not of {show(t)}"
    values = bounds["one_of"]
    if not isinstance(values, list) or not values or \
            not all(isinstance(v, str) and v for v in values):
        return "one_of is a list of the allowed words: one_of: [small, large]"
    if len(set(values)) != len(values):
        return "one_of lists a value twice"
    return ""


def parse_type(spec: Any, kinds: set[str]) -> tuple[Type | None, str]:
    """``(type, "")`` for a YAML type notation, or ``(None, why)`` when it is not one.

    ``kinds``: the record kinds the game declares (their names are id types).
    """
    if isinstance(spec, str):
        return _word(spec.strip(), kinds)
    if isinstance(spec, list):
        if len(spec) != 1:
            return None, "a list type is written [T] with one element type"
        inner, why = parse_type(spec[0], kinds)
        return (("list", inner), "") if inner is not None else (None, why)
    if isinstance(spec, dict):
        if set(spec) == {"map", "of"}:
            key, why = parse_type(spec["map"], kinds)
            val, why2 = parse_type(spec["of"], kinds)
            if key is None or val is None:
                return None, why or why2
            return ("map", key, val), ""
        fields = []
        for name, sub in spec.items():
            t, why = parse_type(sub, kinds)
            if t is None:
                return None, f"field '{name}': {why}"
            fields.append((str(name), t))
        return ("obj", tuple(fields)), ""
    return None, "write a type name, [T], {map: K, of: T} or {field: T}"


def _word(word: str, kinds: set[str]) -> tuple[Type | None, str]:
    if word.endswith("?"):
        inner, why = _word(word[:-1], kinds)
        return (("opt", inner), "") if inner is not None else (None, why)
    if word == "reactions":
        return ("list", REACTION), ""
    if word == "modifiers":
        return ("list", MODIFIER), ""
    if word in WORDS or word in DSL_WORDS:
        return word, ""
    if word in kinds:
        return ("id", word), ""
    return None, f"'{word}' is not a type: use {', '.join(WORDS + DSL_WORDS)} or a kind"


def value_type(field_type: Type) -> Type:
    """The type an expression reads from a record field of ``field_type``."""
    if field_type in ("condition",):
        return "bool"
    if field_type == "number":
        return "int"
    if field_type == "value":
        return "any"
    if isinstance(field_type, tuple) and field_type[0] == "opt":
        return ("opt", value_type(field_type[1]))
    if isinstance(field_type, tuple) and field_type[0] == "list":
        return ("list", value_type(field_type[1]))
    return field_type


def strip_opt(t: Type) -> Type:
    return t[1] if isinstance(t, tuple) and t[0] == "opt" else t


def no_none(t: Type) -> bool:
    """True when ``t`` is a list whose items cannot be none (``[cards]``, not
    ``[cards?]`` nor ``[any]``): there ``+``, ``+=`` and ``-=`` leave a none out, so
    ``hand += [first deck]`` from an empty deck adds nothing."""
    t = strip_opt(t)
    if not (isinstance(t, tuple) and t[0] == "list"):
        return False
    item = t[1]
    return item not in ("any", "none", "value") and not (isinstance(item, tuple) and
                                                          item[0] == "opt")


def element(t: Type) -> Type:
    """The element type of a list (a map's key type; ``any`` otherwise)."""
    t = strip_opt(t)
    if isinstance(t, tuple) and t[0] == "list":
        return t[1]
    if isinstance(t, tuple) and t[0] == "map":
        return t[1]
    return "any"


def compatible(have: Type, want: Type) -> bool:
    """Whether a value of type ``have`` may stand where ``want`` is expected."""
    if have == want or "any" in (have, want) or want == "value":
        return True
    if want == "collection":   # what `for each`, a comprehension and `count` go through
        return strip_opt(have) not in SCALARS
    if {have, want} <= {"int", "player"} or (have == "player" and want == "number"):
        return True  # seats are numbers (seat arithmetic: the next player)
    if have == "none":
        return _optional(want)
    if isinstance(want, tuple) and want[0] == "opt":
        return compatible(strip_opt(have), want[1])
    if isinstance(have, tuple) and have[0] == "opt":
        return compatible(have[1], want)
    if want == "condition":
        return compatible(have, "bool")
    if want == "number":
        return compatible(have, "int")
    if isinstance(have, tuple) and isinstance(want, tuple) and have[0] == want[0]:
        if have[0] == "list":
            return compatible(have[1], want[1])
        if have[0] == "map":
            return compatible(have[1], want[1]) and compatible(have[2], want[2])
        if have[0] == "obj":
            return True
    return bool(want == "text" and isinstance(have, tuple) and have[0] == "id")


SCALARS = ("int", "bool", "player", "number", "condition")
"""Types of one value: nothing to go through (``for each x in 3`` is R003)."""


def _optional(t: Type) -> bool:
    return t in ("any", "none", "value") or (isinstance(t, tuple) and t[0] == "opt")


def show(t: Type) -> str:
    """A type as a reader would write it (``[cards]``, ``player?``)."""
    if t == "collection":
        return "a list, a map or a kind"
    if isinstance(t, str):
        return t
    if t[0] == "id":
        return f"a {t[1]} id"
    if t[0] == "list":
        return f"[{show(t[1])}]"
    if t[0] == "map":
        return f"{{map: {show(t[1])}, of: {show(t[2])}}}"
    if t[0] == "opt":
        return f"{show(t[1])}?"
    return "{" + ", ".join(f"{k}: {show(v)}" for k, v in t[1]) + "}"
