"""Seats, strains, vulnerability and contract notation (docs/design.md §7)."""

from __future__ import annotations

import dataclasses

import pytest

from bridge import (
    Contract,
    ContractError,
    Doubling,
    EngineError,
    Seat,
    SeatError,
    Side,
    Strain,
    StrainError,
    Vulnerability,
    VulnerabilityError,
)

ALL_CONTRACTS = [
    f"{level}{strain}{suffix}"
    for level in range(1, 8)
    for strain in "CDHS" + "N"
    for suffix in ("", "X", "XX")
]


# --- Seat and Side ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("n", Seat.N),
        ("N", Seat.N),
        ("北", Seat.N),
        ("北家", Seat.N),
        ("North", Seat.N),
        (" e ", Seat.E),
        ("东", Seat.E),
        ("s", Seat.S),
        ("南", Seat.S),
        ("SOUTH", Seat.S),
        ("w", Seat.W),
        ("西", Seat.W),
        (Seat.W, Seat.W),
    ],
)
def test_seat_parse(text, seat):
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("bad", ["Q", "", "NE", "x", None, 1])
def test_seat_parse_rejects_unknown_seats(bad):
    with pytest.raises(SeatError) as info:
        Seat.parse(bad, field="declarer")
    assert info.value.field == "declarer"
    assert isinstance(info.value, ValueError)


def test_seat_partner_side_and_rotation():
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.side for s in Seat] == ["NS", "EW", "NS", "EW"]
    assert Seat.N.side is Side.NS and Seat.W.side is Side.EW
    assert [s.lho for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [s.rho for s in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert Side.NS.opponents is Side.EW and Side.EW.opponents is Side.NS
    assert str(Seat.N) == "N" and Seat.E.label_zh == "东"


@pytest.mark.parametrize(
    ("text", "side"), [("NS", Side.NS), ("n-s", Side.NS), ("E/W", Side.EW), ("东西", Side.EW)]
)
def test_side_parse(text, side):
    assert Side.parse(text) is side


# --- Strain ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("C", Strain.C),
        ("c", Strain.C),
        ("♣", Strain.C),
        ("梅花", Strain.C),
        ("草花", Strain.C),
        ("D", Strain.D),
        ("♦", Strain.D),
        ("方块", Strain.D),
        ("h", Strain.H),
        ("♥", Strain.H),
        ("红心", Strain.H),
        ("S", Strain.S),
        ("♠", Strain.S),
        ("黑桃", Strain.S),
        ("NT", Strain.NT),
        ("nt", Strain.NT),
        ("N", Strain.NT),
        ("n", Strain.NT),
        ("无将", Strain.NT),
    ],
)
def test_strain_parse(text, strain):
    assert Strain.parse(text) is strain


def test_strain_properties():
    assert [s.is_minor for s in Strain] == [True, True, False, False, False]
    assert [s.is_major for s in Strain] == [False, False, True, True, False]
    assert "".join(s.symbol for s in Strain) == "♣♦♥♠NT"


@pytest.mark.parametrize("bad", ["Z", "", "NTT", None])
def test_strain_parse_rejects(bad):
    with pytest.raises(StrainError) as info:
        Strain.parse(bad)
    assert info.value.field == "strain"


# --- Vulnerability ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "vul"),
    [
        ("None", Vulnerability.NONE),
        ("none", Vulnerability.NONE),
        ("NONE", Vulnerability.NONE),
        ("双无", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("ns", Vulnerability.NS),
        ("南北", Vulnerability.NS),
        ("EW", Vulnerability.EW),
        ("ew", Vulnerability.EW),
        ("东西", Vulnerability.EW),
        ("Both", Vulnerability.BOTH),
        ("both", Vulnerability.BOTH),
        ("双有", Vulnerability.BOTH),
        (Vulnerability.EW, Vulnerability.EW),
    ],
)
def test_vulnerability_parse(text, vul):
    assert Vulnerability.parse(text) is vul


def test_vulnerability_values_are_the_api_strings():
    assert [v.value for v in Vulnerability] == ["None", "NS", "EW", "Both"]
    assert [v.label_zh for v in Vulnerability] == ["双无", "南北", "东西", "双有"]


@pytest.mark.parametrize("bad", ["XY", "", "N", "yes", None, 0])
def test_vulnerability_parse_rejects(bad):
    with pytest.raises(VulnerabilityError) as info:
        Vulnerability.parse(bad)
    assert info.value.field == "vulnerability"


@pytest.mark.parametrize(
    ("vul", "vulnerable_seats"),
    [("None", ""), ("NS", "NS"), ("EW", "EW"), ("Both", "NESW")],
)
def test_is_vulnerable(vul, vulnerable_seats):
    v = Vulnerability.parse(vul)
    for seat in Seat:
        assert v.is_vulnerable(seat) is (seat.value in vulnerable_seats)
        assert v.is_vulnerable(seat.value) is (seat.value in vulnerable_seats)
        assert v.is_vulnerable(seat.side) is (seat.value in vulnerable_seats)


# --- Contract --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ALL_CONTRACTS)
def test_contract_round_trips(text):
    contract = Contract.parse(text)
    canonical = text.replace("N", "NT") if text[1] == "N" else text
    assert str(contract) == canonical
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(text.lower()) == contract


def test_every_contract_is_distinct():
    parsed = {Contract.parse(text) for text in ALL_CONTRACTS}
    assert len(parsed) == 7 * 5 * 3


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubled"),
    [
        ("4SX", 4, Strain.S, 1),
        ("3NTXX", 3, Strain.NT, 2),
        ("3ntxx", 3, Strain.NT, 2),
        ("3NXX", 3, Strain.NT, 2),
        ("4♠X", 4, Strain.S, 1),
        ("4黑桃X", 4, Strain.S, 1),
        ("4黑桃加倍", 4, Strain.S, 1),
        ("2红心再加倍", 2, Strain.H, 2),
        ("6无将", 6, Strain.NT, 0),
        ("1♣", 1, Strain.C, 0),
        ("5♦xx", 5, Strain.D, 2),
        (" 4 s x ", 4, Strain.S, 1),
        ("7 hearts", 7, Strain.H, 0),
    ],
)
def test_contract_parse_notations(text, level, strain, doubled):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubled) == (level, strain, doubled)
    assert isinstance(contract.doubled, Doubling)


@pytest.mark.parametrize("text", ["pass", "PASS", "Pass", "p", "passed out", "all pass", "四家不叫"])
def test_contract_parse_pass(text):
    contract = Contract.parse(text)
    assert contract.is_passed_out
    assert contract == Contract.passed_out()
    assert str(contract) == "PASS"
    assert contract.tricks_needed == 0
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize(
    "bad", ["4Z", "8S", "0H", "", "   ", "S4", "4", "X", "4X", "4SXXX", "10NT", "-1S", "4NTX X X"]
)
def test_contract_parse_rejects(bad):
    with pytest.raises(ContractError) as info:
        Contract.parse(bad)
    assert info.value.field == "contract"
    assert isinstance(info.value, EngineError)
    assert isinstance(info.value, ValueError)
    assert info.value.message


@pytest.mark.parametrize("bad", [None, 4, 4.5, ["4S"]])
def test_contract_parse_rejects_non_text(bad):
    with pytest.raises(ContractError) as info:
        Contract.parse(bad)
    assert info.value.field == "contract"


def test_contract_error_messages_say_what_is_wrong():
    with pytest.raises(ContractError, match="1–7"):
        Contract.parse("8S")
    with pytest.raises(ContractError, match="strain"):
        Contract.parse("4Z")
    with pytest.raises(ContractError, match="empty"):
        Contract.parse("")


@pytest.mark.parametrize(
    "args",
    [
        (8, Strain.S, 0),
        (0, Strain.H, 0),
        (4, None, 0),
        (0, None, 1),
        (4, "Z", 0),
        (4, Strain.S, 3),
        (True, Strain.S, 0),
    ],
)
def test_contract_constructor_validates(args):
    with pytest.raises(ContractError):
        Contract(*args)


def test_contract_constructor_coerces_text_strain_and_int_doubling():
    contract = Contract(4, "s", 1)  # type: ignore[arg-type]
    assert contract == Contract.parse("4SX")
    assert contract.doubled is Doubling.DOUBLED


def test_contract_is_frozen_and_hashable():
    contract = Contract.parse("4SX")
    with pytest.raises(dataclasses.FrozenInstanceError):
        contract.level = 5  # type: ignore[misc]
    assert {contract: 1}[Contract(4, Strain.S, Doubling.DOUBLED)] == 1


def test_contract_tricks_needed_and_labels():
    assert Contract.parse("1C").tricks_needed == 7
    assert Contract.parse("7NT").tricks_needed == 13
    assert Contract.parse("4SX").label_zh == "4黑桃加倍"
    assert Contract.parse("3NTXX").label_zh == "3无将再加倍"


def test_engine_error_as_dict():
    with pytest.raises(EngineError) as info:
        Contract.parse("4Z")
    body = info.value.as_dict()
    assert body["field"] == "contract"
    assert "4Z" in str(body["error"])
