"""The card viewer's words (issue 11): the full text of every card in your hand and of your
tokens, both Commanders' abilities (yours first), and the cards the other side played lately —
face-up cards, so public. Hands are shown only to whoever may see them (Session.may_see)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ..data.models import Side
from ..engine import token_title
from .session import SIDES, Session
from .theme import badge

KINDS = {"action": "Action", "special": "Special", "event": "Event"}
#: how many of the other side's last played cards the viewer shows
LATELY = 4


def card_block(session: Session, side: Side, number: int, note: str = "") -> Group:
    """A card's title line and its whole effect, indented under it."""
    card = next(c for c in session.game.data.decks[side].cards if c.number == number)
    head = Text.assemble(badge(side), " ", (f"#{number} {card.name}", "bold"), f" — {KINDS.get(card.kind, card.kind)} · {card.ap} AP", (note, "dim"))
    return Group(head, Padding(Text(card.effect, style="italic"), (0, 0, 0, 4)))


def cards_renderable(session: Session, me: Side) -> Group:
    """Everything ``me`` may read about cards now."""
    game, view = session.shown_game, session.view()
    other: Side = "ZURL" if me == "PL" else "PL"
    parts: list[RenderableType] = []
    if session.may_see(me):
        hand = sorted(n for n in view["hand"][me] if n is not None)  # none hidden: ``me`` may see it
        parts.append(Text(f"Your hand ({me}): {len(hand)} card{'s' * (len(hand) != 1)}", style="bold underline"))
        parts += [card_block(session, me, n) for n in hand] or [Text("   no cards", style="dim")]
        effects = {t.kind: t for t in game.data.supply_tokens.tokens}
        tokens = [t for t in view["my_tokens"][me] if t["kind"]]
        parts.append(Text(f"Your Supply Tokens: {len(tokens)}", style="bold underline"))
        for t in tokens:
            effect = effects[t["kind"]].effect if t["kind"] in effects else ""
            parts.append(Text.assemble("  ", (token_title(game.data, f"{t['kind']}{t['value']}"), "bold"), ": ", (effect, "italic")))
    else:
        parts.append(Text("Both hands are hidden while a decision that needs neither is taken at the table.", style="dim"))
    played = [e for e in game.events(session.viewer if session.viewer in SIDES else None)
              if e.kind == "card" and e.get("side") == other][-LATELY:]
    parts.append(Text(f"Played by {other} lately (newest first)", style="bold underline"))
    uses = {"ap": " (for AP, effect ignored)", "effect": " (for its effect)", "special": " (in a battle)", "event": " (Event)"}
    parts += [card_block(session, other, e["card"], f"{uses.get(e.get('use'), '')}, round {e.round}") for e in reversed(played)] \
        or [Text("   none yet", style="dim")]
    parts.append(Text("Commanders", style="bold underline"))
    for side in (me, other):
        cid = view["commander"].get(side)
        if cid:
            c = game.data.commander_by_id[cid]
            ability = c.ability.text if c.ability else "no special ability"
            parts.append(Text.assemble(badge(side), f" {'yours' if side == me else 'theirs'}: ", (c.name, "bold"),
                                       f" — {c.ap} AP, {c.cards} card{'s' * (c.cards != 1)} a turn: ", (ability, "italic")))
    return Group(*parts)
