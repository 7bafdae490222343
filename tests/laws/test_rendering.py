from laws.rendering import RenderContext, render

CONTEXT = RenderContext(
    url_for=lambda ref: {"22A": "/laws/22/#22A", "77": "/laws/77/"}.get(ref),
    glossary={"藏牌": "赛员虽能跟牌……即为藏牌。", "明手": "庄家的同伴。"},
)


def test_references_become_links_and_pending_ones_do_not():
    html = render("根据第22条A款处理，参阅第77条与第99条。另见第30条。", CONTEXT, law_layout=True)
    assert '<a class="ref" data-ref="22A" href="/laws/22/#22A"' in html or 'href="/laws/22/#22A"' in html
    assert ">第22条A款</a>" in html and ">第77条</a>" in html
    assert 'class="ref pending"' in html and ">第30条</span>" in html


def test_glossary_terms_are_marked_once():
    html = render("藏牌成立后，再次藏牌。明手不得……", CONTEXT, law_layout=True)
    assert html.count('<abbr class="term"') == 2
    assert 'title="庄家的同伴。"' in html


def test_script_and_javascript_urls_are_removed():
    html = render(
        "<script>alert(1)</script>[x](javascript:alert(2)) <img src=x onerror=alert(3)> **ok**", CONTEXT
    )
    assert "<script" not in html and "javascript:" not in html and "onerror" not in html
    assert "<strong>ok</strong>" in html


def test_markdown_for_notes():
    html = render("* 一\n* 二\n\n参阅第22条A款")
    assert "<li>一</li>" in html and "第22条A款" in html


def test_law_layout_tables():
    html = render("北家 1 5 9 13 双无 1 8 11 14\n东家 2 6 10 14 南北 2 5 12 15", CONTEXT, law_layout=True)
    assert html.count("<tr>") == 2 and "<td>北家</td>" in html
