"""The card viewer's words (issue 11): the full text of every card in your hand and of your
tokens, both Commanders' abilities (yours first), and the cards the other side played lately —
face-up cards, so public. Hands are shown only to whoever may see them (Session.may_see)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ..data.models import Side
from ..data.translations import card_effect, card_name
from ..i18n import N_, _, ngettext
from .session import SIDES, Session
from .theme import badge
from .words import ability, printed_effect, printed_token, said

KINDS = {"action": N_("Action"), "special": N_("Special"), "event": N_("Event")}
#: how many of the other side's last played cards the viewer shows
LATELY = 4


def card_block(session: Session, side: Side, number: int, note: str = "") -> Group:
    """A card's title line and its whole effect, indented under it."""
    card = next(c for c in session.game.data.decks[side].cards if c.number == number)
    data = session.game.data
    kind = _("{kind} · {ap} AP", kind=said(KINDS, card.kind), ap=card.ap)
    head = Text.assemble(badge(side), " ", (f"#{number} {card_name(card)}", "bold"), f" — {kind}", (note, "dim"))
    return Group(head, Padding(Text(card_effect(data, side, card), style="italic"), (0, 0, 0, 4)))


def cards_renderable(session: Session, me: Side) -> Group:
    """Everything ``me`` may read about cards now."""
    game, view = session.shown_game, session.view()
    other: Side = "ZURL" if me == "PL" else "PL"
    parts: list[RenderableType] = []
    if session.may_see(me):
        hand = sorted(n for n in view["hand"][me] if n is not None)  # none hidden: ``me`` may see it
        parts.append(Text(ngettext("Your hand ({side}): {n} card", "Your hand ({side}): {n} cards", len(hand), side=me), style="bold underline"))
        parts += [card_block(session, me, n) for n in hand] or [Text("   " + _("no cards"), style="dim")]
        effects = {t.kind: t for t in game.data.supply_tokens.tokens}
        tokens = [t for t in view["my_tokens"][me] if t["kind"]]
        parts.append(Text(_("Your Supply Tokens: {n}", n=len(tokens)), style="bold underline"))
        for t in tokens:
            effect = printed_effect(game.data, t["kind"], effects[t["kind"]].effect) if t["kind"] in effects else ""
            parts.append(Text.assemble("  ", (printed_token(game.data, f"{t['kind']}{t['value']}"), "bold"), ": ", (effect, "italic")))
    else:
        parts.append(Text(_("Both hands are hidden while a decision that needs neither is taken at the table."), style="dim"))
    played = [e for e in game.events(session.viewer if session.viewer in SIDES else None)
              if e.kind == "card" and e.get("side") == other][-LATELY:]
    parts.append(Text(_("Played by {side} lately (newest first)", side=other), style="bold underline"))
    parts += [card_block(session, other, e["card"], _played_note(e.get("use"), e.round)) for e in reversed(played)] \
        or [Text("   " + _("none yet"), style="dim")]
    parts.append(Text(_("Commanders"), style="bold underline"))
    for side in (me, other):
        cid = view["commander"].get(side)
        if cid:
            c = game.data.commander_by_id[cid]
            said_ability = ability(game.data, c.id, c.ability.text) if c.ability else _("no special ability")
            whose = _("yours") if side == me else _("theirs")
            turn = ngettext("{ap} AP, {n} card a turn", "{ap} AP, {n} cards a turn", c.cards, ap=c.ap)
            parts.append(Text.assemble(badge(side), f" {whose}: ", (c.name, "bold"), f" — {turn}: ", (said_ability, "italic")))
    return Group(*parts)


#: how a card of the other side's was played (translated when drawn)
USES = {"ap": N_("for AP, effect ignored"), "effect": N_("for its effect"), "special": N_("in a battle"), "event": N_("Event")}


def _played_note(use: str | None, round_: int) -> str:
    """' (in a battle), round 2': how and when a card was played."""
    when = _("round {round}", round=round_)
    return f" ({_(USES[use])}), {when}" if use in USES else f", {when}"
