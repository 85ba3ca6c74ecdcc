"""One way to name a Supply Token (issue 37): the engine's. The screens call
``engine.token_title`` ('Food (2)'), the log and the options ``token_words`` built on it ('the
Food (2) token'); the TUI keeps no copy of its own."""

from __future__ import annotations

import ast
from pathlib import Path

from semper_fidelis.engine import Game, shipped_data, token_title
from semper_fidelis.engine.notation import token_words

TUI = Path(__file__).resolve().parents[2] / "semper_fidelis" / "tui"


def test_a_token_is_named_by_its_printed_name_and_value():
    data = shipped_data()
    assert token_title(data, "machine-gun1") == "Machine Gun (1)" and token_title(data, "plane") == "Plane"
    rules = Game(2, 0).rules
    assert token_words(rules, "food2") == f"the {token_title(data, 'food2')} token" == "the Food (2) token"
    assert token_words(rules, "hidden") == "a face-down Supply Token"


def test_the_tui_defines_no_token_naming_of_its_own():
    defined = [f"{path.name}:{node.name}" for path in TUI.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.FunctionDef) and node.name.startswith("token_")]
    assert not defined
