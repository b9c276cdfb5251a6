"""Message templates: Jinja2 in its sandbox, kept to what a one-line message needs. A template is checked when it is
saved (and on every preview): it must parse, use only its action's variables, keep to expressions and `if` (no
loops, assignments, macros, includes), and render a non-empty message of at most 1,000 characters both with every
variable given and with the optional ones empty. Nothing in a template can make a message grow faster than the
template itself: no assignment to reuse a value, only filters and methods that do not lengthen text (no replace,
join, center, format...), bounded repetition and powers, and no `%` formatting. So a saved template renders at
send time; should it not, the action's default text is sent instead (and the failure logged), never nothing."""

from __future__ import annotations

import logging
import operator
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateSyntaxError, meta, nodes
from jinja2.exceptions import SecurityError, TemplateError
from jinja2.sandbox import SandboxedEnvironment

from api.notifications.catalogue import MESSAGE_MAX, TEMPLATE_MAX, Action

log = logging.getLogger(__name__)

SYNTAX = "The template has a syntax error on line {line}: {error}."
UNKNOWN = "The template uses {names}, which {verb} not among this action's variables: {known}."
NOT_ALLOWED = "Templates may use variables, filters and 'if' only; '{what}' is not allowed."
UNKNOWN_FILTER = "The template uses the filter '{name}', which is not among those allowed: {known}."
FAILED = "The template could not be rendered: {error}."
EMPTY = "The template renders an empty message."
TOO_LONG = f"The message is longer than {MESSAGE_MAX:,} characters."
TEMPLATE_TOO_LONG = f"The template is longer than {TEMPLATE_MAX:,} characters."
REQUIRED = "A message template is required."

_REFUSED_NODES: dict[type[nodes.Node], str] = {
    nodes.For: "for", nodes.Macro: "macro", nodes.CallBlock: "call", nodes.Include: "include",
    nodes.Import: "import", nodes.FromImport: "import", nodes.Extends: "extends", nodes.Block: "block",
    nodes.FilterBlock: "filter block", nodes.With: "with", nodes.ScopedEvalContextModifier: "autoescape",
    nodes.Assign: "set", nodes.AssignBlock: "set",
}
# filters whose result is never longer than their input (or a number): a template cannot blow a message up
FILTERS = ("abs", "capitalize", "d", "default", "first", "float", "int", "last", "length", "lower", "round", "string",
           "striptags", "title", "trim", "truncate", "upper", "wordcount")
METHODS = frozenset({"capitalize", "lower", "strip", "title", "upper", "startswith", "endswith"})
_REPEAT_MAX = 1000  # 'x' * n, [..] * n
_POWER_MAX = 64
_BASE_MAX = 10**6


class _MessageSandbox(SandboxedEnvironment):
    """The sandbox, with no globals (no range, lipsum, cycler...) and arithmetic that cannot blow up."""

    intercepted_binops = frozenset(["*", "**", "%"])

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        return attr in METHODS and super().is_safe_attribute(obj, attr, value)

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        if operator_ == "%":
            if isinstance(left, str):
                raise SecurityError("'%' formatting is not allowed")
            return operator.mod(left, right)
        if operator_ == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, str | list | tuple) and isinstance(n, int) and n * max(len(seq), 1) > _REPEAT_MAX:
                    raise SecurityError("the repetition is too long")
            return operator.mul(left, right)
        if not isinstance(left, int | float) or not isinstance(right, int | float) or abs(right) > _POWER_MAX or \
                abs(left) > _BASE_MAX:
            raise SecurityError("the power is too large")
        return operator.pow(left, right)


_env = _MessageSandbox(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False,
                       finalize=lambda value: "" if value is None else value)
_env.globals.clear()
_env.filters = {name: _env.filters[name] for name in FILTERS}


def errors(action: Action, template: str | None) -> list[str]:
    """What is wrong with `template` for `action` (empty: it may be saved)."""
    text = (template or "").strip()
    if not text:
        return [REQUIRED]
    if len(text) > TEMPLATE_MAX:
        return [TEMPLATE_TOO_LONG]
    try:
        tree = _env.parse(text)
    except TemplateSyntaxError as exc:
        return [SYNTAX.format(line=exc.lineno, error=(exc.message or "unexpected text").rstrip("."))]
    for node_type, what in _REFUSED_NODES.items():
        if next(tree.find_all(node_type), None) is not None:
            return [NOT_ALLOWED.format(what=what)]
    for node in tree.find_all(nodes.Filter):
        if node.name not in FILTERS:
            return [UNKNOWN_FILTER.format(name=node.name, known=", ".join(FILTERS))]
    known = action.variable_names()
    unknown = sorted(meta.find_undeclared_variables(tree) - set(known))
    if unknown:
        return [UNKNOWN.format(names=", ".join(f"'{n}'" for n in unknown), verb="is" if len(unknown) == 1 else "are",
                               known=", ".join(known))]
    for values in (sample(action), sample(action, sparse=True)):
        try:
            message = _render(text, values)
        except (TemplateError, ArithmeticError, TypeError, ValueError, AttributeError, LookupError) as exc:
            return [FAILED.format(error=(str(exc) or type(exc).__name__).rstrip("."))]
        if not message:
            return [EMPTY]
        if len(message) > MESSAGE_MAX:
            return [TOO_LONG]
    return []


def sample(action: Action, *, sparse: bool = False) -> dict[str, object]:
    """The action's sample values (the preview's); `sparse` leaves the optional ones empty."""
    return {v.name: None if sparse and v.optional else v.sample for v in action.variables}


def preview(action: Action, template: str) -> str:
    """The message the template makes of the sample values (call `errors` first)."""
    return _render(template.strip(), sample(action))


@lru_cache(maxsize=256)
def _compiled(template: str) -> Template:
    """Compiling is most of a render's cost (Python bytecode from the template): each text is compiled once."""
    return _env.from_string(template)


def _render(template: str, values: Mapping[str, object]) -> str:
    return " ".join(_compiled(template).render(values).split())


def render(action: Action, template: str, values: Mapping[str, object]) -> str:
    """The message for real values. A saved template was checked, so this renders; if it does not, the action's
    default text is used (logged), so the event is never lost to a template."""
    try:
        message = _render(template, values)
        if message and len(message) <= MESSAGE_MAX:
            return message
        raise ValueError(f"rendered {len(message)} characters")
    except Exception:
        log.exception("the %s template failed at send time; its default text is sent", action.code)
    return _render(action.default_template, values)[:MESSAGE_MAX]
