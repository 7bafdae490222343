// 裁判助手 — a deal and an auction checked in the browser, as bridge/deals.py (Deal.from_hands) and
// bridge/appeal_file.py (parse_call, check_auction) check them on the server: the card picker's four hands (13 cards
// each, every card once, the last hand filled from the rest) and the call pad's auction (Laws 18, 19, 22). An ES
// module with no DOM; tests/js/deals.test.js holds it to Python (tests/golden/deals.json).
//
// Hands are written as Python writes them (str(Hand)): "SAKQ H1098 D- C2", suits S H D C, ranks A K Q J 10 9 … 2,
// "-" for an empty hand. Answers are {status: "ok", …} or {status: "error", code, field, params}, the code and
// params of bridge.messages, so engine/messages.js says them in either language.

export const SEATS = ["N", "E", "S", "W"];
export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
export const STRAINS = ["C", "D", "H", "S", "NT"];
export const PASS = "Pass";
export const DOUBLE = "X";
export const REDOUBLE = "XX";

/** Every call, as the call pad lays them out: Pass, X, XX, then 1♣ … 7NT. */
export const ALL_CALLS = [PASS, DOUBLE, REDOUBLE].concat(
  [1, 2, 3, 4, 5, 6, 7].flatMap((level) => STRAINS.map((strain) => level + strain)),
);

/** Every card, spades first, each suit ace first ("SA", "S10", "C2"). */
export const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => suit + rank));

/** @param {string} code @param {string | null} field @param {Record<string, any>} params */
function error(code, field, params) {
  return { status: "error", code: code, field: field, params: params };
}

/**
 * A hand as Python writes it, read into card codes (no checks beyond the notation: the picker writes it).
 * @param {string} text
 * @returns {string[]}
 */
export function readHand(text) {
  /** @type {string[]} */
  const cards = [];
  for (const part of text.trim().split(/\s+/)) {
    if (!part || part === "-") continue;
    const suit = part[0];
    let rest = part.slice(1);
    while (rest.length) {
      if (rest[0] === "-") { rest = rest.slice(1); continue; }
      const rank = rest.startsWith("10") ? "10" : rest[0];
      cards.push(suit + rank);
      rest = rest.slice(rank.length);
    }
  }
  return cards;
}

/**
 * Card codes written as Python writes a hand: suits S H D C in that order, ranks highest first, "-" when empty.
 * @param {Iterable<string>} cards
 */
export function writeHand(cards) {
  const held = new Set(cards);
  const parts = SUITS.map((suit) => {
    const ranks = RANKS.filter((rank) => held.has(suit + rank));
    return ranks.length ? suit + ranks.join("") : "";
  }).filter(Boolean);
  return parts.length ? parts.join(" ") : "-";
}

/**
 * Deal.from_hands: at least three hands; no card in two hands (seats in the order N E S W); each hand 13 cards;
 * one hand left out (null or blank) is filled with the cards the other three do not hold.
 * @param {Record<string, string | null | undefined>} hands by seat, as Python writes a hand
 */
export function checkDeal(hands) {
  /** @type {Record<string, string[]>} */
  const given = {};
  for (const seat of SEATS) {
    const text = hands[seat];
    if (text == null || !String(text).trim()) continue;
    given[seat] = readHand(String(text));
  }
  const missing = SEATS.filter((seat) => !(seat in given));
  if (missing.length > 1) return error("deals.hands_missing", "hands", { missing: missing.join(", ") });
  /** @type {Map<string, string>} */
  const owner = new Map();
  for (const seat of SEATS) {
    if (!(seat in given)) continue;
    for (const card of sortCards(given[seat])) {
      const first = owner.get(card);
      if (first !== undefined) {
        return error("deals.card_twice", "hands." + seat, { card: card, first: first, second: seat });
      }
      owner.set(card, seat);
    }
  }
  for (const seat of SEATS) {
    if (seat in given && given[seat].length !== 13) {
      return error("deals.hand_count", "hands." + seat, { seat: seat, count: given[seat].length });
    }
  }
  if (missing.length === 1) given[missing[0]] = DECK.filter((card) => !owner.has(card));
  /** @type {Record<string, string>} */
  const written = {};
  for (const seat of SEATS) written[seat] = writeHand(given[seat]);
  return { status: "ok", hands: written };
}

/** @param {string[]} cards the cards in Python's order (Hand.__iter__: spades first, each suit ace first) */
function sortCards(cards) {
  return [...new Set(cards)].sort((a, b) => DECK.indexOf(a) - DECK.indexOf(b));
}

/**
 * The cards not yet in any hand (the card picker offers these).
 * @param {Record<string, string[]>} hands card codes by seat
 */
export function cardsLeft(hands) {
  const held = new Set(Object.values(hands).flat());
  return DECK.filter((card) => !held.has(card));
}

// --- calls (bridge.appeal_file.parse_call, check_auction) ------------------------------------------------------

const PASS_WORDS = new Set(["P", "PASS", "不叫", "—", "-"]);
/** @type {Record<string, string>} */
const DOUBLE_WORDS = { X: DOUBLE, DBL: DOUBLE, "加倍": DOUBLE, XX: REDOUBLE, RDBL: REDOUBLE, "再加倍": REDOUBLE };
/** @type {Record<string, string>} */
const STRAIN_NAMES = {
  C: "C", D: "D", H: "H", S: "S", N: "NT", NT: "NT",
  "♣": "C", "♦": "D", "♥": "H", "♠": "S",
  "梅花": "C", "方块": "D", "红心": "H", "黑桃": "S", "无将": "NT",
};

/**
 * A call in its one form ("1S" … "7NT", "Pass", "X", "XX"), or null when it cannot be read.
 * @param {any} value
 */
export function readCall(value) {
  if (typeof value !== "string") return null;
  const key = value.replace(/\s+/g, "").toUpperCase();
  if (PASS_WORDS.has(key)) return PASS;
  if (key in DOUBLE_WORDS) return DOUBLE_WORDS[key];
  const match = /^([1-7])(.+)$/.exec(key);
  if (!match || !(match[2] in STRAIN_NAMES)) return null;
  return match[1] + STRAIN_NAMES[match[2]];
}

/** @param {string} call a bid in its one form */
function rank(call) {
  return Number(call[0]) * 5 + STRAINS.indexOf(call.slice(1));
}

/**
 * Where the auction stands: the last bid and its index, X or XX on it and whose, the passes since the last call
 * that was not a pass, and whether it has ended.
 * @param {string[]} calls in their one form
 */
function state(calls) {
  let lastBid = null, lastBy = -1, doubled = "", doubledBy = -1, passes = 0;
  for (const [index, call] of calls.entries()) {
    if (call === PASS) { passes += 1; continue; }
    if (call === DOUBLE || call === REDOUBLE) { doubled = call; doubledBy = index; }
    else { lastBid = call; lastBy = index; doubled = ""; }
    passes = 0;
  }
  const ended = (lastBid === null && passes === 4) || (lastBid !== null && passes === 3);
  return { lastBid, lastBy, doubled, doubledBy, passes, ended };
}

/**
 * Laws 18, 19, 22: each bid outranks the last; X doubles an opponent's undoubled bid, XX an opponent's X; the
 * auction ends with three passes after a call (four at the start), and nothing follows. check_auction's answer.
 * @param {any[]} written the calls from the dealer, as typed or as the pad gives them
 * @param {string} [field]
 */
export function checkAuction(written, field = "auction.calls") {
  /** @type {string[]} */
  const calls = [];
  for (const [index, value] of written.entries()) {
    const where = `${field}[${index}].call`;
    const call = readCall(value);
    if (call === null) return error("auction.call_unreadable", where, { name: where, value: value });
    const before = state(calls);
    if (before.ended) return error("auction.after_end", where, { name: where });
    if (call === DOUBLE && (before.lastBid === null || before.doubled || (index - before.lastBy) % 2 === 0)) {
      return error("auction.double_illegal", where, { name: where, call: call });
    }
    if (call === REDOUBLE && (before.doubled !== DOUBLE || (index - before.doubledBy) % 2 === 0)) {
      return error("auction.double_illegal", where, { name: where, call: call });
    }
    if (call !== PASS && call !== DOUBLE && call !== REDOUBLE && before.lastBid !== null
        && rank(call) <= rank(before.lastBid)) {
      return error("auction.insufficient", where, { name: where, call: call, last: before.lastBid });
    }
    calls.push(call);
  }
  return { status: "ok", calls: calls, ended: state(calls).ended };
}

/**
 * The calls the next player may make (the call pad enables these): none once the auction has ended.
 * @param {string[]} calls the auction so far, in their one form
 * @returns {Set<string>}
 */
export function legalCalls(calls) {
  const now = state(calls);
  const legal = new Set();
  if (now.ended) return legal;
  legal.add(PASS);
  const next = calls.length;
  if (now.lastBid !== null && !now.doubled && (next - now.lastBy) % 2 === 1) legal.add(DOUBLE);
  if (now.doubled === DOUBLE && (next - now.doubledBy) % 2 === 1) legal.add(REDOUBLE);
  for (let level = 1; level <= 7; level++) {
    for (const strain of STRAINS) {
      const bid = level + strain;
      if (now.lastBid === null || rank(bid) > rank(now.lastBid)) legal.add(bid);
    }
  }
  return legal;
}
