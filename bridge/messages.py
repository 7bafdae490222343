"""Every message the rules core (and the edges' input checks) can answer bad input with, in English and Chinese.

One list, grouped by area, so the vocabulary can be read, translated and checked in one place. Each raise site
names a constant here and passes its parameters: ``ContractError(messages.CONTRACT_LEVEL_RANGE, field,
level=3)``. ``en`` is the text the API answers (and the browser evaluator matches for the trees), so it never
changes for the same input; ``zh`` is what a Chinese page shows. Placeholders use :meth:`str.format` syntax,
``{value!r}`` quoting the value as Python (and the API) always has; both languages name the same ones. A
parameter may not be called ``field`` (the error's own argument).
"""

from __future__ import annotations

from .errors import Message

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

# --- the 12C2 assigned-score builder and the player poll (Laws 12C2, 12C3, 16A, 78, 86B) -------------------

UNKNOWN_KEY = Message(
    "request.unknown_key",
    "Unknown field {name!r}.",
    "无法识别的字段 {name!r}。",
)
ASSIGNED_FLAG_NOT_BOOL = Message(
    "assigned.flag_not_bool",
    "{name} must be true or false, not {value!r}.",
    "{name} 只能是 true（是）或 false（否），而不是 {value!r}。",
)
ASSIGNED_VULNERABILITY_CONTRADICTS = Message(
    "assigned.vulnerability_contradicts",
    "vulnerability {value!r} contradicts board {board}, which is {expected} (Law 2).",
    "局况 {value!r} 与第 {board} 副牌不符：按第2条，该副牌的局况是 {expected}。",
)
ASSIGNED_RESULTS_NOT_LIST = Message(
    "assigned.results_not_list",
    "results must be a list of possible results (contract, declarer, tricks, likely, at_all_probable).",
    "results 必须是一组可能的结果（定约、庄家、赢墩数、是否很可能、是否有可能）。",
)
ASSIGNED_RESULTS_EMPTY = Message(
    "assigned.results_empty",
    "results must hold at least one possible result.",
    "results 至少要有一个可能的结果。",
)
ASSIGNED_RESULTS_TOO_MANY = Message(
    "assigned.results_too_many",
    "results may hold at most {max} possible results.",
    "results 最多只能有 {max} 个可能的结果。",
)
ASSIGNED_RESULT_NOT_OBJECT = Message(
    "assigned.result_not_object",
    "results[{index}] must be an object (contract, declarer, tricks, likely, at_all_probable).",
    "results[{index}] 必须是一个对象（定约、庄家、赢墩数、是否很可能、是否有可能）。",
)
ASSIGNED_LIKELY_NOT_PROBABLE = Message(
    "assigned.likely_not_probable",
    "Result {number} is marked likely but not at all probable: a likely result is also at all probable "
    "(Law 12C2).",
    "第 {number} 个结果标为“很可能”却没有标为“有可能”：很可能出现的结果当然也是有可能出现的（第12条C款2项）。",
)
ASSIGNED_NONE_LIKELY = Message(
    "assigned.none_likely",
    "Mark at least one result likely: the non-offending side gets the most favourable of the likely results "
    "(Law 12C2).",
    "请至少把一个结果标为“很可能”：非违规方得到的是很可能出现的结果中对它最有利的一个（第12条C款2项）。",
)
ASSIGNED_WEIGHT_NOT_COMMITTEE = Message(
    "assigned.weight_not_committee",
    "Only an appeals committee may weight the results to do equity (Law 12C3 of the 1997 code); the Director "
    "assigns the 12C2 scores. Set appeals_committee to true, or leave the weights out.",
    "只有仲裁委员会才能为求公平给各结果加权（1997年规则第12条C款3项）；临场裁判判给的是第12条C款2项的裁定调整分。"
    "请把 appeals_committee 设为 true，或去掉权重。",
)
ASSIGNED_WEIGHT_RANGE = Message(
    "assigned.weight_range",
    "The weight of result {number} must be a number from 0 to 1, not {value!r}.",
    "第 {number} 个结果的权重必须是 0 到 1 之间的数，而不是 {value!r}。",
)
ASSIGNED_TABLE_NOT_OBJECT = Message(
    "assigned.table_not_object",
    "table_result must be an object (contract, declarer, tricks).",
    "table_result 必须是一个对象（定约、庄家、赢墩数）。",
)
ASSIGNED_KEEPS_NEEDS_TABLE = Message(
    "assigned.keeps_needs_table",
    "The non-offending side can keep the table result only when the table_result is given.",
    "要让非违规方保留本桌实际结果，请填写本桌实际结果（table_result）。",
)
ASSIGNED_TWO_COMPARISONS = Message(
    "assigned.two_comparisons",
    "Give either other_table_score_ns (teams: IMPs) or field_scores_ns (pairs: matchpoints), not both.",
    "请只填一种比较：另一桌的南北得分（队式赛，算IMP）或其他各桌的南北得分（双人赛，算比赛分）。",
)
ASSIGNED_FIELD_TOO_MANY = Message(
    "assigned.field_too_many",
    "field_scores_ns may hold at most {max} scores.",
    "field_scores_ns 最多只能有 {max} 个分数。",
)
ASSIGNED_NO_DAMAGE = Message(
    "assigned.no_damage",
    "No damage: the non-offending side's most favourable likely result ({best}) is no better for it than the "
    "table result ({table}), so there is nothing to redress and the table result stands for both sides "
    "(Laws 16A2, 40C, 12C2).",
    "没有损害：非违规方在很可能的结果中最有利的一个（{best}）并不比本桌实际结果（{table}）对它更好，"
    "没有需要补偿的损害，本桌实际结果对双方有效（第16条A款2项、第40条C款、第12条C款2项）。",
)
ASSIGNED_OFFENDERS_GAIN = Message(
    "assigned.offenders_gain",
    "The offending side would score {assigned} instead of its table result {table}: an assigned score never "
    "gives the offending side more than it scored at the table (Law 12C2). Check the results and the table "
    "result.",
    "违规方将得到 {assigned}，比其本桌实际结果 {table} 还要好：裁定调整分绝不能让违规方得到比本桌更好的结果"
    "（第12条C款2项）。请检查各可能结果和本桌实际结果。",
)
ASSIGNED_ROLE_UNKNOWN = Message(
    "assigned.role_unknown",
    "role {value!r} is not known: leave it out for a possible result, or give non_offending for the "
    "non-offending side's own result.",
    "无法识别的 role {value!r}：可能的结果不填 role；非违规方自己的结果填 non_offending。",
)
ASSIGNED_OWN_ROW_TWICE = Message(
    "assigned.own_row_twice",
    "Only one result can be the non-offending side's own result (role non_offending).",
    "只能有一个结果标为非违规方自己的结果（role 为 non_offending）。",
)
ASSIGNED_OWN_ROW_FLAGS = Message(
    "assigned.own_row_flags",
    "Result {number} is the non-offending side's own result (after its own irrational, wild or gambling "
    "action): it takes no likely, at_all_probable or weights, which are for the results possible without the "
    "irregularity (Law 12C2).",
    "第 {number} 个结果是非违规方自己的结果（其自身不合理、胡乱或赌博性行动之后的结果）：它不标“很可能”“有可能”，"
    "也不加权；这些只用于没有违规时可能出现的结果（第12条C款2项）。",
)
ASSIGNED_OWN_ROW_BETTER = Message(
    "assigned.own_row_better",
    "The non-offending side's own result ({own}) is better for it than its Law 12C2 result ({best}): the part of "
    "the damage it caused itself can only lower its score, never raise it.",
    "非违规方自己的结果（{own}）比它按第12条C款2项应得的结果（{best}）对它更有利：它自己造成的那部分损害只能减少"
    "补偿，不能增加。",
)
ASSIGNED_OWN_ROW_AND_KEEPS = Message(
    "assigned.own_row_and_keeps",
    "Give either the non-offending side's own result or non_offending_keeps_table_result, not both.",
    "非违规方自己的结果与“非违规方保留本桌结果”只能二选一。",
)
ASSIGNED_ZONE_NOT_PERMITTED = Message(
    "assigned.zone_not_permitted",
    "This zone has not permitted the Director to apply Law 12C3 (1997: only an appeals committee may weight "
    "results, unless the zonal organisation specifies otherwise). Leave director_12c3 out, or set "
    "appeals_committee to true for a committee's decision.",
    "本区域组织没有授权临场裁判运用第12条C款3项（1997年规则：除非区域组织另有规定，只有仲裁委员会才能加权）。"
    "请去掉 director_12c3；如果是仲裁委员会的决定，请把 appeals_committee 设为 true。",
)
ASSIGNED_OFFENDING_WEIGHTS_CONFLICT = Message(
    "assigned.offending_weights_conflict",
    "Give either weight_offending on the results or offending_keeps_12c2, not both.",
    "各结果的 weight_offending（违规方单独的权重）与 offending_keeps_12c2（违规方保留第12条C款2项的得分）只能二选一。",
)
ASSIGNED_OFFENDING_WEIGHTS_MISSING = Message(
    "assigned.offending_weights_missing",
    "Weighting the offending side separately needs weights on the results too (the non-offending side's).",
    "为违规方单独加权时，各结果也要填写（非违规方的）权重。",
)
WEIGHTED_NEEDS_COMMITTEE = Message(
    "adjusted.weighted_needs_committee",
    "A weighted score (Law 12C3) is an appeals committee's: set appeals_committee to true, or director_12c3 "
    "where the zonal organisation permits the Director to apply 12C3.",
    "加权调整分（第12条C款3项）由仲裁委员会作出：请把 appeals_committee 设为 true；区域组织授权临场裁判运用"
    "第12条C款3项的，设 director_12c3 为 true。",
)
POLL_CALL_TEXT = Message(
    "poll.call_text",
    "{name} must be the call or play as text (1 to {max} characters), not {value!r}.",
    "{name} 必须是文字写出的叫牌或打牌（1 到 {max} 个字符），而不是 {value!r}。",
)
POLL_CALLS_NOT_LIST = Message(
    "poll.calls_not_list",
    "calls must be a list of the calls the peers chose or considered (call, chose, considered).",
    "calls 必须是一组被调查牌手选择或考虑过的叫牌（叫牌、选择人数、考虑人数）。",
)
POLL_CALLS_COUNT = Message(
    "poll.calls_count",
    "calls must list from 1 to {max} calls.",
    "calls 应列出 1 到 {max} 个叫牌。",
)
POLL_CALL_NOT_OBJECT = Message(
    "poll.call_not_object",
    "calls[{index}] must be an object (call, chose, considered).",
    "calls[{index}] 必须是一个对象（叫牌、选择人数、考虑人数）。",
)
POLL_COUNT = Message(
    "poll.count",
    "{name} must be a whole number of players from 0 to {max}, not {value!r}.",
    "{name} 必须是 0 到 {max} 之间的整数人数，而不是 {value!r}。",
)
POLL_CALL_DUPLICATE = Message(
    "poll.call_duplicate",
    "{value!r} is listed twice: give each call once.",
    "{value!r} 列了两次：每个叫牌只列一次。",
)
POLL_ACTION_NOT_LISTED = Message(
    "poll.action_not_listed",
    "The action taken, {value!r}, must be one of the calls polled (list it even if no player chose it).",
    "实际采取的行动 {value!r} 必须列在调查的叫牌中（即使没有人选择它也要列出）。",
)
POLL_NOBODY = Message(
    "poll.nobody",
    "At least one player polled must have chosen a call (the chose counts add up to 0).",
    "至少要有一名被调查的牌手作出选择（各叫牌的选择人数加起来是 0）。",
)

# --- revoke trick transfer (Law 64) -------------------------------------------------------------------------

REVOKE_NOT_BOOL = Message(
    "revoke.not_bool",
    "{name} must be true or false, not {value!r}",
    "{name} 必须是 true 或 false，而不是 {value!r}",
)
REVOKE_NOT_IN_RANGE = Message(
    "revoke.not_in_range",
    "{name} must be a whole number from {low} to {high}, not {value!r}",
    "{name} 必须是 {low} 到 {high} 的整数，而不是 {value!r}",
)
REVOKE_REVOKER_WON_TRICK = Message(
    "revoke.revoker_won_trick",
    "The revoker won the revoke trick, so his side won it too",
    "藏牌者赢得了藏牌那一墩，他这一方也就赢得了这一墩",
)
REVOKE_NO_LATER_TRICK = Message(
    "revoke.no_later_trick",
    "The revoker cannot have won a later trick when his side won no later trick",
    "藏牌方此后一墩未赢，藏牌者不可能在此后赢得一墩",
)
REVOKE_SIDE_UNKNOWN = Message(
    "revoke.side_unknown",
    "revoking_side must be one of {sides}, not {value!r}",
    "藏牌的一方只能是庄家一方或防守方（{sides}），而不是 {value!r}",
)
REVOKE_TOO_FEW_TRICKS = Message(
    "revoke.too_few_tricks",
    "The offending side did not win {moved} trick(s) to transfer (declarer took {played})",
    "犯规方并未赢得可转移的 {moved} 墩（庄家方共赢 {played} 墩）",
)

# --- the facts of a decision tree (the wizard, the trees API) ----------------------------------------------

FACT_NOT_BOOL = Message(
    "fact.not_bool",
    "{name} must be true or false, not {value!r}",
    "{name} 必须是 true 或 false，而不是 {value!r}",
)
FACT_NOT_IN_VALUES = Message(
    "fact.not_in_values",
    "{name} must be one of {allowed}, not {value!r}",
    "{name} 只能是 {allowed} 之一，而不是 {value!r}",
)
FACT_NOT_WHOLE = Message(
    "fact.not_whole",
    "{name} must be a whole number, not {value!r}",
    "{name} 必须是整数，而不是 {value!r}",
)
FACT_TOO_SMALL = Message(
    "fact.too_small",
    "{name} must be at least {minimum}, not {value}",
    "{name} 至少是 {minimum}，不能是 {value}",
)
FACT_TOO_LARGE = Message(
    "fact.too_large",
    "{name} must be at most {maximum}, not {value}",
    "{name} 至多是 {maximum}，不能是 {value}",
)
FACT_UNKNOWN_TYPE = Message(
    "fact.unknown_type",
    "{name} has an unknown type {type!r}",
    "{name} 的类型 {type!r} 无法识别",
)
FACT_NOT_TEXT = Message(
    "fact.not_text",
    "{name} must be text, not {value!r}",
    "{name} 必须是文字，而不是 {value!r}",
)
FACT_UNDECLARED = Message(
    "fact.undeclared",
    "{name!r} is not a fact of the tree {tree!r}",
    "{name!r} 不是决策树 {tree!r} 的事实",
)
# Review 2026-12b P10: a Chinese message names no API key or enum value — the side is 庄家一方/防守方 and a fact
# is said by its label — so each side has a message of its own. The English texts are unchanged (what the API
# has always answered).
FACT_SIDE_CONTRADICTS_DECLARER = Message(
    "fact.side_contradicts_declarer",
    "revoking_side 'defending' contradicts revoker 'declarer' (the declaring side revoked)",
    "藏牌的一方填的是防守方，但藏牌的是庄家，两者矛盾：藏牌的是庄家一方",
)
FACT_SIDE_CONTRADICTS_DUMMY = Message(
    "fact.side_contradicts_dummy",
    "revoking_side 'defending' contradicts revoker 'dummy' (the declaring side revoked)",
    "藏牌的一方填的是防守方，但藏牌的是明手，两者矛盾：藏牌的是庄家一方",
)
FACT_SIDE_CONTRADICTS_DEFENDER = Message(
    "fact.side_contradicts_defender",
    "revoking_side 'declaring' contradicts revoker 'defender' (the defending side revoked)",
    "藏牌的一方填的是庄家一方，但藏牌的是防家，两者矛盾：藏牌的是防守方",
)
FACT_TRICKS_SHORT_DECLARING = Message(
    "fact.tricks_short_declaring",
    "the declaring side won {won} trick(s) from the revoke trick on, "
    "but declarer_tricks={played} leaves it only {total}",
    "庄家一方从藏牌那一墩起赢了 {won} 墩，但按庄家一方实际赢得的墩数（{played}），它一共只赢了 {total} 墩",
)
FACT_TRICKS_SHORT_DEFENDING = Message(
    "fact.tricks_short_defending",
    "the defending side won {won} trick(s) from the revoke trick on, "
    "but declarer_tricks={played} leaves it only {total}",
    "防守方从藏牌那一墩起赢了 {won} 墩，但按庄家一方实际赢得的墩数（{played}），防守方一共只赢了 {total} 墩",
)
FACT_PASSED_OUT = Message(
    "fact.passed_out",
    "a passed-out board (PASS) has no play, so no revoke to adjust",
    "四家不叫（PASS）的牌没有打牌，也就没有要调整的藏牌",
)

FACT_LOST_EXCEEDS_CLAIMED = Message(
    "fact.lost_exceeds_claimed",
    "tricks_lost={lost} is more than the {claimed} trick(s) claimed",
    "判给对方的墩数（{lost}）超过了声称的 {claimed} 墩",
)
FACT_RESTORED_EXCEEDS = Message(
    "fact.restored_exceeds",
    "tricks_kept={kept} and tricks_restored={restored} make more than 13 tricks",
    "承认一方得到的墩数（{kept}）加上还给它的墩数（{restored}）超过了 13 墩",
)
FACT_CLAIM_PASSED_OUT = Message(
    "fact.claim_passed_out",
    "a passed-out board (PASS) has no play, so no claim to score",
    "四家不叫（PASS）的牌没有打牌，也就没有要计分的声称",
)

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

CATALOG: dict[str, Message] = {
    value.code: value for value in list(globals().values()) if isinstance(value, Message)
}
"""Every message by its code, for an edge that formats them itself (the offline evaluator, from code and params)."""
