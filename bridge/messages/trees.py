"""Messages of the revoke transfer (Law 64) and of a decision tree's facts (the wizard, the trees API)."""

from __future__ import annotations

from bridge.errors import Message

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
