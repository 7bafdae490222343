// 裁判助手 — cards, hands and the claim helper in the browser, for the claim tree offline (Laws 70A, 70C, 70E).
//
// A port of the hand notation of bridge/cards.py (Hand.parse) and of bridge/claims.py, whose answers are not
// tabulable (any four hands may be entered): the vocabulary the parser reads (suit markers, ranks, separators)
// comes from /offline/tables.json (T.cards.hands), so nothing of it is typed here. A hand is four bit masks,
// spades first (bit 0 = the two, bit 12 = the ace), as bridge.claims searches them. Errors are the engine's: a
// FactError made by the evaluator from the code and params of the Python raise site. The tests
// (tests/js/, against tests/golden/ written by Python) hold every answer to the server's. An ES module with no
// DOM; trees.js uses it for the "hand" fact type and the claim computations.

// ------------------------------------------------------------------------------------- hand notation
// fail(field, code, params) throws the evaluator's FactError.
/** @param {any[]} chars @param {number} index @param {any} H */
function rankAt(chars, index, H) {
  if (chars[index] === "1" && chars[index + 1] === "0") return { rank: H.ten, size: 2 };
  const rank = Object.prototype.hasOwnProperty.call(H.ranks, chars[index]) ? H.ranks[chars[index]] : null;
  return { rank: rank, size: 1 };
}

/** @param {string | number} suit @param {string | number} rank @param {any} H */
function cardText(suit, rank, H) { return H.suits[suit] + H.symbols[rank]; }

// Hand.parse: {masks: [S, H, D, C]} or a thrown FactError naming `field`.
/** @param {string} value @param {any} field @param {any} T @param {any} fail */
function parseHand(value, field, T, fail) {
  const H = T.cards.hands;
  if (typeof value !== "string") fail(field, "cards.hand_not_text", { value: value });
  const chars = Array.from(value.toUpperCase()).filter(function (ch) {
    return H.separators.indexOf(ch) < 0 && !/\s/.test(ch);
  });
  if (!chars.length) fail(field, "cards.hand_empty", {});
  /** @type {number[][]} */
  const cards = [];
  /** @param {number} suit @param {any} rank */
  function add(suit, rank) { cards.push([suit, rank]); }
  // As Hand._checked: every card read first, then the first one given twice is refused.
  function checked() {
    const masks = [0, 0, 0, 0];
    cards.forEach(function (card) {
      const bit = 1 << (card[1] - H.lowest);
      if (masks[card[0]] & bit) fail(field, "cards.card_twice", { card: cardText(card[0], card[1], H), value: value });
      masks[card[0]] |= bit;
    });
    return { masks: masks };
  }
  if (chars.every(function (ch) { return H.void_marks.indexOf(ch) >= 0; })) return checked();
  let index = 0;
  /** @type {any} */
  let found;
  if (chars.indexOf(".") >= 0) {
    const parts = chars.join("").split(".");
    if (parts.length !== H.suits.length) fail(field, "cards.hand_dots", { parts: parts.length, value: value });
    parts.forEach(function (part, suit) {
      const cs = Array.from(part);
      for (index = 0; index < cs.length;) {
        if (H.void_marks.indexOf(cs[index]) >= 0) { index += 1; continue; }
        found = rankAt(cs, index, H);
        if (found.rank === null) fail(field, "cards.hand_unreadable", { "char": cs[index], value: value });
        add(suit, found.rank);
        index += found.size;
      }
    });
    return checked();
  }
  let suit = null;
  for (index = 0; index < chars.length;) {
    let marker = null;
    for (let m = 0; m < H.markers.length && marker === null; m++) {
      const sign = Array.from(H.markers[m][0]);
      if (sign.every(function (ch, k) { return chars[index + k] === ch; })) marker = H.markers[m];
    }
    if (marker !== null) {
      suit = H.suits.indexOf(marker[1]);
      index += Array.from(marker[0]).length;
      continue;
    }
    if (H.void_marks.indexOf(chars[index]) >= 0) { index += 1; continue; }
    found = rankAt(chars, index, H);
    if (found.rank === null) fail(field, "cards.hand_unreadable", { "char": chars[index], value: value });
    if (suit === null) {
      fail(field, "cards.rank_without_suit", { rank: chars.slice(index, index + found.size).join(""), value: value });
    }
    add(suit, found.rank);
    index += found.size;
  }
  return checked();
}

// ------------------------------------------------------------------------------------------- helpers
/** @param {number} mask */
function bitCount(mask) { let n = 0; while (mask) { mask &= mask - 1; n += 1; } return n; }
/** @param {number} mask */
function high(mask) { return mask ? 1 << (31 - Math.clz32(mask)) : 0; }
/** @param {number} mask */
function low(mask) { return mask & -mask; }
/** @param {number} bit */
function above(bit) { return bit ? ~((bit << 1) - 1) : ~0; }  // the cards higher than `bit` (all, for none)
/** @param {any} hand */
function size(hand) { return hand.masks.reduce(function (/** @type {number} */ n, /** @type {any} */ mask) { return n + bitCount(mask); }, 0); }

const ROLES = ["claimer", "lho", "partner", "rho"];

// bridge.claims.Ending: the four hands checked (same size, at least one card; no card in two hands).
/** @param {any} hands @param {any} trumps @param {any} onLead @param {any} T @param {any} fail */
function ending(hands, trumps, onLead, T, fail) {
  const H = T.cards.hands;
  const sizes = ROLES.map(function (role) { return size(hands[role]); });
  if (sizes.some(function (n) { return n !== sizes[0] || n === 0; })) {
    fail("claimer_cards", "claim.hands_unequal",
      { counts: ROLES.map(function (role, i) { return role + " " + sizes[i]; }).join(", ") });
  }
  /** @type {Record<string, string>} */
  /** @type {Record<string, any>} */
  const owner = {};
  ROLES.forEach(function (role) {
    hands[role].masks.forEach(function (/** @type {number} */ mask, /** @type {string} */ suit) {
      for (let bit = high(mask); bit; bit = high(mask & (bit - 1))) {
        const key = suit + ":" + bit;
        if (owner[key]) {
          fail(role + "_cards", "claim.card_in_two_hands",
            { card: cardText(suit, Math.log2(bit) + H.lowest, H), first: owner[key], second: role });
        }
        owner[key] = role;
      }
    });
  });
  return { hands: hands, trumps: trumps, onLead: onLead || "claimer", left: sizes[0] };
}

// ---------------------------------------------------------------------------------------- sure tricks
/** @param {number} suit @param {any} first @param {any} second @param {number} trumps */
function safe(suit, first, second, trumps) {
  if (trumps < 0 || suit === trumps) return true;
  return [first, second].every(function (h) { return h[suit] || !h[trumps]; });
}

/** @param {number} mask @param {number} out */
function runs(mask, out) {
  /** @type {any[]} */
  const chosen = [];
  let previous = 0;
  while (mask) {
    const card = low(mask);
    mask ^= card;
    if (previous && !(out & (card - 1) & ~((previous << 1) - 1))) continue;
    chosen.push(card);
    previous = card;
  }
  return chosen;
}

/** @param {any[]} hand @param {number} suit @param {number} out @param {any} trumps */
function answers(hand, suit, out, trumps) {
  if (hand[suit]) return runs(hand[suit], out).map(function (card) { return [suit, card]; });
  /** @type {any[]} */
  const list = [];
  hand.forEach(function (/** @type {number} */ mask, /** @type {any} */ other) {
    if (!mask) return;
    list.push([other, low(mask)]);
    if (other !== trumps && (mask & (mask - 1))) list.push([other, high(mask)]);
  });
  return list;
}

/** @param {any} holding @param {number} suit @param {number} card */
function take(holding, suit, card) {
  const masks = holding.slice();
  masks[suit] &= ~card;
  return masks;
}
/** @param {any} holding @param {number} suit */
function follow(holding, suit) { return holding[suit] ? take(holding, suit, low(holding[suit])) : holding; }
/** @param {any} a @param {number[]} b */
function before(a, b) {  // Python's tuple order, to keep the two model defenders in one order
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

// bridge.claims._best: the most tricks in a row the hand on lead and its partner win by force.
/**
 * @param {any[]} lead
 * @param {any[]} other
 * @param {any[]} first
 * @param {any[]} second
 * @param {number} trumps
 * @param {any} memo
 */
function best(lead, other, first, second, trumps, memo) {
  const key = lead.join(",") + "|" + other.join(",") + "|" + first.join(",") + "|" + second.join(",");
  if (Object.prototype.hasOwnProperty.call(memo, key)) return memo[key];
  const left = lead.reduce(function (/** @type {number} */ n, /** @type {any} */ mask) { return n + bitCount(mask); }, 0);
  let value = 0;
  search:
  for (let suit = 0; suit < lead.length; suit++) {
    if (!lead[suit] || !safe(suit, first, second, trumps)) continue;
    const top = high(first[suit] | second[suit]);
    const follows = other[suit] !== 0;
    const ruffs = !follows && trumps >= 0 && suit !== trumps && other[trumps] !== 0;
    if (high(lead[suit]) < top && !ruffs && !(follows && high(other[suit]) > top)) continue;
    const a = follow(first, suit), b = follow(second, suit);
    const nextFirst = before(b, a) ? b : a, nextSecond = before(b, a) ? a : b;
    const led = runs(lead[suit], other[suit] | first[suit] | second[suit]);
    const replies = answers(other, suit, lead[suit] | first[suit] | second[suit], trumps);
    for (let i = 0; i < led.length; i++) {
      const newLead = take(lead, suit, led[i]);
      for (let j = 0; j < replies.length; j++) {
        const answerSuit = replies[j][0], answer = replies[j][1];
        let otherWins, won;
        if (answerSuit === suit) { otherWins = answer > led[i]; won = Math.max(answer, led[i]) > top; }
        else if (answerSuit === trumps && suit !== trumps) { otherWins = true; won = true; }
        else { otherWins = false; won = led[i] > top; }
        if (!won) continue;
        const newOther = take(other, answerSuit, answer);
        const tricks = 1 + (otherWins ? best(newOther, newLead, nextFirst, nextSecond, trumps, memo)
                                    : best(newLead, newOther, nextFirst, nextSecond, trumps, memo));
        if (tricks > value) {
          value = tricks;
          if (value === left) break search;
        }
      }
    }
  }
  memo[key] = value;
  return value;
}

/** @param {any} e */
function sureTricks(e) {
  if (e.onLead !== "claimer" && e.onLead !== "partner") return null;
  const h = e.hands;
  const lead = (e.onLead === "claimer" ? h.claimer : h.partner).masks;
  const other = (e.onLead === "claimer" ? h.partner : h.claimer).masks;
  const a = h.lho.masks, b = h.rho.masks;
  return best(lead, other, before(b, a) ? b : a, before(b, a) ? a : b, e.trumps, {});
}

// ------------------------------------------------------------------------------ outstanding trumps (70C)
/** @param {any} e @param {string | number} suit */
function masters(e, suit) {
  const top = high(e.hands.lho.masks[suit] | e.hands.rho.masks[suit]);
  const ours = e.hands.claimer.masks[suit] | e.hands.partner.masks[suit];
  return bitCount(ours & above(top));
}
/** @param {any} e @param {number} suit */
function topRounds(e, suit) {
  return Math.min(masters(e, suit), Math.max(bitCount(e.hands.claimer.masks[suit]),
                                             bitCount(e.hands.partner.masks[suit])));
}
/** @param {any} e @param {string} holder */
function trumpRisk(e, holder) {
  if (e.trumps < 0) return 0;
  const held = e.hands[holder].masks[e.trumps];
  if (!held) return 0;
  const theirsTop = high(e.hands.claimer.masks[e.trumps] | e.hands.partner.masks[e.trumps]);
  const beyond = bitCount(held & above(theirsTop));
  let ruffs = 0;
  for (let suit = 0; suit < e.hands[holder].masks.length; suit++) {
    if (suit === e.trumps) continue;
    ruffs += Math.max(0, topRounds(e, suit) - bitCount(e.hands[holder].masks[suit]));
  }
  return Math.min(bitCount(held), beyond + ruffs);
}
/** @param {any} e */
function trumpTricksAtRisk(e) { return Math.min(trumpRisk(e, "lho") + trumpRisk(e, "rho"), e.left); }

// --------------------------------------------------------------------------------- finesse or drop (70E)
/** @param {any} e */
function positionalCount(e) {
  let count = 0;
  e.hands.claimer.masks.forEach(function (/** @type {any} */ _, /** @type {string | number} */ suit) {
    const ours = bitCount(e.hands.claimer.masks[suit]) + bitCount(e.hands.partner.masks[suit]);
    ["claimer", "partner"].forEach(function (role) {
      const mask = e.hands[role].masks[suit];
      for (let bit = high(mask); bit; bit = high(mask & (bit - 1))) {
        const higher = above(bit);
        const lho = bitCount(e.hands.lho.masks[suit] & higher), rho = bitCount(e.hands.rho.masks[suit] & higher);
        const holders = (lho ? 1 : 0) + (rho ? 1 : 0);
        if (holders === 1 && ours - 1 >= lho + rho) count += 1;
      }
    });
  });
  return count;
}

export { parseHand, ending, sureTricks, trumpTricksAtRisk, positionalCount };
