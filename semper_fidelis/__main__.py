"""``python -m semper_fidelis`` runs the ``semper-fidelis`` command."""

import sys

from .cli import main

sys.exit(main())
