// 裁判助手 — the appeal editor's small DOM helpers, shared by pages/appeal.js, appeal-results.js and appeal-poll.js.

/**
 * An element with attributes and children (text or nodes; null is left out).
 * @param {string} tag @param {Record<string, string>} attrs @param {(Node | string | null)[]} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) {
    if (child !== null) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * A text or number input bound to ``get``/``set``.
 * @param {Record<string, string>} attrs @param {string} value @param {(value: string) => void} set
 * @returns {HTMLInputElement}
 */
export function input(attrs, value, set) {
  const node = /** @type {HTMLInputElement} */ (el("input", { type: "text", ...attrs }, []));
  node.value = value;
  node.addEventListener("input", () => set(node.value));
  return node;
}

/**
 * A checkbox bound to ``set``, in its label.
 * @param {Record<string, string>} attrs @param {boolean} checked @param {string} label
 * @param {(checked: boolean) => void} set
 */
export function checkbox(attrs, checked, label, set) {
  const node = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", ...attrs }, []));
  node.checked = checked;
  node.addEventListener("change", () => set(node.checked));
  return el("label", {}, [node, " " + label]);
}

/**
 * A select of ``options`` ([value, label]) bound to ``set``.
 * @param {Record<string, string>} attrs @param {[string, string][]} options @param {string} value
 * @param {(value: string) => void} set
 */
export function select(attrs, options, value, set) {
  const node = /** @type {HTMLSelectElement} */ (el("select", attrs, options.map(([v, label]) => el("option", { value: v }, [label]))));
  node.value = value;
  node.addEventListener("change", () => set(node.value));
  return node;
}

/** A score for a side, signed: "+420", "−50", "0". @param {number} value */
export function signed(value) {
  return value > 0 ? "+" + value : value < 0 ? "−" + Math.abs(value) : "0";
}
