import pytest

pytestmark = pytest.mark.django_db


def test_score_page_shows_score_and_breakdown(client):
    html = client.get(
        "/tools/score/",
        {"level": 4, "strain": "S", "dbl": "X", "declarer": "N", "vulnerability": "NS", "tricks": 10},
    ).content.decode()
    assert "<b>790</b>" in html and "<b>-790</b>" in html
    assert 'href="/laws/77/"' in html


def test_score_page_by_board(client):
    html = client.get(
        "/tools/score/", {"level": 3, "strain": "NT", "declarer": "E", "board": 7, "tricks": 6}
    ).content.decode()
    assert "<b>300</b>" in html and "第7副" in html


def test_score_page_error_names_field(client):
    html = client.get(
        "/tools/score/", {"level": 4, "strain": "S", "declarer": "N", "board": 0, "tricks": 10}
    ).content.decode()
    assert "输入有误（board）" in html


def test_imps_page(client):
    html = client.get("/tools/imps/", {"diff": -450}).content.decode()
    assert "<b>-10 IMP</b>" in html and "4000+" in html


def test_matchpoints_page(client):
    html = client.post("/tools/matchpoints/", {"scores": "420, 420\n450 -50"}).content.decode()
    assert "<td>450</td><td>6</td><td>100.0</td>" in html
    html = client.post("/tools/matchpoints/", {"scores": "420 abc"}).content.decode()
    assert "输入有误（scores）" in html


def test_adjusted_page_all_three_methods(client):
    html = client.post(
        "/tools/adjusted/",
        {
            "method": "artificial",
            "form": "pairs",
            "fault_NS": "direct",
            "fault_EW": "none",
            "session_EW": "63.5",
        },
    ).content.decode()
    assert "63.5%" in html and "40.0%" in html
    assert "待核实" not in html  # Law 88's value is confirmed for the 1997 code (errata 2026-12 §B)
    html = client.post(
        "/tools/adjusted/",
        {
            "method": "assigned",
            "vulnerability": "NS",
            "NS_contract": "4S",
            "NS_declarer": "N",
            "NS_tricks": "10",
            "EW_contract": "4S",
            "EW_declarer": "N",
            "EW_tricks": "9",
        },
    ).content.decode()
    assert "→ 620" in html and "→ 100" in html
    html = client.post(
        "/tools/adjusted/",
        {
            "method": "weighted",
            "vulnerability": "None",
            "w0_contract": "4S",
            "w0_declarer": "N",
            "w0_tricks": "10",
            "w0_weight": "60",
            "w1_contract": "4S",
            "w1_declarer": "N",
            "w1_tricks": "9",
            "w1_weight": "40",
            "other_table": "420",
        },
    ).content.decode()
    assert "<b>232.0</b>" in html and "<b>-4.0 IMP</b>" in html
    html = client.post(
        "/tools/adjusted/",
        {
            "method": "weighted",
            "vulnerability": "None",
            "w0_contract": "4S",
            "w0_declarer": "N",
            "w0_tricks": "10",
            "w0_weight": "50",
        },
    ).content.decode()
    assert "输入有误（weights）" in html
