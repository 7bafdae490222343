"""Messages of deals: four hands at a table (Law 1) and PBN hand records (bridge.deals)."""

from __future__ import annotations

from bridge.errors import Message

# --- a deal: four hands of 13 cards, each card once -----------------------------------------------------------

DEAL_HAND_COUNT = Message(
    "deals.hand_count",
    "{seat} holds {count} cards: each hand of a deal holds 13.",
    "{seat} 家有 {count} 张牌：一副牌的每手牌应为 13 张。",
)
DEAL_CARD_TWICE = Message(
    "deals.card_twice",
    "The card {card} is in two hands ({first} and {second}).",
    "{card} 同时出现在两手牌中（{first} 和 {second}）。",
)
DEAL_HANDS_MISSING = Message(
    "deals.hands_missing",
    "Give at least three hands (the fourth is filled from the rest); missing: {missing}.",
    "请至少填写三手牌（第四手由其余的牌补足）；缺少：{missing}。",
)
DEAL_NO_DEALER = Message(
    "deals.no_dealer",
    "Give the board number, or the dealer and the vulnerability.",
    "请填写牌号，或填写发牌人和局况。",
)
DEAL_HANDS_OR_PBN = Message(
    "deals.hands_or_pbn",
    "Give the deal either as hands by seat or as PBN text, one of the two.",
    "请以各家手牌或 PBN 文本二者之一给出牌局。",
)
DEAL_NOT_TEXT = Message(
    "deals.not_text",
    "The hands must be given by seat (N, E, S, W), not {value!r}.",
    "各手牌须按方位（N、E、S、W）填写，而不是 {value!r}。",
)

# --- PBN hand records -------------------------------------------------------------------------------------------

PBN_EMPTY = Message(
    "pbn.empty",
    'No PBN text given: paste a [Deal "N:…"] tag or a whole PBN file.',
    '没有 PBN 内容：请粘贴一个 [Deal "N:…"] 标签或整个 PBN 文件。',
)
PBN_TOO_LONG = Message(
    "pbn.too_long",
    "The PBN text has {length} characters; at most {limit} are read.",
    "PBN 内容共 {length} 个字符，最多读取 {limit} 个。",
)
PBN_LINE_UNREADABLE = Message(
    "pbn.line_unreadable",
    'Line {line} is not a PBN tag: {text!r}; a tag is written [Name "value"].',
    '第 {line} 行不是 PBN 标签：{text!r}；标签应写成 [Name "value"]。',
)
PBN_DEAL_UNREADABLE = Message(
    "pbn.deal_unreadable",
    "Line {line}: the deal {value!r} cannot be read: write the first seat, a colon, then four hands as "
    "spades.hearts.diamonds.clubs, e.g. N:AK3.QJT9.. …",
    "第 {line} 行：无法识别牌局 {value!r}：先写第一家方位和冒号，再写四手牌，每手依次为黑桃.红心.方块.梅花，"
    "例如 N:AK3.QJT9.. …",
)
PBN_HAND_COUNT = Message(
    "pbn.hand_count",
    "Line {line}: {seat} holds {count} cards: each hand of a deal holds 13.",
    "第 {line} 行：{seat} 家有 {count} 张牌：一副牌的每手牌应为 13 张。",
)
PBN_CARD_TWICE = Message(
    "pbn.card_twice",
    "Line {line}: the card {card} is in two hands ({first} and {second}).",
    "第 {line} 行：{card} 同时出现在两手牌中（{first} 和 {second}）。",
)
PBN_TAG_VALUE = Message(
    "pbn.tag_value",
    "Line {line}: [{tag} {value!r}] cannot be read: {allowed}.",
    "第 {line} 行：无法识别 [{tag} {value!r}]：{allowed}。",
)
PBN_NO_DEAL = Message(
    "pbn.no_deal",
    "The PBN text holds no [Deal] tag.",
    "PBN 内容中没有 [Deal] 标签。",
)
PBN_NO_DEALER = Message(
    "pbn.no_dealer",
    "Line {line}: the deal has neither a [Board] nor a [Dealer] tag, so its dealer is unknown.",
    "第 {line} 行：该牌局既无 [Board] 也无 [Dealer] 标签，无法得知发牌人。",
)
PBN_BOARD_MISSING = Message(
    "pbn.board_missing",
    "Board {board} is not in the PBN file; it holds boards {boards}.",
    "PBN 文件中没有第 {board} 副牌；文件中的牌号为 {boards}。",
)

# --- the auction (Laws 18, 19, 22) and the appeal file (issue 30) ----------------------------------------------

CALL_UNREADABLE = Message(
    "auction.call_unreadable",
    "{name}: cannot read the call {value!r}: write 1C … 7NT, Pass, X or XX.",
    "{name}：无法识别叫品 {value!r}：应为 1C … 7NT、Pass、X 或 XX。",
)
CALL_INSUFFICIENT = Message(
    "auction.insufficient",
    "{name}: {call} does not outrank {last}, the last bid (Law 18B).",
    "{name}：{call} 不高于上一个叫品 {last}（第18条B款）。",
)
CALL_DOUBLE_ILLEGAL = Message(
    "auction.double_illegal",
    "{name}: {call} is not allowed here: X doubles an opponent's bid, XX redoubles an opponent's X (Law 19).",
    "{name}：此处不能叫 {call}：加倍只能针对对方的叫品，再加倍只能针对对方的加倍（第19条）。",
)
CALL_AFTER_END = Message(
    "auction.after_end",
    "{name}: the auction ended with the passes before this call (Law 22).",
    "{name}：叫牌已在此前的连续不叫后结束（第22条）。",
)
APPEAL_TEXT = Message(
    "appeal.text",
    "{name} must be text of at most {max} characters.",
    "{name} 必须是不超过 {max} 个字符的文字。",
)
APPEAL_NOT_OBJECT = Message(
    "appeal.not_object",
    "{name} must be an object.",
    "{name} 必须是对象。",
)
APPEAL_NOT_LIST = Message(
    "appeal.not_list",
    "{name} must be a list of at most {max} items.",
    "{name} 必须是不超过 {max} 项的列表。",
)
APPEAL_FLAG = Message(
    "appeal.flag",
    "{name} must be true, false or null, not {value!r}.",
    "{name} 只能是 true、false 或 null，而不是 {value!r}。",
)
APPEAL_CHOICE = Message(
    "appeal.choice",
    "{name} must be one of {allowed}, not {value!r}.",
    "{name} 必须是 {allowed} 之一，而不是 {value!r}。",
)
APPEAL_TEMPO_CALL = Message(
    "appeal.tempo_call",
    "{name} must be the number of a call of the auction (0 to {max}), not {value!r}.",
    "{name} 必须是叫牌过程中某个叫品的序号（0 到 {max}），而不是 {value!r}。",
)
APPEAL_WEIGHTS_SUM = Message(
    "appeal.weights_sum",
    "The 12C3 weights must add up to 100 (percent), not {total}.",
    "第12条C款3项的权重之和必须为 100（百分比），而不是 {total}。",
)
