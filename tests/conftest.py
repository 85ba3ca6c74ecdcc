"""What every test shares: the language is process-wide (semper_fidelis.i18n), so a test that
switches it — on purpose, or a monkey pressing the menu's language key — leaves English behind."""

from __future__ import annotations

import pytest

from semper_fidelis.i18n import set_language


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")
