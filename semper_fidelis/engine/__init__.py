"""The rules engine of Semper Fidelis: pure, deterministic, and driven only by actions.

Everything goes through one door, :class:`Game`::

    >>> from semper_fidelis.engine import Game
    >>> game = Game(scenario=2, seed=42)            # setup by the scenario card (§2)
    >>> d = game.decision()                         # who decides what, and the legal actions
    >>> d.player, d.kind                            # doctest: +SKIP
    ('PL', 'commander')
    >>> game.legal()                                # doctest: +SKIP
    ['keep', 'change']
    >>> game.apply("keep")                          # notation; abbreviations are accepted
    'keep'
    >>> view = game.view("ZURL")                    # JSON-able; PL's hand and tokens hidden
    >>> record = game.record()                      # scenario + seed + options + actions
    >>> Game.from_record(record).state.digest() == game.state.digest()
    True

Actions are typed values (engine/actions.py: ``From("rynek")``, ``To("podzamcze", via="rynek",
how="attack")`` …), each the ``str`` of its short text notation, so text works wherever an action
does (``game.legal_text()`` gives plain strings, ``Action.parse`` reads text back, ``apply``
takes either); long orders are built in steps::

    orders:   move | assault | fortify | mobilize | provision | propaganda morale
              card 7 (for its AP) | effect 7 (for its effect) | supply food2 | use plane1 | end
              negotiate jewish-militia pl | negotiate austro-hungarian zurl [ally]
    move:     from rynek  →  units 2v1s  →  to sejm-krajowy | to podzamcze via rynek attack
    battle:   fight | discard 3 … evade <area> 2v | special 4 | token grenades1 | pass
    losses:   disperse v@rynek | break s@sejm-krajowy | withdraw v@rynek namiestnictwo
    card:     (a card's own choices, engine/card_effects) mobilize rynek v | from rynek → units 3v
              → to podzamcze via rynek enter | take persenkowka hidden | discard food1 | remove v
              | barricade rynek podzamcze | redoubt rynek | artillery rynek | morale | ally | done

Every legal action also comes as an :class:`Option` with the facts a client needs, so nothing
outside the engine has to read its notation back or try an action to learn what it costs::

    >>> game = Game(scenario=2, seed=42)
    >>> [(o.notation, o.kind) for o in game.options()]     # one per legal action, same order
    [('keep', 'keep'), ('change', 'change-commander')]
    >>> game.options()[1].ap_cost is None                    # a draw decides the new AP
    True

An Option has ``notation``, ``kind`` (engine/kinds.py lists them), ``label`` (plain words,
made next to the rule that offers it: "Play #1 … for 2 AP" or "… for its effect: <text>"),
``ap_cost`` (AP it spends; negative when it gives AP), ``area`` (where it takes place),
``from_area``/``to_area``/``via``/``facing``, ``units`` ((type, count) pairs), ``card``,
``token``, ``losses`` (Losses a way of taking them absorbs) and ``closes`` (a way out of the
step: end, done, pass, cancel …). ``game.options()`` is computed once per position. The kinds
of options, decisions and events are ``Literal`` types (``OptionKind``, ``DecisionKind``,
``EventKind``: engine/kinds.py), so mypy reports a comparison with a kind there is not.

A client that already knows what it will play — a bot following its plan, a search playing
thousands of games — need not list every legal action: ``game.allows(action)`` says whether one
is legal (a Move's, an Assault's and a Mobilization's steps and the Orders Phase's menu check
themselves; any other step asks its list), ``game.options_of(*types)`` gives the options of
some action types only (the Orders Phase lists only the menu entries offering them), and
``game.pending()`` says who decides what (player, kind, phase) without the list; ``apply``
takes the same short cut for an exact action whose step checks itself.

The decision names the rulebook phase (``d.phase``: Deployment, Initial Phase, Orders Phase,
Battle Phase, End of Turn Phase, End of Round, End of Stage, Game over) and its section
(``d.section``). The view adds ``phase``, ``stage``, ``battle`` (the battle in progress: area,
attacker and defender, groups with their origins and units, the units inside, the defenders,
Strength, Combat Table BP, modifiers so far, sides of attack, fortifications, the current step,
and the Battle Points and winner once resolved) and ``losses`` (the Losses being taken: whose,
how many in all and still to take, the Loss Table rows, the groups that can take them).
``game.data`` and ``game.scenario`` are the printed components the game is played with.
Once ``game.over``, ``game.outcome`` is an :class:`Outcome` (``winner``, None for a draw;
``termination``, how it ended: a :class:`Termination`; ``reason``; the final ``vp``); the
view's ``result`` is the same as JSON (``Outcome.to_dict``), and a finished game's record
(format 3) carries the termination's value.

Around a game: ``read_record``/``write_record`` (saves, one-line errors; ``write_atomic`` writes
any file the same crash-proof way, ``write_atomic_bytes`` a binary one; ``check_target`` checks
where a file named on the command line goes before any work is done for it), ``shipped_data()``
(the shipped components, loaded once) and ``bench_scenario`` (engine speed: the medians
``game_ms``, ``apply_us``, ``legal_us``, ``clone_us``, ``view_us``, ``digest_us``, ``undo_ms``
and the slowest position's ``undo_max_ms``, as ``semper-fidelis bench --json`` prints them).

Illegal actions raise :class:`IllegalAction` with a message naming what is wrong; a record
that cannot be replayed raises :class:`RecordError`. ``game.undo()`` steps back one action,
never past the last reveal (a card, token or battle card drawn), in well under a millisecond:
it restores a copy kept on the way and replays at most 7 actions. ``game.copy()`` is an independent
game at the same position; ``game.replay(action)`` applies a record's action already known to be
legal without listing the legal actions (some 50 times faster; it cannot be undone), for walking
long records; ``game.battle_area`` is where a battle is being fought (None: none).

**Positions** (engine/position.py) start a game anywhere. A :class:`Position` (pydantic; JSON or
TOML) sets the board, borders, fortifications, tokens, cards and decks, tracks, Commanders,
zones, relief and who is to act — ``to_act`` phase ``initial`` (start of the turn), ``orders``
(with ``turn.ap``) or ``battle`` (its border battles pending). What it leaves out comes from the
scenario's opening for the seed::

    >>> from semper_fidelis.engine import Position
    >>> start = Position.from_toml('''
    ... scenario = 2
    ... to_act = {side = "PL", phase = "orders"}
    ... turn = {ap = 3}
    ... [units]
    ... dom-akademicki = {pl-volunteer = 5}
    ... rynek = {zurl-volunteer = 2}
    ... ''')
    >>> g = Game.from_position(start, seed=1)      # or Position.load("file.toml"), a dict
    >>> g.decision().kind, g.state.turn.ap
    ('orders', 3)
    >>> Game.from_position(g.position()).state.digest() == g.state.digest()  # export, load back
    True
    >>> Game.from_position({"units": {"rynek": {"pl-volunteer": 7}}}, scenario=2)
    Traceback (most recent call last):
    semper_fidelis.engine.position.PositionError: units.rynek.pl-volunteer: area limit 5 exceeded (7)

``g.position()`` works at every decision (mid-battle too: the engine's frames ride along in
``procedure``). The record of a game started from a position carries it (record format 2), so
it replays and undoes; format-1 records still load, newer formats are refused in one line.

**The rulebook's worked examples** (engine/examples.py) ship as position files in
``assets/examples`` whose ``example`` table gives a title, the rulebook section, a short text,
the printed outcome and the book's choices step by step, each with what the book says follows.
``load_examples(examples_dir(game.data.assets_dir))`` reads them, ``example.game()`` opens one,
``check_example(example)`` plays the book's choices and names every difference (the tests and
``semper-fidelis validate`` use it), and ``example_progress(game)`` tells how far a game is
along the book's line: steps ``done``, ``on_line``, the step just ended (``at_step``) with its
``problems``, ``next_step`` and ``reached`` (the printed outcome, as printed).

**Exact battle odds** for a battle pending or being fought, or for an attack weighed before it is
committed (``attack=[(origin, units), …]``): the Battle Points from the battle's own rules, the
battle cards enumerated from the deck still unseen (Escalation's second card without
replacement, no third). Fractions; about 0.2 ms a call::

    >>> odds = g.battle_odds("rynek", attack=[("dom-akademicki", "4v")])
    >>> odds.p_attacker_wins, odds.base          # ties go to the defender
    (Fraction(149, 210), (3, 2))
    >>> odds.attacker_bp[3], odds.expected_losses["ZURL"]
    (Fraction(3, 10), Fraction(859, 210))
    >>> odds.excluded[1]                          # what nobody can know yet is named, not guessed
    'Special cards PL may play as attacker'
    >>> odds.p_win(defender_extra=1) < odds.p_attacker_wins   # … and can be weighed
    True

**Scoring preview**: ``game.score_if_stage_ended()`` is what the End of Stage scoring of the
current Stage would give each side now, as (reason, VP) items — the same items the End of Stage
applies::

    >>> preview = Game(scenario=2, seed=42).score_if_stage_ended()
    >>> preview["PL"][0], sum(vp for _, vp in preview["ZURL"])
    (('Strategic Areas occupied', 4), 9)

**Events** (engine/events.py): every action writes what happened as frozen :class:`Event` values —
``move``, ``battle`` (with its tally), ``loss``, ``track``, ``card``, ``token``, ``draw``,
``alliance``, ``turn``, ``game-over`` and ``note`` — each visible to all or to one side; the log
is their public text; an event that changes the map names the areas in its ``AREA_FACTS``
(``area``, ``from_area``, ``to_area``). ``game.last_events(player)`` gives the last action's, ``game.events(player,
since)`` any stretch (a mark is ``len(game.events(None))``)::

    >>> g2 = Game(scenario=1, seed=3)
    >>> while g2.decision().kind != "draw":          # keep the Commander, end the orders …
    ...     _ = g2.apply({"orders": "end", "commander": "keep"}.get(g2.decision().kind, g2.legal()[0]))
    >>> g2.apply("draw")
    'draw'
    >>> [e.kind for e in g2.last_events("ZURL")][:2]
    ['draw', 'draw']
    >>> g2.last_events("PL")[0].text.startswith("ZURL draws"), len(g2.last_events("PL")[0].get("cards") or [])
    (True, 0)

**Hidden information for search**: ``g.sample(player, rng)`` is a full Game consistent with what
``player`` sees — the opponent's hand dealt from the cards it could hold, face-down tokens and
every deck order dealt again, the generator reseeded — and never depends on what is hidden::

    >>> import random
    >>> guess = g.sample("ZURL", random.Random(7))
    >>> guess.view("ZURL") == g.view("ZURL")
    True
"""

from . import actions
from .actions import Action, ActionSyntaxError
from .battle import CYTADELA as PERMANENT_REDOUBT
from .bench import bench_scenario
from .events import AREA_FACTS, Event
from .examples import Example, ExampleProgress, check_example, example_progress, examples_dir, load_examples, validate_examples
from .game import Game, RecordError, read_record, record_variant_data, write_record
from .invariants import Invariants
from .kinds import DecisionKind, EventKind, OptionKind
from .machine import Decision, IllegalAction, Pending
from .notation import describe as describe_units
from .notation import plural, token_title, type_for, unit_name, unit_pairs
from .odds import BattleOdds
from .options import Option, menu_label
from .outcome import Outcome, OutcomeDict, Termination
from .position import Position, PositionError
from .records import (
    SEED_LIMIT,
    GameRecord,
    VariantRecord,
    check_folder,
    check_target,
    field_error,
    load_record,
    read_json,
    write_atomic,
    write_atomic_bytes,
)
from .rules import shipped_data
from .scoring import largest_group
from .view import DecisionView, PlayerView, TokenView, TurnView
from .wording import event_reason, event_text, token_label, unit_count
from .wording import units_words as group_words

__all__ = [
    "actions", "Action", "ActionSyntaxError", "unit_pairs",
    "Game", "Invariants", "Decision", "Pending", "Event", "AREA_FACTS", "Option", "Outcome", "OutcomeDict", "Termination", "IllegalAction", "RecordError", "Position", "PositionError", "BattleOdds",
    "GameRecord", "VariantRecord", "record_variant_data", "SEED_LIMIT", "field_error", "load_record", "read_json", "read_record", "write_record", "write_atomic", "write_atomic_bytes", "check_target", "check_folder", "shipped_data", "bench_scenario",
    "OptionKind", "DecisionKind", "EventKind",
    "PlayerView", "DecisionView", "TokenView", "TurnView",
    "Example", "ExampleProgress", "load_examples", "examples_dir", "check_example", "example_progress", "validate_examples",
]
#: the area that always counts as holding a Redoubt for its defender (Cytadela, §6.2): a printed
#: fact a client weighs when fortifying
__all__ += ["PERMANENT_REDOUBT"]
#: the width of a corridor of adjacent areas (Scenario 4's Breakthrough): a printed rule a client
#: weighs before the End of Stage
__all__ += ["largest_group"]
#: the words for units a client writes: "2 Polish Volunteers", "1 token", a side's unit type
__all__ += ["describe_units", "plural", "type_for", "unit_name"]
#: a Supply Token's label in the printed words (``food2`` -> 'Food (2)'): the engine names tokens
#: in its options and log the same way
__all__ += ["token_title"]
#: an event's text in the player's language (the log, summaries, reports), made when drawn
__all__ += ["event_reason", "event_text", "token_label"]
#: a unit type counted, and a group, in the player's language ('5 Ochotników PL'): the log's
#: words, which a client's rows say too
__all__ += ["unit_count", "group_words"]
#: a dimmed order's label in the language now (a row first seen in another one)
__all__ += ["menu_label"]
