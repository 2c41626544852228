"""The collector pause around large batches."""

from __future__ import annotations

import gc
import threading

import pytest

from desktop.core.runtime import gc_pause


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


def test_pauses_in_two_threads_resume_the_collector_when_the_last_one_ends() -> None:
    """One thread's pause ending does not switch the collector on under another's."""
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with gc_pause.paused():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second() -> None:
        first_in.wait(5)
        with gc_pause.paused():
            second_in.set()
            first_out.wait(5)
            seen.append(gc.isenabled())  # the first has ended its pause by now
        seen.append(gc.isenabled())

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert seen == [False, True]
