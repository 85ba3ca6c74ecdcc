"""The pending decision in words: its prompt, its options (exactly the legal actions, each
with its cost in AP or Losses, the ways out of a step first) and a line about the highlighted
option (a card's or token's full text). Pure, so tests can read what the player reads."""

from __future__ import annotations

from rich.text import Text

from ..engine.losses import LOSS_TABLE
from .labels import Labeller
from .phases import losses_frame
from .preview import ap_changes
from .session import Session
from .theme import badge
from .widgets.decision import Row

#: actions that close a step rather than do something in it; listed first, in italics
WAYS_OUT = {"end", "done", "pass", "cancel", "draw", "stay", "event pass", "relief done", "extra pass", "fight"}
#: the Orders menu: the orders first, then tokens, then the cards (which the hand shows anyway)
VERB_ORDER = ("move", "assault", "fortify", "mobilize", "provision", "propaganda", "negotiate",
              "supply", "use", "card", "effect", "dismantle")


def unprefixed(prompt: str, side: str) -> str:
    """'PL: distribute 2 Losses' -> 'Distribute 2 Losses' (the side's badge is shown already)."""
    for prefix in (f"{side}: ", f"{side} "):
        if prompt.startswith(prefix):
            rest = prompt[len(prefix):]
            return rest[:1].upper() + rest[1:]
    return prompt


def prompt_text(session: Session) -> Text:
    d = session.game.decision()
    if d is None:
        return Text("The game is over.", style="bold")
    if session.is_bot(d.player):
        hint = " — press n to skip to your next decision" if session.humans else ""
        return Text.assemble(badge(d.player), f" (bot) is playing: {unprefixed(d.prompt, d.player)}", (hint, "dim"))
    return Text.assemble(badge(d.player), " ", (unprefixed(d.prompt, d.player), "bold"))


def loss_costs(game) -> dict[str, int]:
    """Losses absorbed by each way of taking them, for the player distributing Losses now."""
    f = losses_frame(game.state)
    if f is None:
        return {}
    role = "attacker" if f.get("role") == "attacker" else "defender"
    return dict(LOSS_TABLE.get((f.get("band", "low"), role), {}))


def option_rows(session: Session, labeller: Labeller) -> list[Row]:
    """One row per legal action of the decision, for a viewer allowed to see them."""
    game = session.game
    d = game.decision()
    if d is None or session.is_bot(d.player) or not session.may_see(d.player):
        return []
    costs = ap_changes(game)
    losses = loss_costs(game)
    rows = []
    for action in d.actions:
        label = Text(labeller.label(action, d.player, d.kind), style="italic" if action in WAYS_OUT else "")
        cost = costs.get(action)
        verb = action.split()[0]
        tag = ""
        if cost and verb not in ("card", "event"):  # their label says the AP
            tag = f"{'+' if cost > 0 else '−'}{abs(cost)} AP"
        elif verb in losses:
            tag = f"{losses[verb]} Loss" + ("es" if losses[verb] != 1 else "")
        rows.append(Row(action, label, tag))
    # the way out of a step (end, done, pass, cancel, draw) comes first: always in sight
    return sorted(rows, key=lambda r: (r.action not in WAYS_OUT, _verb_rank(r.action) if d.kind == "orders" else 0))


def _verb_rank(action: str) -> int:
    verb = action.split()[0]
    return VERB_ORDER.index(verb) if verb in VERB_ORDER else len(VERB_ORDER)


def option_detail(game, labeller: Labeller, row: Row | None) -> Text:
    """The full words of the highlighted option: a card's or a token's text, else its label."""
    d = game.decision()
    if row is None or d is None:
        return Text("")
    card = labeller.card_of(d.player, row.action)
    if card is not None:
        c = game.rules.card(*card)
        return Text.assemble((f"#{c.number} {c.name} ", "bold"), f"({c.kind}, {c.ap} AP): ", (c.effect, "italic"))
    token = labeller.token_of(row.action)
    if token is not None:
        kind = next((t for t in game.rules.data.supply_tokens.tokens if t.kind == token), None)
        return Text(kind.effect if kind else token, style="italic")
    tag = f" ({row.tag})" if row.tag else ""
    return Text.assemble(("▸ ", "bold"), labeller.label(row.action, d.player, d.kind) + tag, (f"   [{row.action}]", "dim"))
