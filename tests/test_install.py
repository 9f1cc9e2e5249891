"""An install that works anywhere (issue 10, part 1): the wheel carries the schemas, the
shipped games' rules and engines, and the commands find them from any folder.

``.ci/wheel`` installs the wheel in a fresh venv and runs the commands outside the
repository; these tests check the wheel's contents and the commands' behaviour outside a
rules repository in-process.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from compiler import resources
from compiler.cli import main
from tests.conftest import ROOT

EXPANSION = ROOT / "docs" / "examples" / "greenhouse_pack"
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "compiler", "generated",
           "rules_data", "schemas")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The wheel built from a clean copy of the sources (no stale ``build/`` folder)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, src / name)  # type: ignore[operator]
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(out), str(src)], check=True)
    [whl] = out.glob("rulesc-*.whl")
    return zipfile.ZipFile(whl)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def _packaged(whl: zipfile.ZipFile, prefix: str) -> dict[str, bytes]:
    return {n[len(prefix):]: whl.read(n) for n in whl.namelist() if n.startswith(prefix)}


def test_wheel_schemas_are_the_editor_facing_copy(wheel):
    packaged = _packaged(wheel, f"compiler/{resources.SHIPPED}/schemas/")
    assert packaged == _tree(ROOT / "schemas")
    assert {"common.schema.json", "game.schema.json", "flow.schema.json",
            "kinds.schema.json"} <= set(packaged)


def test_wheel_ships_every_game_rules_and_engine(wheel):
    assert _packaged(wheel, f"compiler/{resources.SHIPPED}/rules_data/") == \
        _tree(ROOT / "rules_data")
    names = set(wheel.namelist())
    for game in resources.shipped_games():
        assert f"generated/{game}/__init__.py" in names
        assert f"generated/{game}/rules.py" in names


def test_wheel_holds_every_file_of_the_package(wheel):
    # a grammar, template or phrase table that the wheel leaves out breaks only installs
    names = set(wheel.namelist())
    for path in (ROOT / "compiler").rglob("*"):
        rel = path.relative_to(ROOT).as_posix()
        if path.is_file() and "__pycache__" not in rel and resources.SHIPPED not in rel:
            assert rel in names, f"the wheel lacks {rel} (pyproject.toml package-data)"


def test_wheel_holds_no_tests_or_checkout_files(wheel):
    tops = {n.split("/")[0] for n in wheel.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"compiler", "generated"}


def test_in_a_checkout_the_top_level_folders_are_read():
    assert resources.schema_dir() == ROOT / "schemas"
    assert resources.shipped_rules() == ROOT / "rules_data"
    assert resources.shipped_games() == ["love_letter", "pampero", "terraforming_mars"]
    assert resources.shipped_game("nope") is None
    assert resources.engine_available("terraforming_mars")
    assert not resources.engine_available("nope")


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder: one outside the repository, with no ``rules_data/``."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", ["check", "build"])
def test_nothing_to_do_says_so_and_fails(elsewhere, capsys, command):
    assert main([command]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert f"nothing to {command}" in out.err and "terraforming_mars" in out.err


def test_check_json_with_nothing_to_check_fails_too(elsewhere, capsys):
    assert main(["check", "--format", "json"]) == 1
    assert capsys.readouterr().out == ""


def test_expansion_on_a_shipped_game_from_elsewhere(elsewhere, capsys):
    code = main(["check", "--rules", str(EXPANSION), "--on", "terraforming_mars",
                 "--modules", "greenhouse_pack,corporate_era"])
    assert code == 0, capsys.readouterr()
    assert "no diagnostics" in capsys.readouterr().out


def test_shipped_games_work_from_elsewhere(elsewhere, capsys):
    assert main(["explain", "terraforming_mars", "asteroid", "--lang", "en"]) == 0
    assert "Raise the temperature" in capsys.readouterr().out
    assert main(["sheet", "pampero", "--out", "p.html"]) == 0
    assert "wrote p.html" in capsys.readouterr().out
    assert "<html" in (elsewhere / "p.html").read_text("utf-8")
    assert main(["schema", "flow"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "flow.yaml"
    assert main(["schema", "cards", "--on", "terraforming_mars"]) == 0
    cards = json.loads(capsys.readouterr().out)
    assert cards["properties"]["kind"] == {"const": "cards"}
    assert {"cost", "tags", "effect"} <= set(cards["properties"]["records"]["items"]
                                             ["properties"])


def test_building_a_shipped_game_elsewhere_needs_out(elsewhere, capsys):
    assert main(["build", "--game", "terraforming_mars"]) == 2
    assert "--out" in capsys.readouterr().err
    assert not (elsewhere / "generated").exists()


def test_a_game_is_built_under_its_id_elsewhere_and_in_a_repository(elsewhere, capsys,
                                                                    monkeypatch):
    """``build --rules FOLDER`` without ``--out`` writes ``generated/<id>`` (game.yaml's
    id, not the folder's name, which need not be an id): of the current folder outside a
    rules repository, of the repository inside one (from any folder below it)."""
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", elsewhere / "my-game")
    assert main(["build", "--rules", "my-game", "--no-cache"]) == 0
    assert f"in {elsewhere / 'generated' / 'mini'}" in capsys.readouterr().out
    assert sorted(p.name for p in (elsewhere / "generated").iterdir()) == ["mini"]
    (elsewhere / "repo" / "rules_data").mkdir(parents=True)
    (elsewhere / "repo" / "docs").mkdir()
    monkeypatch.chdir(elsewhere / "repo" / "docs")
    assert main(["build", "--rules", "../../my-game", "--no-cache"]) == 0
    assert (elsewhere / "repo" / "generated" / "mini" / "__init__.py").is_file()
    assert not (elsewhere / "repo" / "docs" / "generated").exists()


def test_play_a_misspelt_game_suggests_the_shipped_one(elsewhere, capsys):
    assert main(["play", "pamper"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'pampero'" in err and "rulesc build" not in err


def test_an_expansion_repository_hidden_files_are_not_rules(tmp_path, capsys):
    # The README's pre-commit setup: the expansion at the top of its own repository,
    # beside .pre-commit-config.yaml and .github/workflows/*.yaml.
    for f in EXPANSION.glob("*.yaml"):
        shutil.copy2(f, tmp_path / f.name)
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n", "utf-8")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yaml").write_text("on: push\n", "utf-8")
    assert main(["check", "--rules", str(tmp_path), "--on", "terraforming_mars"]) == 0
    assert "no diagnostics" in capsys.readouterr().out


def test_a_game_built_from_rules_elsewhere_names_them(elsewhere, capsys):
    """``rulesc build --rules ll`` outside a rules repository writes ./generated/<id>/;
    its header says how to build it again, and a command that needs the rules data (sheet,
    explain, coverage) says which folder to give with --rules."""
    shutil.copytree(Path(ROOT) / "rules_data" / "love_letter", elsewhere / "ll")
    game = elsewhere / "ll" / "game.yaml"
    game.write_text(game.read_text("utf-8").replace("id: love_letter", "id: my_game"), "utf-8")
    assert main(["build", "--rules", "ll"]) == 0
    head = (elsewhere / "generated" / "my_game" / "__init__.py").read_text("utf-8")
    assert "run `rulesc build --rules ll`" in head
    capsys.readouterr()
    for command in (["sheet", "my_game", "--out", "x.html"], ["explain", "my_game", "guard"],
                    ["coverage", "my_game"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "no game 'my_game'" in err and "give those rules with --rules ll" in err, err


def _installed_generated(site: Path) -> None:
    """A ``generated`` package as a wheel installs it: a regular package elsewhere."""
    (site / "generated").mkdir(parents=True)
    shutil.copy2(ROOT / "generated" / "__init__.py", site / "generated" / "__init__.py")


def test_python_finds_an_own_engine_beside_an_installed_generated_package(elsewhere):
    """With rulesc installed from a wheel, ``generated`` is a regular package in
    site-packages; ``import generated.mini`` in the folder where ``rulesc build --rules``
    wrote ``generated/mini/`` still finds it (the README's "A game from Python")."""
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", elsewhere / "my-game")
    assert main(["build", "--rules", "my-game", "--no-cache"]) == 0
    _installed_generated(elsewhere / "site")
    # -S: no site-packages (nor the editable install's finder): the "installed" package
    # comes first on the path, the repository only supplies the compiler
    env = {"PYTHONPATH": f"{elsewhere / 'site'}:{ROOT}", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-S", "-c", "import generated, generated.mini as g;"
                          " print(generated.__file__); print(g.__file__)"],
                         cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    package, engine = out.stdout.split()
    assert Path(package) == elsewhere / "site" / "generated" / "__init__.py"
    assert Path(engine).resolve() == elsewhere / "generated" / "mini" / "__init__.py"


def test_play_finds_an_own_engine_beside_an_installed_generated_package(elsewhere, capsys,
                                                                        monkeypatch):
    """``rulesc play mini`` after ``rulesc build --rules my-game``, when the ``generated``
    package was already imported from an installed wheel (its own folder only)."""
    shutil.copytree(ROOT / "tests" / "bad_input" / "_base", elsewhere / "my-game")
    assert main(["build", "--rules", "my-game", "--no-cache"]) == 0
    _installed_generated(elsewhere / "site")
    installed = type(sys)("generated")
    installed.__path__ = [str(elsewhere / "site" / "generated")]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "generated", installed)
    monkeypatch.delitem(sys.modules, "generated.mini", raising=False)
    capsys.readouterr()
    assert main(["play", "mini", "--seed", "1"]) == 0
    assert "winner: " in capsys.readouterr().out
