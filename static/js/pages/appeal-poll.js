// 裁判助手 — the appeal editor's player poll as evidence (issue 30 item 4; review J7): the kind of poll (a tempo break
// or misinformation), the standard of the players polled, the problem as put (drafted by engine/problem.js from the
// deal, auction and vulnerability, then editable), the action taken at the table, and each pollee: name, standard,
// call and the calls considered (both by the call pad, never typed), and what the break suggests to them. The
// count and its reading are the server's (bridge/appeal_file.py): after saving, the page shows them and warns when
// they disagree with the director's logical-alternative answer.

import { pollProblem } from "../engine/problem.js";
import { createCallPad, callLabel } from "./callpad.js";
import { el, input, select } from "./appeal-dom.js";

/** @typedef {{name: string, standard: string, call: string, considered: string[], suggests: string}} Pollee */

/**
 * Draw the poll into ``box``.
 * @param {HTMLElement} box
 * @param {{data: (name: string) => string, initial: any, language: string,
 *   context: () => {board: number, dealer: string, vulnerability: string, hands: Record<string, string> | null,
 *   calls: {call: string, alert: boolean, explanation: string}[], tempo: any}}} ctx
 */
export function createPoll(box, ctx) {
  const data = ctx.data;
  const stored = ctx.initial.poll || {};
  let mode = stored.mode || "ui";
  let standard = stored.standard || "";
  let problem = stored.problem || "";
  let action = stored.action || "";
  /** @type {Pollee[]} */
  const pollees = (stored.pollees || []).map((/** @type {any} */ p) => ({
    name: p.name || "", standard: p.standard || "", call: p.call || "", considered: [...(p.considered || [])], suggests: p.suggests || "",
  }));
  /** What the call pad writes: the action, a pollee's call, or a pollee's considered calls (a tap adds or removes). */
  /** @type {{kind: "action" | "call" | "considered", index: number}} */
  let target = { kind: "action", index: -1 };
  const pass = { pass: data("label-pass") };

  const head = el("div", { class: "poll-head" }, []);
  const problemText = /** @type {HTMLTextAreaElement} */ (el("textarea", { rows: "5", maxlength: "3000", "data-field": "poll.problem" }, []));
  problemText.value = problem;
  problemText.addEventListener("input", () => { problem = problemText.value; });
  const draft = el("button", { type: "button", "data-action": "draft-problem" }, [data("label-draft-problem")]);
  draft.addEventListener("click", () => {
    problem = pollProblem({ ...ctx.context(), mode: mode, language: ctx.language });
    problemText.value = problem;
  });
  const list = el("div", { class: "pollees" }, []);
  const targetLine = el("p", { class: "pad-target", "aria-live": "polite" }, []);
  const padBox = el("div", { class: "call-pad-box poll-pad" }, []);
  const reading = el("div", { class: "poll-reading", role: "status" }, []);
  box.append(
    el("h2", {}, [data("label-poll")]), head,
    el("label", { class: "field" }, [data("label-problem"), problemText]), draft,
    list, targetLine, padBox, reading,
  );
  const pad = createCallPad(padBox, { onCall: tap, labels: pass });

  /** @param {string} call */
  function tap(call) {
    if (target.kind === "action") action = call;
    else if (target.kind === "call") pollees[target.index].call = call;
    else {
      const considered = pollees[target.index].considered;
      const at = considered.indexOf(call);
      if (at >= 0) considered.splice(at, 1);
      else if (considered.length < 5) considered.push(call);
    }
    drawAll();
  }

  /** @param {"action" | "call" | "considered"} kind @param {number} index @param {string} text @param {string} field */
  function targetButton(kind, index, text, field) {
    const chosen = target.kind === kind && target.index === index;
    const node = el("button", { type: "button", class: "pad-target-button", "data-field": field, "aria-pressed": String(chosen) }, [text]);
    node.addEventListener("click", () => { target = { kind: kind, index: index }; drawAll(); });
    return node;
  }

  function drawHead() {
    head.replaceChildren(
      el("label", {}, [data("label-poll-mode") + " ", select({ "data-field": "poll.mode" },
        [["ui", data("label-mode-ui")], ["mi", data("label-mode-mi")]], mode, (v) => { mode = v; })]),
      el("label", {}, [data("label-standard") + " ", input({ "data-field": "poll.standard", maxlength: "100" }, standard, (v) => { standard = v; })]),
      el("span", {}, [data("label-action") + " ", targetButton("action", -1, action ? callLabel(action, pass) : "—", "poll.action")]),
    );
  }

  function drawPollees() {
    const rows = pollees.map((p, index) => {
      const where = "poll.pollees[" + index + "]";
      const considered = p.considered.length ? p.considered.map((c) => callLabel(c, pass)).join(" ") : "—";
      const remove = el("button", { type: "button", "data-action": "remove-pollee" }, [data("label-remove")]);
      remove.addEventListener("click", () => {
        pollees.splice(index, 1);
        target = { kind: "action", index: -1 };
        drawAll();
      });
      return el("fieldset", { class: "pollee", "data-pollee": String(index) }, [
        el("legend", {}, [data("label-pollee") + " " + (index + 1)]),
        el("label", {}, [data("label-name") + " ", input({ "data-field": where + ".name", maxlength: "100" }, p.name, (v) => { p.name = v; })]),
        el("label", {}, [data("label-standard") + " ", input({ "data-field": where + ".standard", maxlength: "100" }, p.standard, (v) => { p.standard = v; })]),
        el("span", {}, [data("label-call") + " ", targetButton("call", index, p.call ? callLabel(p.call, pass) : "—", where + ".call")]),
        el("span", {}, [data("label-considered") + " ", targetButton("considered", index, considered, where + ".considered")]),
        el("label", { class: "field" }, [data(mode === "mi" ? "label-suggests-mi" : "label-suggests"),
          input({ "data-field": where + ".suggests", maxlength: "500" }, p.suggests, (v) => { p.suggests = v; })]),
        remove,
      ]);
    });
    const add = el("button", { type: "button", "data-action": "add-pollee" }, [data("label-add-pollee")]);
    add.addEventListener("click", () => {
      pollees.push({ name: "", standard: standard, call: "", considered: [], suggests: "" });
      target = { kind: "call", index: pollees.length - 1 };
      drawAll();
    });
    list.replaceChildren(...rows, ...(pollees.length < 20 ? [add] : []));
    const who = target.kind === "action" ? data("label-action")
      : data("label-pollee") + " " + (target.index + 1) + " · " + data(target.kind === "call" ? "label-call" : "label-considered");
    targetLine.textContent = data("label-pad-writes") + " " + who;
  }

  /** The server's count of the saved poll and its warning. @param {any} poll @param {string | null} warning */
  function drawReading(poll, warning) {
    const tally = poll && poll.tally;
    const parts = [];
    if (tally && tally.reading) parts.push(el("p", { "data-reading": tally.reading }, [data("label-reading-" + tally.reading) || tally.reading]));
    if (warning) parts.push(el("p", { class: "warning", "data-warning": warning }, [data("label-warning-" + warning) || warning]));
    reading.replaceChildren(...parts);
  }

  function drawAll() {
    drawHead();
    drawPollees();
  }
  drawAll();
  drawReading(stored, data("poll-warning") || null);

  return {
    element: box,
    /** The poll as bridge/appeal_file.py reads it, or null when nothing was entered. */
    read() {
      const rows = pollees.filter((p) => p.name.trim() || p.call || p.suggests.trim());
      if (!rows.length && !problem.trim() && !standard.trim() && !action) return null;
      return {
        mode: mode,
        problem: problem,
        standard: standard,
        action: action || null,
        pollees: rows.map((p) => ({ ...p, call: p.call || null, considered: [...p.considered] })),
      };
    },
    /** After saving: the server's reading and warning. @param {any} file @param {string | null} warning */
    show(file, warning) {
      drawReading(file ? file.poll : null, warning);
    },
    pad: pad,
  };
}
