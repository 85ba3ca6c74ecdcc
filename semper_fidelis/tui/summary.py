"""What the other side did (issue 11): after a hand-over or a bot's turn, a short account of
the moves, battles with their tally, cards played, alliances and track changes since you last
had the keyboard — and a notice of what you drew or took face down. Built from the engine's
events as the player may see them (``Game.events(player, since)``), so nothing hidden leaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..data.models import Side
from ..data.translations import card_name
from ..engine import AREA_FACTS, Event, Game, event_text
from ..i18n import _, ngettext
from .words import printed_token

#: the kinds a summary tells, with the words its headline counts them by (in the current
#: language, the form the count takes)
TOLD: dict[str, Callable[[int], str]] = {
    "move": lambda n: ngettext("{n} move", "{n} moves", n),
    "battle": lambda n: ngettext("{n} battle", "{n} battles", n),
    "card": lambda n: ngettext("{n} card played", "{n} cards played", n),
    "alliance": lambda n: ngettext("{n} alliance change", "{n} alliance changes", n),
    "track": lambda n: ngettext("{n} track change", "{n} track changes", n),
    "token": lambda n: ngettext("{n} Supply Token taken", "{n} Supply Tokens taken", n),
    "loss": lambda n: ngettext("{n} unit lost or withdrawn", "{n} units lost or withdrawn", n),
    "game-over": lambda n: _("the end of the game"),
    "map": lambda n: ngettext("{n} other change on the map", "{n} other changes on the map", n),
    "token-used": lambda n: ngettext("{n} Supply Token used", "{n} Supply Tokens used", n),
}
#: kinds whose ``side`` fact is who acted (elsewhere, as for a track, it is whom it befell)
ACTED = ("move", "card", "loss", "map", "token-used")
#: how many lines a summary shows before pointing to the log
MAX_LINES = 24


def kind_told(e: Event) -> str:
    """The kind a summary tells an event as: a log note that changed the map (a unit
    mobilized, a Relief placed, a Barricade built, units withdrawn) is a map change; one that
    names a token is a token used for its effect (a Plane's AP, a Food's Morale)."""
    if e.kind != "note":
        return e.kind
    return "map" if any(e.get(fact) for fact in AREA_FACTS) else "token-used" if e.get("token") else e.kind


def others_events(events: list[Event], me: str) -> list[Event]:
    """The events of the other side's turns (and the automatic steps of the round between),
    told in the summary; what ``me`` did — in its own turn, or answering in the other's
    battles — is left out."""
    return [e for e in events if kind_told(e) in TOLD and e.turn != me and e.text and e.visible in ("all", me)
            and not (kind_told(e) in ACTED and e.get("side") == me)]


def headline(events: list[Event]) -> str:
    """'3 moves, 1 battle, 2 cards played'."""
    counts = Counter(kind_told(e) for e in events)
    return ", ".join(TOLD[k](n) for k, n in counts.items())


def summary_renderable(events: list[Event], me: str, notices: Sequence[str] = ()) -> Group | None:
    """The summary for ``me`` of ``events`` (already filtered to what ``me`` may see), after
    the ``notices`` only ``me`` may read; None when there is nothing to tell."""
    told = others_events(events, me)
    if not told and not notices:
        return None
    lines: list[RenderableType] = [Text(_("For {side} only: {notice}", side=me, notice=n), style="bold cyan") for n in notices]
    if notices:
        lines.append(Text())
    lines += [Text(headline(told) + "." if told else _("The other side did nothing worth telling."), style="bold"), Text()]
    style = {"battle": "bold", "alliance": "bold yellow", "card": "italic", "game-over": "bold reverse"}
    bullets = Table.grid()  # a long line wraps under its own text, not under the bullet
    bullets.add_column(no_wrap=True)
    bullets.add_column(ratio=1)
    for e in told[:MAX_LINES]:
        bullets.add_row("• ", Text(event_text(e) or "", style=style.get(kind_told(e), "")))
    lines.append(bullets)
    if len(told) > MAX_LINES:
        lines.append(Text(_("… and {n} more: press l for the whole log.", n=len(told) - MAX_LINES), style="dim"))
    return Group(*lines)


def private_notices(game: Game, events: list[Event], side: Side) -> list[str]:
    """What only ``side`` may know, in words: the cards it drew (one played since is said to be,
    not listed as if in the hand), the face-down token it took."""
    cards = {c.number: c for c in game.data.decks[side].cards}
    hand = set(game.view(side)["hand"].get(side) or ())
    out = []
    for e in events:
        if e.visible != side:
            continue
        if e.kind == "draw" and e.get("cards"):
            drawn = [_("#{number} {name}", number=n, name=card_name(cards[n])) if n in hand
                     else _("#{number} {name} (played since)", number=n, name=card_name(cards[n])) for n in e["cards"] if n in cards]
            out.append(_("{side} drew {cards}.", side=side, cards=", ".join(drawn)))
        elif e.kind == "token" and e.get("token"):
            token = printed_token(game.data, e["token"])
            if e.get("area") in game.data.areas:
                said = _("{side} took {token} from {area} (face down: only you know it).", side=side, token=token, area=game.data.areas[e["area"]].name)
            else:
                said = _("{side} took {token} from the pool (face down: only you know it).", side=side, token=token)
            out.append(said)
    return out
