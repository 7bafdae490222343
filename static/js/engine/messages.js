// 裁判助手 — the one error vocabulary in the browser: bridge.errors.Message.format, for the offline pages.
//
// The server ships every message of the rules core (bridge.messages.CATALOG) in /offline/tables.json as
// messages: {code: {en, zh}}. An error here is a code and its params, as a bridge.errors.FieldError is, and this
// file says it in a language: Chinese for a language starting "zh" (zh-hans), English otherwise, as the server
// decides. The templates are Python str.format strings; this implements exactly the forms the catalogue uses,
// {name} (Python's str()), {name!r} (Python's repr()) and {name:g}, plus {{ and }}, and refuses any other, so a
// new form in the catalogue fails the tests (tests/js/messages.test.js formats every message in both languages
// against the golden file Python writes, tests/golden/messages.json) rather than reading wrong. An ES module with no DOM (static/js/engine/: it runs in a page, a worker and Node).

/** @param {any} object @param {string} name */
function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
/** @param {number} n */
function pad2(n) { return (n < 10 ? "0" : "") + n; }

// --------------------------------------------------------------------------------------------- repr()
// Python prints a character str.isprintable() refuses (controls, format characters, separators but the
// space, unassigned code points) as an escape.
const UNPRINTABLE = /[\p{C}\p{Z}]/u;
/** @param {string} ch */
function escapeChar(ch) {
  const code = /** @type {number} */ (ch.codePointAt(0));
  const hex = code.toString(16);
  if (code < 0x100) return "\\x" + ("0" + hex).slice(-2);
  if (code < 0x10000) return "\\u" + ("000" + hex).slice(-4);
  return "\\U" + ("0000000" + hex).slice(-8);
}
/** @param {any} value */
function reprString(value) {
  const quote = value.indexOf("'") >= 0 && value.indexOf('"') < 0 ? '"' : "'";
  let body = "";
  Array.from(value).forEach(function (ch) {
    if (ch === "\\") body += "\\\\";
    else if (ch === "\n") body += "\\n";
    else if (ch === "\r") body += "\\r";
    else if (ch === "\t") body += "\\t";
    else if (ch === quote) body += "\\" + ch;
    else if (ch !== " " && UNPRINTABLE.test(ch)) body += escapeChar(ch);
    else body += ch;
  });
  return quote + body + quote;
}
// A JSON number has lost Python's int/float distinction: a whole number prints as an int (what the
// address text and the JSON the API reads give), any other as a float.
/** @param {any} value */
function reprNumber(value) {
  if (isNaN(value)) return "nan";
  if (!isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  // Both print the shortest digits that read back; Python switches to an exponent below 1e-4 (1e-05).
  const exp = /** @type {RegExpExecArray} */ (/^(-?[\d.]+)e([+-])(\d+)$/.exec(value.toExponential()));
  if (exp[2] === "-" && Number(exp[3]) > 4) return exp[1] + "e-" + pad2(Number(exp[3]));
  return String(value);
}
// Python's repr() of the values params can hold (JSON values), so messages read exactly like the server's.
/** @param {any} value @returns {string} */
function repr(value) {
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? reprNumber(value.value) + ".0" : reprNumber(value.value);
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return reprNumber(value);
  if (typeof value === "string") return reprString(value);
  if (Array.isArray(value)) return "[" + value.map(repr).join(", ") + "]";
  if (typeof value === "object") {
    return "{" + Object.keys(value).map(function (k) { return repr(k) + ": " + repr(value[k]); }).join(", ") + "}";
  }
  return String(value);
}
// Python's str(): a str as it is, anything else as its repr() (so for numbers, bools, None and containers).
/** @param {any} value */
function pyStr(value) { return typeof value === "string" ? value : repr(value); }

// -------------------------------------------------------------------------------------- format(x, "g")
const G_PRECISION = 6; // Python's default precision for "g"

/** @param {number} x @param {number} precision */
function exponentDigits(x, precision) {
  const m = /** @type {RegExpExecArray} */ (/^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(x.toExponential(precision - 1)));
  return { digits: m[1] + (m[2] || ""), exponent: parseInt(m[3], 10) };
}

// x's significant digits rounded to `precision`, half to even as Python rounds. JavaScript rounds a tie up,
// so a tie (x exactly halfway: its whole decimal expansion is the kept digits and a 5) is looked for.
/** @param {number} x @param {number} precision */
function roundedDigits(x, precision) {
  const rounded = exponentDigits(x, precision);
  const longer = exponentDigits(x, precision + 1);
  const kept = longer.digits.slice(0, precision);
  if (longer.digits.charAt(precision) !== "5" || Number(kept.charAt(precision - 1)) % 2 === 1) return rounded;
  const scale = longer.exponent - precision; // x would be longer.digits × 10^scale exactly
  let exact;
  if (Number(longer.digits + "e" + scale) !== x) exact = false;
  else if (scale >= 0) exact = BigInt(x) === BigInt(longer.digits + "0".repeat(scale));
  else exact = Number(longer.digits) % Math.pow(5, -scale) === 0; // then it is a binary fraction, held exactly
  return exact ? { digits: kept, exponent: longer.exponent } : rounded;
}

/** @param {string} text */
function dropZeros(text) { return text.indexOf(".") < 0 ? text : text.replace(/0+$/, "").replace(/\.$/, ""); }

// format(value, "g"): six significant digits, trailing zeros dropped; an exponent below 1e-4 and from 1e6 on.
/** @param {number} value */
function formatG(value) {
  if (typeof value === "boolean") value = value ? 1 : 0;
  if (typeof value !== "number") throw new TypeError("format code 'g' needs a number, not " + repr(value));
  if (isNaN(value)) return "nan";
  if (!isFinite(value)) return value > 0 ? "inf" : "-inf";
  const sign = value < 0 || (value === 0 && 1 / value < 0) ? "-" : "";
  const x = Math.abs(value);
  if (x === 0) return sign + "0";
  const r = roundedDigits(x, G_PRECISION);
  const digits = r.digits, exponent = r.exponent;
  if (exponent < -4 || exponent >= G_PRECISION) {
    const mantissa = dropZeros(digits.charAt(0) + "." + digits.slice(1));
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + pad2(Math.abs(exponent));
  }
  if (exponent >= 0) return sign + dropZeros(digits.slice(0, exponent + 1) + "." + digits.slice(exponent + 1));
  return sign + dropZeros("0." + "0".repeat(-exponent - 1) + digits);
}

// ------------------------------------------------------------------------------------------ str.format
const TOKEN = /\{\{|\}\}|\{([^{}]*)\}|[{}]/g;
const FIELD = /^([A-Za-z_][A-Za-z0-9_]*)(?:!(r))?(?::(g))?$/;

// template.format(**params) for the forms above; anything else is an error, as is a missing parameter.
/** @param {string} template @param {any} params */
function format(template, params) {
  return template.replace(TOKEN, function (/** @type {string} */ whole, /** @type {string | undefined} */ inner) {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    const field = inner === undefined ? null : FIELD.exec(inner);
    if (!field || (field[2] && field[3])) {
      throw new Error("unsupported placeholder " + whole + " in " + JSON.stringify(template));
    }
    if (!params || !has(params, field[1])) {
      throw new Error("no parameter " + field[1] + " for " + JSON.stringify(template));
    }
    const value = params[field[1]];
    if (field[3]) return formatG(value);
    return field[2] ? repr(value) : pyStr(value);
  });
}

// bridge.errors.Message.format: the message `code` of `messages` ({code: {en, zh}}, the catalogue in
// /offline/tables.json) in `language`, its placeholders filled from `params`. A code the catalogue lacks
// (a copy of the tables older than the page's script) reads as the code and its params, not as nothing.
/** @param {any} messages @param {string} code @param {any} params @param {string} language */
function text(messages, code, params, language) {
  params = params || {};
  if (!messages || !has(messages, code)) return code + " " + JSON.stringify(params);
  const message = messages[code];
  /** @type {Record<string, any>} */
  const shownParams = {};
  Object.keys(params).forEach(function (name) { shownParams[name] = shown(name, params[name]); });
  return format(String(language || "").toLowerCase().indexOf("zh") === 0 ? message.zh : message.en, shownParams);
}

// bridge.errors._shown: a message echoes what the user typed by its first ECHO_CHARACTERS characters (a
// 5,000-digit number: security review N1); the field it names and the values it lists stay whole. The two numbers
// are bridge/tables.py ECHO_CHARACTERS and bridge/errors.py NOT_ECHOED (the golden files hold them equal).
const ECHO_CHARACTERS = 40;
const NOT_ECHOED = ["name", "allowed"];
/** @param {string} name @param {any} value */
function shown(name, value) {
  if (NOT_ECHOED.indexOf(name) < 0 && typeof value === "string") {
    const characters = Array.from(value);  // Python's len() and slices count code points
    if (characters.length > ECHO_CHARACTERS) return characters.slice(0, ECHO_CHARACTERS).join("") + "\u2026";
  }
  return value;
}

// ------------------------------------------------------------------------------- fields by their labels
// core.field_labels.field_label: what a page calls `field` (an API key, maybe nested: "EW.tricks",
// "outcomes[2].weight"), read part by part from `known` ({key: label}); null when it knows no part of it.
/** @param {string} field @param {any} known */
function fieldLabel(field, known) {
  if (!field) return null;
  if (has(known, field)) return known[field];
  let found = false;
  const parts = String(field).split(".").map(function (part) {
    const indexed = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]$/.exec(part);
    const name = indexed ? indexed[1] : part, suffix = indexed ? " " + (Number(indexed[2]) + 1) : "";
    if (has(known, name)) { found = true; return known[name] + suffix; }
    return part;
  });
  return found ? parts.join(" \u00b7 ") : null;
}

// core.errors.error_text: the error's message in `language`, with the field its `name` parameter names said
// by its label and (on a Chinese page) any known key the message writes in Latin letters said by its label.
const JOINS = /[\u3400-\u9fff\u201d\uff09]$/;
const KEY = /(?<![A-Za-z0-9_.[])([a-z][a-z0-9_]*)(?![A-Za-z0-9_])( (?=[\u3400-\u9fff\u201c]))?/g;
/** @param {any} language */
function chinese(language) { return String(language || "").toLowerCase().indexOf("zh") === 0; }
/** @param {any} messages @param {any} error @param {any} known @param {any} language */
function labelledText(messages, error, known, language) {
  let params = error.params || {};
  const label = typeof params.name === "string" ? fieldLabel(params.name, known) : null;
  if (label !== null) params = Object.assign({}, params, { name: label });
  let said = text(messages, error.code, params, language);
  if (!chinese(language)) return said;
  if (label !== null && JOINS.test(label)) said = said.split(label + " ").join(label);
  return said.replace(KEY, function (/** @type {any} */ whole, /** @type {string} */ key, /** @type {any} */ space) {
    if (!has(known, key)) return whole;
    return JOINS.test(known[key]) ? known[key] : known[key] + (space || "");
  });
}

// core.errors.error_context: what an error notice shows — the message, and the field's label for its
// heading, left out (null) when the message already says it.
/** @param {any} messages @param {any} error @param {any} known @param {string | null} language */
function errorParts(messages, error, known, language) {
  const message = labelledText(messages, error, known, language);
  const name = error.field ? (fieldLabel(error.field, known) || error.field) : null;
  return { message: message, label: name && message.indexOf(name) < 0 ? name : null };
}

// The general labels of the tables ({zh: {...}, en: {...}}) in `language`; none from an older copy.
/** @param {any} tables @param {string} language */
function labelsFor(tables, language) {
  const all = (tables && tables.field_labels) || {};
  return all[chinese(language) ? "zh" : "en"] || {};
}

// A number that is a float in Python (float("120") prints 120.0), which JSON numbers cannot say.
export class PyFloat {
  /** @param {number} value */
  constructor(value) { this.value = value; }
}

export { text, fieldLabel, labelledText, errorParts, labelsFor, format, repr, pyStr as str, formatG };
