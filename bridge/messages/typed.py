"""Messages of typed input: calculator forms, query strings, JSON values, API bodies, search."""

from __future__ import annotations

from bridge.errors import Message

# --- typed input: calculator forms, query strings and JSON values -------------------------------------------

INPUT_REQUIRED = Message(
    "input.required",
    "{name} is required.",
    "请填写 {name}。",
)
INPUT_NOT_WHOLE = Message(
    "input.not_whole",
    "{name} must be a whole number, not {value!r}.",
    "{name} 必须是整数，而不是 {value!r}。",
)
INPUT_BELOW = Message(
    "input.below",
    "{name} must be from {low}, not {value}.",
    "{name} 必须不小于 {low}，而不是 {value}。",
)
INPUT_OUT_OF_RANGE = Message(
    "input.out_of_range",
    "{name} must be from {low} to {high}, not {value}.",
    "{name} 必须在 {low} 到 {high} 之间，而不是 {value}。",
)
INPUT_TOO_LONG = Message(
    "input.too_long",
    "{name} must have at most {digits} digits.",
    "{name} 最多只能有 {digits} 位数字。",
)
INPUT_NOT_NUMBER = Message(
    "input.not_number",
    "{name} must be a number, not “{value}”.",
    "{name} 必须是数字，而不是“{value}”。",
)
INPUT_NOT_SCORE = Message(
    "input.not_score",
    "“{token}” is not a whole-number score.",
    "“{token}”不是整数分数。",
)

# --- API request bodies -------------------------------------------------------------------------------------

BODY_NOT_OBJECT = Message(
    "request.body_not_object",
    "the body must be a JSON object.",
    "请求体必须是 JSON 对象。",
)
BODY_NO_FACTS = Message(
    "request.body_no_facts",
    "the body must be a JSON object with a facts object.",
    "请求体必须是含 facts 对象的 JSON 对象。",
)
FACTS_NOT_OBJECT = Message(
    "request.facts_not_object",
    "facts must be an object of fact names and values.",
    "facts 必须是由事实名称和取值组成的对象。",
)

# --- search (docs/design.md §6) ----------------------------------------------------------------------------------

SEARCH_TOO_LONG = Message(
    "search.too_long",
    "q must be at most {max} characters",
    "搜索词太长了，请缩短到{max}字以内。",
)
SEARCH_LIMIT = Message(
    "search.limit",
    "limit must be a whole number from 1 to {max}",
    "limit 必须是 1 到 {max} 的整数",
)
