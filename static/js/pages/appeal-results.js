// 裁判助手 — the appeal editor's play and results (issue 30 items 2 and 5): the opening lead, the play that matters,
// the table result, and the possible results the director judged, each "likely" or "at all probable" for each side
// (Law 12C2). Scores are the server's: after saving, each row shows what bridge/appeal_file.py scored (North–South)
// and, beside the table result, the difference in IMPs by engine/calculators.js (tests/js/calculators.test.js).

import * as Calc from "../engine/calculators.js";
import { el, input, checkbox, select, signed } from "./appeal-dom.js";

/** @typedef {{contract: string, declarer: string, tricks: string}} Played */
/** @typedef {Played & {NS: {likely: boolean, at_all_probable: boolean}, EW: {likely: boolean, at_all_probable: boolean}}} Judged */

/** @param {any} stored @returns {Played} */
function played(stored) {
  return {
    contract: stored && stored.contract ? String(stored.contract) : "",
    declarer: stored && stored.declarer ? String(stored.declarer) : "",
    tricks: stored && stored.tricks !== null && stored.tricks !== undefined ? String(stored.tricks) : "",
  };
}

/** @param {Played} row */
function written(row) {
  const tricks = row.tricks.trim();
  return {
    contract: row.contract.trim(),
    declarer: row.declarer || null,
    tricks: tricks === "" ? null : /^\d+$/.test(tricks) ? Number(tricks) : tricks,
  };
}

/**
 * Draw the play and results into ``box``.
 * @param {HTMLElement} box
 * @param {{data: (name: string) => string, initial: any, tables: () => Promise<any>}} ctx
 */
export function createResults(box, ctx) {
  const data = ctx.data;
  let lead = ctx.initial.lead || "";
  let play = ctx.initial.play || "";
  const table = played(ctx.initial.table_result);
  /** @type {Judged[]} */
  let results = (ctx.initial.results || []).map((/** @type {any} */ r) => ({
    ...played(r),
    NS: { likely: !!(r.NS && r.NS.likely), at_all_probable: !!(r.NS && r.NS.at_all_probable) },
    EW: { likely: !!(r.EW && r.EW.likely), at_all_probable: !!(r.EW && r.EW.at_all_probable) },
  }));
  /** @type {any} the file as the server stored it (its scores) */
  let saved = ctx.initial;

  /** @type {[string, string][]} */
  const seats = [["", "—"], ...["N", "E", "S", "W"].map((s) => /** @type {[string, string]} */ ([s, data("label-seat-" + s)]))];

  /** @param {Played} row @param {string} where */
  function playedFields(row, where) {
    return [
      el("label", {}, [data("label-contract") + " ", input({ "data-field": where + ".contract", size: "5", placeholder: "4♠X" },
        row.contract, (v) => { row.contract = v; })]),
      el("label", {}, [data("label-declarer") + " ", select({ "data-field": where + ".declarer" }, seats, row.declarer,
        (v) => { row.declarer = v; })]),
      el("label", {}, [data("label-tricks") + " ", input({ "data-field": where + ".tricks", type: "number", min: "0", max: "13" },
        row.tricks, (v) => { row.tricks = v; })]),
    ];
  }

  const playBox = el("div", { class: "appeal-play" }, []);
  const resultsBox = el("div", { class: "appeal-results" }, []);
  box.append(el("h2", {}, [data("label-play")]), playBox, el("h2", {}, [data("label-results")]),
    el("p", { class: "hint" }, [data("label-results-hint")]), resultsBox);

  function drawPlay() {
    const leadInput = input({ "data-field": "lead", size: "4", placeholder: "♠A" }, lead, (v) => { lead = v; });
    const playText = /** @type {HTMLTextAreaElement} */ (el("textarea", { rows: "2", maxlength: "1000", "data-field": "play" }, []));
    playText.value = play;
    playText.addEventListener("input", () => { play = playText.value; });
    const score = saved && saved.table_result ? saved.table_result.score_ns : null;
    playBox.replaceChildren(
      el("label", {}, [data("label-lead") + " ", leadInput]),
      el("label", { class: "field" }, [data("label-play-text"), playText]),
      el("fieldset", { class: "table-result" }, [el("legend", {}, [data("label-table-result")]), ...playedFields(table, "table_result"),
        score === null || score === undefined ? null : el("output", { "data-score": "table" }, [data("label-ns") + " " + signed(score)])]),
    );
  }

  /** @param {number} index */
  async function scoreText(index) {
    const row = saved && saved.results ? saved.results[index] : null;
    if (!row || typeof row.score_ns !== "number") return "";
    let text = data("label-ns") + " " + signed(row.score_ns) + " / " + data("label-ew") + " " + signed(-row.score_ns);
    const atTable = saved.table_result ? saved.table_result.score_ns : null;
    if (typeof atTable === "number") {
      try {
        const tables = await ctx.tables();
        text += " · " + data("label-vs-table") + " " + signed(Calc.imps(row.score_ns - atTable, tables)) + " IMP";
      } catch (_) { /* offline without the tables: the scores alone */ }
    }
    return text;
  }

  function drawResults() {
    const rows = results.map((row, index) => {
      const where = "results[" + index + "]";
      /** @param {"NS" | "EW"} side */
      const judged = (side) => el("span", { class: "judged judged-" + side }, [
        data("label-side-" + side) + ": ",
        checkbox({ "data-field": where + "." + side + ".likely" }, row[side].likely, data("label-likely"), (v) => {
          row[side].likely = v;
          if (v) row[side].at_all_probable = true;  // what is likely is at all probable too
          drawResults();
        }),
        checkbox({ "data-field": where + "." + side + ".at_all_probable" }, row[side].at_all_probable, data("label-probable"), (v) => {
          row[side].at_all_probable = v || row[side].likely;
          drawResults();
        }),
      ]);
      const out = el("output", { "data-score": String(index) }, []);
      scoreText(index).then((text) => { out.textContent = text; });
      const remove = el("button", { type: "button", "data-action": "remove-result" }, [data("label-remove")]);
      remove.addEventListener("click", () => { results.splice(index, 1); saved = { ...saved, results: [] }; drawResults(); });
      return el("fieldset", { class: "result-row", "data-result": String(index) }, [
        ...playedFields(row, where), judged("NS"), judged("EW"), out, remove,
      ]);
    });
    const add = el("button", { type: "button", "data-action": "add-result" }, [data("label-add-result")]);
    add.addEventListener("click", () => {
      results.push({ ...played(null), NS: { likely: false, at_all_probable: false }, EW: { likely: false, at_all_probable: false } });
      drawResults();
    });
    resultsBox.replaceChildren(...rows, ...(results.length < 10 ? [add] : []));
  }

  drawPlay();
  drawResults();

  return {
    element: box,
    /** The file's lead, play, table result and results, as bridge/appeal_file.py reads them. */
    read() {
      return {
        lead: lead.trim() || null,
        play: play.trim(),
        table_result: table.contract.trim() ? written(table) : null,
        results: results.filter((r) => r.contract.trim()).map((r) => ({ ...written(r), NS: { ...r.NS }, EW: { ...r.EW } })),
      };
    },
    /** The file as the server stored it: show its scores. @param {any} file */
    show(file) {
      saved = file || {};
      results = results.filter((r) => r.contract.trim());
      drawPlay();
      drawResults();
    },
  };
}
