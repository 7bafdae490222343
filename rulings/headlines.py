"""Result-first headlines for the ruling card (issue 31): each consequence an outcome field carries, as a short
sentence that says what happens now and to whom; for a ruling with nothing to rectify, what the table does next
(by tree and rule). Chinese source, English through the catalog; rulings/summary.py composes them and the offline
wizard reads the same sentences (offline/data.py outcome_labels → static/js/engine/summary.js)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

# An outcome field's consequence, by "field:value" ("field:true" for a flag).
PHRASES = {
    "adjusted_score:true": gettext_noop("若非违规方因此受损，裁判调整成绩"),
    "adjustment:artificial": gettext_noop("判给人为调整分（第12条C款1项）"),
    "adjustment:assigned": gettext_noop("判给裁定调整分：双方按没有违规时可能的结果计分（第12条C款2项）"),
    "adjustment:assigned_offending_side": gettext_noop(
        "违规方得裁定调整分；非违规方自己造成的那部分损失不补偿"
    ),
    "adjustment:review_after_play": gettext_noop("这副牌打完后，裁判再判断是否调整成绩"),
    "artificial_ns:average_minus": gettext_noop("南北得平均分减"),
    "artificial_ew:average_minus": gettext_noop("东西得平均分减"),
    "board_result:artificial": gettext_noop("这副牌取消，判给人为调整分"),
    "board_result:cancelled": gettext_noop("本桌结果取消，各方保留第一次的成绩"),
    "board_result:result_stands": gettext_noop("结果有效，按打出的结果计分"),
    "call_that_stands:first": gettext_noop("第一个叫牌有效，叫牌继续"),
    "call_that_stands:intended": gettext_noop("改为原本想叫的叫牌，叫牌继续"),
    "call_that_stands:other_legal_call": gettext_noop("违规者另作一个合法叫牌"),
    "call_that_stands:per_other_law": gettext_noop("该叫牌按适用于它的条文处理"),
    "call_that_stands:substituted": gettext_noop("更改后的叫牌有效，叫牌继续"),
    "calls_cancelled:the_call": gettext_noop("该叫牌取消"),
    "calls_cancelled:the_call_and_later_calls": gettext_noop("该叫牌及其后的全部叫牌取消，不予处罚"),
    "damaging_pass_check:true": gettext_noop("若强制不叫使非违规方受损，裁判调整成绩（第23条）"),
    "declarer_becomes_dummy:true": gettext_noop("庄家摊牌作明手，他的同伴成为庄家"),
    "infraction:true": gettext_noop("构成违规，但非违规方没有受损：结果有效"),
    "lead_penalties:true": gettext_noop("若违规者成为防守方，有引牌处罚（第26条）"),
    "lead_restriction:by_cancelled_call": gettext_noop(
        "若违规者成为防守方，按被取消的叫牌有引牌限制（第26条）"
    ),
    "lead_restriction:forbid_one_suit": gettext_noop(
        "若违规者成为防守方，庄家可禁止引任何一门花色（第26条B款）"
    ),
    "lead_restriction:forbid_suit": gettext_noop("庄家禁止违规者的同伴引该花色"),
    "lead_restriction:require_suit": gettext_noop("庄家要求违规者的同伴引该花色"),
    "lead_restriction:pending": gettext_noop("违规者的同伴取得出牌权时，由庄家选择引牌限制"),
    "offender_must_pass:next_turn": gettext_noop("违规者下一次轮到时须不叫"),
    "offender_must_pass:rest_of_auction": gettext_noop("违规者在以后的竞叫中都须不叫"),
    "partner_may_not_double:true": gettext_noop("同伴这一轮不得加倍或再加倍"),
    "partner_must_pass:next_turn": gettext_noop("违规者的同伴下一次轮到时须不叫"),
    "partner_must_pass:one_round": gettext_noop("违规者的同伴须不叫一轮"),
    "partner_must_pass:rest_of_auction": gettext_noop("违规者的同伴在以后的竞叫中都须不叫"),
    "partner_play_restriction:highest": gettext_noop("违规者的同伴这一墩须出所引花色中最大的牌"),
    "partner_play_restriction:lowest": gettext_noop("违规者的同伴这一墩须出所引花色中最小的牌"),
    "partner_play_restriction:other_suit": gettext_noop("违规者的同伴这一墩不得出庄家指定的另一花色"),
    "partner_play_restriction:pending": gettext_noop("庄家现在为违规者同伴这一墩的出牌三选一（第57条）"),
    "penalty_card:major": gettext_noop("该牌成为大罚张，亮在桌上"),
    "penalty_card:minor": gettext_noop("该牌成为小罚张，亮在桌上"),
    "play_continues:true": gettext_noop("不成立声称或承认，打牌继续"),
    "procedural_penalty:true": gettext_noop("裁判可给予程序性判罚（第90条）"),
    "procedural_penalty_option:true": gettext_noop("另可给予程序性判罚（第90条）"),
    "rectification:card_withdrawn": gettext_noop("明手误出的牌收回，打牌继续（第45条D款）"),
    "rectification:defender_chooses_hand": gettext_noop("由防守方指定庄家从哪一手引牌"),
    "rectification:no_penalty_on_defenders": gettext_noop("防守方的违规不予处罚"),
    "rectification:rectify_normally": gettext_noop("该违规按它自己的条文照常处理"),
    "rectification:revoke_corrected_with_transfer": gettext_noop("改正藏牌，并按第64条转移赢墩"),
    "score_ceiling:average_minus": gettext_noop("违规方本副最多得平均分减"),
    "table_action:cancel_board": gettext_noop("这副牌不再继续打"),
    "table_action:change_call": gettext_noop("该牌手可以更改叫牌，下家随之也可以更改"),
    "table_action:correct_and_continue": gettext_noop("给出正确的解释后继续进行"),
    "table_action:rearrange_seats": gettext_noop("调整座位后继续"),
    "table_action:substitute": gettext_noop("指定临时替补者后继续"),
    "table_action:withdraw_play": gettext_noop("该牌手可以收回那张牌改出"),
}

# A ruling whose outcome fields are all quiet: what happens now, by "tree:rule".
QUIET = {
    "insufficient-bid:25A": gettext_noop("改为原本想叫的叫牌，不予处罚；叫牌继续"),
    "insufficient-bid:35B": gettext_noop("后来的合法叫牌有效，不予处罚；叫牌继续"),
    "insufficient-bid:27A": gettext_noop("不足叫被接受，叫牌继续，不予处罚"),
    "insufficient-bid:27B1": gettext_noop("改为同一花色最低的足够叫：叫牌继续，同伴可以自由叫牌"),
    "insufficient-bid:28B": gettext_noop("不足叫被取消，叫牌照常进行，不予处罚"),
    "insufficient-bid:35D": gettext_noop("该叫牌及其后的叫牌取消，不予处罚；按最后定约打牌"),
    "insufficient-bid:39A": gettext_noop("最后不叫之后的叫牌取消，不予处罚；按最后定约打牌"),
    "insufficient-bid:25B": gettext_noop("按更改叫牌处理（第25条）"),
    "call-out-of-rotation:28A": gettext_noop("下家视为不叫，违规者的叫牌有效；叫牌继续，不予处罚"),
    "call-out-of-rotation:33": gettext_noop("同时叫牌：轮到者的叫牌有效，另一个视为在其后所叫"),
    "call-out-of-rotation:34": gettext_noop("越序的不叫取消，叫牌回到失去叫牌机会的牌手，照常继续"),
    "call-out-of-rotation:29A": gettext_noop("越序叫牌被接受，叫牌继续，不予处罚"),
    "call-out-of-rotation:28B": gettext_noop("越序叫牌被取消，叫牌照常进行，不予处罚"),
    "call-out-of-rotation:31B": gettext_noop("按更改叫牌处理（第25条）"),
    "call-out-of-rotation:30B3": gettext_noop("按更改叫牌处理（第25条）"),
    "call-out-of-rotation:25": gettext_noop("按更改叫牌处理（第25条）"),
    "call-out-of-rotation:31A1": gettext_noop("违规者重复他的叫牌，不予处罚；叫牌继续"),
    "call-out-of-rotation:35A": gettext_noop("该加倍或再加倍及其后的叫牌取消，叫牌照常继续，不予处罚"),
    "call-out-of-rotation:32B1": gettext_noop("违规者重复他的加倍或再加倍，不予处罚"),
    "inadmissible-call:25": gettext_noop("按更改叫牌处理（第25条）"),
    "inadmissible-call:35B": gettext_noop("违规者不再受限制，叫牌继续，不予处罚"),
    "exposed-card-auction:24": gettext_noop("不算暴露：牌放回手中，叫牌继续，不予处罚"),
    "lead-out-of-turn:47E1": gettext_noop("被对方误告轮到他首引：该牌收回，不予处罚"),
    "lead-out-of-turn:54C": gettext_noop("庄家必须接受首引：明手摊牌，庄家从自己手中出第二张牌"),
    "lead-out-of-turn:54B": gettext_noop("庄家接受首引：明手摊牌，庄家从自己手中出第二张牌"),
    "lead-out-of-turn:53C": gettext_noop("正确的引牌有效；越序的牌收回，不作罚张，打牌照轮次继续"),
    "lead-out-of-turn:53A": gettext_noop("越序引牌被接受，视为正确的引牌；打牌照轮次继续"),
    "lead-out-of-turn:55A": gettext_noop("防守方接受庄家的越序引牌，视为正确；打牌继续"),
    "lead-out-of-turn:55B2": gettext_noop("庄家收回该牌，改从正确的一手引牌"),
    "lead-out-of-turn:55B1": gettext_noop("庄家收回该牌，由该引牌的防守者引牌"),
    "lead-out-of-turn:57": gettext_noop("庄家已从两手出牌：提前出的牌有效，不作罚张，打牌继续"),
    "lead-out-of-turn:47E2": gettext_noop(
        "对方的解释有误：该牌可以收回改出，不予处罚；太迟则按第40条C款审查"
    ),
    "lead-out-of-turn:45A": gettext_noop("已打出的牌有效，不得收回；打牌继续"),
    "penalty-card:48A": gettext_noop("庄家的牌不是罚张，打牌照常继续"),
    "penalty-card:48B": gettext_noop("庄家的牌不是罚张：按越序首引（第54条）或声称（第68条）处理"),
    "penalty-card:56": gettext_noop("按越序首引处理：庄家可接受，或拒绝后该牌成为大罚张（第56条）"),
    "penalty-card:57": gettext_noop("按提前出牌处理：庄家可对违规者的同伴这一墩的出牌作出选择（第57条）"),
    "penalty-card:68": gettext_noop("声称或承认时亮出的牌不是罚张；按声称处理（第68条）"),
    "dummy:42A": gettext_noop("明手行使正当权利，没有违规；打牌继续"),
    "dummy:42B1": gettext_noop("明手可以问庄家是否藏牌；尚未成立的藏牌必须改正（第62条）"),
    "dummy:42B2": gettext_noop("明手可以设法防止庄家违规，不予处罚；打牌继续"),
    "dummy:45D": gettext_noop("这一墩按打出的牌有效，打牌继续"),
    "wrong-cards:13B": gettext_noop("恢复这副牌，照常叫牌、打牌和计分"),
    "wrong-cards:13A": gettext_noop("改正这副牌后照常叫牌、打牌和计分"),
    "wrong-cards:14A": gettext_noop("找到的牌放回手中，视为一直在该手中；继续进行"),
    "wrong-cards:14B": gettext_noop("找到的牌放回手中，视为一直在该手中；之前没有出它可能构成藏牌"),
    "wrong-cards:15C": gettext_noop("叫牌与第一次相同：叫牌和打牌照常继续"),
    "wrong-cards:17D": gettext_noop("这副牌照常继续，不判调整分"),
    "unauthorized-information:16A": gettext_noop("没有使用非法信息：结果有效，不调整"),
    "unauthorized-information:85B": gettext_noop("事实未能确认：结果有效"),
    "unauthorized-information:16C1": gettext_noop("非违规方可以自由使用该信息；继续进行，不调整"),
    "unauthorized-information:16C2": gettext_noop("没有违规：结果有效，不调整"),
    "unauthorized-information:16B": gettext_noop("照常打完这副牌，按打出的结果计分"),
    "unauthorized-information:73D": gettext_noop("不构成违规：结果有效，不调整"),
    "misinformation:75D": gettext_noop("解释没有错，是叫错了牌：结果有效，不调整"),
    "misinformation:21A": gettext_noop("误会由自己造成，不予补偿：结果有效"),
}

# Joining words and the headlines built from numbers.
WORDS = {
    "no_penalty": gettext_noop("不予处罚：照常继续"),
    "sep": gettext_noop("；"),
    "colon": gettext_noop("："),
    "claim_tricks": gettext_noop("声称方共得%(n)d墩"),
    "claim_trick": gettext_noop("声称方共得1墩"),
    "claim_declarer": gettext_noop("，庄家方共%(d)d墩"),
    "claim_score": gettext_noop("：南北%(ns)s，东西%(ew)s"),
    "transfer_one": gettext_noop("转移1墩给非违规方"),
    "correct_transfer_one": gettext_noop("；并转移1墩给非违规方"),
}


# --- a further edition (issue 29) ---------------------------------------------------------------------------
# A phrase naming a law whose number or content differs under the 2017 code, by edition; and the sentences for
# rulings with nothing to rectify under that code. A further edition never falls back on the base edition's
# QUIET (the same rule letters can mean another thing there: 2017 53B is 1997's 53C); a ruling it does not list
# reads WORDS["no_penalty"].
EDITION_PHRASES = {
    "wbf-2017": {
        "adjustment:artificial": gettext_noop("判给人为调整分（第12条C款2项）"),
        "adjustment:assigned": gettext_noop(
            "判给裁定调整分：双方按没有违规时最可能的结果计分，或由裁判加权（第12条C款1项）"
        ),
        "damaging_pass_check:true": gettext_noop("若被迫不叫使非违规方受损，裁判调整成绩（第72条C款）"),
        "lead_penalties:true": gettext_noop("若违规者成为防守方，庄家可禁止引一门花色（第26条B款）"),
        "lead_restriction:forbid_one_suit": gettext_noop(
            "若违规者成为防守方，庄家可禁止引一门违规者在合法叫牌中没有叫过的花色（第26条B款）"
        ),
    },
}

_COMPARABLE = gettext_noop(
    "被可比叫品取代：叫牌继续，同伴不受限制（若非违规方因此受损，打完后调整，第23条C款）"
)
_SAME_AS_BASE = (
    "insufficient-bid:25A",
    "insufficient-bid:27A",
    "insufficient-bid:28B",
    "insufficient-bid:25B",
    "call-out-of-rotation:28A",
    "call-out-of-rotation:33",
    "call-out-of-rotation:34",
    "call-out-of-rotation:29A",
    "call-out-of-rotation:28B",
    "call-out-of-rotation:31A1",
    "call-out-of-rotation:25",
    "exposed-card-auction:24",
    "lead-out-of-turn:47E1",
    "lead-out-of-turn:54C",
    "lead-out-of-turn:54B",
    "lead-out-of-turn:55A",
    "lead-out-of-turn:55B2",
    "lead-out-of-turn:55B1",
    "lead-out-of-turn:57",
    "lead-out-of-turn:45A",
    "penalty-card:48A",
    "penalty-card:48B",
    "penalty-card:56",
    "penalty-card:57",
    "penalty-card:68",
    "dummy:42A",
    "dummy:42B1",
    "dummy:42B2",
    "dummy:45D",
    "wrong-cards:13B",
    "wrong-cards:13A",
    "wrong-cards:14A",
    "wrong-cards:14B",
    "unauthorized-information:85B",
    "unauthorized-information:16C1",
    "unauthorized-information:16C2",
    "unauthorized-information:73D",
    "misinformation:21A",
)
EDITION_QUIET = {
    "wbf-2017": {
        **{key: QUIET[key] for key in _SAME_AS_BASE},
        "insufficient-bid:27B1": gettext_noop(
            "改为同样花色的最低足够叫，或改为可比叫品：叫牌继续，同伴可以自由叫牌"
        ),
        "insufficient-bid:27A2": _COMPARABLE,
        "call-out-of-rotation:31A2": _COMPARABLE,
        "call-out-of-rotation:31B": _COMPARABLE,
        "call-out-of-rotation:30B1": _COMPARABLE,
        "call-out-of-rotation:32A2": _COMPARABLE,
        "call-out-of-rotation:32B": _COMPARABLE,
        "call-out-of-rotation:32A1": gettext_noop("违规者重复他的加倍或再加倍，不予处罚"),
        "lead-out-of-turn:53A": gettext_noop(
            "越序引牌被接受的，视为正确的引牌，打牌照轮次继续；第13墩的越序引牌不能接受，必须收回"
        ),
        "lead-out-of-turn:53B": gettext_noop(
            "正确的引牌有效；越序的牌收回，不作罚张（其信息按第16条C款处理）；打牌照轮次继续"
        ),
        "lead-out-of-turn:47E2": gettext_noop(
            "对方的解释有误：该牌可以收回改出，不予处罚；已来不及收回的，裁判可以调整成绩（第47条E款2项）"
        ),
        "lead-out-of-turn:57D": gettext_noop("提前出的牌合法：到他出牌时视为已打出，不作罚张；打牌继续"),
        "lead-out-of-turn:54E": gettext_noop("庄家方的“首引”按叫牌期间亮出的牌处理（第24条）"),
        "dummy:45C4": gettext_noop("庄家所说的明手牌有效，打牌继续"),
        "unauthorized-information:16B1": gettext_noop("没有违规：结果有效，不调整"),
        "unauthorized-information:23B": gettext_noop("被取消的叫牌由可比叫品取代：结果有效，不调整"),
        "unauthorized-information:16D": gettext_noop("照常打完这副牌，按打出的结果计分"),
        "misinformation:75C": gettext_noop("解释没有错，是叫错了牌：结果有效，不调整"),
    },
}
