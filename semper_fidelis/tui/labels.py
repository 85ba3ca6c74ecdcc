"""Plain-words labels for engine actions, and the areas each action names.

The engine speaks in compact notation (``to rynek via podzamcze attack``); players read
"Attack Rynek from Podzamcze". This module only translates: it never decides what is legal.
Pure functions over the game data, so the option list, the map highlights and the tests agree.
"""

from __future__ import annotations

import re

from ..data.loader import GameData

#: unit letters in notation -> (singular, plural), per side (``s`` is a Soldier or a Sich Rifleman)
_UNIT_WORDS = {
    "v": ("Volunteer", "Volunteers"),
    "h": ("HQ", "HQ"),
    "m": ("Jewish Militia", "Jewish Militia"),
    "a": ("Austro-Hungarian", "Austro-Hungarians"),
}
_ELITE = {"PL": ("Soldier", "Soldiers"), "ZURL": ("Sich Rifleman", "Sich Riflemen")}
_GROUP = re.compile(r"(\d+)([vshma])")
_TOKEN = re.compile(r"^([a-z-]+?)(\d+)$")


def unit_word(side: str, code: str, n: int = 1) -> str:
    one, many = _ELITE.get(side, ("Soldier", "Soldiers")) if code == "s" else _UNIT_WORDS.get(code, (code, code))
    return one if n == 1 else many


def units_words(side: str, text: str) -> str:
    """``2v1s`` -> '2 Volunteers, 1 Soldier' (in the words of ``side``)."""
    parts = [f"{n} {unit_word(side, code, int(n))}" for n, code in _GROUP.findall(text)]
    return ", ".join(parts) or text


def token_words(label: str) -> str:
    """``food2`` -> 'Food (2)'; ``machine-gun1`` -> 'Machine Gun (1)'."""
    m = _TOKEN.match(label)
    if not m:
        return label
    return f"{m.group(1).replace('-', ' ').title()} ({m.group(2)})"


class Labeller:
    """Turns the actions of one game into words (area names, card titles, unit names)."""

    def __init__(self, data: GameData):
        self.data = data
        self.areas = data.areas
        self.cards = {side: {c.number: c for c in deck.cards} for side, deck in data.decks.items()}
        self.commanders = data.commander_by_id

    # ------------------------------------------------------------------ areas in an action

    def areas_in(self, action: str) -> list[str]:
        """Area ids an action names, in order (``disperse v@rynek`` names Rynek)."""
        return [w for w in re.split(r"[ @]", action) if w in self.areas]

    def primary_area(self, action: str) -> str | None:
        """The area an action is *about*: the destination of a move, the place of a loss."""
        areas = self.areas_in(action)
        return areas[0] if areas else None

    def name(self, area: str) -> str:
        return self.areas[area].name if area in self.areas else area

    # ------------------------------------------------------------------------- cards

    def card_title(self, side: str, number: int) -> str:
        card = self.cards.get(side, {}).get(number)
        return f"#{number} {card.name}" if card else f"#{number}"

    def card_of(self, side: str, action: str) -> tuple[str, int] | None:
        """(side, number) when the action plays or discards a card of ``side``."""
        words = action.split()
        if len(words) == 2 and words[0] in ("card", "effect", "discard", "special", "event") and words[1].isdigit():
            return side, int(words[1])
        return None

    def token_of(self, action: str) -> str | None:
        """The token kind an action uses (``supply food2`` -> 'food')."""
        words = action.split()
        if len(words) >= 2 and words[0] in ("supply", "use", "token", "medicine"):
            m = _TOKEN.match(words[1])
            return m.group(1) if m else None
        return None

    # ------------------------------------------------------------------------ labels

    def label(self, action: str, side: str, kind: str = "") -> str:
        """Words for ``action`` taken by ``side`` in a decision of ``kind``."""
        try:
            text = self._label(action.split(), side, kind)
        except (IndexError, ValueError, KeyError):
            text = None
        return text or self._fallback(action)

    def knows(self, action: str, side: str, kind: str = "") -> bool:
        """Whether ``action`` has its own words (else :meth:`label` spells it out plainly)."""
        try:
            return self._label(action.split(), side, kind) is not None
        except (IndexError, ValueError, KeyError):
            return False

    def _fallback(self, action: str) -> str:
        """Unknown verbs (a card's own choices): area names spelled out, first letter capital."""
        words = [self.name(w) if w in self.areas else w.replace("-", " ") for w in action.split()]
        text = " ".join(words)
        return text[:1].upper() + text[1:]

    def _label(self, w: list[str], side: str, kind: str) -> str | None:  # noqa: C901 - one table
        n, verb = self.name, w[0]
        if verb == "card":
            card = self.cards[side][int(w[1])]
            return f"Play {self.card_title(side, int(w[1]))} for {card.ap} AP"
        if verb == "effect":
            return f"Play {self.card_title(side, int(w[1]))} for its effect"
        if verb == "event":
            if w[1] == "pass":
                return "Play no Event card"
            card = self.cards[side][int(w[1])]
            return f"Play Event {self.card_title(side, int(w[1]))} for {card.ap} AP (helps the enemy)"
        if verb == "discard" and not w[1].isdigit():
            return f"Discard the {token_words(w[1])} token"
        if verb == "discard":
            card = self.cards[side][int(w[1])]
            why = " to pay for Evasion" if kind == "battle" else ""
            return f"Discard {self.card_title(side, int(w[1]))} ({card.ap} AP){why}"
        if verb == "special":
            return f"Play Special {self.card_title(side, int(w[1]))}"
        simple = {
            "move": "Move order (1 AP a group, up to 3 areas)",
            "assault": "Assault order (2 AP, fight at once)",
            "fortify": "Fortify: Barricade 1 AP, Redoubt 4 AP",
            "mobilize": "Mobilize from the Mobilization Zone",
            "provision": "Provisioning: take Supply Tokens",
            "end": "End the Orders Phase",
            "keep": "Keep the Commander",
            "change": "Change the Commander (draw a new one)",
            "done": "Done",
            "cancel": "Cancel this order",
            "draw": "Draw cards (end of turn)",
            "fight": "Fight",
            "pass": "Pass",
            "stay": "Stay: no more units move in",
            "hold": "Hold on: withdraw no more units",
        }
        if len(w) == 1 and verb in simple:
            return simple[verb]
        if verb == "assault" and w[1:] == ["more"]:
            return "Add another Assault group"
        if verb == "propaganda":
            return "Propaganda: Morale +1" if w[1] == "morale" else "Propaganda: Destruction marker up 1"
        if verb == "supply":
            return f"Use {token_words(w[1])} token for Supply +{_TOKEN.match(w[1]).group(2)}"
        if verb == "use":
            extra = {"morale": ": Morale +1", "destruction": ": Destruction up 1"}.get(w[2] if len(w) > 2 else "", "")
            return f"Use {token_words(w[1])} token for its effect{extra}"
        if verb == "token":
            return f"Play the {token_words(w[1])} token in this battle"
        if verb == "medicine":
            return f"Use {token_words(w[1])}: one Loss fewer"
        if verb == "dismantle":
            return f"Remove your fortifications in {n(w[1])}"
        if verb == "from":
            return f"From {n(w[1])}" + (f": 1 {unit_word(side, w[2])}" if len(w) > 2 else "")
        if verb == "units":
            return units_words(side, w[1])
        if verb == "to":
            if len(w) == 2:
                return f"To {n(w[1])}"
            if w[4] == "attack":
                return f"Attack {n(w[1])} from {n(w[3])}"
            return f"Enter {n(w[1])} from {n(w[3])} without battle (+1 AP)"
        if verb == "barricade":
            return f"Barricade in {n(w[1])} facing {n(w[2])}"
        if verb == "redoubt":
            return f"Redoubt in {n(w[1])}"
        if verb == "mobilize":
            return f"1 {unit_word(side, w[2])} into {n(w[1])}"
        if verb == "place":
            return f"Place 1 {unit_word(side, w[2])} in {n(w[1])}"
        if verb == "provision":
            what = "a face-down token" if w[2] == "hidden" else f"the {token_words(w[2])} token"
            return f"Take {what} from {n(w[1])}"
        if verb == "collect":
            what = "a face-down token" if w[2] == "hidden" else f"the {token_words(w[2])} token"
            return f"Take {what} from {n(w[1])}"
        if verb == "extra":
            if w[1] == "pass":
                return "Take no extra token"
            what = "a face-down token" if w[2] == "hidden" else f"the {token_words(w[2])} token"
            return f"Take {what} from {n(w[1])} (Commander's ability)"
        if verb == "take" and w[1] in self.areas:
            if len(w) < 3:
                return f"Take from {n(w[1])}"
            what = "a face-down token" if w[2] == "hidden" else f"the {token_words(w[2])} token"
            return f"Take {what} from {n(w[1])}"
        if verb == "remove":
            return f"Remove from {n(w[1])}" if w[1] in self.areas else f"Remove 1 {unit_word(side, w[1])}"
        if verb == "take":
            commander = self.commanders.get(w[1])
            return f"Take {commander.name if commander else w[1]} as Commander"
        if verb == "hq":
            return f"Place the HQ in {n(w[1])}"
        if verb == "relief":
            if w[1] == "done":
                return "Relief: done (the rest waits)"
            return f"Relief: {units_words(side, w[2])} to {n(w[1])}"
        if verb == "evade":
            return f"Evade to {n(w[1])} with {units_words(side, w[2])}"
        if verb == "retreat":
            return "No room: the units are dispersed" if w[1] == "none" else f"Withdraw to {n(w[1])}"
        if verb == "advance":
            return f"Move 1 {unit_word(side, w[2])} in from {n(w[1])}"
        if verb in ("disperse", "break", "withdraw"):
            code, area = w[1].split("@", 1)
            unit = unit_word(side, code)
            if verb == "withdraw":
                return f"Withdraw 1 {unit} from {n(area)} to {n(w[2])}"
            return f"{'Disperse' if verb == 'disperse' else 'Break'} 1 {unit} in {n(area)}"
        if verb == "negotiate":
            who = {"jewish-militia": "the Jewish Militia", "austro-hungarian": "the Austro-Hungarians"}.get(w[1], w[1])
            tail = " (straight to the alliance)" if w[-1] == "ally" else ""
            return f"Negotiate: move {who} one step towards {w[2].upper()}{tail}"
        if verb == "battle":
            return f"Resolve the battle in {n(w[1])}"
        if verb == "artillery":
            return f"Artillery fires on {n(w[1])} (2 Losses)"
        if verb == "attrition":
            return f"Disperse 1 {unit_word(side, w[2])} in {n(w[1])}"
        if verb == "reinforce":
            return "Soldier to the Mobilization Zone" if w[1] == "mobilization" else f"1 Soldier to {n(w[1])}"
        return None
