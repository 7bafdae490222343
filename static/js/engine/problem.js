// 裁判助手 — the poll's problem as put (issue 30), drafted in the browser as bridge/poll_problem.py drafts it: the
// deal's board, dealer and vulnerability, the pollee's seat and hand, the auction from the dealer to the pollee's
// turn (alerts, explanations and the tempo break marked) and the question. An ES module with no DOM;
// tests/js/problem.test.js holds it to Python (tests/golden/deals.json "problems").

const SEATS = ["N", "E", "S", "W"];
const SUITS = ["S", "H", "D", "C"];
/** @type {Record<string, string>} */
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** @type {Record<string, Record<string, string>>} */
const SEAT_NAME = {
  zh: { N: "北", E: "东", S: "南", W: "西" },
  en: { N: "North", E: "East", S: "South", W: "West" },
};
/** @type {Record<string, Record<string, string>>} */
const VULNERABILITY_NAME = {
  zh: { None: "双方无局", NS: "南北有局", EW: "东西有局", Both: "双方有局" },
  en: {
    None: "neither side vulnerable",
    NS: "North–South vulnerable",
    EW: "East–West vulnerable",
    Both: "both sides vulnerable",
  },
};
/** @type {Record<string, Record<string, string>>} */
const CALL_WORD = { zh: { Pass: "不叫", X: "加倍", XX: "再加倍" }, en: { Pass: "Pass", X: "X", XX: "XX" } };
/** @type {Record<string, string>} */
const QUESTION = {
  "zh ui": "你叫什么？你还考虑过哪些叫品？",
  "zh mi": "按正确的解释，你会叫什么？你还考虑过哪些叫品？",
  "en ui": "What do you call? What else do you consider?",
  "en mi": "With the correct explanation, what would you have called? What else would you have considered?",
};

/**
 * @typedef {{call: string, alert?: boolean, explanation?: string}} Call
 * @typedef {{call: number, seconds?: number | null, status?: string | null}} Tempo
 */

/**
 * The number of the call (0 = the dealer's first) the pollee is asked to make.
 * @param {Call[]} calls @param {Tempo | null} tempo @param {string} mode
 */
export function pollTurn(calls, tempo, mode) {
  if (mode === "mi") {
    for (let index = 0; index < calls.length; index++) if (calls[index].alert) return index + 1;
  }
  if (mode !== "mi" && tempo) return tempo.call + 2;
  return calls.length;
}

/** @param {string} text */
function hand(text) {
  /** @type {Record<string, string>} */
  const held = { S: "", H: "", D: "", C: "" };
  for (const part of text.split(/\s+/)) {
    if (part && part !== "-" && part[0] in held) held[part[0]] += part.slice(1).replace(/-/g, "");
  }
  return SUITS.map((suit) => SUIT_SYMBOL[suit] + (held[suit] || "—")).join(" ");
}

/** @param {Call} call @param {number} index @param {Tempo | null} tempo @param {string} language */
function callText(call, index, tempo, language) {
  const name = call.call;
  let text = CALL_WORD[language][name] || name[0] + (SUIT_SYMBOL[name.slice(1)] || name.slice(1));
  const zh = language === "zh";
  if (tempo && tempo.call === index) {
    const seconds = tempo.seconds;
    if (seconds === null || seconds === undefined) text += zh ? "（停顿后）" : " (after a break)";
    else text += zh ? "（停顿约" + seconds + "秒后）" : " (after a break of about " + seconds + " s)";
  }
  if (call.alert) {
    const explanation = call.explanation || "";
    if (explanation) text += zh ? "（提醒：" + explanation + "）" : " (alerted: " + explanation + ")";
    else text += zh ? "（提醒）" : " (alerted)";
  }
  return text;
}

/**
 * The problem as put to each pollee, lines joined by a newline.
 * @param {{board: number, dealer: string, vulnerability: string, hands: Record<string, string> | null,
 *   calls: Call[], tempo: Tempo | null, mode?: string, language?: string}} input
 */
export function pollProblem(input) {
  const language = (input.language || "zh").startsWith("zh") ? "zh" : "en";
  const mode = input.mode === "mi" ? "mi" : "ui";
  const zh = language === "zh";
  const seats = SEAT_NAME[language];
  const dealerAt = SEATS.indexOf(input.dealer);
  const turn = pollTurn(input.calls, input.tempo, mode);
  const seat = SEATS[(dealerAt + turn) % 4];
  const ours = seat === "N" || seat === "S" ? "NS" : "EW";
  const vulnerable = input.vulnerability === ours || input.vulnerability === "Both";
  const vul = VULNERABILITY_NAME[language][input.vulnerability];
  const head = zh
    ? "第" + input.board + "副 · " + seats[input.dealer] + "发牌 · " + vul + "（你方" + (vulnerable ? "有" : "无") + "局）"
    : "Board " + input.board + " · dealer " + seats[input.dealer] + " · " + vul +
      " (" + (vulnerable ? "you are vulnerable" : "you are not vulnerable") + ")";
  const held = (input.hands || {})[seat];
  const holding = zh
    ? (held ? "你坐" + seats[seat] + "，持牌：" + hand(held) : "你坐" + seats[seat] + "。")
    : (held ? "You are " + seats[seat] + ", holding " + hand(held) : "You are " + seats[seat] + ".");
  const shown = input.calls.slice(0, Math.max(turn, 0)).map((call, index) =>
    seats[SEATS[(dealerAt + index) % 4]] + " " + callText(call, index, input.tempo, language));
  shown.push(seats[seat] + (zh ? " ？" : " ?"));
  const auction = (zh ? "叫牌：" : "Auction: ") + shown.join(zh ? "，" : ", ");
  return [head, holding, auction, QUESTION[language + " " + mode]].join("\n");
}
