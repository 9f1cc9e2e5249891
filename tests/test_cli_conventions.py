"""Command-line conventions (issue 10, part 3): --version, examples in every --help,
shell completion, colour only on a terminal, one way to name the game, the README's
command table complete."""

from __future__ import annotations

import argparse
import io
import re
import shlex

import pytest

from compiler.cli import main, parser, style
from compiler.cli.common import version
from tests.conftest import ROOT


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _examples(p: argparse.ArgumentParser) -> list[str]:
    return re.findall(r"^  (rulesc .*)$", p.epilog or "", re.M)


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"rulesc {version()}\n"


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_help_shows_examples_that_parse(name):
    p = _commands()[name]
    assert "examples:" in p.format_help()
    examples = _examples(p)
    assert len(examples) >= 2
    for line in examples:
        argv = shlex.split(line.split(" > ")[0])[1:]
        assert argv[0] == name
        args = parser().parse_args(argv)  # SystemExit(2) on a wrong example
        assert callable(args.run)


@pytest.mark.parametrize("shell,marker", [("bash", "complete -o"), ("zsh", "#compdef rulesc")])
def test_completion_scripts(capsys, shell, marker):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert marker in script
    for word in ("check", "explain", "--select", "--modules", "--version"):
        assert word in script


def test_readme_lists_every_command_and_option():
    readme = (ROOT / "README.md").read_text("utf-8")
    rows = {m[1]: m[0] for m in re.finditer(r"^\| `rulesc (\w+)[^|]*.*$", readme, re.M)}
    for name, p in _commands().items():
        assert name in rows, f"README has no row for `rulesc {name}`"
        for action in p._actions:
            if action.help == argparse.SUPPRESS or "-h" in action.option_strings:
                continue
            for option in action.option_strings:
                assert option in rows[name], f"README: `rulesc {name}` lacks {option}"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("env,stream,expected", [
    ({}, _Terminal(), True), ({}, io.StringIO(), False),
    ({"NO_COLOR": "1"}, _Terminal(), False), ({"NO_COLOR": ""}, _Terminal(), True),
    ({"TERM": "dumb"}, _Terminal(), False), ({"FORCE_COLOR": "1"}, io.StringIO(), True),
    ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, io.StringIO(), False)])
def test_colour_only_on_a_terminal(monkeypatch, env, stream, expected):
    for var in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert style.colour(stream) is expected
    text = "a.yaml:1:2: error[R001]: unknown name\n    x\n    ^\n  hint: did you mean 'y'?"
    coloured = style.diagnostic(text, stream)
    assert (coloured != text) is expected
    assert ("\033[1;31merror[R001]\033[0m" in coloured) is expected


def test_check_colours_stderr_when_forced_and_not_when_piped(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(["check", "--rules", str(tmp_path / "nope")]) == 1
    assert "\033[" not in capsys.readouterr().err
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert main(["check", "--rules", str(tmp_path / "nope")]) == 1
    assert "\033[1;31merror[L012]\033[0m" in capsys.readouterr().err
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["check", "--rules", str(tmp_path / "nope")]) == 1
    assert "\033[" not in capsys.readouterr().err


def test_the_game_is_the_first_positional_argument_everywhere():
    for name, p in _commands().items():
        positional = [a for a in p._actions if not a.option_strings and a.dest != "help"]
        if any(a.dest == "game" for a in positional):
            assert positional[0].dest == "game", name
            assert positional[0].metavar == "GAME", name


def test_check_game_positional_and_deprecated_option(capsys):
    # --ignore W001: the data's one provisional value (the M€ production floor)
    assert main(["check", "terraforming_mars", "--ignore", "W001"]) == 0
    out, err = capsys.readouterr()
    assert "ok: terraforming_mars checked" in out and err == ""
    assert main(["check", "--game", "terraforming_mars", "--ignore", "W001"]) == 0
    out, err = capsys.readouterr()
    assert "ok: terraforming_mars checked" in out
    assert "--game is deprecated: write `rulesc check terraforming_mars`" in err
    assert main(["check", "pampero", "--game", "terraforming_mars"]) == 2
    assert "two games named" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["check", "love_lettr"], ["sheet", "love_lettr", "--out",
                                  "x.html"], ["explain", "love_lettr", "guard"],
                                  ["coverage", "love_lettr"], ["play", "love_lettr"],
                                  ["schema", "--on", "love_lettr"]])
def test_a_misspelt_game_gets_the_closest_name_from_every_command(argv, capsys):
    """`play` said "did you mean 'love_letter'?" and the other commands only listed the
    games: every command names the closest game now, and exits 2 (a usage error)."""
    assert main(argv) == 2
    assert "did you mean 'love_letter'?" in capsys.readouterr().err
