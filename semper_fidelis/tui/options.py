"""The pending decision in words: its prompt, its options (exactly the legal actions, each
with its cost in AP or Losses, the ways out of a step first) and a line about the highlighted
option (a card's or token's full text). The words and the costs are the engine's Options;
this module only orders and shows them. Pure, so tests can read what the player reads."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from ..data.files import ASSET_FILES
from ..data.models import Side
from ..data.translations import card_brief, card_effect, card_name
from ..engine import Game, Option, TurnView, menu_label, type_for
from ..engine import actions as A
from ..i18n import N_, SOURCE_LANGUAGE, _, current_language, ngettext, pgettext
from ..render.odds import option_odds
from .keys import area_codes, assign_keys
from .session import Session
from .shapes import shape_rows
from .status import NEGOTIATION_NAMES
from .theme import badge
from .widgets.decision import Row
from .words import printed_token

#: the Orders menu: the orders first, then tokens, then the cards (which the hand shows anyway)
KIND_ORDER = ("order", "propaganda", "negotiate", "supply-token", "use-token", "card", "card-effect", "dismantle")
#: in the Orders, what is played from the hand is listed there, on its card's or token's line
#: (keys and costs), not in the decision's list: the list keeps the orders in view at 120×40
HAND_KINDS = ("card", "card-effect", "supply-token", "use-token")
#: a new Commander's AP replace the turn's: the label says how many, a change would mislead
NO_AP_TAG = {"take-commander"}


def unprefixed(prompt: str, side: str) -> str:
    """'PL: distribute 2 Losses' -> 'Distribute 2 Losses' (the side's badge is shown already):
    every prompt starts with its side in both languages (engine/prompts.py)."""
    for prefix in (f"{side}: ", f"{side} "):
        if prompt.startswith(prefix):
            rest = prompt[len(prefix):]
            return rest[:1].upper() + rest[1:]
    return prompt


def prompt_text(session: Session) -> Text:
    asked = session.asking()
    d = asked[0] if asked else None
    if d is None:
        return Text(_("The game is over."), style="bold")
    if session.is_bot(d.player):
        hint = _(" — press n to skip to your next decision") if session.humans else ""
        return Text.assemble(badge(d.player), " " + _("(bot) is playing: {prompt}", prompt=unprefixed(d.prompt, d.player)), (hint, "dim"))
    words = unprefixed(d.prompt, d.player)
    if d.kind == "orders":  # "… — give an order, play a card or a token, or end": the list says it
        words = _("Orders Phase: {ap} AP left", ap=session.view()["turn"]["ap"])
    return Text.assemble(badge(d.player), " ", (words, "bold"))


def own_ability(session: Session) -> Text:
    """The deciding player's own Commander and ability, shown where that player decides."""
    game, side = session.game, session.asking_side()
    if side is None:
        return Text("")
    cid = session.view()["commander"].get(side)
    if not cid:
        return Text("")
    c = game.data.commander_by_id[cid]
    status = session.view()["commander_status"].get(side, "ok")
    if status != "ok":  # an HQ dispersed: no ability until it is back (§11)
        lost = _(HQ_LOST[status]) if status in HQ_LOST else _("HQ {status}, his ability lost until it returns", status=status)
        return Text.assemble((_("Your Commander") + " ", "bold"), f"{c.name}: ", (lost, "italic"))
    if c.ability:
        ability = game.data.polish.text(ASSET_FILES["commanders"], f"commanders.{cid}.ability.text", c.ability.text)
    else:
        ability = _("no special ability")
    return Text.assemble((_("Your Commander") + " ", "bold"), f"{c.name}: ", (ability, "italic"))


#: why a Commander's ability is lost, by the view's ``commander_status``
HQ_LOST = {
    "dispersed": N_("HQ dispersed, his ability lost until it returns"),
    "killed": N_("HQ killed, his ability lost until it returns"),
    "none": N_("HQ none, his ability lost until it returns"),
}


def cost_tag(option: Option) -> str:
    """'−2 AP' (spent), '+2 AP' (gained), 'effect' (a card played for its effect) or '2 Losses'
    (absorbed); '' when there is nothing to say."""
    cost = option.ap_cost
    if option.kind == "card-effect":
        return _("effect")  # beside the same card's "−2 AP": which of the two this is, at a glance
    if cost and option.kind not in NO_AP_TAG:
        return _("{sign}{n} AP", sign="−" if cost > 0 else "+", n=abs(cost))
    if option.losses:
        return ngettext("{n} Loss", "{n} Losses", option.losses)
    return ""


def option_rows(session: Session, seen: dict[str, Option] | None = None) -> list[Row]:
    """The rows of :func:`decision_rows`, without the title."""
    return decision_rows(session, seen)[1]


def decision_rows(session: Session, seen: dict[str, Option] | None = None) -> tuple[str, list[Row]]:
    """What the options share (a title over the list, tui/shapes.py) and one row per legal
    action of the decision, for a viewer allowed to see them, each with its stable key
    (tui/keys.py); in the Orders, then the orders that cannot be given now, dimmed,
    with the reason (``seen``: the orders offered earlier in the game, by notation, kept up to
    date here, whose words a dimmed row borrows)."""
    game = session.game
    asked = session.asking()
    if asked is None or not session.may_decide(asked[0].player):
        return "", []
    d, options = asked
    rows = [Row(_label(game, o, d.player), cost_tag(o), o) for o in options]
    # the way out of a step (end, done, pass, cancel, draw) comes first: always in sight
    rows.sort(key=lambda r: (not r.option.closes, _kind_rank(r.option) if d.kind == "orders" else 0))
    title = shape_rows(rows, lambda a: game.data.areas[a].name if a in game.data.areas else a) if d.kind != "orders" else ""
    blocked = blocked_rows(session, rows, seen if seen is not None else {}) if d.kind == "orders" else []
    keys = assign_keys([r.option for r in rows + blocked], area_codes(game.data.board))
    for row, key in zip(rows + blocked, keys, strict=True):
        row.key = key
        row.in_hand = d.kind == "orders" and row.option.kind in HAND_KINDS
    return title, rows + blocked


#: the orders every side may give (§6), a row each, offered or dimmed: words short enough for
#: the list to hold every row whole beside the hand at 80×24 (issue 36); the Option's own
#: words, in full, are the detail's of the highlighted row
ORDER_WORDS = {
    "move": N_("Move (1 AP a group, ≤3 areas)"),
    "assault": N_("Assault (2 AP a group)"),
    "fortify": N_("Fortify (1 AP; Redoubt 4 AP)"),
    "mobilize": N_("Mobilize into areas you occupy"),
    "provision": N_("Provisioning (take a token)"),
}
#: what each order needs besides AP (its first step costs nothing: the AP are paid later)
ORDER_NEEDS = {
    "move": (1, N_("no group can move")),
    "assault": (2, N_("no group can attack")),
    "fortify": (1, N_("no room to fortify")),
    "mobilize": (1, N_("no units or no room")),
}


def blocked_rows(session: Session, rows: list[Row], seen: dict[str, Option]) -> list[Row]:
    """The orders, Propaganda, Negotiation and cards known to this side but not legal now, as
    dimmed rows saying why (the AP left, once a turn, what the order needs); ``seen`` learns
    the orders offered now."""
    game = session.game
    d = game.decision()
    assert d is not None  # rows are blocked at a decision
    offered = {r.action for r in rows}
    for r in rows:
        if r.option.kind in ("order", "propaganda", "negotiate"):
            seen[f"{d.player}:{r.action}"] = r.option
    turn = session.view()["turn"]
    ap = turn["ap"]
    out: list[Row] = []
    known = [(n, Option(notation=n, kind="order", label=_(w))) for n, w in ORDER_WORDS.items()]
    known += [(k.split(":", 1)[1], o) for k, o in seen.items() if k.startswith(d.player + ":") and o.kind != "order"]
    for notation, option in known:
        option = seen.get(f"{d.player}:{notation}", option)
        if notation in offered:
            continue
        label = menu_label(option.action) if option.notation else None  # in the language now, not the one it was seen in
        out.append(_blocked(replace(option, label=label) if label else option, _order_reason(option, turn, ap)))
    played = {r.option.card for r in rows if r.option.card is not None}
    for n in sorted(n for n in session.view()["hand"].get(d.player) or [] if n is not None):
        if n not in played:
            why = _("one card a turn, played already") if turn["card_played"] else _("not playable now")
            c = next(c for c in game.data.decks[d.player].cards if c.number == n)
            out.append(_blocked(Option(notation="", kind="card", label=_("Play {card}", card=f"#{n} {card_name(c)}"), card=n), why))
    named = {r.option.token for r in rows if r.option.token}
    for token in session.view()["my_tokens"].get(d.player) or []:
        label = f"{token['kind']}{token['value']}" if token["kind"] else ""
        if label and label not in named:
            named.add(label)
            option = Option(notation="", kind="supply-token", label=_("Use {token}", token=printed_token(game.data, label)), token=label)
            out.append(_blocked(option, _token_reason(game, token["kind"], turn)))
    return out


def _token_reason(game: Game, kind: str | None, turn: TurnView) -> str:
    """Why a token of the hand cannot be used now (§7.2: one for Supply and one for its effect
    a turn; Combat tokens in a battle)."""
    use = next((t.use for t in game.data.supply_tokens.tokens if t.kind == kind), "orders")
    if use == "battle":
        return _("a Combat token: played in a battle")
    if use != "orders":
        return _("played after a battle")
    if turn["generic_tokens"] and turn["specific_token"]:
        return _("one for Supply and one for its effect a turn: both used")
    if turn["generic_tokens"]:
        return _("Supply: one token a turn, used already; its effect: nothing to do now")
    if turn["specific_token"]:
        return _("one token for its effect a turn, used already; Supply at its top")
    return _("Supply at its top, and nothing for its effect to do now")


def _blocked(option: Option, reason: str) -> Row:
    words = _order_name(option.notation) if option.kind == "order" else None
    return Row(Text(words or _words(option), style="dim"), "", option, blocked=reason)


def _order_name(notation: str) -> str | None:
    """A dimmed order's row by its name alone: why it cannot be given (the AP it needs, what it
    lacks) says the rest, and the Orders list at 80×24 then holds every dimmed row whole in
    both languages (five orders dimmed at 0 AP were cut)."""
    return {"move": pgettext("order", "Move"), "assault": pgettext("order", "Assault"), "fortify": pgettext("order", "Fortify"),
            "mobilize": pgettext("order", "Mobilize"), "provision": pgettext("order", "Provisioning")}.get(notation)


def _words(option: Option, game: Game | None = None, side: Side | None = None) -> str:
    """An option's words on its row: an order's short ones (ORDER_WORDS); a card played for its
    Event or Special effect, its number, name and effect (the cost is the row's tag, the prompt
    says whom an Event helps: issue 36, an Event's row whole beside the hand at 80×24); else
    its label."""
    if option.kind == "order":
        return _(ORDER_WORDS[option.notation]) if option.notation in ORDER_WORDS else option.label
    if option.kind == "negotiate" and isinstance(option.action, A.Negotiate):
        return _negotiate_words(option.action)
    if option.kind in ("event", "special") and option.card is not None and game is not None and side is not None:
        card = next(c for c in game.data.decks[side].cards if c.number == option.card)
        # a Special card's whole text stands beside the battle only in a few words (its brief; the
        # highlighted row's detail and the hand have it whole)
        effect = card_brief(game.data, side, card) if option.kind == "special" else card_effect(game.data, side, card)
        return _("Play #{number} {name}: {effect}", number=card.number, name=card_name(card), effect=effect)
    return option.label


def _negotiate_words(action: A.Negotiate) -> str:
    """A Negotiation's row by the track's name on the tracks bar ('Militia'): the list at 80×24
    holds the three a scenario may offer whole (the engine's label, the detail's, names the
    marker and Disarmament)."""
    track = _(NEGOTIATION_NAMES.get(action.neutral, action.neutral))
    side = action.toward.upper()
    if action.ally:
        return _("Negotiate: {track} straight to alliance with {side}", track=track, side=side)
    return _("Negotiate: {track} 1 step towards {side}", track=track, side=side)


def _order_reason(option: Option, turn: TurnView, ap: int) -> str:
    """Why an order cannot be given now, in a few words: the AP left are the prompt's, so a
    row says only what it needs (the Orders list whole at 80×24 in both languages)."""
    if option.kind == "propaganda":
        return _("once a turn: done already") if turn["propaganda"] else _("costs {cost} AP", cost=option.ap_cost)
    if option.kind == "negotiate":
        return _("once a turn: done already") if turn["negotiation"] else _("costs {cost} AP", cost=option.ap_cost)
    if option.notation == "provision":
        n = turn["provisions"] + 1
        return _("needs {need} AP", need=n) if ap < n else _("no tokens")  # its nth this turn costs n; none in its areas
    need, what = ORDER_NEEDS.get(option.notation, (1, N_("nothing to order")))
    return _("needs {need} AP", need=need) if ap < need else _(what)


def _label(game: Game, option: Option, side: Side) -> Text:
    label = Text(_words(option, game, side), style="italic" if option.closes else "")
    if warning(game, option, side):
        label = Text.assemble(("⚠ ", "bold yellow"), label)
    return label


def warning(game: Game, option: Option, side: Side) -> str | None:
    """What ``side`` should know before committing: a neutral Militia turned, or an area left
    empty."""
    return militia_warning(game, option) or emptying_warning(game, option, side)


def emptying_warning(game: Game, option: Option, side: Side) -> str | None:
    """A Move or Assault taking the last units out of an area: a Strategic Area's Morale and the
    side's fortifications there are lost (§8, §6.2; issue 36). An attack lined up on the border
    keeps them, and says nothing."""
    origin = option.from_area
    if option.kind not in ("move", "assault", "enter") or not origin:
        return None
    view = game.view(None)  # public facts only: a joiner's mirror holds the same
    own = {type_for(side, code) for code in "vsh"}
    if sum(n for _, n in option.units) < sum(n for t, n in view["units"].get(origin, {}).items() if t in own):
        return None
    name = game.data.areas[origin].name
    lost = []
    if origin in view["strategic"] and view["strategic_holder"].get(origin) == side:
        lost.append(_("−1 Morale (a Strategic Area)"))
    if view["redoubts"].get(origin) == side:
        lost.append(_("its Redoubt lost"))
    if any(who == side for who, _at in view["barricades"].get(origin, [])):
        lost.append(_("its Barricades lost"))
    return _("Warning: this leaves {area} empty: {lost}.", area=name, lost=", ".join(lost)) if lost else None


def militia_warning(game: Game, option: Option) -> str | None:
    """A move that would end among a neutral Jewish Militia makes it ally with the opponent
    (§13.2): said before the player commits."""
    if option.kind not in ("move", "enter") or not option.to_area:
        return None
    view = game.view(None)
    if not view["units"].get(option.to_area, {}).get("jewish-militia"):
        return None
    track = next((t for t in game.scenario.negotiation if t.neutral == "jewish-militia"), None)
    if track is None or track.spaces[view["negotiation"].get(track.neutral, track.start)].stance != "neutral":
        return None
    d = game.decision()
    rival = "ZURL" if d is not None and d.player == "PL" else "PL"
    return _("Warning: the Jewish Militia in {area} is neutral — ending a move there makes it ally with {rival} (§13.2).",
             area=game.data.areas[option.to_area].name, rival=rival)


def _kind_rank(option: Option) -> int:
    return KIND_ORDER.index(option.kind) if option.kind in KIND_ORDER else len(KIND_ORDER)


def option_detail(game: Game, side: Side, row: Row | None, kind: str | None = None) -> Text:
    """The full words of the highlighted option: a card's or a token's text, else its label;
    and for an attack, its odds (``kind``: the decision's, by default the game's pending one)."""
    if row is None:
        return Text("")
    if kind is None:
        d = game.decision()
        kind = d.kind if d is not None else None
    odds = option_odds(game, row.option, kind) if kind is not None else None
    said = warning(game, row.option, side)
    parts = [Text(said, style="bold yellow")] if said else []
    parts.append(odds if odds is not None else _option_words(game, side, row))  # the label is lit above
    return Text("\n").join(parts)


def effect_blocked(game: Game, side: Side, number: int) -> str | None:
    """Why card ``number`` is offered for its AP only, in the Orders (None: its effect is
    offered too): said before ``22`` plays it for AP (issue 36)."""
    if any(o.kind == "card-effect" and o.card == number for o in game.options()):
        return None
    card = next(c for c in game.data.decks[side].cards if c.number == number)
    if card.kind == "special":
        return _("a Special card: its effect is played in a battle")
    return _("its effect cannot be carried out now (see its text)")


def _option_words(game: Game, side: Side, row: Row) -> Text:
    option = row.option
    if option.card is not None:
        c = next(c for c in game.data.decks[side].cards if c.number == option.card)
        why = effect_blocked(game, side, c.number) if option.kind == "card" else None
        unused = _("its effect unused ({why})", why=why) if why else _("its effect unused")
        how = {"card": _("▸ {key}: for {ap} AP, {unused} — ", key=row.key, ap=c.ap, unused=unused),
               "card-effect": _("▸ {key}: for its effect — ", key=row.key)}
        kind = _(CARD_KINDS.get(c.kind, c.kind))
        return Text.assemble((how.get(option.kind, ""), "bold"), (f"#{c.number} {card_name(c)} ", "bold"),
                             _("({kind}, {ap} AP): ", kind=kind, ap=c.ap), (card_effect(game.data, side, c), "italic"))
    if option.token is not None:
        kind = option.token.rstrip("0123456789")
        token = next((t for t in game.data.supply_tokens.tokens if t.kind == kind), None)
        said = Text(f"▸ {row.key}: {option.label}", style="bold")  # Supply +2, or its effect: which of the two
        if option.kind == "supply-token" or token is None:
            return said
        effect = game.data.polish.text(ASSET_FILES["supply_tokens"], f"tokens.{kind}.effect", token.effect)
        return Text.assemble(said, " — ", (effect, "italic"))
    tag = f" ({row.tag})" if row.tag else ""
    # the record's notation (`[move rynek]`) is English words: said only to an English reader
    notation = f"   [{option.notation}]" if current_language() == SOURCE_LANGUAGE else ""
    return Text.assemble(("▸ ", "bold"), option.label + tag, (notation, "dim"))


#: a card's kind as its detail line names it
CARD_KINDS = {"action": N_("action"), "special": N_("special"), "event": N_("event")}
