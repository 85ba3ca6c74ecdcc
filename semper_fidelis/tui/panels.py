"""The hand, the log, the map position and the line about the area under the cursor, as Rich
text built from the viewer's view and the game data (the status lines are in ``status``, the
battle and loss panels in ``battle_panel``).

Separate from the widgets so every panel can be read (and tested) without a terminal. Private
information goes only through :meth:`Session.view` — the opponent's hand and face-down tokens
are never looked up here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from ..data.loader import GameData
from ..data.models import ActionCard, Side
from ..data.translations import card_effect, card_name
from ..engine import Event, PlayerView, TokenView, event_text
from ..i18n import N_, _, ngettext
from ..render.board_map import MapPosition
from ..render.map_style import ROMAN
from ..render.position import position_from_view
from .session import Session
from .status import join_parts
from .theme import KEY_STYLE, PICKED_STYLE, badge
from .widgets.decision import Row
from .words import TERRAIN, fill, printed_token, said


def hand_renderable(session: Session, first: Side, offers: list[Row] | None = None, picked: Row | None = None) -> RenderableType:
    """``first``'s cards and tokens, then the other side's — in full only where the viewer may
    see them (privacy off: both), else only how many — and both Commanders' abilities.
    ``offers``: in the Orders, the decision's rows played from the hand (cards for AP or effect,
    tokens), each shown as its key on its card's or token's line (``picked``: the one picked)."""
    data = session.game.data
    cards = {side: {c.number: c for c in deck.cards} for side, deck in data.decks.items()}
    view = session.view()
    lines: list[Text] = []
    order: tuple[Side, Side] = (first, "ZURL" if first == "PL" else "PL")  # the side in front first, its Commander too
    for side in order:
        hand = view["hand"][side]
        tokens = view["my_tokens"][side]
        if not session.may_see(side):
            lines.append(fill(_("{side} {cards}, {tokens} (hidden)"), side=badge(side), cards=cards_count(len(hand)), tokens=tokens_count(len(tokens))))
            continue
        seen = sorted(n for n in hand if n is not None)  # all of them: this hand may be seen
        if side != first:  # privacy off: the other hand in one line, in full under c
            numbers = " ".join(f"#{n}" for n in seen) or _("no cards")
            lines.append(fill(_("{side} {cards}, {tokens}"), side=badge(side), cards=numbers, tokens=tokens_count(len(tokens))))
            continue
        if offers is not None:
            lines += _offered_hand(data, side, seen, cards[side], tokens, offers, picked)
            continue
        lines.append(Text.assemble(badge(side), (" " + _("hand: {cards}", cards=cards_count(len(hand))), "bold"),
                                   ("  " + _("(c: in full)"), "dim italic")))
        for n in seen:
            lines.append(card_line(data, side, cards[side][n]))
        names = ", ".join(printed_token(data, f"{t['kind']}{t['value']}") for t in tokens if t["kind"]) or _("none")
        line = Text.assemble((_("Tokens:") + " ", "bold"), names)
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    return Group(*lines)


def cards_count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n)


def tokens_count(n: int) -> str:
    return ngettext("{n} token", "{n} tokens", n)


def _offered_hand(data: GameData, side: Side, hand: list[int], cards: dict[int, ActionCard], tokens: list[TokenView], offers: list[Row], picked: Row | None) -> list[Text]:
    """The hand as the Orders offer it: a line a card with its keys (``1`` for its AP, ``11``
    for its effect), a line a token with its keys (``t`` Supply, ``y`` its effect); a key that
    cannot be used now is dimmed, and the reason is on the line (or the header, when one reason
    holds for every card)."""
    blocked = {r.blocked for r in offers if r.blocked and r.option.kind == "card"}
    every_card = len(blocked) == 1 and not any(r.option.kind == "card" and not r.blocked for r in offers)
    head = Text.assemble(badge(side), (" " + cards_count(len(hand)), "bold"))
    head.append(f" — {blocked.pop()}" if every_card else " · " + _("07 for AP, again for effect"), "dim italic")
    columns = _KeyColumns(offers, picked)
    return [_one_line(head)] + [_offered_card(data, side, n, cards[n], offers, columns, every_card) for n in hand] + \
        _offered_tokens(data, tokens, offers, columns)


class _KeyColumns:
    """The two key columns of the offered hand: AP or Supply first, the effect second, each as
    wide as its longest key."""

    def __init__(self, offers: list[Row], picked: Row | None):
        self.picked = picked
        self.first = 2 + max((len(r.key) for r in offers if r.option.kind in ("card", "supply-token")), default=1)
        self.second = 2 + max((len(r.key) for r in offers if r.option.kind in ("card-effect", "use-token")), default=1)

    def chips(self, own: list[Row], first_kind: str, second_kind: str) -> Text:
        return (_chips([r for r in own if r.option.kind == first_kind], self.first, self.picked)
                + _chips([r for r in own if r.option.kind == second_kind], self.second, self.picked))


def _offered_card(data: GameData, side: Side, n: int, card: ActionCard, offers: list[Row], columns: _KeyColumns, every_card: bool) -> Text:
    own = [r for r in offers if r.option.card == n]
    why = next((r.blocked for r in own if r.blocked), "") if not every_card else ""
    return _one_line(Text.assemble(
        columns.chips(own, "card", "card-effect"), (f" #{n:<2} {card_marks(card)} ", ""),
        (card_name(card), "bold"), (f" — {why}", "dim italic") if why else (" — " + card_effect(data, side, card), "dim")))


def _offered_tokens(data: GameData, tokens: list[TokenView], offers: list[Row], columns: _KeyColumns) -> list[Text]:
    lines = []
    labels = sorted(f"{t['kind']}{t['value']}" if t["kind"] else "" for t in tokens)  # the engine's order, the keys'
    for i, label in enumerate(labels):
        twin = i and labels[i - 1] == label  # two tokens alike: the engine offers one of them, the first line's
        own = [r for r in offers if label and not twin and r.option.token == label]
        why = next((r.blocked for r in own if r.blocked), "")
        lines.append(_one_line(Text.assemble(columns.chips(own, "supply-token", "use-token"), " ",
                                             (printed_token(data, label) if label else _("a token"), "bold"),
                                             (f" — {why}", "dim italic") if why else "")))
    return lines


def _one_line(line: Text) -> Text:
    """``line`` cut with an ellipsis rather than wrapped."""
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


def _chips(rows: list[Row], width: int, picked: Row | None) -> Text:
    """The keys of a card's or token's rows of one kind, side by side, padded to ``width``."""
    text = Text()
    for r in rows:
        style = Style.parse("dim reverse" if r.blocked else PICKED_STYLE if r is picked else KEY_STYLE)
        text.append(f" {r.key} ", style + Style(meta={"@click": f"screen.play_key('{r.key}', '{r.option.kind}')"}))  # a click plays it
    text.append(" " * max(1, width + 1 - text.cell_len))
    return text


#: a card's kind in three letters (translated when drawn)
KIND_MARK = {"action": N_("Act"), "special": N_("Spc"), "event": N_("Evt")}


def card_marks(card: ActionCard) -> str:
    """'2AP Spc': a card's AP and its kind, short."""
    return _("{ap}AP {kind}", ap=card.ap, kind=said(KIND_MARK, card.kind))


def card_line(data: GameData, side: Side, card: ActionCard) -> Text:
    """One compact line a card: its key (its number, tui/keys.py), number, AP, kind and name,
    then as much of its effect as fits ('04 #4  2AP Spc Nurses — Play in a battle…')."""
    line = Text.assemble((f" {card.number:02d} ", KEY_STYLE), (f" #{card.number:<2} {card_marks(card)} ", ""),
                         (card_name(card), "bold"), (" — " + card_effect(data, side, card), "dim"))
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


# ------------------------------------------------------------------------------------ log

def public_log(events: Sequence[Event]) -> list[str]:
    """The log as every player may read it, in the player's language: the texts of the events
    all may see (``Game.events``). The engine's lines never name a hidden card or token (a
    face-down token taken, a card discarded or drawn); this is the one place to filter should
    that change."""
    return [line for e in events if e.visible == "all" and (line := event_text(e)) and not _private(line)]


def _private(line: str) -> bool:
    return False


# ---------------------------------------------------------------------------- the map


def map_position(view: PlayerView, data: GameData, highlighted: set[str], cursor: str | None) -> MapPosition:
    pos = position_from_view(view, data)
    pos.title = pos.subtitle = ""
    pos.notes = []
    pos.highlighted = set(highlighted)
    pos.cursor = cursor
    return pos


def area_info(view: PlayerView, data: GameData, area: str | None) -> Text:
    """About the area under the cursor (two lines, wrapped): its name in full, terrain and limit,
    district, units, and every neighbour by its full name (issue 23: adjacency at a glance)."""
    if not area:
        return Text("")
    a = data.areas[area]
    district = next((d for d in data.board.districts if d.number == a.district), None)
    where = _("district {number} {name}", number=ROMAN.get(district.number, district.number), name=district.name) if district else _("Village")
    units = view["units"].get(area) or {}
    letters: dict[str, str] = {u.id: u.letter for u in data.components.units}
    held = ", ".join(f"{n}{letters.get(t, '?')}" for t, n in sorted(units.items()) if n) or _("empty")
    parts: list[Text | str] = [
        Text.assemble(("▶ ", "bold"), (a.name, "bold")),
        _("{terrain} {limit}, {where}", terrain=said(TERRAIN, a.terrain), limit=a.limit, where=where),
        _("units {units}", units=held),
    ]
    if view["strategic"].get(area):
        parts.append(_("★{value} strategic", value=view["strategic"][area]))
    attackers = [g for g in view["attacks"].get(area, []) if sum(g["units"].values())]
    if attackers:
        inside = _("inside")
        origins = ", ".join(f"{g['side']} {data.areas[g['origin']].name if g['origin'] in data.areas else inside}" for g in attackers)
        parts.append(_("attacked from {origins}", origins=origins))
    next_to = _("next to {areas}")
    neighbours = fill(next_to, areas=", ".join(sorted(data.areas[n].name for n in a.neighbours)))
    neighbours.stylize("bold", 0, len(next_to.partition("{areas}")[0]))
    parts.append(neighbours)
    return join_parts(parts)
