// 裁判助手 — the call pad: calls by tapping, not typing (issue 30). A reusable ES module for any page that takes a
// call: the appeal file's auction grid (pages/appeal.js), and the poll and the 12C2 builder.
//
// API (the whole of it):
//
//   (a page module imports createCallPad from this file; the static files' manifest reads import lines even in
//   comments, so none is written here)
//   const pad = createCallPad(container, { onCall: (call) => …, labels: { pass: "不叫" } });
//   pad.setLegal(new Set(["Pass", "1H", …]));  // enable only these (engine/deal.js legalCalls); null: all
//   pad.destroy();                             // remove the buttons
//
// Calls are given in their one form: "1C" … "7NT", "Pass", "X", "XX" (bridge/appeal_file.py parse_call). The pad
// is a grid of real <button>s (48 px targets, keyboard and screen-reader usable): a row per level 1–7 of ♣ ♦ ♥ ♠ NT,
// then Pass, X, XX. It draws nothing else and keeps no auction: the page owns the auction and says what is legal.

const STRAINS = ["C", "D", "H", "S", "NT"];
/** @type {Record<string, string>} */
const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };

/** @param {string} call a call in its one form @param {{pass?: string}} labels @returns {string} */
export function callLabel(call, labels = {}) {
  if (call === "Pass") return labels.pass || "Pass";
  if (call === "X" || call === "XX") return call;
  return call[0] + (SYMBOL[call.slice(1)] || call.slice(1));
}

/**
 * Draw a call pad into ``container``.
 * @param {HTMLElement} container
 * @param {{onCall: (call: string) => void, labels?: {pass?: string}}} options
 * @returns {{setLegal: (legal: Set<string> | null) => void, destroy: () => void, element: HTMLElement}}
 */
export function createCallPad(container, options) {
  const labels = options.labels || {};
  const pad = document.createElement("div");
  pad.className = "call-pad";
  pad.setAttribute("role", "group");
  /** @type {HTMLButtonElement[]} */
  const buttons = [];

  /** @param {string} call @param {HTMLElement} row */
  function button(call, row) {
    const node = document.createElement("button");
    node.type = "button";
    node.className = "call call-" + (call.length > 1 && /\d/.test(call[0]) ? call.slice(1).toLowerCase() : call.toLowerCase());
    node.setAttribute("data-call", call);
    node.textContent = callLabel(call, labels);
    node.addEventListener("click", function () {
      if (!node.disabled) options.onCall(call);
    });
    buttons.push(node);
    row.appendChild(node);
  }

  for (let level = 1; level <= 7; level++) {
    const row = document.createElement("div");
    row.className = "call-row";
    for (const strain of STRAINS) button(level + strain, row);
    pad.appendChild(row);
  }
  const last = document.createElement("div");
  last.className = "call-row call-row-other";
  for (const call of ["Pass", "X", "XX"]) button(call, last);
  pad.appendChild(last);
  container.appendChild(pad);

  return {
    element: pad,
    setLegal(legal) {
      for (const node of buttons) node.disabled = legal !== null && !legal.has(node.getAttribute("data-call") || "");
    },
    destroy() {
      pad.remove();
    },
  };
}
