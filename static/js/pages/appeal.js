// 裁判助手 — the appeal file's editor (issue 30): the four hands by a card picker (tap a seat, then suits and
// ranks; the last hand fills itself) or a PBN import, the auction by the call pad from the dealer (alerts, the
// explanation given, the tempo break), and the double-dummy aid; then the lead, the play and the results judged
// (pages/appeal-results.js) and the poll as evidence (pages/appeal-poll.js); saved to the record through the API.
//
// The checks are engine/deal.js's (the server's, tests/js/deals.test.js): the page never sends a deal or an
// auction the server would refuse for what the engine can see, and says why in the page's language
// (engine/messages.js with /offline/tables.json). The solver is the server's: offline the form keeps working and
// says the double-dummy table needs the network. The page is <div data-appeal-editor> (clubs/appeal_edit.html).

import * as Deal from "../engine/deal.js";
import * as Messages from "../engine/messages.js";
import { createCallPad, callLabel } from "./callpad.js";
import { el } from "./appeal-dom.js";
import { createResults } from "./appeal-results.js";
import { createPoll } from "./appeal-poll.js";

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const GRID_SEATS = ["W", "N", "E", "S"];

function start() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-appeal-editor]"));
  if (!root) return;
  const box = root;
  const data = (/** @type {string} */ name) => box.getAttribute("data-" + name) || "";
  const language = document.documentElement.getAttribute("lang") || "zh-hans";
  const initialNode = document.getElementById("appeal-file-data");
  const initial = initialNode ? JSON.parse(initialNode.textContent || "null") || {} : {};
  /** @type {any} */
  let tables = null;

  // --- state -------------------------------------------------------------------------------------------------
  /** @type {Record<string, string[]>} */
  const hands = { N: [], E: [], S: [], W: [] };
  let seat = "N";
  let dealer = data("dealer") || "N";
  let vulnerability = data("vulnerability") || "None";
  /** @type {{call: string, alert: boolean, explanation: string}[]} */
  let calls = [];
  /** @type {{call: number, seconds: number | null, status: string | null} | null} */
  let tempo = null;
  let version = Number(data("version"));

  if (initial.deal) {
    for (const s of Deal.SEATS) hands[s] = Deal.readHand(initial.deal.hands[s]);
    dealer = initial.deal.dealer;
    vulnerability = initial.deal.vulnerability;
  }
  if (initial.auction) {
    calls = initial.auction.calls.map((/** @type {any} */ c) => ({ ...c }));
    tempo = initial.auction.tempo;
  }

  // --- the page's parts --------------------------------------------------------------------------------------
  const status = el("p", { class: "appeal-status", role: "status", "aria-live": "polite" }, []);
  const seatTabs = el("div", { class: "seat-tabs", role: "tablist" }, []);
  const picker = el("div", { class: "card-picker" }, []);
  const handsView = el("div", { class: "hands-view" }, []);
  const grid = el("table", { class: "law-table auction-grid" }, []);
  const padBox = el("div", { class: "call-pad-box auction-pad" }, []);
  const callDetail = el("div", { class: "call-detail" }, []);
  const ddBox = el("div", { class: "dd-box" }, []);
  box.append(
    el("h2", {}, [data("label-hands")]), seatTabs, picker, handsView,
    el("h2", {}, [data("label-auction")]), grid, padBox, callDetail,
    el("h2", {}, [data("label-dd")]), ddBox, status,
  );
  const pad = createCallPad(padBox, { onCall: addCall, labels: { pass: data("label-pass") } });

  /** @param {string} text @param {boolean} [bad] */
  function say(text, bad = false) {
    status.textContent = text;
    status.classList.toggle("error", bad);
  }

  /** /offline/tables.json, fetched once (the service worker keeps it offline). */
  async function loadTables() {
    if (!tables) tables = await fetch(data("tables-url")).then((r) => r.json());
    return tables;
  }

  /** The engine's error in the page's language (tables.json holds the messages of bridge/messages). */
  async function sayError(/** @type {any} */ answer) {
    try {
      await loadTables();
    } catch (_) {
      say(answer.code, true);
      return;
    }
    say(Messages.text(tables.messages, answer.code, answer.params, language), true);
  }

  // --- the card picker ---------------------------------------------------------------------------------------
  function drawSeats() {
    seatTabs.replaceChildren(...Deal.SEATS.map((s) => {
      const tab = el("button", { type: "button", role: "tab", "aria-selected": String(s === seat), "data-seat": s },
        [data("label-seat-" + s) + " " + hands[s].length]);
      tab.addEventListener("click", () => { seat = s; drawAll(); });
      return tab;
    }));
  }

  function drawPicker() {
    const owner = new Map();
    for (const s of Deal.SEATS) for (const card of hands[s]) owner.set(card, s);
    picker.replaceChildren(...Deal.SUITS.map((suit) => el("div", { class: "picker-suit suit-" + suit.toLowerCase() }, [
      el("span", { class: "symbol" }, [SUIT_SYMBOL[/** @type {"S"|"H"|"D"|"C"} */ (suit)]]),
      ...Deal.RANKS.map((rank) => {
        const card = suit + rank;
        const held = owner.get(card);
        const node = /** @type {HTMLButtonElement} */ (el("button", {
          type: "button", class: "card", "data-card": card, "aria-pressed": String(held === seat),
        }, [rank]));
        node.disabled = held !== undefined && held !== seat;
        node.addEventListener("click", () => toggle(card));
        return node;
      }),
    ])));
  }

  /** @param {string} card */
  function toggle(card) {
    const hand = hands[seat];
    const at = hand.indexOf(card);
    if (at >= 0) hand.splice(at, 1);
    else if (hand.length < 13) hand.push(card);
    fillLast();
    drawAll();
  }

  /** The last hand fills itself once the other three hold 13 each. */
  function fillLast() {
    const short = Deal.SEATS.filter((s) => hands[s].length !== 13);
    if (short.length === 1 && hands[short[0]].length === 0) {
      const answer = Deal.checkDeal(handsText(short[0]));
      if (answer.status === "ok") hands[short[0]] = Deal.readHand(/** @type {any} */ (answer).hands[short[0]]);
    }
  }

  /** @param {string} [leaveOut] */
  function handsText(leaveOut) {
    /** @type {Record<string, string | null>} */
    const written = {};
    for (const s of Deal.SEATS) written[s] = s === leaveOut ? null : Deal.writeHand(hands[s]);
    return written;
  }

  function drawHands() {
    handsView.replaceChildren(...Deal.SEATS.map((s) => el("p", { class: "hand-line" }, [
      data("label-seat-" + s) + ": " + Deal.writeHand(hands[s]),
    ])));
  }

  // --- the auction -------------------------------------------------------------------------------------------
  /** @param {string} call */
  function addCall(call) {
    const answer = Deal.checkAuction([...calls.map((c) => c.call), call]);
    if (answer.status !== "ok") { sayError(answer); return; }
    calls.push({ call: call, alert: false, explanation: "" });
    drawAll();
  }

  function drawGrid() {
    const head = el("tr", {}, GRID_SEATS.map((s) => el("th", {}, [data("label-seat-" + s)])));
    /** @type {(HTMLElement | null)[]} */
    const cells = Array(GRID_SEATS.indexOf(dealer)).fill(null);
    calls.forEach((c, index) => {
      const cell = el("td", { "data-index": String(index), class: tempo && tempo.call === index ? "tempo" : "" }, [
        callLabel(c.call, { pass: data("label-pass") }) + (c.alert ? "*" : "") + (tempo && tempo.call === index ? " ⏸" : ""),
      ]);
      cell.addEventListener("click", () => drawDetail(index));
      cells.push(cell);
    });
    const rows = [];
    for (let i = 0; i < Math.max(cells.length, 1); i += 4) {
      const row = el("tr", {}, []);
      for (let j = i; j < i + 4; j++) row.appendChild(cells[j] || el("td", {}, []));
      rows.push(row);
    }
    grid.replaceChildren(el("thead", {}, [head]), el("tbody", {}, rows));
    pad.setLegal(Deal.legalCalls(calls.map((c) => c.call)));
  }

  /** The chosen call's alert, explanation and tempo break (tap a call in the grid). @param {number} index */
  function drawDetail(index) {
    const c = calls[index];
    if (!c) { callDetail.replaceChildren(); return; }
    const alert = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", "data-field": "alert" }, []));
    alert.checked = c.alert;
    alert.addEventListener("change", () => { c.alert = alert.checked; drawGrid(); });
    const explanation = /** @type {HTMLInputElement} */ (el("input", {
      type: "text", maxlength: "500", "data-field": "explanation", value: c.explanation,
    }, []));
    explanation.addEventListener("input", () => { c.explanation = explanation.value; });
    const seconds = /** @type {HTMLInputElement} */ (el("input", {
      type: "number", min: "0", max: "600", "data-field": "seconds",
      value: tempo && tempo.call === index && tempo.seconds !== null ? String(tempo.seconds) : "",
    }, []));
    const agreed = /** @type {HTMLSelectElement} */ (el("select", { "data-field": "status" }, [
      el("option", { value: "" }, ["—"]),
      el("option", { value: "agreed" }, [data("label-agreed")]),
      el("option", { value: "disputed" }, [data("label-disputed")]),
    ]));
    agreed.value = tempo && tempo.call === index && tempo.status ? tempo.status : "";
    const mark = el("button", { type: "button", "data-action": "tempo" }, [data("label-tempo")]);
    mark.addEventListener("click", () => {
      tempo = { call: index, seconds: seconds.value === "" ? null : Number(seconds.value), status: agreed.value || null };
      drawGrid();
    });
    const undo = el("button", { type: "button", "data-action": "undo" }, [data("label-undo")]);
    undo.addEventListener("click", () => {
      calls.pop();
      if (tempo && tempo.call >= calls.length) tempo = null;
      callDetail.replaceChildren();
      drawGrid();
    });
    callDetail.replaceChildren(
      el("p", {}, [callLabel(c.call, { pass: data("label-pass") })]),
      el("label", {}, [alert, " " + data("label-alert")]),
      el("label", {}, [data("label-explanation") + " ", explanation]),
      el("label", {}, [data("label-seconds") + " ", seconds]), agreed, mark,
      ...(index === calls.length - 1 ? [undo] : []),
    );
  }

  // --- PBN import, the double-dummy aid, saving --------------------------------------------------------------
  /** @param {string} url @param {string} method @param {any} body */
  async function send(url, method, body) {
    const token = /** @type {HTMLInputElement | null} */ (document.querySelector("[name=csrfmiddlewaretoken]"));
    const response = await fetch(url, {
      method: method,
      headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "", "Accept-Language": language },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    return { ok: response.ok, status: response.status, body: await response.json() };
  }

  const pbnText = /** @type {HTMLTextAreaElement} */ (el("textarea", { rows: "4", "data-field": "pbn" }, []));
  const pbnBoard = /** @type {HTMLInputElement} */ (el("input", { type: "number", min: "1", value: data("board"), "data-field": "pbn-board" }, []));
  const pbnButton = el("button", { type: "button", "data-action": "import" }, [data("label-import")]);
  pbnButton.addEventListener("click", async () => {
    try {
      const answer = await send(data("import-url"), "POST", { pbn: pbnText.value, board: Number(pbnBoard.value) || null });
      if (!answer.ok) { say(answer.body.error, true); return; }
      const deal = answer.body.deal || answer.body.boards[0];
      for (const s of Deal.SEATS) hands[s] = Deal.readHand(deal.hands[s]);
      dealer = deal.dealer;
      vulnerability = deal.vulnerability;
      say(data("label-imported"));
      drawAll();
    } catch (_) {
      say(data("label-offline"), true);
    }
  });
  box.insertBefore(el("details", { class: "pbn-import" }, [el("summary", {}, [data("label-import")]), pbnText, pbnBoard, pbnButton]), seatTabs);

  const ddButton = el("button", { type: "button", "data-action": "double-dummy" }, [data("label-dd-run")]);
  ddButton.addEventListener("click", async () => {
    const answer = Deal.checkDeal(handsText());
    if (answer.status !== "ok") { sayError(answer); return; }
    if (navigator.onLine === false) { ddBox.replaceChildren(el("p", {}, [data("label-offline")])); return; }
    ddBox.replaceChildren(el("p", { class: "pending", "data-pending": "" }, [data("label-pending")]));
    try {
      const solved = await send(data("dd-url"), "POST", { hands: handsText(), dealer: dealer, vulnerability: vulnerability });
      if (!solved.ok) { say(solved.body.error, true); ddBox.replaceChildren(); return; }
      drawDoubleDummy(solved.body);
    } catch (_) {
      ddBox.replaceChildren(el("p", {}, [data("label-offline")]));
    }
  });
  ddBox.before(ddButton);

  /** @param {any} solved */
  function drawDoubleDummy(solved) {
    const strains = ["C", "D", "H", "S", "NT"];
    ddBox.replaceChildren(
      el("p", { class: "aid" }, [language.startsWith("zh") ? solved.aid.zh : solved.aid.en]),
      el("table", { class: "law-table dd-table" }, [
        el("thead", {}, [el("tr", {}, [el("th", {}, []), ...strains.map((s) => el("th", {}, [callLabel("1" + s).slice(1)]))])]),
        el("tbody", {}, "NSEW".split("").map((s) => el("tr", {}, [
          el("th", {}, [data("label-seat-" + s)]), ...strains.map((st) => el("td", {}, [String(solved.tricks[s][st])])),
        ]))),
      ]),
      el("p", {}, [data("label-par") + " " + solved.par_score]),
    );
  }

  // --- the play, the results judged and the poll -------------------------------------------------------------
  const results = createResults(el("section", { class: "appeal-results-box" }, []), { data: data, initial: initial, tables: loadTables });
  const poll = createPoll(el("section", { class: "appeal-poll-box" }, []), {
    data: data, initial: initial, language: language,
    context: () => {
      const complete = Deal.checkDeal(handsText()).status === "ok";
      return {
        board: Number(data("board")), dealer: dealer, vulnerability: vulnerability,
        hands: complete ? /** @type {Record<string, string>} */ (handsText()) : null, calls: calls, tempo: tempo,
      };
    },
  });

  const save = el("button", { type: "button", class: "primary", "data-action": "save" }, [data("label-save")]);
  save.addEventListener("click", async () => {
    const file = { ...initial };
    const dealAnswer = Deal.checkDeal(handsText());
    const empty = Deal.SEATS.every((s) => hands[s].length === 0);
    if (!empty && dealAnswer.status !== "ok") { sayError(dealAnswer); return; }
    file.deal = empty ? null : { hands: handsText(), dealer: dealer, vulnerability: vulnerability, board: Number(data("board")) };
    file.auction = calls.length ? { calls: calls, tempo: tempo } : null;
    Object.assign(file, results.read());
    file.poll = poll.read();
    delete file.deal_board;
    try {
      const answer = await send(data("api-url"), "PUT", { version: version, file: stripComputed(file) });
      if (!answer.ok) { say(answer.body.error, true); return; }
      version = answer.body.version;
      results.show(answer.body.appeal_file);
      poll.show(answer.body.appeal_file, answer.body.poll_warning);
      say(data("label-saved"));
    } catch (_) {
      say(data("label-offline"), true);
    }
  });
  box.append(results.element, poll.element, save, status);

  /** The stored file's computed parts (scores, the poll's tally, the deal's PBN) are the server's to compute. @param {any} file */
  function stripComputed(file) {
    const out = { ...file };
    if (out.poll) { out.poll = { ...out.poll }; delete out.poll.tally; }
    if (out.table_result) { out.table_result = { ...out.table_result }; delete out.table_result.score_ns; }
    if (out.results) {
      out.results = out.results.map((/** @type {any} */ r) => { const row = { ...r }; delete row.score_ns; return row; });
    }
    return out;
  }

  function drawAll() {
    drawSeats();
    drawPicker();
    drawHands();
    drawGrid();
  }
  drawAll();
}

start();
