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

Actions are short text notations, built in steps for long orders::

    orders:   move | assault | fortify | mobilize | provision | propaganda morale
              card 7 (for its AP) | effect 7 (for its effect) | supply food2 | use plane1 | end
              negotiate jewish-militia pl | negotiate austro-hungarian zurl [ally]
    move:     from rynek  →  units 2v1s  →  to sejm-krajowy | to podzamcze via rynek attack
    battle:   fight | discard 3 … evade <area> 2v | special 4 | token grenades1 | pass
    losses:   disperse v@rynek | break s@sejm-krajowy | withdraw v@rynek namiestnictwo
    card:     (a card's own choices, engine/card_effects) mobilize rynek v | from rynek → units 3v
              → to podzamcze via rynek enter | take persenkowka hidden | discard food1 | remove v
              | barricade rynek podzamcze | redoubt rynek | artillery rynek | morale | ally | done

Illegal actions raise :class:`IllegalAction` with a message naming what is wrong; a record
that cannot be replayed raises :class:`RecordError`. ``game.undo()`` steps back one action,
never past the last reveal (a card, token or battle card drawn).
"""

from .game import Game, RecordError
from .machine import Decision, IllegalAction
from .position import Position, PositionError

__all__ = ["Game", "Decision", "IllegalAction", "RecordError", "Position", "PositionError"]
