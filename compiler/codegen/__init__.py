"""Stage 6, codegen: emit the importable engine package ``generated/<game>/``.

Entry points: ``generate(ir, source)`` -> ``{relative path: file text}``, and
``each_file(ir, source)``, the same one file at a time. Output is
deterministic (no timestamps, YAML order kept), starts with a do-not-edit header naming the
YAML source, imports only ``compiler.runtime``'s declared exports, and carries
``# rules_data/...yaml:LINE`` comments. A big record table is written in parts, one module
per record file (``compiler.codegen.parts``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import jinja2

from compiler.codegen.parts import Part, entry, entry_source, plan, without_parts
from compiler.codegen.pyliteral import render

__all__ = ["each_file", "encoded", "generate"]


@functools.lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    """The one Jinja environment (its templates compile once per process)."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("compiler.codegen", "templates"),
                             autoescape=False, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["pyrepr"] = lambda v: render(list(v) if isinstance(v, tuple) else v)
    return env


def generate(ir: dict[str, Any], source: str) -> dict[str, str]:
    """Python files of the engine package for ``ir`` compiled from folder ``source``."""
    return dict(each_file(ir, source))


def each_file(ir: dict[str, Any], source: str) -> Iterator[tuple[str, str]]:
    """``generate``'s files one at a time, each made when asked for (``rulesc build``
    writes it then: the files of a 100,000-card engine, about 1 GB, are not all held)."""
    game = ir.get("game") or {}
    game_id = str(game.get("id", "game"))
    title = _plain(game.get("title", {}).get("en", game_id))
    modules = (ir.get("records") or {}).get("modules", {})
    parts = plan(ir)
    main = without_parts(ir, parts)
    # how to build it again: by its id under rules_data/, else from the folder it came from
    ref = game_id if source.startswith("rules_data/") else f"--rules {source.rstrip('/')}"
    ctx = {"source": _plain(source), "game_id": game_id, "game_ref": _plain(ref),
           "title": title, "modules": sorted(modules),
           "example_module": next((m for m in sorted(modules) if isinstance(modules[m], dict)
                                   and not modules[m].get("requires")
                                   and not modules[m].get("players")), None),
           "rules": render(_engine_ir(main)), "tables": _tables(ir, parts)}
    env = _env()
    yield "__init__.py", env.get_template("package_init.py.j2").render(ctx)
    yield "rules.py", env.get_template("rules.py.j2").render(ctx)
    small = {k: ctx[k] for k in ("source", "game_id", "game_ref", "title")}
    del ctx  # the whole tables' sources
    from compiler.codegen.pycode import each_part_source, engine_source

    yield "engine.py", engine_source(main, source, parts)
    if parts:
        yield "parts/__init__.py", env.get_template("parts_init.py.j2").render(small)
    yield from each_part_source(ir, parts, source)
    yield from kind_schemas(ir).items()


def encoded(files: dict[str, str]) -> dict[str, bytes]:
    """``files`` as UTF-8 bytes, in order; ``files`` is emptied as it goes, so a text and
    its bytes are held together one file at a time, not all (a 100,000-card engine's
    texts are about 1 GB)."""
    out = {}
    for rel in list(files):
        out[rel] = files.pop(rel).encode("utf-8")
    return out


def kind_schemas(ir: dict[str, Any]) -> dict[str, str]:
    """``schemas/<kind>.schema.json`` for every record kind a core game declares (with a
    copy of ``common.schema.json`` they refer to): editors check record files with them
    through the modeline ``# yaml-language-server: $schema=...``."""
    import json

    from compiler.resources import schema_dir
    from compiler.schema.core import kind_schema

    kinds = ir.get("kinds") or {}
    names = set(kinds) | {"spaces"}
    out = {"schemas/common.schema.json": (schema_dir() / "common.schema.json")
           .read_text("utf-8")}
    for kind, decl in sorted(kinds.items()):
        schema = kind_schema(kind, decl.get("spec") or {}, names)
        out[f"schemas/{kind}.schema.json"] = json.dumps(schema, indent=2,
                                                        ensure_ascii=False) + "\n"
    return out


def _tables(ir: dict[str, Any], parts: list[Part]) -> list[tuple[str, str]]:
    """Per parted kind, in order: the source of its parts' entries (``parts.entry``),
    each one line of JSON text (``parts.entry_source``)."""
    kinds: dict[str, list[str]] = {}
    for part in parts:
        kinds.setdefault(part.kind, []).append(entry_source(entry(ir, part)))
    return [(kind, "[\n" + "".join(lines) + "]") for kind, lines in kinds.items()]


def _engine_ir(ir: dict[str, Any]) -> dict[str, Any]:
    """The IR without what only the sheets read: ``texts`` and the game's ``sheet``."""
    out = {k: v for k, v in ir.items() if k != "texts"}
    if isinstance(out.get("game"), dict) and "sheet" in out["game"]:
        out["game"] = {k: v for k, v in out["game"].items() if k != "sheet"}
    return out


def _plain(text: str) -> str:
    """Text safe inside a comment or docstring: printable ASCII, no quotes or backslashes."""
    return "".join(c if c.isalnum() or c in " _-./:()," else "_" for c in str(text))
