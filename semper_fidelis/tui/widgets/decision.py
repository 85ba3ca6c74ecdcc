"""The pending decision: its prompt and exactly the legal actions, each behind its stable key
(tui/keys.py), a line each, then what cannot be done now, dimmed with the reason; a click
applies an option at once. The list can be narrowed to the actions naming one map area, or
folded to the area under the map cursor (a choice of area: tui/area_choice.py). In the
Orders, what is played from the hand (cards, tokens) is listed on the Hand panel's lines instead
(``Row.in_hand``): its keys pick it here all the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine import Option as EngineOption
from ...i18n import _
from ..counter import Placing, UnitCounter
from ..fit import fit_label
from ..keys import CANCEL_KEY, KEY_CHARS, press
from ..theme import KEY_STYLE
from ..words import fill, type_words

#: every character an option's key may start with or hold (the game screen binds them)
KEYS = KEY_CHARS


@dataclass
class Row:
    label: Text
    tag: str  # a short cost shown before the label ("−1 AP", "2 Losses")
    option: EngineOption
    blocked: str = ""  # why it cannot be chosen now ('': a legal action)
    key: str = ""  # its stable key ("m", "3", "33", "esc")
    in_hand: bool = False  # listed on its card's or token's line in the Hand panel, not here
    group: str = ""  # the line over its group (tui/shapes.py: what the group's rows share)
    here: str = ""  # its words listed under its area, the area unsaid (tui/area_choice.py)

    @property
    def action(self) -> str:
        return "" if self.blocked else self.option.notation

    @property
    def area(self) -> str | None:
        """The area the option is about (the map lights it up)."""
        return self.option.area


class _Options(OptionList):
    """The list, its rows fitted again whenever its height changes: a detail shown or hidden,
    a battle begun or over change it, not the panel's size."""

    def on_resize(self) -> None:
        panel = self.parent
        if isinstance(panel, DecisionPanel):
            panel.call_after_refresh(panel.on_resize)


class DecisionPanel(Vertical):
    """Prompt, options and a detail line about the highlighted option."""

    class Picked(Message):
        """An option was clicked: apply it."""

        def __init__(self, action: str):
            super().__init__()
            self.action = action

    class Highlighted(Message):
        def __init__(self, action: str | None):
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Row] = []
        self.shown: list[Row] = []
        self.blocked: list[Row] = []
        self.in_hand: list[Row] = []  # the rows the Hand panel lists on its cards and tokens
        self.picked: Row | None = None  # one of them, picked by its key
        self.filter_note: str = ""
        self.names: dict[str, str] = {}  # area name -> its short label, for a label too long for a line
        self._lines: list[int | None] = []  # the list's options: the shown row of each (None: a note, a group's line)
        self._whole = 0  # the lines they take with every long row wrapped (has_room_for)
        self.shared = ""  # what the options share, on a line over them
        self.labels: dict[str, str] = {}  # area id -> its short label (an option's areas)
        self.typed = ""  # the characters of a key typed so far (``3`` of ``34``)
        self.last_key = ""  # the whole key typed last (typed again: the next row of that key)
        self.counter: UnitCounter | None = None  # how many of each unit type (tui/counter.py), for a group's step
        self.counted: list[Row] = []  # the groups the counter stands for: their keys set it
        self.placing: Placing | None = None  # how many an area's key places at once (the game screen sets it)
        self.fold: str | None = None  # an area choice: the area whose rows are listed (tui/area_choice.py)
        self.describe: Callable[[str], Text] = Text  # the line about the folded area (the screen's)
        self.spare: Callable[[], int] = lambda: 0  # the blank lines under the list a wrapped row may take (the battle box's)

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        options = _Options(id="options")
        options.can_focus = False
        yield options
        yield Static(id="detail")

    # ------------------------------------------------------------------------------ content

    def set_decision(self, prompt: Text, rows: list[Row], *, keep: str | None = None, title: str = "") -> None:
        """``title``: what the options share (tui/shapes.py), a line over them."""
        self.query_one("#prompt", Static).update(prompt)
        self.shared = title
        self.in_hand = [r for r in rows if r.in_hand]
        self.picked = next((r for r in self.in_hand if keep and r.action == keep), None)
        self.counter = UnitCounter.of(rows)
        self.counted = list(self.counter.groups.values()) if self.counter else []
        if self.counter is not None and keep in self.counter.groups_by_action:
            self.counter.set(self.counter.groups_by_action[keep])
        counted = {id(r) for r in self.counted}
        self.rows = [r for r in rows if not r.blocked and not r.in_hand and id(r) not in counted]
        self.blocked = [r for r in rows if r.blocked and not r.in_hand]
        self.filter_note = ""
        self.typed = self.last_key = ""
        self.fold = None
        self._fill(self.rows, keep=keep)
        # fitted again once laid out: a battle's list, sized to its rows, is not wrapped (_wrap_budget)
        self.call_after_refresh(self.on_resize)

    def fold_to(self, area: str | None) -> None:
        """List only the rows about ``area`` (and the ways out), under a line about it; None: all."""
        if area != self.fold:
            row = self.highlighted_row
            self.fold = area
            self._fill(self.shown, keep=row.action if row is not None and self.listed(row) else None)

    def unfold(self) -> bool:
        """The whole list again (Esc); False if it was whole."""
        if self.fold is None:
            return False
        self.fold_to(None)
        return True

    def narrow(self, actions: list[str], note: str) -> None:
        wanted = set(actions)
        self.filter_note = note
        self._fill([r for r in self.rows if r.action in wanted], first=True)

    def clear_filter(self) -> bool:
        if not self.filter_note:
            return False
        self.filter_note = ""
        self._fill(self.rows)
        return True

    def _fill(self, rows: list[Row], *, keep: str | None = None, first: bool = False) -> None:
        """List ``rows`` (then the dimmed ones, unless narrowed) and highlight a row (``_target``)."""
        self.shown = rows
        ol = self.query_one("#options", OptionList)
        ol.clear_options()
        options = self._option_lines(rows)
        self._lines = [int(o.id) if o.id and o.id.isdigit() else None for o in options]
        ol.add_options(options)
        target = self._target(rows, keep, first)
        if self.picked is None or target is not None:
            self.highlight(target)

    def _counter_lines(self) -> list[Option]:
        """The counter: a line per unit type (its letter, its count, the counts allowed), then
        what Enter does: the group's action, or why there is none."""
        c = self.counter
        assert c is not None
        lines = [Option(Text(_("How many (2v1h, Tab, +/−):"), style="bold"), disabled=True)]
        for code, utype in c.types.items():
            allowed = c.allowed(code)
            mark = "▸" if code == c.selected else " "
            # the type's letter is dim: it is a letter of the notation typed after a count, not a key of its own
            # (alone, h moves the map and s saves)
            lines.append(Option(Text.assemble((f" {code} ", "dim"), f" {mark} ", (f"{c.counts[code]} ", "bold"),
                                              type_words(utype, c.counts[code]), (f"  {allowed[0]}–{allowed[-1]}", "dim")),
                                disabled=True))
        row = c.row
        said = Text.assemble(row.label) if row is not None else Text(c.refusal(), style="italic yellow")
        end = Text.assemble((" ⏎ ", KEY_STYLE), " ", said)
        end.no_wrap, end.overflow = True, "ellipsis"
        return [*lines, Option(end, disabled=True)]

    @property
    def title(self) -> str:
        """The line over the options: what they share, and how many a key places at once."""
        if self.placing is None:
            return self.shared
        return f"{self.shared} ×{self.placing.n} (+/−)".strip()

    def count(self, char: str = "", delta: int = 0) -> str:
        """A key of a counter: a character of a group typed, ``+``/``−`` (``delta``), or Tab
        (neither): the counter redrawn; returns what went wrong, in words ('' if nothing)."""
        c = self.counter
        if c is None:
            said = self.placing.step(delta) if self.placing is not None and delta else ""
            self._fill(self.shown, keep=self.highlighted_action)
            return said
        said = c.type(char) if char else c.step(delta) if delta else ""
        if not char and not delta:
            c.next_type()
        self._fill(self.shown)
        self.post_message(self.Highlighted(self.highlighted_action))
        return said

    def _option_lines(self, rows: list[Row]) -> list[Option]:
        """The list's lines: the filter's note or the folded area's line, each row listed under
        the bold lines over it, then the counter."""
        folded = self.fold is not None and not self.filter_note
        listed = rows + ([] if self.filter_note or folded else self.blocked)
        # the costs in a column when most rows have one; else a cost leads its row's words (the Orders:
        # a column as wide as Propaganda's "−3 AP" would take six cells from every order's words)
        tag_width = max((len(r.tag) for r in rows), default=0) if 2 * sum(bool(r.tag) for r in rows) > len(rows) else 0
        key_width = max((len(r.key) for r in listed), default=1)
        # folded, the area's line says where: the shared words go, but not how many a key places
        shared = self.title if self.fold is None or self.placing is not None else ""
        titles = _titles(rows, shared, self.listed, groups=self.fold is None)
        options = []
        if self.filter_note:
            options.append(Option(Text(_("Esc: all · {note}", note=self.filter_note), style="italic"), id="note", disabled=True))
        elif folded:
            options.append(Option(self._fold_note(), id="note", disabled=True))
        counter = self._counter_lines() if self.counter is not None and not self.filter_note else []
        one_line = self._rows(listed, titles, key_width, tag_width, wrap=False)
        wrapped = self._rows(listed, titles, key_width, tag_width, wrap=True)
        fixed = sum(_height(o) for o in options + counter)
        self._whole = fixed + sum(_height(o) for o in wrapped)
        room = self._wrap_budget(len(options) + len(one_line) + len(counter)) - fixed - len(one_line)
        return options + _wrap_what_fits(one_line, wrapped, room) + counter

    def _rows(self, listed: list[Row], titles: dict[int, list[str]], key_width: int, tag_width: int, *,
              wrap: bool) -> list[Option]:
        """The listed rows, each under the bold lines over it."""
        options = []
        for i, row in enumerate(listed):
            if not self.listed(row):
                continue
            options += [self._title_line(title, wrap) for title in titles.get(i, [])]
            lead = row.tag if wrap and not tag_width else ""  # a cost leading its words wraps with them
            options.append(self._line(i, row, _head(row, key_width, tag_width, cost=not lead), wrap, lead))
        return options

    def _title_line(self, title: str, wrap: bool) -> Option:
        """A bold line over rows: wrapped with them (what a group's rows share, read whole)."""
        text = Text(f"{title}:", style="bold")
        width = self.query_one("#options", OptionList).scrollable_content_region.width or 36
        return Option(Text("\n").join(text.wrap(self.app.console, max(width - 2, 8))) if wrap else text, disabled=True)

    def _line(self, i: int, row: Row, head: Text, wrap: bool, lead: str = "") -> Option:
        """Row ``i``: its words whole, a long row wrapped onto lines indented under its words
        (issue 36: every option read without a key), ``lead`` (its cost) before them; not
        ``wrap``, on one line, a long label cut (issue 23: every option in view), read in full
        in the detail while highlighted."""
        # the room left on the line, less a scrollbar's width (a long list of destinations) unless
        # wrapped (a wrapped list fits its lines: no scrollbar)
        width = self.query_one("#options", OptionList).scrollable_content_region.width or 36
        room = max(width - head.cell_len - (0 if wrap else 2), 8)
        label = self.words(row) if wrap else fit_label(self.words(row), room, self.names, row.option, self.labels)
        if lead:
            label = Text.assemble((f"{lead} ", "bold cyan"), label)
        if row.blocked:
            label = Text.assemble(label, (f" — {row.blocked}", "dim italic"))
        if not wrap:
            prompt = Text.assemble(head, label)
            prompt.no_wrap, prompt.overflow = True, "ellipsis"
            return Option(prompt, id=f"blocked{i}" if row.blocked else str(i), disabled=bool(row.blocked))
        indent = Text(" " * head.cell_len)
        lines = label.wrap(self.app.console, room)
        prompt = Text.assemble(head, Text("\n").join([lines[0], *(Text.assemble(indent, line) for line in lines[1:])]))
        return Option(prompt, id=f"blocked{i}" if row.blocked else str(i), disabled=bool(row.blocked))

    def _wrap_budget(self, one_line: int) -> int:
        """The lines the list may take with its rows wrapped: its box's, or, sized to its rows
        (a battle's decision over the battle box), those it takes now and the battle box's
        blank ones, up to its greatest height (the battle box keeps its lines: nothing
        scrolls)."""
        ol = self.query_one("#options", OptionList)
        height = ol.scrollable_content_region.height
        if ol.styles.height is not None and not ol.styles.height.is_auto:
            return height or one_line
        height = height or one_line  # not laid out yet: a line a row
        most = ol.styles.max_height
        return min(height + self.spare(), int(most.value) if most is not None and most.is_cells else height)

    def _target(self, rows: list[Row], keep: str | None, first: bool) -> int | None:
        """The row to highlight: ``keep``'s; else, with one or two rows (or a list just narrowed)
        and nothing picked on the Hand panel, the first that acts (Esc cancels, Enter never
        does: issue 36)."""
        target = None if keep is None else next((i for i, r in enumerate(rows) if r.action == keep), None)
        if target is None and (len(rows) <= 2 or first) and self.picked is None:
            target = next((i for i, r in enumerate(rows) if r.option.kind != "cancel"), None)
        return target

    def _fold_note(self) -> Text:
        """The line about the folded area, wrapped to the list's width (read whole, never cut)."""
        sentence = _("Esc: all · {note}")
        note = fill(sentence, note=self.describe(self.fold or ""))
        note.stylize("italic", 0, len(sentence.partition("{note}")[0]))
        width = self.query_one("#options", OptionList).scrollable_content_region.width or 36
        return Text("\n").join(note.wrap(self.app.console, width))

    def words(self, row: Row) -> Text:
        """The row's words: under the folded area, without the area (the line over them names it)."""
        if self.fold is None or not row.here:
            return row.label
        warn = row.label.plain.startswith("⚠ ")
        return Text.assemble(("⚠ ", "bold yellow") if warn else "", row.here)

    def listed(self, row: Row) -> bool:
        """Whether the row is on the list: folded to an area, only the rows about it and the ways out."""
        return self.fold is None or row.area in (None, self.fold)

    def on_resize(self) -> None:
        """The labels fitted again to the list's new width (the highlight kept)."""
        if self.shown or self.blocked:
            picked, keep = self.picked, self.highlighted_action
            self._fill(self.shown, keep=keep)
            if picked is not None:
                self.pick(picked)

    def has_room_for(self, lines: int) -> bool:
        """Whether the list leaves ``lines`` lines under it: a list that fits comes before a
        reminder under it (80×24: the Commander's ability gives way to a long list of
        destinations). Before the first layout the size is unknown: yes."""
        height = self.content_region.height
        if not height:
            return True
        listed = self._whole  # rows (long ones wrapped: not cut for a reminder), group lines, the dimmed rows or the filter note
        return listed + lines <= height - (self.query_one("#prompt").size.height or 1)

    # ------------------------------------------------------------------------- highlighting

    @property
    def highlighted_index(self) -> int | None:
        h = self.query_one("#options", OptionList).highlighted
        if h is None or not 0 <= h < len(self._lines):
            return None
        i = self._lines[h]
        return i if i is not None and i < len(self.shown) else None

    @property
    def highlighted_action(self) -> str | None:
        row = self.highlighted_row
        return row.action if row is not None else None

    @property
    def highlighted_row(self) -> Row | None:
        """The row Enter applies: the picked card or token, the highlighted row, else the group
        the counter shows (None: no legal group)."""
        i = self.highlighted_index
        if self.picked is not None:
            return self.picked
        if i is not None:
            return self.shown[i]
        return self.counter.row if self.counter is not None else None

    @property
    def offered(self) -> list[Row]:
        """Every legal row a key reaches: the list's, the counter's groups (their notation sets
        it), then the Hand panel's."""
        return self.shown + self.counted + [r for r in self.in_hand if not r.blocked]

    def point_at(self, action: str) -> bool:
        """Highlight (or pick, on the Hand panel) the row of ``action``; False if none."""
        i = next((i for i, r in enumerate(self.shown) if r.action == action), None)
        row = next((r for r in self.in_hand if not r.blocked and r.action == action), None)
        if i is not None:
            self.highlight(i)
        elif row is not None:
            self.pick(row)
        return i is not None or row is not None

    def pick(self, row: Row) -> None:
        """A row of the Hand panel picked by its key: Enter applies it."""
        self.picked = row
        self.query_one("#options", OptionList).highlighted = None
        self.post_message(self.Highlighted(row.action))

    def highlight(self, index: int | None) -> None:
        self.picked = None
        ol = self.query_one("#options", OptionList)
        if index is None or not self.shown:
            ol.highlighted = None
            self.post_message(self.Highlighted(None))
            return
        index = max(0, min(index, len(self.shown) - 1))
        if index not in self._lines:  # a row of another area than the folded one: fold to its area
            self.fold = self.shown[index].area
            self._fill(self.shown)
        ol.highlighted = self._lines.index(index)
        ol.scroll_to_highlight()

    def continues(self, char: str) -> bool:
        """Whether ``char`` goes on with a key being typed (``h`` of ``1v1h``: not the map's)."""
        if self.counter is not None and self.counter.typed:
            return self.counter.accepts(char)
        return bool(self.typed) and any(r.key.startswith(self.typed + char) for r in self._reachable())

    def complete(self, row: Row) -> bool:
        """Whether the key just typed applies ``row`` without Enter (issue 36: fewer keys): the
        whole key is in, no other key goes on from it or shares it, and the row acts (an
        order, an area, a Commander): never a way out, a card or a token, wherever listed
        (``22`` pressed twice is its effect; a card discarded to evade is a choice to confirm),
        nor a group of units (the counter waits for Enter)."""
        option = row.option
        if self.typed or not row.key or option.closes or option.kind == "cancel" or row.in_hand:
            return False
        if option.card is not None or option.token is not None:
            return False
        return sum(r.key == row.key for r in self._reachable()) == 1

    def _reachable(self) -> list[Row]:
        return self.shown if self.filter_note else self.shown + self.in_hand + self.blocked

    def key_index(self, key: str) -> int | Row | None:
        """The shown row a key's characters highlight (typed again: the next row of that key),
        or a row of the Hand panel (the caller picks it), or the dimmed row of that key (the
        caller says why it cannot be chosen), or None (not yet: a key of several characters)."""
        rows = self._reachable()
        current = self.picked if self.picked is not None else self.highlighted_row
        at = rows.index(current) if current in rows else None
        i, self.typed = press(["" if r.key == CANCEL_KEY else r.key for r in rows], self.typed + key, at, self.last_key)
        if i is None:
            return None
        self.last_key = rows[i].key
        return i if i < len(self.shown) else rows[i]

    def move(self, delta: int) -> None:
        self.typed = self.last_key = ""  # a key half typed is dropped
        if not self.shown:
            return
        i = self.highlighted_index
        i = (0 if delta > 0 else len(self.shown) - 1) if i is None else (i + delta) % len(self.shown)
        self.highlight(i)

    def page(self, delta: int) -> None:
        ol = self.query_one("#options", OptionList)
        if not ol.scrollable_content_region.height:  # hidden (the map has the narrow screen): no page
            return
        # textual 8 leaves OptionList's page actions unannotated
        (ol.action_page_down if delta > 0 else ol.action_page_up)()  # type: ignore[no-untyped-call]

    def set_detail(self, text: Text | str) -> None:
        detail = self.query_one("#detail", Static)
        detail.update(text)
        detail.display = bool(str(text))  # nothing to say: no blank line (80×24 in a battle needs it)

    # ------------------------------------------------------------------------------- events

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.isdigit():
            i = int(event.option.id)
            if i < len(self.shown):
                self.post_message(self.Picked(self.shown[i].action))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self.highlighted_action))


def _titles(rows: list[Row], shared: str, listed: Callable[[Row], bool], *, groups: bool) -> dict[int, list[str]]:
    """The bold lines over the rows, by row: what the options share over the first listed that
    acts, a group's line over its first row (not when folded to an area)."""
    titles: dict[int, list[str]] = {}
    first_acting = next((i for i, r in enumerate(rows) if not r.option.closes and listed(r)), None)
    if shared and first_acting is not None:
        titles[first_acting] = [shared]
    for i, row in enumerate(rows if groups else []):
        if row.group and (i == 0 or rows[i - 1].group != row.group):
            titles.setdefault(i, []).append(row.group)
    return titles


def _wrap_what_fits(one_line: list[Option], wrapped: list[Option], room: int) -> list[Option]:
    """Each line of the list wrapped whole where the ``room`` (the spare lines under the list
    drawn a line a row) holds it, the shortest first so that as many as can be are read whole;
    the rest on one line, cut (read in full in the detail while highlighted)."""
    out = list(one_line)
    for extra, i in sorted((_height(w) - 1, i) for i, w in enumerate(wrapped)):
        if extra > room:
            break
        out[i], room = wrapped[i], room - extra
    return out


def _height(option: Option) -> int:
    """The lines an option takes (a wrapped row, the folded area's line)."""
    return str(option.prompt).count("\n") + 1


def _head(row: Row, key_width: int, tag_width: int, *, cost: bool = True) -> Text:
    """A row's key, then its cost: in a column (``tag_width``), or as wide as it is (not
    ``cost``: it leads the row's words)."""
    head = Text.assemble((f" {row.key.ljust(key_width)} ", "dim reverse" if row.blocked else KEY_STYLE), " ")
    if tag_width or (row.tag and cost):
        head.append(row.tag.rjust(tag_width) + " ", style="bold cyan")
    return head
