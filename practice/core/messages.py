"""What practice says about an answer it cannot check, in both languages (``bridge.errors.Message`` data).

The English text is what the API has always answered (``{"error": ...}``); the pages show the text in their own
language. Placeholders are filled from the error's params, which are plain strings (``given`` is what was sent,
written as Python writes it, quotes included; question ids are ``[a-z0-9_]+``, so quoting them by hand is the
same), so any edge can format them.
"""

from __future__ import annotations

from bridge.errors import Message

ANSWER_MISSING = Message(
    "practice.answer_missing",
    "Answer question '{question}'.",
    "请回答问题 {question}。",
)
ANSWER_NOT_AN_OPTION = Message(
    "practice.answer_not_an_option",
    "{question}: choose one of {keys}, not {given}.",
    "{question}：请在 {keys} 中选择一项，而不是 {given}。",
)
ANSWER_NOT_A_LIST = Message(
    "practice.answer_not_a_list",
    "{question}: give a list of option keys ({keys}).",
    "{question}：请给出选项字母的列表（{keys}）。",
)
ANSWER_UNKNOWN_OPTION = Message(
    "practice.answer_unknown_option",
    "{question}: {given} is not an option (one of {keys}).",
    "{question}：{given} 不是选项（可选 {keys}）。",
)
ANSWER_NOT_A_NUMBER = Message(
    "practice.answer_not_a_number",
    "{question}: give a number, not {given}.",
    "{question}：请填写一个数字，而不是 {given}。",
)
ANSWERS_NOT_A_MAPPING = Message(
    "practice.answers_not_a_mapping",
    "answers must map each question id to an answer.",
    "answers 必须把每个问题的编号对应到一个回答。",
)
ANSWERS_UNKNOWN_QUESTION = Message(
    "practice.answers_unknown_question",
    "{given} is not a question of {scenario} (questions: {questions}).",
    "{given} 不是 {scenario} 的问题（问题：{questions}）。",
)
