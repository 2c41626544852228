"""A correction to citeproc-py's rule for suppressing a `cs:group`, applied once before
formatting.

CSL suppresses a group when it calls at least one variable and every variable it calls is
empty. citeproc-py (0.11) decides "calls a variable" from the style alone, so a variable
named in a `cs:choose` branch that is not taken counts as called. GB/T 7714's type code
`[J]` sits in a group beside a macro that writes `medium` or "OL" only when the paper has
a URL or DOI: for every paper without one citeproc-py drops the whole `[J]` (citeproc-js,
following the specification, keeps it).

The correction only looks again at a group citeproc-py has suppressed: when, for this
item, no variable is really called (the branches taken name none), the group's literal
text is written. Groups citeproc-py writes are left exactly as it writes them.
"""

from __future__ import annotations

from typing import Any

#: citeproc-py's own `Group.process`, kept so that tests can compare with it.
uncorrected: Any = None


def install() -> None:
    """Put the correction into citeproc-py's `Group` (`citing` does it once per process)."""
    global uncorrected
    from citeproc import model

    suppressing = uncorrected = model.Group.process

    def process(self: Any, item: Any, context: Any = None, **kwargs: Any) -> Any:
        try:
            return suppressing(self, item, context=context, **kwargs)
        except model.VariableError:
            if any(_calls_variable(child, item, context) for child in self.iterchildren()):
                raise
            return _literal_group(self, item, context, **kwargs)

    model.Group.process = process


def _literal_group(group: Any, item: Any, context: Any, **kwargs: Any) -> Any:
    """A group that calls no variable for this item: its children's text, joined."""
    from citeproc import model

    delimiter = group.get("delimiter", "")
    output = []
    for child in group.iterchildren():
        try:
            if isinstance(child, model.Choose):
                text = child.render(item, context=context, delimiter=delimiter, **kwargs)
            else:
                text = child.render(item, context=context, **kwargs)
        except model.VariableError:
            continue
        if text is not None:
            output.append(text)
    if not output:
        raise model.VariableError
    return group.join(output)


def _calls_variable(element: Any, item: Any, context: Any) -> bool:
    """Whether rendering `element` for `item` calls a variable: like citeproc-py's own
    `calls_variable`, but looking only into the `cs:choose` branch this item takes."""
    from citeproc import model

    if isinstance(element, model.Choose):
        branch = _branch_taken(element, item, context)
        return branch is not None and any(
            _calls_variable(child, item, context) for child in branch.iterchildren()
        )
    if isinstance(element, model.Text) and "macro" in element.attrib:
        # A macro's elements are rendered in the context of the text that calls it.
        inner = element if context is None else context
        macro = element.get_macro(element.get("macro"))
        return any(_calls_variable(child, item, inner) for child in macro.iterchildren())
    if isinstance(element, (model.If, model.Else)):
        return any(_calls_variable(child, item, context) for child in element.iterchildren())
    return bool(element.calls_variable())


def _branch_taken(choose: Any, item: Any, context: Any) -> Any:
    """The `cs:if`/`cs:else-if`/`cs:else` branch whose condition `item` meets, or None."""
    from citeproc import model

    for branch in choose.iterchildren():
        if isinstance(branch, model.Else) or _condition_holds(branch, item, context):
            return branch
    return None


def _condition_holds(branch: Any, item: Any, context: Any) -> bool:
    """A `cs:if`'s condition for `item`, through citeproc-py's own tests of each attribute
    (rendering the branch to see whether it fails would also run its side effects, such
    as a name substitution marking a variable as used)."""
    tests = {
        "type": lambda: branch._type(item),
        "variable": lambda: branch._variable(item),
        "is-numeric": lambda: branch._is_numeric(item),
        "is-uncertain-date": lambda: branch._is_uncertain_date(item),
        "locator": lambda: branch._locator(item),
        "position": lambda: branch._position(item, context),
    }
    results = [
        bool(outcome) for name, test in tests.items() if name in branch.attrib for outcome in test()
    ]
    match = branch.get("match")
    if match == "any":
        return any(results)
    if match == "none":
        return not any(results)
    return all(results)
