"""Messages of the 12C2 assigned-score builder and the player poll (Laws 12C2, 12C3, 16A, 78, 86B)."""

from __future__ import annotations

from bridge.errors import Message

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

# --- the assigned-score builder under the 2017 code (edition wbf-2017: Laws 12B1, 12C1, 12C2) -------------

EDITION_UNKNOWN = Message(
    "adjusted.edition_unknown",
    "edition must be one of {codes}, not {value!r}.",
    "edition（规则版本）只能是 {codes} 之一，而不是 {value!r}。",
)
ASSIGNED_2017_ONLY = Message(
    "assigned.needs_wbf_edition",
    "{name} belongs to the 2017 code: give edition wbf-2017, or leave {name} out.",
    "{name} 只适用于2017年规则：请把 edition 设为 wbf-2017，或者去掉 {name}。",
)
ASSIGNED_1997_ONLY = Message(
    "assigned.ccba_edition_only",
    "{name} belongs to the 1997 code (Law 12C3 there); under the 2017 code the Director weights the results "
    "himself (Law 12C1): give each result a weight, or mark one result probable.",
    "{name} 只适用于1997年规则（其第12条C款3项）；按2017年规则，由临场裁判自己给各结果加权（第12条C款1项）："
    "请给各结果填写权重，或者把一个结果标为“最可能”（probable）。",
)
ASSIGNED_2017_LIKELY_NEEDS_REGULATION = Message(
    "assigned.wbf_likely_needs_regulation",
    "Under the 2017 code the assigned score is the probable outcome without the infraction, or a weighting of "
    "the possible ones (Law 12C1); likely and at_all_probable apply only where the event's regulations keep "
    "the older standard (set regulation_likely_standard to true).",
    "按2017年规则，裁定调整分是假如没有违规最可能得到的结果，或对几种可能结果加权（第12条C款1项）；“很可能”"
    "“有可能”两种判断只在比赛规程保留旧标准时使用（请把 regulation_likely_standard 设为 true）。",
)
ASSIGNED_2017_REGULATION_NO_WEIGHTS = Message(
    "assigned.wbf_regulation_no_weights",
    "Where the event's regulations keep the likely / at-all-probable standard the results are not weighted "
    "and none is marked probable: mark each likely and/or at_all_probable instead.",
    "比赛规程保留“很可能／有可能”旧标准时，各结果不加权，也不标“最可能”：请改为标明“很可能”和／或“有可能”。",
)
ASSIGNED_2017_PROBABLE_COUNT = Message(
    "assigned.wbf_probable_count",
    "Mark exactly one result probable (the probable outcome had the infraction not occurred, Law 12C1), or "
    "weight the results; {count} are marked.",
    "请恰好把一个结果标为“最可能”（假如没有违规最可能得到的结果，第12条C款1项），或者给各结果加权；"
    "现在标了 {count} 个。",
)
ASSIGNED_2017_PROBABLE_AND_WEIGHTS = Message(
    "assigned.wbf_probable_and_weights",
    "Result {number} is marked probable while the results are weighted: give either weights (Law 12C1 "
    "weighting) or one probable result, not both.",
    "第 {number} 个结果标为“最可能”，而各结果又已加权：加权（第12条C款1项）与标出一个最可能的结果只能二选一。",
)
ASSIGNED_2017_OWN_ROW_FLAGS = Message(
    "assigned.wbf_own_row_flags",
    "Result {number} is the non-offending side's own result (after its own extremely serious error or "
    "gambling action, Law 12C1): it takes no probable, likely, at_all_probable or weight, which are for the "
    "results possible without the infraction.",
    "第 {number} 个结果是非违规方自己的结果（其自身极其严重的错误或赌博性行动之后的结果，第12条C款1项）："
    "它不标“最可能”“很可能”“有可能”，也不加权；这些只用于没有违规时可能出现的结果。",
)
ASSIGNED_2017_OWN_ROW_BETTER = Message(
    "assigned.wbf_own_row_better",
    "The non-offending side's own result ({own}) is better for it than what it could expect without the "
    "infraction ({best}): the part of the damage it caused itself can only lower its redress (Law 12C1).",
    "非违规方自己的结果（{own}）比假如没有违规它可以预期的结果（{best}）对它更有利：它自己造成的那部分损害只能"
    "减少补偿，不能增加（第12条C款1项）。",
)
ASSIGNED_2017_NO_DAMAGE = Message(
    "assigned.wbf_no_damage",
    "No damage: what the non-offending side could expect had the infraction not occurred ({best}) is no better "
    "for it than the table result ({table}), so there is nothing to redress and the table result stands for "
    "both sides (Laws 12B1, 12C1).",
    "没有损害：假如没有违规，非违规方可以预期的结果（{best}）并不比本桌实际结果（{table}）对它更好，"
    "没有需要补偿的损害，本桌实际结果对双方有效（第12条B款1项、第12条C款1项）。",
)
ASSIGNED_2017_OFFENDERS_GAIN = Message(
    "assigned.wbf_offenders_gain",
    "The offending side would score {assigned} instead of its table result {table}: an adjusted score takes "
    "away the offenders' advantage and never gives them more than they scored at the table (Law 12B1). Check "
    "the results and the table result.",
    "违规方将得到 {assigned}，比其本桌实际结果 {table} 还要好：调整分是要取消违规方得到的好处，绝不能让它得到"
    "比本桌更好的结果（第12条B款1项）。请检查各可能结果和本桌实际结果。",
)
ASSIGNED_2017_LIKELY_NOT_PROBABLE = Message(
    "assigned.wbf_likely_not_probable",
    "Result {number} is marked likely but not at all probable: a likely result is also at all probable "
    "(the likely / at-all-probable standard the event's regulations keep, Law 12C1).",
    "第 {number} 个结果标为“很可能”却没有标为“有可能”：很可能出现的结果当然也是有可能出现的（比赛规程保留的"
    "“很可能／有可能”标准，第12条C款1项）。",
)
ASSIGNED_2017_NONE_LIKELY = Message(
    "assigned.wbf_none_likely",
    "Mark at least one result likely: under the standard the event's regulations keep, the non-offending side "
    "gets the most favourable of the likely results (Law 12C1).",
    "请至少把一个结果标为“很可能”：按比赛规程保留的旧标准，非违规方得到的是很可能出现的结果中对它最有利的一个"
    "（第12条C款1项）。",
)
