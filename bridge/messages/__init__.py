"""Every message the rules core (and the edges' input checks) can answer bad input with, in English and Chinese.

One vocabulary in five modules by area (core, deals, judgement, trees, typed), read through this package, so it can be
read, translated and checked in one place. Each raise site
names a constant here and passes its parameters: ``ContractError(messages.CONTRACT_LEVEL_RANGE, field,
level=3)``. ``en`` is the text the API answers (and the browser evaluator matches for the trees), so it never
changes for the same input; ``zh`` is what a Chinese page shows. Placeholders use :meth:`str.format` syntax,
``{value!r}`` quoting the value as Python (and the API) always has; both languages name the same ones. A
parameter may not be called ``field`` (the error's own argument).
"""

from __future__ import annotations

from bridge.errors import Message

from . import core, deals, judgement, trees, typed
from .core import *  # noqa: F403
from .deals import *  # noqa: F403
from .judgement import *  # noqa: F403
from .trees import *  # noqa: F403
from .typed import *  # noqa: F403

CATALOG: dict[str, Message] = {
    value.code: value
    for module in (core, deals, judgement, trees, typed)
    for value in vars(module).values()
    if isinstance(value, Message)
}
"""Every message by its code, for an edge that formats them itself (the offline evaluator, from code and params)."""
