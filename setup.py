"""Build hook: put the shipped data inside the package (see ``compiler/resources.py``).

The repository keeps one copy of the JSON Schemas (``schemas/``, which editors read) and
of the shipped games' rules (``rules_data/``). A wheel needs them inside the package, so
``build_py`` copies both to ``compiler/_shipped/`` in the build folder. An editable
install copies nothing: it reads the top-level folders in place. Everything else is
configured in ``pyproject.toml``.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("schemas", "rules_data")  # top-level folders copied into compiler/_shipped/


def shipped_files() -> list[tuple[Path, str]]:
    """Every shipped data file: (source path, path relative to ``compiler/_shipped``)."""
    out = []
    for name in SHIPPED:
        for src in sorted((HERE / name).rglob("*")):
            rel = src.relative_to(HERE)
            if src.is_file() and not any(part.startswith(".") or part == "__pycache__"
                                         for part in rel.parts):
                out.append((src, rel.as_posix()))
    return out


class BuildPyWithData(build_py):
    """``build_py`` that also copies the shipped data into ``compiler/_shipped/``."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for src, rel in shipped_files():
            target = Path(self.build_lib, "compiler", "_shipped", rel)
            self.mkpath(str(target.parent))
            self.copy_file(str(src), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            outputs += [str(Path(self.build_lib, "compiler", "_shipped", rel))
                        for _src, rel in shipped_files()]
        return outputs


setup(cmdclass={"build_py": BuildPyWithData})
