"""Every card effect of both Action decks (issue 4). Importing the package registers them in
``cards.EFFECTS``: ``pl.py`` and ``zurl.py`` hold one registration per card (find a card by
its number: ``# PL #15 Wolves``), built from the shared blocks in ``primitives.py``."""

from . import pl, zurl  # noqa: F401  (registers the effects)

__all__ = ["pl", "zurl"]
