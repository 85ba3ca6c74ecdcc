"""The kinds of what the engine hands a client, as ``Literal`` types: an Option's kind, a
Decision's kind and an Event's kind. A client comparing ``option.kind == "atack"`` is then an
error mypy reports (``strict_equality``) instead of a branch that never runs.
tests/engine/test_kinds.py plays random games of every scenario and holds every kind the engine
produces to these lists (``typing.get_args``). A leaf module: the actions, the machine, the
options and the events all import it."""

from __future__ import annotations

from typing import Literal

#: what an Option does: the verb of its action's notation (a way out: ``pass``, ``done`` …) or a
#: finer word where one verb does several things (``take-token``, ``discard-card`` …)
OptionKind = Literal[
    # the notation's verbs (actions.py: each Action class's VERB)
    "advance", "ally", "artillery", "assault", "attrition", "barricade", "battle", "break", "cancel", "card",
    "change", "collect", "destruction", "disarm", "discard", "dismantle", "disperse", "done", "draw", "effect",
    "end", "evade", "event", "extra", "fight", "fortify", "from", "hold", "hq", "keep", "medicine", "mobilize",
    "morale", "move", "negotiate", "pass", "place", "propaganda", "provision", "redoubt", "reinforce", "relief",
    "remove", "retreat", "special", "stay", "supply", "take", "to", "token", "units", "use", "withdraw",
    # the finer words of options.py
    "attack", "card-effect", "change-commander", "choice", "combat-token", "deploy", "discard-card",
    "discard-token", "enter", "order", "supply-token", "take-commander", "take-token", "use-token",
]

#: what kind of step a Decision is (machine.py: each procedure's ``decision``)
DecisionKind = Literal[
    "artillery", "assault", "attrition", "battle", "battle-order", "card", "collect", "commander", "deploy",
    "draw", "event", "fortify", "hq", "losses", "mobilize", "order", "orders", "provision", "reinforce", "relief",
]

#: what an Event records (events.py)
EventKind = Literal[
    "alliance", "battle", "battle-start", "card", "draw", "game-over", "loss", "move", "note", "quiet-step",
    "stage", "token", "track", "turn",
]
