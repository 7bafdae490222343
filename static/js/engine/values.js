// 裁判助手 — what the 12C2 builder (engine/assigned.js) and the poll (engine/poll.js) share: bridge.errors.FieldError
// in the browser, Python's values (a JSON object's keys, ints, math.fsum, round()), the Law 78 percentage and the
// unknown-key check of a request. An ES module with no DOM and no state.

import * as Messages from "./messages.js";

// --------------------------------------------------------------------------------------------- errors
// bridge.errors.FieldError: the field, the message's code and params, and its English text as the message.
/** @param {any} T @param {string | null} field @param {string} code @param {any} params */
function FieldError(T, field, code, params) {
  params = params || {};
  const error = /** @type {any} */ (new Error(Messages.text(T.messages, code, params, "en")));
  error.name = "FactError";
  error.field = field;
  error.code = code;
  error.params = params;
  return error;
}
/** @param {any} error */
function isFieldError(error) { return error && error.name === "FactError"; }

// ------------------------------------------------------------------------------------ Python's values
/** @param {any} object @param {string} name */
function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
/** @param {any} object @param {string} name */
function get(object, name) { return has(object, name) && object[name] !== undefined ? object[name] : null; }
/** @param {any} object @param {string} name */
function given(object, name) { return get(object, name) !== null; }
/** @param {any} value */
function isInt(value) { return typeof value === "number" && Number.isInteger(value); }
/** @param {any} value */
function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

// math.fsum: the sum of the values without the rounding errors of adding them in turn (Shewchuk's partials).
/** @param {any[]} values */
function fsum(values) {
  /** @type {any[]} */
  const partials = [];
  values.forEach(function (/** @type {any} */ value) {
    let x = value;
    let kept = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) { const swap = x; x = y; y = swap; }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo) partials[kept++] = lo;
      x = hi;
    }
    partials.length = kept;
    partials.push(x);
  });
  return partials.reduce(function (total, part) { return total + part; }, 0);
}

// round(x, digits) as Python rounds: to the nearest decimal, and a tie (x exactly halfway, judged on its exact
// binary value) to the even digit. JavaScript's toFixed rounds a tie up, so a tie is looked for first.
/** @param {number} x @param {number} digits */
function pyRound(x, digits) {
  if (!isFinite(x) || x === 0) return x + 0;
  const exact = Math.abs(x).toFixed(100).split(".");
  const fraction = exact[1];
  const rest = fraction.slice(digits);
  if (/^50*$/.test(rest)) {
    const kept = exact[0] + fraction.slice(0, digits);
    const last = Number(kept.charAt(kept.length - 1));
    const whole = BigInt(kept) + (last % 2 === 1 ? 1n : 0n);
    const text = whole.toString().padStart(digits + 1, "0");
    const decimal = text.slice(0, text.length - digits) + (digits ? "." + text.slice(text.length - digits) : "");
    return (x < 0 ? -Number(decimal) : Number(decimal)) + 0;
  }
  return Number(x.toFixed(digits)) + 0;
}

// ------------------------------------------------------------------------------------- Law 78 (comparison.py)
/** @param {number} points @param {number} top @param {any} T */
function percentage(points, top, T) {
  if (top === 0) return T.comparison.LONE_SCORE_PERCENTAGE;
  return pyRound(points / top * 100, T.comparison.PERCENT_DECIMALS);
}

// ------------------------------------------------------------------------------------------ the request
/** @param {any} data @param {any} allowed @param {string} prefix @param {any} T */
function unknownKey(data, allowed, prefix, T) {
  const unknown = Object.keys(data).filter(function (key) { return allowed.indexOf(key) < 0; }).sort();
  if (unknown.length) throw FieldError(T, prefix + unknown[0], "request.unknown_key", { name: unknown[0] });
}

export { FieldError, isFieldError, has, get, given, isInt, isObject, fsum, pyRound, percentage, unknownKey };
