"""The one error vocabulary (bridge.messages): every message has a unique code, says the same thing in both
languages with the same placeholders, is raised somewhere, and renders in the language asked for."""

import re
import string
from pathlib import Path

import pytest

import bridge
from bridge import messages
from bridge.errors import ContractError, FieldError, Message
from bridge.trees import FactError, evaluate, load_tree

ROOT = Path(__file__).resolve().parents[2]
ALL = {name: value for name, value in vars(messages).items() if isinstance(value, Message)}
REVOKE_TREE = ROOT / "fixtures" / "trees" / "revoke.yaml"


def _placeholders(template: str) -> set[tuple[str, str, str]]:
    """(name, conversion, format spec) of each placeholder: ``{value!r}`` → ("value", "r", "")."""
    return {
        (name, conversion or "", spec or "")
        for _text, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    }


def test_there_is_a_vocabulary():
    assert len(ALL) > 60


def test_codes_are_unique_and_dotted_by_area():
    codes = [message.code for message in ALL.values()]
    assert len(codes) == len(set(codes))
    assert messages.CATALOG == {message.code: message for message in ALL.values()}
    for code in codes:
        assert re.fullmatch(r"[a-z]+\.[a-z_]+", code), code


@pytest.mark.parametrize("name", sorted(ALL))
def test_both_languages_have_the_same_placeholders(name):
    message = ALL[name]
    assert _placeholders(message.en) == _placeholders(message.zh)
    # "field" is the error's own argument, so no message can take it as a parameter.
    assert "field" not in {placeholder for placeholder, _, _ in _placeholders(message.en)}
    assert re.search(r"[\u4e00-\u9fff]", message.zh), "zh should be Chinese"


def test_every_message_is_raised_somewhere():
    sources = [
        path.read_text(encoding="utf-8")
        for folder in (
            "bridge",
            "rulings",
            "search",
            "clubs",
            "config",
            "core",
            "ops",
            "practice",
            "laws",
            "offline",
            "accounts",
        )
        for path in (ROOT / folder).rglob("*.py")
        if path != ROOT / "bridge" / "messages.py"
    ]
    text = "\n".join(sources)
    unused = [name for name in ALL if not re.search(rf"\bmessages\.{name}\b", text)]
    assert unused == []


def test_a_contract_error_in_both_languages():
    with pytest.raises(ContractError) as caught:
        bridge.Contract.parse("8S")
    error = caught.value
    assert error.code == "contract.level_range_in" and error.field == "contract"
    assert error.message == str(error) == "Contract level must be 1–7, not 8 (in '8S')."
    assert error.text("en") == error.message
    assert error.text("zh-hans") == "定约阶数必须是 1–7，而不是 8（在 '8S' 中）。"
    assert error.as_dict() == {"error": "Contract level must be 1–7, not 8 (in '8S').", "field": "contract"}


def test_a_nested_engine_error_keeps_its_code_under_the_new_field():
    with pytest.raises(FieldError) as caught:
        bridge.assigned("None", ("4S", "N", 14), ("4S", "N", 9))
    error = caught.value
    assert (error.code, error.field) == ("score.tricks_range", "ns.tricks")
    assert error.text("en") == "Tricks must be from 0 to 13, not 14."
    assert error.text("zh-hans") == "赢墩数必须在 0 到 13 之间，而不是 14。"


def test_the_weights_sum_keeps_its_format_spec():
    outcome = {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.3333}
    with pytest.raises(FieldError) as caught:
        bridge.weighted("None", [outcome, outcome])
    assert caught.value.code == "adjusted.weights_sum"
    assert caught.value.message == "The weights must sum to 1, not 0.6666."
    assert caught.value.text("zh") == "权重之和必须是 1，而不是 0.6666。"


def test_a_fact_error_names_its_fact_in_both_languages():
    tree = load_tree(REVOKE_TREE)
    with pytest.raises(FactError) as caught:
        evaluate(tree, {"established": "maybe"})
    error = caught.value
    assert error.fact == error.field == "established"
    assert error.code == "fact.not_bool"
    assert error.message == "established must be true or false, not 'maybe'"
    assert error.text("zh-hans") == "established 必须是 true 或 false，而不是 'maybe'"


def test_a_fact_wrapping_an_engine_error_keeps_the_engine_message():
    tree = load_tree(REVOKE_TREE)
    with pytest.raises(FactError) as caught:
        evaluate(tree, {"contract": "4Q"})
    error = caught.value
    assert (error.fact, error.code) == ("contract", "contract.strain_unknown")
    assert error.text("zh-hans").startswith("无法识别定约 '4Q'")


def test_a_plain_string_error_is_given_as_is():
    error = FieldError("something odd", "x")
    assert error.code == "" and error.text("zh-hans") == error.text("en") == "something odd"
