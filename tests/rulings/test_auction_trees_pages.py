"""The four auction trees of issue 15 in the wizard: offered on the rulings home, walked to a ruling card whose
every field and value has a label in both languages, and a bad fact in the URL refused with a 400."""

import pytest
from django.utils import translation

from rulings.labels import FIELDS, VALUES
from rulings.trees import trees
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = pytest.mark.django_db

AUCTION_SLUGS = ("call-out-of-rotation", "change-of-call", "inadmissible-call", "exposed-card-auction")


def test_the_rulings_home_offers_the_auction_trees_in_order(client):
    html = client.get("/rulings/").content.decode()
    positions = [html.index(f'href="/rulings/{slug}/"') for slug in ("insufficient-bid", *AUCTION_SLUGS)]
    assert positions == sorted(positions)
    assert html.index('href="/rulings/exposed-card-auction/"') < html.index(
        'href="/rulings/lead-out-of-turn/"'
    )


@pytest.mark.parametrize("slug", AUCTION_SLUGS)
def test_every_outcome_field_and_value_has_a_label_in_both_languages(slug):
    tree = trees()[slug]
    for spec in tree.outcome_fields:
        assert spec.name in FIELDS, spec.name
        with translation.override("en"):
            assert not any("\u4e00" <= ch <= "\u9fff" for ch in str(FIELDS[spec.name])), spec.name
        if spec.name == "rule":
            continue  # a rule is a law reference, shown as the rulebook writes it
        for value in spec.values:
            label = VALUES.get((spec.name, value))
            assert label is not None, (spec.name, value)
            with translation.override("en"):
                english = str(label)
            assert not any("\u4e00" <= ch <= "\u9fff" for ch in english), (spec.name, value, english)


@pytest.mark.parametrize("slug", AUCTION_SLUGS)
def test_each_leaf_renders_a_ruling_card(client, slug):
    tree = trees()[slug]
    for leaf, facts in one_per_leaf(tree).items():
        html = client.get(f"/rulings/{slug}/", as_url_values(facts)).content.decode()
        assert "向牌手宣布" in html, leaf
        rule = next(value for name, value in tree.nodes_by_id[leaf].outcome if name == "rule")
        assert f'data-sheet-ref="{rule}"' in html, leaf


def test_a_ruling_card_shows_the_bars_by_their_labels(client):
    facts = {"call": "pass", "turn": "partner", "accepted": "false", "pass_conventional": "false"}
    html = client.get("/rulings/call-out-of-rotation/", {**facts, "any_bid_before": "true"}).content.decode()
    assert "第30条B款2项" in html
    assert (
        '<tr data-field="offender_must_pass"><th>违规者本人须不叫</th><td>在以后的竞叫中每次轮到都须不叫</td></tr>'
        in html
    )
    assert (
        '<tr data-field="partner_may_not_double"><th>同伴在这一轮不得加倍或再加倍（第30条B款2项）</th><td>是</td></tr>'
        in html
    )


@pytest.mark.parametrize(
    ("slug", "query", "fact"),
    [
        ("call-out-of-rotation", {"call": "shout"}, "call"),
        ("exposed-card-auction", {"partner_could_see": "perhaps"}, "partner_could_see"),
        (
            "change-of-call",
            {"inadvertent_corrected_at_once": "false", "lho_response": "ignores"},
            "lho_response",
        ),
        ("inadmissible-call", {"inadmissible_call": "ninth_level"}, "inadmissible_call"),
    ],
)
def test_a_bad_fact_in_the_url_is_a_400_naming_it(client, slug, query, fact):
    response = client.get(f"/rulings/{slug}/", query)
    assert response.status_code == 400 and fact in response.content.decode()
