"""Messages of the rules core: seats, contracts, cards and hands, boards, scores, comparisons, adjusted scores."""

from __future__ import annotations

from bridge.errors import Message

# --- seats, sides, strains, vulnerability (Laws 1–4) --------------------------------------------------------

SIDE_UNKNOWN = Message(
    "cards.side_unknown",
    "Unknown side {value!r}: expected NS or EW.",
    "无法识别的一方 {value!r}：应为 NS（南北）或 EW（东西）。",
)
SEAT_UNKNOWN = Message(
    "cards.seat_unknown",
    "Unknown seat {value!r}: expected N, E, S or W.",
    "无法识别的座位 {value!r}：应为 N、E、S 或 W。",
)
STRAIN_UNKNOWN = Message(
    "cards.strain_unknown",
    "Unknown strain {value!r}: expected C, D, H, S or NT.",
    "无法识别的定约名目 {value!r}：应为 C、D、H、S 或 NT。",
)
VULNERABILITY_UNKNOWN = Message(
    "cards.vulnerability_unknown",
    "Unknown vulnerability {value!r}: expected None, NS, EW or Both (双无, 南北, 东西, 双有).",
    "无法识别的局况 {value!r}：应为双无、南北、东西或双有（None、NS、EW、Both）。",
)

# --- contracts (Definitions, Laws 19, 22) -------------------------------------------------------------------

CONTRACT_LEVEL_NOT_WHOLE = Message(
    "contract.level_not_whole",
    "Contract level must be a whole number, not {level!r}.",
    "定约阶数必须是整数，而不是 {level!r}。",
)
CONTRACT_DOUBLING = Message(
    "contract.doubling",
    "Doubling must be 0 (undoubled), 1 (X) or 2 (XX), not {doubled!r}.",
    "加倍只能是 0（未加倍）、1（X，加倍）或 2（XX，再加倍），而不是 {doubled!r}。",
)
CONTRACT_PASSED_OUT_DOUBLED = Message(
    "contract.passed_out_doubled",
    "A passed-out board cannot be doubled.",
    "四家不叫的牌不能加倍。",
)
CONTRACT_NEEDS_STRAIN = Message(
    "contract.needs_strain",
    "A level-{level} contract needs a strain (C, D, H, S or NT).",
    "{level} 阶定约需要定约名目（C、D、H、S 或 NT）。",
)
CONTRACT_LEVEL_RANGE = Message(
    "contract.level_range",
    "Contract level must be 1–7, not {level}.",
    "定约阶数必须是 1–7，而不是 {level}。",
)
CONTRACT_LEVEL_RANGE_IN = Message(
    "contract.level_range_in",
    "Contract level must be 1–7, not {level} (in {value!r}).",
    "定约阶数必须是 1–7，而不是 {level}（在 {value!r} 中）。",
)
CONTRACT_NOT_TEXT = Message(
    "contract.not_text",
    "A contract must be text such as 4SX or PASS, not {value!r}.",
    "定约必须是 4SX、PASS 这样的文字，而不是 {value!r}。",
)
CONTRACT_EMPTY = Message(
    "contract.empty",
    "The contract is empty: give e.g. 4S, 3NTX or PASS.",
    "定约为空：请填写如 4S、3NTX 或 PASS。",
)
CONTRACT_UNREADABLE = Message(
    "contract.unreadable",
    "Cannot read contract {value!r}: expected a level 1–7 then a strain.",
    "无法识别定约 {value!r}：应先写阶数 1–7，再写定约名目。",
)
CONTRACT_STRAIN_UNKNOWN = Message(
    "contract.strain_unknown",
    "Cannot read contract {value!r}: unknown strain {strain!r}; expected C, D, H, S or NT, then X or XX.",
    "无法识别定约 {value!r}：定约名目 {strain!r} 无法识别；应为 C、D、H、S 或 NT，其后可加 X 或 XX。",
)

# --- cards and hands (Law 1; the claim helper) -------------------------------------------------------------

CARD_UNREADABLE = Message(
    "cards.card_unreadable",
    "Cannot read the card {value!r}: write a suit (S, H, D, C or ♠♥♦♣) then a rank (A K Q J 10 9 … 2), e.g. SA or H10.",
    "无法识别的牌张 {value!r}：先写花色（S、H、D、C 或 ♠♥♦♣），再写大小（A K Q J 10 9 … 2），例如 SA、H10。",
)
HAND_NOT_TEXT = Message(
    "cards.hand_not_text",
    "Cards must be text such as SAK3 HQJ10 C54, not {value!r}.",
    "牌张必须写成文字，例如 SAK3 HQJ10 C54，而不是 {value!r}。",
)
HAND_EMPTY = Message(
    "cards.hand_empty",
    "No cards given: write them as SAK3 HQJ10 C54, or - for none.",
    "没有填写牌张：请写成 SAK3 HQJ10 C54 的形式；一张也没有时写 -。",
)
HAND_RANK_WITHOUT_SUIT = Message(
    "cards.rank_without_suit",
    "In {value!r} the rank {rank!r} comes before any suit: start each suit with S, H, D or C (♠♥♦♣).",
    "{value!r} 中的 {rank!r} 前面没有花色：每门花色请以 S、H、D、C（♠♥♦♣）开头。",
)
HAND_UNREADABLE = Message(
    "cards.hand_unreadable",
    "Cannot read {char!r} in {value!r}: write cards as SAK3 HQJ10 C54 (or AK3.QJ10..54, spades first).",
    "无法识别 {value!r} 中的 {char!r}：请写成 SAK3 HQJ10 C54（或 AK3.QJ10..54，依次为黑桃、红心、方块、梅花）。",
)
HAND_DOTS = Message(
    "cards.hand_dots",
    "{value!r} has {parts} suit(s) between its dots: the dotted form gives all four, spades.hearts.diamonds.clubs.",
    "{value!r} 用圆点分出了 {parts} 门花色：圆点写法必须依次写出黑桃.红心.方块.梅花四门。",
)
HAND_CARD_TWICE = Message(
    "cards.card_twice",
    "The card {card} is given twice in {value!r}.",
    "{value!r} 中 {card} 写了两次。",
)

CLAIM_HANDS_UNEQUAL = Message(
    "claim.hands_unequal",
    "The four hands at a claim must hold the same number of cards, at least one each: {counts}.",
    "声称时四手牌的张数必须相同，且每手至少一张：{counts}。",
)
CLAIM_CARD_IN_TWO_HANDS = Message(
    "claim.card_in_two_hands",
    "The card {card} is in two hands ({first} and {second}).",
    "{card} 同时出现在两手牌中（{first} 和 {second}）。",
)

# --- boards (Law 2) -----------------------------------------------------------------------------------------

BOARD_NOT_WHOLE = Message(
    "board.not_whole",
    "Board number must be a whole number, not {number!r}.",
    "牌号必须是整数，而不是 {number!r}。",
)
BOARD_BELOW_ONE = Message(
    "board.below_one",
    "Board numbers start at 1, not {number}.",
    "牌号从 1 开始，不能是 {number}。",
)

# --- scores (Law 77) ----------------------------------------------------------------------------------------

TRICKS_NOT_WHOLE = Message(
    "score.tricks_not_whole",
    "Tricks must be a whole number from 0 to 13, not {tricks!r}.",
    "赢墩数必须是 0 到 13 的整数，而不是 {tricks!r}。",
)
TRICKS_RANGE = Message(
    "score.tricks_range",
    "Tricks must be from 0 to 13, not {tricks}.",
    "赢墩数必须在 0 到 13 之间，而不是 {tricks}。",
)
DECLARER_MISSING = Message(
    "score.declarer_missing",
    "Contract {contract} needs a declarer (N, E, S or W).",
    "定约 {contract} 需要指定庄家（N、E、S 或 W）。",
)

# --- comparisons (Law 78) -----------------------------------------------------------------------------------

DIFF_NOT_WHOLE = Message(
    "comparison.diff_not_whole",
    "The score difference must be a whole number of points, not {diff!r}.",
    "分差必须是整数分，而不是 {diff!r}。",
)
SCORES_NOT_LIST = Message(
    "comparison.scores_not_list",
    "{name} must be a list of whole-number scores, not {kind}.",
    "{name} 必须是一组整数分数，而不是 {kind}。",
)
SCORES_ITEM_NOT_WHOLE = Message(
    "comparison.scores_item_not_whole",
    "{name}[{index}] must be a whole number of points, not {value!r}.",
    "{name}[{index}] 必须是整数分，而不是 {value!r}。",
)
SCORE_NOT_WHOLE = Message(
    "comparison.score_not_whole",
    "The score must be a whole number of points, not {score!r}.",
    "分数必须是整数分，而不是 {score!r}。",
)
SCORES_EMPTY = Message(
    "comparison.scores_empty",
    "scores must hold at least one score.",
    "scores 至少要有一个分数。",
)

# --- adjusted scores (Laws 12C, 86A, 88) --------------------------------------------------------------------

FORM_UNKNOWN = Message(
    "adjusted.form_unknown",
    "Unknown form {value!r}: expected 'pairs' or 'teams'.",
    "无法识别的比赛形式 {value!r}：应为 'pairs'（双人赛）或 'teams'（队式赛）。",
)
FAULT_UNKNOWN = Message(
    "adjusted.fault_unknown",
    "Unknown fault {value!r}: expected 'direct', 'partial' or 'none'.",
    "无法识别的责任 {value!r}：应为 'direct'（直接责任）、'partial'（部分责任）或 'none'（无责任）。",
)
FAULT_NOT_MAPPING = Message(
    "adjusted.fault_not_mapping",
    "fault must map each side (NS, EW) to 'direct', 'partial' or 'none'.",
    "fault 必须为每一方（NS、EW）给出 'direct'、'partial' 或 'none'。",
)
FAULT_SIDE_UNKNOWN = Message(
    "adjusted.fault_side_unknown",
    "Unknown side {side!r} in fault: expected NS and EW.",
    "fault 中有无法识别的一方 {side!r}：应为 NS 和 EW。",
)
FAULT_MISSING = Message(
    "adjusted.fault_missing",
    "Say how far {side} is at fault (direct, partial, none).",
    "请说明 {side} 方的责任（直接责任、部分责任或无责任）。",
)
SESSION_TEAMS = Message(
    "adjusted.session_teams",
    "Session percentages (Law 88) apply to pairs events only.",
    "本节百分比（第88条）只适用于双人赛。",
)
SESSION_NOT_MAPPING = Message(
    "adjusted.session_not_mapping",
    "session_percent must map a side (NS, EW) to a percentage.",
    "session_percent 必须为一方（NS、EW）给出百分比。",
)
SESSION_SIDE_UNKNOWN = Message(
    "adjusted.session_side_unknown",
    "Unknown side {side!r} in session_percent.",
    "session_percent 中有无法识别的一方 {side!r}。",
)
SESSION_NOT_NUMBER = Message(
    "adjusted.session_not_number",
    "A session percentage must be a number, not {value!r}.",
    "本节百分比必须是数字，而不是 {value!r}。",
)
SESSION_RANGE = Message(
    "adjusted.session_range",
    "A session percentage must be from 0 to 100, not {value!r}.",
    "本节百分比必须在 0 到 100 之间，而不是 {value!r}。",
)
OUTCOME_MISSING = Message(
    "adjusted.outcome_missing",
    "{name} needs {missing}.",
    "{name} 缺少 {missing}。",
)
OUTCOME_SHAPE = Message(
    "adjusted.outcome_shape",
    "{name} must give {names}.",
    "{name} 必须给出 {names}。",
)
OUTCOMES_NOT_LIST = Message(
    "adjusted.outcomes_not_list",
    "outcomes must be a list of (contract, declarer, tricks, weight).",
    "outcomes 必须是一组（定约、庄家、赢墩数、权重）。",
)
OUTCOMES_EMPTY = Message(
    "adjusted.outcomes_empty",
    "outcomes must hold at least one weighted outcome.",
    "outcomes 至少要有一个加权结果。",
)
OTHER_TABLE_NOT_WHOLE = Message(
    "adjusted.other_table_not_whole",
    "other_table_score_ns must be a whole number of points, not {value!r}.",
    "另一桌的南北得分必须是整数分，而不是 {value!r}。",
)
FIELD_SCORES_NOT_LIST = Message(
    "adjusted.field_scores_not_list",
    "field_scores_ns must be a list of NS scores.",
    "field_scores_ns 必须是一组南北得分。",
)
FIELD_SCORES_EMPTY = Message(
    "adjusted.field_scores_empty",
    "field_scores_ns must hold at least one other table's score.",
    "field_scores_ns 至少要有一桌其他桌的得分。",
)
WEIGHT_NOT_NUMBER = Message(
    "adjusted.weight_not_number",
    "The weight of outcome {number} must be a number, not {value!r}.",
    "第 {number} 个结果的权重必须是数字，而不是 {value!r}。",
)
WEIGHT_NOT_POSITIVE = Message(
    "adjusted.weight_not_positive",
    "Each weight must be above 0; outcome {number} has {value!r}.",
    "每个权重都必须大于 0；第 {number} 个结果的权重是 {value!r}。",
)
WEIGHTS_SUM = Message(
    "adjusted.weights_sum",
    "The weights must sum to 1, not {total:g}.",
    "权重之和必须是 1，而不是 {total:g}。",
)
METHOD_UNKNOWN = Message(
    "adjusted.method_unknown",
    "method must be one of artificial, assigned, weighted.",
    "method 只能是 artificial（人为调整分）、assigned（指定调整分）或 weighted（加权调整分）。",
)
