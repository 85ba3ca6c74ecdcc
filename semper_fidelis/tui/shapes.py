"""Options by what tells them apart (issue 36): the facts an engine Option carries (its kind,
area, facing, units, the side it comes from) as parts of a line; the parts every option of the
decision shares go once into a title over the list, each row keeps only what differs. Four
Barricades in one area read "Barricade in Elektrownia (−1 AP)" over "facing Rynek",
"facing Cytadela" …, never four lines cut to the same "Barricade in Elektrown…". The words
in full stay in the detail under the list. Pure, for the tests."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.text import Text

from ..engine import Option
from ..i18n import N_, _, pgettext
from .widgets.decision import Row
from .words import units_words

#: a part of a line: (the fact it says, its words in a row, its words in the title)
Part = tuple[str, str, str]
Name = Callable[[str], str]


def _units(option: Option) -> str:
    return units_words(dict(option.units))


def _part(fact: str, words: str, title: str | None = None) -> Part:
    return fact, words, words if title is None else title


def _via(option: Option, name: Name) -> Part:
    """The side an attack or an entry comes from: '← X' in a row (what tells three sides of one
    area apart), 'from X' in the title."""
    via = name(option.via or "")
    return _part("via", f"← {via}", _("from {area}", area=via))


def _move_parts(option: Option, name: Name) -> list[Part] | None:
    to = name(option.to_area or "")
    if option.kind == "move":
        return [_part("verb", _("Move into")), _part("to", to)]
    verb = {"attack": _("Attack"), "assault": _("Assault"), "enter": pgettext("verb", "Enter")}[option.kind]
    return [_part("verb", verb), _part("to", to), _via(option, name)]


def _place_parts(verb: str, into: str, zone: str) -> Callable[[Option, Name], list[Part]]:
    """A unit placed (deployed, mobilized, sent as a reinforcement) in an area (``into``: its
    words, with the area as ``{area}``) or in the Mobilization Zone (``zone``)."""

    def parts(option: Option, name: Name) -> list[Part]:
        where = _(into, area=name(option.area)) if option.area else _(zone)
        return [_part("verb", _(verb)), _part("units", _units(option)), _part("to", where)]

    return parts


def _barricade(option: Option, name: Name) -> list[Part]:
    return [_part("verb", _("Barricade")), _part("area", _("in {area}", area=name(option.area or ""))),
            _part("facing", _("facing {area}", area=name(option.facing or "")))]


def _from_to(verb: str) -> Callable[[Option, Name], list[Part]]:
    """Units going from one area to another (an advance, an evasion, a withdrawal)."""

    def parts(option: Option, name: Name) -> list[Part]:
        # the destination last: a group's ways out told apart under "Withdraw 1 X from Y" (Losses)
        return [_part("verb", _(verb)), _part("units", _units(option)), _part("from", _("from {area}", area=name(option.from_area or ""))),
                _part("to", _("to {area}", area=name(option.to_area or "")))]

    return parts


def _area_only(verb: str, into: str = N_("in {area}")) -> Callable[[Option, Name], list[Part]]:
    def parts(option: Option, name: Name) -> list[Part]:
        return [_part("verb", _(verb)), _part("area", _(into, area=name(option.area or "")).strip())]

    return parts


def _from(option: Option, name: Name) -> list[Part]:
    """An order's origin, or a unit a card takes from an area (its units then tell it apart)."""
    if option.units:
        return [_part("verb", _("Take")), _part("units", _units(option)), _part("area", _("from {area}", area=name(option.area or "")))]
    return [_part("verb", pgettext("verb", "From")), _part("area", name(option.area or ""))]


def _loss(verb: str) -> Callable[[Option, Name], list[Part]]:
    """A way of taking Losses: what it does to which units, and where they stand (in an area,
    or on the border from the area they attacked from: the battle's area is ``from_area``)."""

    def parts(option: Option, name: Name) -> list[Part]:
        area = name(option.area or "")
        where = _("on the border from {area}", area=area) if option.from_area and option.from_area != option.area else _("in {area}", area=area)
        # the verb last: one unit's ways told apart under it ("1 Polish Volunteer in X" over "Disperse", "Break")
        return [_part("units", _units(option)), _part("where", where), _part("verb", _(verb))]

    return parts


def _withdraw(option: Option, name: Name) -> list[Part]:
    """Units withdrawn: grouped as a way of taking Losses is (the units and their area over
    "Withdraw to X", "Disperse", "Break")."""
    where = _("in {area}", area=name(option.from_area or ""))
    return [_part("units", _units(option)), _part("where", where), _part("verb", _("Withdraw to {area}", area=name(option.to_area or "")))]


def _discard(option: Option, name: Name) -> list[Part] | None:
    """A card discarded towards an Evasion: the card, and the Evasion it pays for (said once).
    The label is read back through its own template in the current language (the card's name
    and the AP are in no other fact); a label that does not match keeps its words."""
    template = re.escape(_("Discard {card} ({ap} AP) towards the Evasion ({need} AP of cards in all)"))
    for field, value in (("card", ".+?"), ("ap", r"\d+"), ("need", r"\d+")):
        template = template.replace(re.escape("{" + field + "}"), f"(?P<{field}>{value})", 1)
    said = re.fullmatch(template, option.label)
    if said is None:
        return None
    return [_part("verb", _("Discard")), _part("towards", _("towards the Evasion ({need} AP of cards in all)", need=said["need"])),
            _part("card", _("{card} ({ap} AP)", card=said["card"], ap=said["ap"]))]


#: option kind -> its parts; a kind not here keeps its label (cards, tokens, the orders)
SHAPES: dict[str, Callable[[Option, Name], list[Part] | None]] = {
    "move": _move_parts, "attack": _move_parts, "assault": _move_parts, "enter": _move_parts,
    "deploy": _place_parts(N_("Place"), N_("in {area}"), N_("in the Mobilization Zone")),
    "mobilize": _place_parts(N_("Mobilize"), N_("into {area}"), N_("into the Mobilization Zone")),
    "reinforce": _place_parts(N_("Send"), N_("to {area}"), N_("to the Mobilization Zone")),
    "relief": _place_parts(N_("Relief"), N_("to {area}"), N_("to the Mobilization Zone")),
    "place": _place_parts(N_("Place"), N_("in {area}"), N_("in the Mobilization Zone")),
    "barricade": _barricade, "redoubt": _area_only(N_("Redoubt")),
    "hq": _area_only(N_("Place the HQ")), "artillery": _area_only(N_("Artillery fires on"), "{area}"),
    "from": _from, "battle": _area_only(N_("Fight the battle")),
    "retreat": _area_only(N_("The attackers who cannot go back go to the adjacent area"), "{area}"),
    "disperse": _loss(N_("Disperse")), "break": _loss(N_("Break")), "discard-card": _discard,
    "advance": _from_to(N_("Move")), "evade": _from_to(N_("Evade")), "withdraw": _withdraw,
}


def parts_of(option: Option, name: Name) -> list[Part] | None:
    """The option's facts as parts of a line, or None: its label says it (no shape for its kind,
    or a fact missing)."""
    shape = SHAPES.get(option.kind)
    if shape is None or (option.kind in ("from", "barricade", "redoubt", "hq", "artillery", "battle", "retreat") and not option.area):
        return None
    if option.kind in ("attack", "assault", "enter") and not option.via:
        return None
    return shape(option, name)


def shape_rows(rows: list[Row], name: Name) -> str:
    """Each legal row of a decision (not the ways out) worded by what tells it from the others,
    when all have a shape and there are two or more: the parts they share go to the title
    (returned, with their common cost; '' when nothing is shared). Rows still differing in
    more than their last part are grouped by the rest ('Barricade in X' over its facings), under
    a line of their own (``Row.group``), a group of one keeping its words. ``rows`` is
    reordered: a group's rows together."""
    acting = [r for r in rows if not r.blocked and not r.in_hand and not r.option.closes]
    shaped = [parts_of(r.option, name) for r in acting]
    if len(acting) < 2 or any(p is None for p in shaped):
        return ""
    parts = [p or [] for p in shaped]
    common = [p for p in parts[0] if all(p in other for other in parts)]
    own = [[p for p in row if p not in common] for row in parts]
    groups = [tuple(p[2] for p in mine[:-1]) for mine in own]
    for row, mine, group in zip(acting, own, groups, strict=True):
        alone = groups.count(group) == 1
        words = " ".join(p[1] for p in (mine if alone else mine[-1:]))
        warn = row.label.plain.startswith("⚠ ")
        row.label = Text.assemble(("⚠ ", "bold yellow") if warn else "", words or row.option.label)
        row.group = "" if alone else " ".join(group)
    order = list(dict.fromkeys(r.group for r in acting))
    rows[:] = [r for r in rows if r not in acting] + sorted(acting, key=lambda r: (r.group != "", order.index(r.group)))
    return _title(acting, common)


def _title(acting: list[Row], common: list[Part]) -> str:
    tags = {r.tag for r in acting}
    title = " ".join(t for _, _, t in common)
    if title and len(tags) == 1 and tags != {""}:
        title += f" ({tags.pop()})"
        for row in acting:
            row.tag = ""
    return title
