"""Every finder says what it said before the chain and fish core was unified (issue 24): see finder_reference.py.

One test per family module, each comparing the digests of its techniques' steps on the 2,000 positions with the
recorded reference; the first test checks the positions themselves (they come from the logic solver's paths).
"""

from __future__ import annotations

import pytest
from finder_reference import MODULES, module_digests, positions, positions_digest, read_reference


@pytest.mark.slow
def test_the_positions_are_the_recorded_ones() -> None:
    recorded, _per_module = read_reference()
    assert len(positions()) == 2000
    assert positions_digest() == recorded


@pytest.mark.slow
@pytest.mark.parametrize("module", list(MODULES))
def test_every_finder_of_the_module_says_what_it_said(module: str) -> None:
    _recorded_positions, per_module = read_reference()
    got = module_digests(module)
    want = per_module.get(module, {})
    changed = sorted(t for t in set(got) | set(want) if got.get(t) != want.get(t))
    assert not changed, f"{module}: these techniques' steps changed on the reference positions: {changed}"
