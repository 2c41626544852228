"""The collector pause around large batches."""

from __future__ import annotations

import gc

import pytest

from desktop.core import gc_pause


def test_the_collector_is_off_inside_and_back_afterwards() -> None:
    assert gc.isenabled()
    with gc_pause.paused():
        assert not gc.isenabled()
        with gc_pause.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # only the outermost pause resumes it
    assert gc.isenabled()


def test_an_error_inside_still_resumes_the_collector() -> None:
    with pytest.raises(ValueError), gc_pause.paused():
        raise ValueError
    assert gc.isenabled()


def test_a_collector_switched_off_elsewhere_stays_off() -> None:
    gc.disable()
    try:
        with gc_pause.paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_long_lived_objects_are_kept_out_of_collections() -> None:
    kept = [[n] for n in range(1000)]
    gc.unfreeze()
    gc_pause.freeze_long_lived()
    try:
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()
