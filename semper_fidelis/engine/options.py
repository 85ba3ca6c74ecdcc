"""Options (docs/architecture.md): every legal action of the pending decision with the facts a client needs.

:func:`describe` turns the legal list of the decision on top of the stack into one
:class:`Option` per action, in the same order: its notation, a kind, a label in plain words, the
AP it spends and the areas, units, card and token it involves. Costs come from the cost functions
the rules charge with (``orders.reach`` through ``_destinations``, ``fortify_options``,
``mobilization_rate``, ``propaganda_cost``, ``negotiation_options``, ``relief_targets``, the
cards' AP), never from trying the action on a copy. The procedures keep their legal lists; the
words for people are made here, once, one describer per decision step, in the order of the
rulebook's sections.

Kinds, by decision:

- Orders (§5.1 [2], §6): ``card`` (for its AP), ``card-effect``, ``order`` (opens Move, Assault,
  Fortification, Mobilization or Provisioning), ``propaganda``, ``negotiate``, ``supply-token``,
  ``use-token``, ``dismantle``, ``end``; in an order: ``from``, ``units``, ``move``, ``attack``
  (lined up on the border), ``assault``, ``enter`` (into an enemy area without battle),
  ``fight``, ``barricade``, ``redoubt``, ``mobilize``, ``provision``, ``artillery``, ``cancel``.
- Initial Phase and setup: ``deploy``, ``hq``, ``keep``, ``change-commander`` (AP unknown until
  the draw: ``ap_cost`` None), ``take-commander``, ``relief``, ``event``.
- Battle (§9): ``battle`` (which to fight), ``fight``, ``discard-card`` (towards an Evasion),
  ``evade``, ``combat-token``, ``special``, ``retreat``, ``advance``, ``stay``; Losses (§9.4):
  ``medicine``, ``withdraw``, ``disperse``, ``break``, ``hold``.
- End of Turn, Round and Stage: ``collect``, ``discard-card``, ``draw``, ``attrition``,
  ``reinforce``.
- A card's own questions (``card-group``, ``card-take``, …): ``from``, ``units``, ``move``, ``attack``, ``enter``,
  ``place``, ``mobilize``, ``take-token``, ``discard-token``, ``remove``, ``barricade``,
  ``redoubt``, ``artillery``, ``choice``.
- ``pass`` and ``done`` close a step without doing anything in it.

``closes`` marks the ways out of a step (end, done, pass, cancel, draw, stay, hold, fight).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..data.models import Side
from ..i18n import N_, _, ngettext
from . import actions as A
from .actions import Action
from .battle import evasion_cost, quiet_prompt
from .flow import _enemy_start, relief_targets
from .frames import (
    AdvanceFrame,
    AssaultNextFrame,
    AttritionFrame,
    BattleCardFrame,
    BattleFrame,
    BattleTokenFrame,
    CardAnywhereFrame,
    CardChoiceFrame,
    CardDiscardFrame,
    CardFortifyFrame,
    CardGreatWarFrame,
    CardGroupFrame,
    CardMobilizeFrame,
    CardRemoveFrame,
    CardTakeFrame,
    CollectFrame,
    CommanderFrame,
    DeployFrame,
    EvadeFrame,
    FortifyFrame,
    Frame,
    LossesFrame,
    MobilizeFrame,
    OrderFrame,
    ReinforceVillagesFrame,
    ReliefFrame,
    RetreatFrame,
    SideFrame,
)
from .kinds import OptionKind
from .losses import LOSS_TABLE
from .negotiation import negotiation_options
from .notation import group_of, parse_units, type_for
from .occupancy import total
from .orders import _destinations, _joining_charge, defended, fortify_options, mobilization_rate, propaganda_cost
from .rules import Rules
from .said import card_text, card_title, effect_card_name, neutral_name, token_words
from .state import HQ, State, other
from .wording import unit_count, units_words


@dataclass(frozen=True)
class Option:
    """One legal action and what it does.

    ``ap_cost`` is the change in the turn's AP the action makes, as a cost: 2 spends 2 AP, −2
    gives 2 AP (a card played for its AP), 0 for most; None when a draw decides it (changing the
    Commander). ``area`` is where the option takes place (what a map lights up); ``from_area``,
    ``to_area`` and ``via`` (the last area passed before an enemy one) are the move it makes,
    ``facing`` the neighbour a Barricade faces. ``units`` are (unit type, count) pairs of the
    deciding player's units (or allied neutrals); ``card`` a card number in the deciding
    player's hand; ``token`` a Supply Token label (``food2``); ``losses`` the Losses a way of
    taking them absorbs. ``closes``: the option ends or skips the step rather than act in it.
    ``room``: for an option placing one unit, how many more the area can take under its limit
    (a client may offer to place several in a row; the engine still says when to stop).
    """

    notation: str
    kind: OptionKind
    label: str
    ap_cost: int | None = 0
    area: str | None = None
    from_area: str | None = None
    to_area: str | None = None
    via: str | None = None
    facing: str | None = None
    units: tuple[tuple[str, int], ...] = ()
    card: int | None = None
    token: str | None = None
    losses: int | None = None
    closes: bool = False
    room: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "notation", str(self.notation))  # plain text, given an Action or text

    @property
    def areas(self) -> tuple[str, ...]:
        """Every area the option names, the one it is about first."""
        out: list[str] = []
        for a in (self.area, self.to_area, self.from_area, self.via, self.facing):
            if a and a not in out:
                out.append(a)
        return tuple(out)

    @property
    def action(self) -> Action:
        """The action as a value (its fields: ``option.action.dest`` …)."""
        return Action.parse(self.notation)

    @property
    def unit_counts(self) -> dict[str, int]:
        return dict(self.units)

    def __str__(self) -> str:
        return self.notation


#: each takes its kind's frame (frames.py) and its legal actions (the classes its procedure lists,
#: so each describer names them): the registry holds them all
Describer = Callable[[Rules, State, Any, Any], list[Option]]
#: frame kind -> describer of its legal actions
DESCRIBERS: dict[str, Describer] = {}


def describer(*kinds: str) -> Callable[[Describer], Describer]:
    def register(fn: Describer) -> Describer:
        for kind in kinds:
            DESCRIBERS[kind] = fn
        return fn

    return register


def describe(rules: Rules, state: State, legal: list[Action]) -> tuple[Option, ...]:
    """One Option per action of ``legal`` (the legal list of the decision now), in its order."""
    if state.over or not state.stack or not legal:
        return ()
    frame = state.stack[-1]
    fn = DESCRIBERS.get(frame["kind"], _plain)
    return tuple(fn(rules, state, frame, list(legal)))


# ------------------------------------------------------------------------------------ words


def _name(rules: Rules, area: str) -> str:
    return rules.area_name(area)


def _units(units: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((t, n) for t, n in units.items() if n))


def _one(side: Side, code: str) -> tuple[tuple[str, int], ...]:
    return ((type_for(side, code), 1),)


def _token_fact(choice: str) -> str | None:
    return None if choice == "hidden" else choice


def _verb(word: str) -> OptionKind:
    """A notation's first word as an Option's kind: every such word is an Action's ``VERB``,
    and every VERB is an OptionKind (tests/engine/test_kinds.py)."""
    return cast(OptionKind, word)


def _plain(rules: Rules, state: State, f: Frame, legal: Sequence[str]) -> list[Option]:
    """Any step without its own describer: the notation's words, area names spelled out."""
    out = []
    for action in legal:
        words = action.split()
        areas = [w for w in words if w in rules.terrain]
        text = " ".join(_name(rules, w) if w in rules.terrain else w.replace("-", " ") for w in words)
        out.append(Option(action, _verb(words[0]), text[:1].upper() + text[1:], area=areas[0] if areas else None,
                          closes=action in ("done", "pass", "cancel", "end")))
    return out


def _way_out(action: Action, label: str, kind: OptionKind | None = None) -> Option:
    return Option(action, kind or _verb(action.VERB), label, closes=True)


# ------------------------------------------------------------------------------ setup (§2)


@describer("deploy")
def _deploy(rules: Rules, state: State, f: DeployFrame, legal: list[A.Place]) -> list[Option]:
    side, out = f["side"], []
    for action in legal:
        area = action.area
        units = _one(side, action.unit)
        out.append(Option(action, "deploy", _("Place {units} in {area}", units=unit_count(units[0][0], 1), area=_name(rules, area)),
                          area=area, to_area=area, units=units, room=rules.limit[area] - total(state, area)))
    return out


# ----------------------------------------------------------------- Initial Phase (§5.1 [1])


@describer("hq")
def _hq(rules: Rules, state: State, f: SideFrame, legal: list[A.HQ]) -> list[Option]:
    side = f["side"]
    return [Option(a, "hq", _("Place the HQ in {area}", area=_name(rules, a.area)), area=a.area, to_area=a.area, units=((HQ[side], 1),)) for a in legal]


def _change_morale_words(state: State, side: Side) -> str:
    """§8 as change_commander applies it: Morale after changing the Commander."""
    if state.turn.commander_changes >= 1:
        return _("Morale −1 for a second change this turn")
    if state.last_battle.get(side) == "lost":
        return _("Morale +1 after a lost battle")
    return _("Morale −1 after a victory or before any battle")


@describer("commander")
def _commander(rules: Rules, state: State, f: CommanderFrame, legal: list[Action]) -> list[Option]:
    side, out = f["side"], []
    for action in legal:
        if isinstance(action, A.Keep):
            now = rules.commanders.get(state.commander[side] or "")
            out.append(Option(action, "keep", _("Keep {commander} as Commander", commander=now.name) if now else _("Keep no Commander")))
        elif isinstance(action, A.Change):
            out.append(Option(action, "change-commander", _("Change the Commander: draw a new one (his AP replace this turn's; {morale})",
                                                                     morale=_change_morale_words(state, side)), ap_cost=None))
        else:
            assert isinstance(action, A.TakeCommander)
            c = rules.commanders[action.commander]
            morale = _("no Morale change") if state.commander_status[side] == "none" else _change_morale_words(state, side)
            out.append(Option(action, "take-commander",
                              ngettext("Take {commander} as Commander ({ap} AP and {n} card a turn; {morale})",
                                       "Take {commander} as Commander ({ap} AP and {n} cards a turn; {morale})",
                                       c.cards, commander=c.name, ap=c.ap, morale=morale),
                              ap_cost=state.turn.ap - c.ap))
    return out


@describer("relief")
def _relief(rules: Rules, state: State, f: ReliefFrame, legal: list[A.Relief]) -> list[Option]:
    side, out = f["side"], []
    costs = relief_targets(rules, state, side, _enemy_start(rules, state, f))
    for action in legal:
        area = action.area
        if area is None:
            out.append(_way_out(action, _("Relief done: the units still waiting stay off the board"), "done"))
            continue
        units = group_of(side, action.units)
        out.append(Option(action, "relief", _("Relief: {units} to {area}", units=units_words(units), area=_name(rules, area)), ap_cost=costs[area],
                          area=area, to_area=area, units=_units(units)))
    return out


@describer("event")
def _event(rules: Rules, state: State, f: SideFrame, legal: list[A.EventCard]) -> list[Option]:
    side, out = f["side"], []
    for action in legal:
        n = action.card
        if n is None:
            out.append(_way_out(action, _("Play no Event card"), "pass"))
            continue
        card = rules.card(side, n)
        out.append(Option(action, "event", _("Play the Event {card} for {ap} AP; its effect helps {other}: {effect}", card=card_title(rules, side, n),
                                            ap=card.ap, other=other(side), effect=card_text(rules, side, n)), ap_cost=-card.ap, card=n))
    return out


# ---------------------------------------------------------------- Orders Phase (§5.1 [2], §6)

#: the Orders' labels by their notation (marked: shown through ``_``)
ORDER_WORDS = {
    "move": N_("Move order (1 AP a group, up to 3 areas)"),
    "assault": N_("Assault order (2 AP a group, the battle at once)"),
    "fortify": N_("Fortify: a Barricade for 1 AP, a Redoubt for 4 AP (1 less for each of your Barricades there)"),
    "mobilize": N_("Mobilize units from the Mobilization Zone into areas you occupy"),
    "provision": N_("Provisioning: take a Supply Token from an area you occupy (1st 1 AP, 2nd 2 AP, 3rd 3 AP)"),
}


def _use_words(rules: Rules, state: State, label: str, option: str) -> tuple[str, int]:
    """(label, AP cost) of using a Supply Token for its effect (§7.2, orders._use_token)."""
    kind = label.rstrip("0123456789")
    token = token_words(rules, label)
    if kind == "plane":
        return _("+2 AP: use {token}", token=token), -2
    if kind == "food":
        if option == "morale":
            return _("Morale +1: use {token} for its effect", token=token), 0
        return _("The Destruction marker 1 space up: use {token} for its effect", token=token), 0
    if kind == "artillery":
        return _("Artillery fire on an enemy area (2 Losses): use {token}", token=token), 0
    if kind == "barricade":
        return _("2 Barricades at no AP cost: use {token}", token=token), 0
    if kind == "uniform":
        return _("Mobilize 1 unit at no AP cost: use {token}", token=token), 0
    return _("Use {token} for its effect", token=token), 0


@describer("orders")
def _orders(rules: Rules, state: State, f: SideFrame, legal: list[Action]) -> list[Option]:
    side, out = f["side"], []
    talks = negotiation_options(rules, state, side) if any(isinstance(a, A.Negotiate) for a in legal) else {}
    for action in legal:
        if isinstance(action, A.PlayCard | A.PlayEffect):
            n = action.card
            card = rules.card(side, n)
            if isinstance(action, A.PlayCard):
                out.append(Option(action, "card", _("Play {card} for {ap} AP (its effect is not used)", card=card_title(rules, side, n), ap=card.ap),
                                  ap_cost=-card.ap, card=n))
            else:
                out.append(Option(action, "card-effect", _("Play {card} for its effect: {effect}", card=card_title(rules, side, n),
                                                                       effect=card_text(rules, side, n)), card=n))
        elif isinstance(action, A.MoveOrder | A.AssaultOrder | A.FortifyOrder | A.MobilizeOrder | A.ProvisionOrder):
            out.append(Option(action, "order", _(ORDER_WORDS[action.VERB])))
        elif isinstance(action, A.Propaganda):
            out.append(Option(action, "propaganda", _propaganda_words(action), ap_cost=propaganda_cost(rules, state, side)))
        elif isinstance(action, A.Negotiate):
            out.append(Option(action, "negotiate", _negotiate_words(action), ap_cost=talks[action]))
        elif isinstance(action, A.Supply):
            label = action.token
            value = int(label[len(label.rstrip("0123456789")):])
            out.append(Option(action, "supply-token", _("Supply +{value}: use {token}", value=value, token=token_words(rules, label)), token=label))
        elif isinstance(action, A.UseToken):
            label, cost = _use_words(rules, state, action.token, action.track or "")
            out.append(Option(action, "use-token", label, ap_cost=cost, token=action.token))
        elif isinstance(action, A.Dismantle):
            out.append(Option(action, "dismantle", _("Remove your fortifications in {area}", area=_name(rules, action.area)), area=action.area))
        elif isinstance(action, A.End):
            out.append(_way_out(action, _("End the Orders Phase")))
        else:
            out += _plain(rules, state, f, [action])
    return out


def _propaganda_words(action: A.Propaganda) -> str:
    return _("Propaganda: Morale +1") if action.track == "morale" else _("Propaganda: the Destruction marker 1 space up")


def _negotiate_words(action: A.Negotiate) -> str:
    fields = dict(neutral=neutral_name(action.neutral), side=action.toward.upper())
    if action.ally:
        return _("Negotiate: the {neutral} marker 1 step towards {side}, past Disarmament straight to the alliance", **fields)
    return _("Negotiate: the {neutral} marker 1 step towards {side}", **fields)


def menu_label(action: Action) -> str | None:
    """The label of a Propaganda or Negotiation in the current language, from the action alone
    (a client's dimmed row of one offered earlier; None for any other action)."""
    if isinstance(action, A.Propaganda):
        return _propaganda_words(action)
    if isinstance(action, A.Negotiate):
        return _negotiate_words(action)
    return None


def _move_option(
    rules: Rules, action: A.To, origin: str, units: dict[str, int], mode: str, cost: int, extra: str = "",
) -> Option:
    """A destination of a Move or Assault (into ``dest``, or via X to attack or enter it, §6.2);
    ``extra``: what the way it is paid adds, worded already."""
    dest, via = action.dest, action.via
    facts: dict[str, Any] = dict(area=dest, from_area=origin, to_area=dest, units=_units(units), ap_cost=cost)
    names = dict(dest=_name(rules, dest), extra=extra)
    if via is None:
        return Option(action, "move", _("Move into {dest}{extra}", **names), **facts)
    names["via"] = _name(rules, via)
    if action.how == "enter":
        return Option(action, "enter", _("Enter {dest} from {via} without a battle{extra}", **names), via=via, **facts)
    if mode == "assault":
        return Option(action, "assault", _("Assault {dest} from {via}: fight at once{extra}", **names), via=via, **facts)
    return Option(action, "attack", _("Attack {dest} from {via}: line up on its border, the battle comes in the Battle Phase{extra}",
                                      **names), via=via, **facts)


@describer("order")
def _order(rules: Rules, state: State, f: OrderFrame, legal: list[Action]) -> list[Option]:
    side, mode, out = f["side"], f["mode"], []
    moving = mode == "move"
    dests = _destinations(rules, state, f, f["origin"], f["units"]) if f["step"] == "to" else {}
    for action in legal:
        if isinstance(action, A.Cancel):
            out.append(_way_out(action, _("Cancel this Move order") if moving else _("Cancel this Assault order")))
        elif isinstance(action, A.From):
            area = _name(rules, action.area)
            words = _("Move from {area}", area=area) if moving else _("Assault from {area}", area=area)
            out.append(Option(action, "from", words, area=action.area, from_area=action.area))
        elif isinstance(action, A.Units):
            units = group_of(side, action.units)
            origin = f["origin"]
            words = _("Move {units}", units=units_words(units)) if moving else _("Assault {units}", units=units_words(units))
            out.append(Option(action, "units", words, area=origin, from_area=origin, units=_units(units)))
        else:
            assert isinstance(action, A.To)
            joining = _joining_charge(rules, state, side, action.dest, f)
            extra = _(" (with {ap} AP for your units inside and on its border, who fight too)", ap=joining) if joining else ""
            out.append(_move_option(rules, action, f["origin"], f["units"], mode, dests[action] + joining, extra))
    return out


@describer("assault-next")
def _assault_next(rules: Rules, state: State, f: AssaultNextFrame, legal: list[A.Fight | A.AssaultMore]) -> list[Option]:
    target = _name(rules, f["target"])
    if defended(rules, state, f):
        fight = _("Fight the battle in {area} now", area=target)
    else:
        fight = _("Go on: no battle in {area} (no one left to fight)", area=target)
    return [
        _way_out(a, fight, "fight") if isinstance(a, A.Fight)
        else Option(a, "order", _("Add another Assault group against {area} (2 AP a group)", area=target), area=f["target"])
        for a in legal
    ]


def _fort_option(rules: Rules, state: State, side: Side, action: A.Barricade | A.Redoubt, cost: int, paid: str) -> Option:
    area = action.area
    if isinstance(action, A.Barricade):
        return Option(action, "barricade", _("Barricade in {area} facing {facing}{paid}", area=_name(rules, area),
                                             facing=_name(rules, action.facing), paid=paid), ap_cost=cost, area=area, facing=action.facing)
    if any(s == side for s, _at in state.barricades.get(area, [])):
        words = _("Redoubt in {area} (it replaces your Barricades there){paid}", area=_name(rules, area), paid=paid)
    else:
        words = _("Redoubt in {area}{paid}", area=_name(rules, area), paid=paid)
    return Option(action, "redoubt", words, ap_cost=cost, area=area)


@describer("fortify")
def _fortify(rules: Rules, state: State, f: FortifyFrame, legal: list[Action]) -> list[Option]:
    side, out = f["side"], []
    costs = fortify_options(rules, state, side, free=f.get("free", False))
    paid = _(" (Barricade token: no AP)") if f.get("free") else ""
    for action in legal:
        if isinstance(action, A.Cancel):
            out.append(_way_out(action, _("Cancel the Fortification")))
        else:
            assert isinstance(action, A.Barricade | A.Redoubt)
            out.append(_fort_option(rules, state, side, action, costs[action], paid))
    return out


@describer("mobilize")
def _mobilize(rules: Rules, state: State, f: MobilizeFrame, legal: list[A.Mobilize | A.Done]) -> list[Option]:
    side, out = f["side"], []
    if f.get("free"):
        cost, paid = 0, _(" (Uniform token: no AP)")
    elif state.turn.mobilize_credit:
        left = state.turn.mobilize_credit
        cost, paid = 0, ngettext(" (already paid for: {n} more unit this turn)", " (already paid for: {n} more units this turn)", left)
    else:
        cost, n = mobilization_rate(rules, state, side)
        paid = ngettext(" ({ap} AP for {n} unit at your Morale)", " ({ap} AP for {n} units at your Morale)", n, ap=cost)
    for action in legal:
        if isinstance(action, A.Done):
            out.append(_way_out(action, _("Done: mobilize no more units")))
            continue
        area = action.area
        units = _one(side, action.unit)
        out.append(Option(action, "mobilize", _("Mobilize {units} into {area}{paid}", units=unit_count(units[0][0], 1),
                                                area=_name(rules, area), paid=paid),
                          ap_cost=cost, area=area, to_area=area, units=units))
    return out


@describer("provision")
def _provision(rules: Rules, state: State, f: SideFrame, legal: list[A.ProvisionToken | A.Cancel]) -> list[Option]:
    cost, out = state.turn.provisions + 1, []
    for action in legal:
        if isinstance(action, A.Cancel):
            out.append(_way_out(action, _("Cancel the Provisioning")))
            continue
        area, choice = action.area, action.token
        out.append(Option(action, "provision", _("Take {token} from {area}", token=token_words(rules, choice), area=_name(rules, area)),
                          ap_cost=cost, area=area, from_area=area, token=_token_fact(choice)))
    return out


def _artillery_option(rules: Rules, action: A.Artillery) -> Option:
    area = action.area
    if rules.terrain[area] == "city" and rules.has_destruction:
        words = _("Artillery fires on {area}: 2 Losses (a City area: the Destruction marker 1 space down)", area=_name(rules, area))
    else:
        words = _("Artillery fires on {area}: 2 Losses", area=_name(rules, area))
    return Option(action, "artillery", words, area=area, to_area=area)


@describer("artillery")
def _artillery(rules: Rules, state: State, f: SideFrame, legal: list[A.Artillery]) -> list[Option]:
    return [_artillery_option(rules, a) for a in legal]


# ------------------------------------------------------------------------------- Battle (§9)


@describer("battle-pick")
def _battle_pick(rules: Rules, state: State, f: SideFrame, legal: list[A.BattleAt]) -> list[Option]:
    return [Option(a, "battle", _("Fight the battle in {area}", area=_name(rules, a.area)), area=a.area) for a in legal]


def _battle_of(state: State) -> BattleFrame:
    return next(f for f in reversed(state.stack) if f["kind"] == "battle")


@describer("battle-evade")
def _battle_evade(rules: Rules, state: State, c: EvadeFrame, legal: list[Action]) -> list[Option]:
    side, out = c["side"], []
    f = _battle_of(state)
    for action in legal:
        if isinstance(action, A.Fight):
            out.append(_way_out(action, _stand(rules, f["area"])))
        elif isinstance(action, A.Discard):
            n = action.card
            need = evasion_cost(rules, state, f)
            out.append(Option(action, "discard-card", _("Discard {card} ({ap} AP) towards the Evasion ({need} AP of cards in all)",
                                                        card=card_title(rules, side, n), ap=rules.card(side, n).ap, need=need), card=n))
        else:
            assert isinstance(action, A.Evade)
            units, dest = group_of(side, action.units), action.dest
            out.append(Option(action, "evade", _("Evade to {area} with {units}", area=_name(rules, dest), units=units_words(units)),
                              area=dest, from_area=f["area"], to_area=dest, units=_units(units)))
    return out


@describer("battle-card")
def _battle_card(rules: Rules, state: State, c: BattleCardFrame, legal: list[A.Special | A.Pass]) -> list[Option]:
    side, out = c["side"], []
    for action in legal:
        if isinstance(action, A.Pass):
            out.append(_way_out(action, _("Play no Special card")))
        else:
            n = action.card
            out.append(Option(action, "special", _("Play the Special card {card}: {effect}", card=card_title(rules, side, n),
                                                   effect=card_text(rules, side, n)), card=n))
    return out


@describer("battle-token")
def _battle_token(rules: Rules, state: State, c: BattleTokenFrame, legal: list[A.CombatToken | A.Pass]) -> list[Option]:
    return [
        _way_out(a, _("Play no token")) if isinstance(a, A.Pass)
        else Option(a, "combat-token", _("Play {token} in this battle", token=token_words(rules, a.token)), token=a.token)
        for a in legal
    ]


def _stand(rules: Rules, area: str) -> str:
    return _("Stand and fight in {area}", area=_name(rules, area))


def quiet_option(rules: Rules, side: Side, step: str, area: str) -> tuple[str, Option]:
    """The prompt and the one option of a secret battle step the engine passed for ``side``
    (battle.quiet_step): worded as the step's own pass, so the screen reads as it would."""
    if step == "evade":
        return quiet_prompt(side, step), _way_out(A.Fight.of(), _stand(rules, area))
    return quiet_prompt(side, step), _way_out(A.Pass.of(), _("Play no token") if step.endswith("-token") else _("Play no Special card"))


@describer("battle-retreat")
def _battle_retreat(rules: Rules, state: State, c: RetreatFrame, legal: list[A.Retreat]) -> list[Option]:
    area, out = _battle_of(state)["area"], []
    for action in legal:
        dest = action.area
        if dest is None:
            out.append(Option(action, "retreat", _("No room anywhere: the attackers who cannot go back are dispersed"), from_area=area))
        else:
            name = _name(rules, dest)
            if dest == area:
                words = _("The attackers who cannot go back go into the won area {area}", area=name)
            else:
                words = _("The attackers who cannot go back go to the adjacent area {area}", area=name)
            out.append(Option(action, "retreat", words,
                              area=dest, from_area=area, to_area=dest))
    return out


@describer("battle-advance")
def _battle_advance(rules: Rules, state: State, c: AdvanceFrame, legal: list[A.Advance | A.Stay]) -> list[Option]:
    area, out = _battle_of(state)["area"], []
    for action in legal:
        if isinstance(action, A.Stay):
            out.append(_way_out(action, _("Stay: no more units move in")))
        else:
            units, origin = _one(c["side"], action.unit), action.origin
            out.append(Option(action, "advance", _("Move {units} into {area} from {origin}", units=unit_count(units[0][0], 1),
                                                   area=_name(rules, area), origin=_name(rules, origin)),
                              area=origin, from_area=origin, to_area=area, units=units))
    return out


@describer("losses")
def _losses(rules: Rules, state: State, f: LossesFrame, legal: list[Action]) -> list[Option]:
    side, out = f["side"], []
    table = LOSS_TABLE[(f["band"], "attacker" if f["role"] == "attacker" else "defender")]
    groups = {g["label"]: g for g in f["groups"]}
    for action in legal:
        verb = _verb(action.VERB)
        if isinstance(action, A.Hold):
            out.append(_way_out(action, _("Hold on in {area}: withdraw no more units", area=_name(rules, f["area"]))))
            continue
        if isinstance(action, A.Medicine):
            out.append(Option(action, "medicine", _("Use {token}: one Loss fewer", token=token_words(rules, action.token)),
                              token=action.token, losses=1))
            continue
        assert isinstance(action, A.Withdraw | A.Disperse | A.Break)
        label = action.group
        g = groups[label]
        units = _one(side, action.unit)
        if isinstance(action, A.Withdraw):
            dest = action.dest
            by_choice = bool(f.get("extra"))
            out.append(Option(action, "withdraw", _withdraw_words(rules, units[0][0], dest, g["area"], by_choice),
                              area=label, from_area=g["area"], to_area=dest, units=units, losses=0 if by_choice else table[verb]))
        else:
            out.append(Option(action, verb, _loss_words(rules, verb, units[0][0], g), area=label, from_area=g["area"], units=units,
                              losses=table[verb]))
    return out


def _withdraw_words(rules: Rules, utype: str, dest: str, origin: str, by_choice: bool) -> str:
    fields = dict(units=unit_count(utype, 1), dest=_name(rules, dest), origin=_name(rules, origin))
    if by_choice:
        return _("Withdraw {units} to {dest} (from {origin}) (by choice, after the Losses)", **fields)
    return _("Withdraw {units} to {dest} (from {origin})", **fields)


def _loss_words(rules: Rules, verb: str, utype: str, group: Any) -> str:
    """Dispersing or breaking one unit of a group in an area or on its border (§9.4)."""
    units = unit_count(utype, 1)
    if group["where"] == "border":
        origin = _name(rules, group["origin"])
        if verb == "disperse":
            return _("Disperse {units} on the border from {origin}", units=units, origin=origin)
        return _("Break {units} on the border from {origin}", units=units, origin=origin)
    area = _name(rules, group["area"])
    if verb == "disperse":
        return _("Disperse {units} in {area}", units=units, area=area)
    return _("Break {units} in {area}", units=units, area=area)


# ------------------------------------------------------------ End of Turn, Round, Stage (§4, §5)


def _collect_option(rules: Rules, action: A.Collect | A.Extra, kind: OptionKind, ability: bool = False) -> Option:
    area, choice = action.area, action.token
    assert area is not None  # not "extra pass"
    fields = dict(token=token_words(rules, choice), area=_name(rules, area))
    words = _("Take {token} from {area} (your Commander's ability)", **fields) if ability else _("Take {token} from {area}", **fields)
    return Option(action, kind, words,
                  area=area, from_area=area, token=_token_fact(choice))


@describer("collect")
def _collect(rules: Rules, state: State, f: CollectFrame, legal: list[A.Collect]) -> list[Option]:
    return [_collect_option(rules, a, "collect") for a in legal]


@describer("collect-extra")
def _collect_extra(rules: Rules, state: State, f: SideFrame, legal: list[A.Extra]) -> list[Option]:
    return [
        _way_out(a, _("Take no extra token"), "pass") if a.area is None
        else _collect_option(rules, a, "collect", ability=True)
        for a in legal
    ]


@describer("draw")
def _draw(rules: Rules, state: State, f: SideFrame, legal: list[A.Draw | A.Discard]) -> list[Option]:
    side, out = f["side"], []
    commander = rules.commanders.get(state.commander[side] or "")
    for action in legal:
        if isinstance(action, A.Draw):
            room = rules.data.tracks.hand_limit - len(state.hand[side])
            n = max(0, min(commander.cards if commander else 0, room))
            out.append(_way_out(action, ngettext("Draw {n} card (your Commander's {cards}, hand limit {limit})",
                                                 "Draw {n} cards (your Commander's {cards}, hand limit {limit})", n,
                                                 cards=commander.cards if commander else 0, limit=rules.data.tracks.hand_limit)))
        else:
            n = action.card
            out.append(Option(action, "discard-card", _("Discard {card} before drawing", card=card_title(rules, side, n)), card=n))
    return out


@describer("attrition")
def _attrition(rules: Rules, state: State, f: AttritionFrame, legal: list[A.Attrition]) -> list[Option]:
    side = f["queue"][0][0]
    out = []
    for action in legal:
        area = action.area
        units = _one(side, action.unit)
        out.append(Option(action, "attrition", _("Disperse {units} in {area} (Attrition)", units=unit_count(units[0][0], 1), area=_name(rules, area)),
                          area=area, from_area=area, units=units))
    return out


@describer("reinforce-villages")
def _reinforce_villages(rules: Rules, state: State, f: ReinforceVillagesFrame, legal: list[A.Reinforce]) -> list[Option]:
    units = ((f["unit"], 1),)
    what = unit_count(f["unit"], 1)
    out = []
    for action in legal:
        where = action.area
        if where is None:
            out.append(Option(action, "reinforce", _("{units} to the Mobilization Zone (no room in your Villages)", units=what), units=units))
        else:
            out.append(Option(action, "reinforce", _("{units} to {area}", units=what, area=_name(rules, where)), area=where, to_area=where,
                              units=units,
                              room=rules.limit[where] - total(state, where)))
    return out


# ------------------------------------------------------------------------ a card's own questions


def _done(rules: Rules, action: A.Done, f: Any) -> Option:
    """Done with a card's question, the card named (its ``why``, in the current language)."""
    why = _why(rules, f)
    return _way_out(action, _("Done ({card})", card=why) if why else _("Done"))


def _why(rules: Rules, f: Any) -> str:
    """The card a card's question is asked for, in the current language ('' for none)."""
    why = f.get("why", "")
    return effect_card_name(rules, f["effect"], why) if why else ""


@describer("card-group")
def _card_group(rules: Rules, state: State, f: CardGroupFrame, legal: list[A.Done | A.From | A.Units | A.To]) -> list[Option]:
    return [_card_group_option(rules, f, a) for a in legal]


def _card_group_option(rules: Rules, f: CardGroupFrame, action: A.Done | A.From | A.Units | A.To) -> Option:
    side, origin = f["side"], f["origin"]
    if isinstance(action, A.Done):
        return _done(rules, action, f)
    if isinstance(action, A.From):
        return Option(action, "from", _("Move from {area}", area=_name(rules, action.area)), area=action.area, from_area=action.area)
    assert origin is not None  # chosen at the "from" stage
    if isinstance(action, A.Units):
        group = group_of(side, action.units)
        return Option(action, "units", _("Move {units}", units=units_words(group)), area=origin, from_area=origin, units=_units(group))
    assert f["units"] is not None  # chosen at the "units" stage
    why = _why(rules, f)
    free = _(" at no AP cost ({card})", card=why) if why else _(" at no AP cost")
    return _move_option(rules, action, origin, parse_units(side, f["units"]), f["mode"], 0, free)


@describer("card-anywhere")
def _card_anywhere(rules: Rules, state: State, f: CardAnywhereFrame, legal: list[A.From | A.To]) -> list[Option]:
    out = []
    for action in legal:
        if isinstance(action, A.From):
            assert action.unit is not None  # a unit is taken from the area
            units = _one(f["side"], action.unit)
            out.append(Option(action, "from", _("Take {units} from {area}", units=unit_count(units[0][0], 1), area=_name(rules, action.area)),
                              area=action.area, from_area=action.area, units=units))
        else:
            assert f["code"] is not None  # chosen at the "from" stage
            out.append(Option(action, "place", _("Place it in {area}", area=_name(rules, action.dest)), area=action.dest, from_area=f["origin"],
                              to_area=action.dest, units=_one(f["side"], f["code"])))
    return out


@describer("card-mobilize")
def _card_mobilize(rules: Rules, state: State, f: CardMobilizeFrame, legal: list[A.Mobilize | A.Done]) -> list[Option]:
    out = []
    for action in legal:
        if isinstance(action, A.Done):
            out.append(_done(rules, action, f))
            continue
        units = _one(f["side"], action.unit)
        out.append(Option(action, "mobilize", _("Mobilize {units} into {area} at no AP cost", units=unit_count(units[0][0], 1),
                                                area=_name(rules, action.area)),
                          area=action.area, to_area=action.area, units=units))
    return out


@describer("card-take")
def _card_take(rules: Rules, state: State, f: CardTakeFrame, legal: list[A.TakeToken | A.Done]) -> list[Option]:
    return [
        _done(rules, a, f) if isinstance(a, A.Done) else
        Option(a, "take-token", _("Take {token} from {area}", token=token_words(rules, a.token), area=_name(rules, a.area)),
               area=a.area, from_area=a.area,
               token=_token_fact(a.token))
        for a in legal
    ]


@describer("card-discard")
def _card_discard(rules: Rules, state: State, f: CardDiscardFrame, legal: list[A.DiscardToken]) -> list[Option]:
    return [Option(a, "discard-token", _("Discard {token}", token=token_words(rules, a.token)), token=a.token) for a in legal]


@describer("card-remove")
def _card_remove(rules: Rules, state: State, f: CardRemoveFrame, legal: list[A.RemoveUnit]) -> list[Option]:
    owner = f["owner"]
    assert owner != "neutral"  # a card removes its own side's or the opponent's units
    return [
        Option(a, "remove", _("Remove {units} in the Mobilization Zone from the game", units=unit_count(type_for(owner, a.unit), 1)), units=_one(owner, a.unit))
        for a in legal
    ]


@describer("card-great-war")
def _card_great_war(rules: Rules, state: State, f: CardGreatWarFrame, legal: list[A.RemoveFrom | A.Done]) -> list[Option]:
    return [
        _way_out(a, _("Done")) if isinstance(a, A.Done) else
        Option(a, "remove", _("Send 1 Austro-Hungarian unit in {area} home (out of the game)", area=_name(rules, a.area)),
               area=a.area, from_area=a.area, units=(("austro-hungarian", 1),))
        for a in legal
    ]


@describer("card-fortify")
def _card_fortify(rules: Rules, state: State, f: CardFortifyFrame, legal: list[A.Barricade | A.Redoubt | A.Done]) -> list[Option]:
    return [_done(rules, a, f) if isinstance(a, A.Done) else _fort_option(rules, state, f["side"], a, 0, _(" at no AP cost")) for a in legal]


@describer("card-winniki-guns")
def _card_guns(rules: Rules, state: State, f: CardChoiceFrame, legal: list[A.Artillery]) -> list[Option]:
    return [_artillery_option(rules, a) for a in legal]


@describer("card-pobudka")
def _card_pobudka(rules: Rules, state: State, f: CardChoiceFrame, legal: list[A.Morale | A.Destruction]) -> list[Option]:
    return [Option(a, "choice", _("Morale +1") if isinstance(a, A.Morale) else _("The Destruction marker 1 space up")) for a in legal]


@describer("card-huyn")
def _card_huyn(rules: Rules, state: State, f: CardChoiceFrame, legal: list[A.Disarm | A.Ally]) -> list[Option]:
    return [Option(a, "choice", _("Disarm the Austro-Hungarians") if isinstance(a, A.Disarm) else _("Ally with the Austro-Hungarians at once"))
            for a in legal]



def most_in_a_row(rules: Rules, state: State, option: Option, deciding: Side) -> int:
    """How many units an option placing one unit could place in its area in a row (a client's
    'place several at once'): the room left there, and no more than the step still has to
    place — a deployment's units of this type, a reinforcement's; for a Mobilization, the
    units of its type in the side's Mobilization Zone, the room and what the AP pay for."""
    frame: dict[str, Any] = dict(state.stack[-1]) if state.stack else {}
    if option.kind == "mobilize":
        side: Side = frame.get("side") or deciding
        zone = state.mob.get(side, {})
        in_zone = sum(zone.get(utype, 0) for utype, _ in option.units or ())
        room = rules.limit[option.area] - total(state, option.area) if option.area else in_zone
        if frame.get("free"):
            affordable = int(frame["free"])
        else:
            cost, units = mobilization_rate(rules, state, side)
            affordable = state.turn.mobilize_credit + (state.turn.ap // cost) * units
        return max(1, min(in_zone, room, affordable))
    left = None
    if frame.get("kind") == "deploy":
        left = int(frame["todo"][0]["count"])
    elif frame.get("kind") == "reinforce-villages":
        left = int(frame["left"])
    return max(1, min(option.room or 1, left or option.room or 1))
