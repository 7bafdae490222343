// 裁判助手 — the player poll in the browser (bridge/poll.py tally): each call's choices and serious
// considerations, and the other calls that came up, for the ruling form offline. Its limits and names come from
// /offline/tables.json; bad input is refused with the engine's field, code and params. An ES module with no DOM;
// tests/js/assigned.test.js holds it to Python (tests/golden/assigned.json).

import { FieldError, get, isInt, isObject, unknownKey, percentage } from "./values.js";

/** @param {string} text */
function sameCall(text) { return text.replace(/\s+/g, "").toUpperCase(); }

/** @param {string} value @param {string} field @param {any} T */
function callText(value, field, T) {
  const max = T.poll.MAX_CALL_LENGTH;
  if (typeof value !== "string" || !value.trim() || Array.from(value.trim()).length > max) {
    throw FieldError(T, field, "poll.call_text", { name: field, max: max, value: value });
  }
  return value.trim().replace(/\s+/g, " ");
}

/** @param {number | null} value @param {string} field @param {any} T */
function count(value, field, T) {
  if (value === null) return 0;
  if (!isInt(value) || value < 0 || value > T.poll.MAX_PEERS) {
    throw FieldError(T, field, "poll.count", { name: field, max: T.poll.MAX_PEERS, value: value });
  }
  return value;
}

// bridge.poll.tally(poll).as_dict(): each call's choices and serious considerations, and the other calls
// that came up. A count, not the Director's judgement of the logical alternative. Throws a FieldError.
/** @param {any} poll @param {any} T */
function tally(poll, T) {
  const P = T.poll;
  if (!isObject(poll)) throw FieldError(T, null, "request.body_not_object", {});
  unknownKey(poll, P.POLL_KEYS, "", T);
  const action = callText(get(poll, "action"), "action", T);
  const raw = get(poll, "calls");
  if (!Array.isArray(raw)) throw FieldError(T, "calls", "poll.calls_not_list", {});
  if (raw.length < 1 || raw.length > P.MAX_POLL_CALLS) {
    throw FieldError(T, "calls", "poll.calls_count", { max: P.MAX_POLL_CALLS });
  }
  /** @type {any[]} */
  const seen = [];
  const rows = raw.map(function (item, index) {
    const where = "calls[" + index + "]";
    if (!isObject(item)) throw FieldError(T, where, "poll.call_not_object", { index: index });
    unknownKey(item, P.CALL_KEYS, where + ".", T);
    const call = callText(get(item, "call"), where + ".call", T);
    if (seen.indexOf(sameCall(call)) >= 0) throw FieldError(T, where + ".call", "poll.call_duplicate", { value: call });
    seen.push(sameCall(call));
    const chose = count(get(item, "chose"), where + ".chose", T);
    const considered = count(get(item, "considered"), where + ".considered", T);
    return { call: call, chose: chose, considered: considered };
  });
  if (seen.indexOf(sameCall(action)) < 0) throw FieldError(T, "action", "poll.action_not_listed", { value: action });
  const polled = rows.reduce(function (sum, row) { return sum + row.chose; }, 0);
  if (polled === 0) throw FieldError(T, "calls", "poll.nobody", {});
  const calls = rows.map(function (row) {
    return { call: row.call, chose: row.chose, considered: row.considered,
             share: percentage(row.chose, polled, T), taken: sameCall(row.call) === sameCall(action) };
  });
  const others = calls.map(function (call, index) { return { index: index, call: call }; }).filter(function (item) {
    return !item.call.taken && (item.call.chose || item.call.considered);
  });
  others.sort(function (a, b) {
    return (b.call.chose - a.call.chose) || (b.call.considered - a.call.considered) || (a.index - b.index);
  });
  const reading = others.some(function (item) { return item.call.chose; }) ? "alternative_chosen"
    : others.length ? "alternative_considered" : "no_alternative";
  const taken = calls.filter(function (call) { return call.taken; })[0];
  return {
    action: action,
    polled: polled,
    calls: calls,
    action_chose: taken.chose,
    action_share: taken.share,
    alternatives: others.map(function (item) { return item.call.call; }),
    reading: reading
  };
}

export { tally };
