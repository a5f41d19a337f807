// The page of `sanma serve` (docs/serve.md). It builds one hand entry in the record's own form
// ({"riichi": [...], "win": {...}}), has the server check it (POST /api/check: the value, the
// payments, or keep's refusal) before it is saved (POST /api/hands), and follows the record by
// asking GET /api/match every two seconds (an unchanged record answers 304).
"use strict";
const CFG = JSON.parse(document.getElementById("config").textContent);
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const KINDS = ["win", "draw", "abort", "nagashi", "chombo"];

let match = null;   // GET /api/match: what `sanma settle RECORD --json` prints
let etag = null;    // the record as this page last read it
let note = "";      // the last answer: saved, taken back, refused
let checked = "";   // what /api/check said of the entry as it stands
let checking = 0;
let confirmUndo = false;

function newWin() {
  return {winner: null, from: null, tsumo: false, mode: "value", han: null, fu: null, limit: null, yakuman: 1,
          hand: [], melds: [], meld: null, target: "hand", dora: [], ura: [], nuki: 0, flags: [], chips: 0,
          liable: null};
}
function fresh() {
  return {kind: "win", riichi: [], wins: [newWin()], tenpai: [], abort: CFG.aborts[0], nagashi: [], nagashiTenpai: [],
          chombo: null};
}
let S = fresh();

const toggle = (list, item) => list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

// ---- tiles: picked in order; the last concealed tile is the winning one (as `sanma hand` reads it)
function mpsz(tiles) {
  let out = "", run = "", suit = "";
  for (const t of tiles) {
    if (t[1] !== suit && run) { out += run + suit; run = ""; }
    run += t[0]; suit = t[1];
  }
  return run ? out + run + suit : out;
}
function handText(w) {
  const melds = w.melds.map((m) => (m.open ? "[" : "(") + mpsz(m.tiles) + (m.open ? "]" : ")"));
  if (w.meld) melds.push((w.meld.open ? "[" : "(") + mpsz(w.meld.tiles) + (w.meld.open ? "]" : ")"));
  return [mpsz(w.hand), ...melds].filter(Boolean).join(" ");
}
function tileLabel(t) {
  if (t[1] === "z") return ["E", "S", "W", "N", "Wh", "Gr", "Rd"][+t[0] - 1];
  return (t[0] === "0" ? "5" : t[0]) + t[1];
}
function tileButton(t, action, extra = "") {
  const red = t[0] === "0" ? " tile-red" : "";
  const title = t[0] === "0" ? `red five (${t})` : t;
  return `<button type="button" class="tile tile-${t[1]}${red}" data-a="${action}" data-v="${t}" ${extra}` +
         ` aria-label="${t}" title="${title}">${tileLabel(t)}</button>`;
}

// ---- the entry in the record's form, or what is still missing
function winEntry(w, i) {
  if (!w.winner) return {missing: i ? "Tap the second winner." : "Tap the winner."};
  const out = {winner: w.winner};
  if (i) out.from = S.wins[0].from;
  else if (w.tsumo) out.tsumo = true;
  else if (w.from) out.from = w.from;
  else return {missing: "Ron from whom, or tsumo?"};
  if (w.mode === "value") {
    if (w.han === null) return {missing: "Tap the han."};
    out.han = w.han;
    if (w.han < 5) {
      if (w.fu === null) return {missing: "Tap the fu."};
      out.fu = w.fu;
    }
  } else if (w.mode === "limit") {
    if (!w.limit) return {missing: "Tap the limit."};
    out.limit = w.limit;
    if (w.limit === "yakuman" && w.yakuman > 1) out.yakuman = w.yakuman;
  } else {
    if (!w.hand.length) return {missing: "Tap the tiles of the hand, the winning tile last."};
    out.hand = handText(w);
    if (w.dora.length) out.dora = mpsz(w.dora);
    if (w.ura.length) out.ura = mpsz(w.ura);
    if (w.nuki) out.nuki = w.nuki;
    for (const f of w.flags) out[f] = true;
  }
  if (CFG.chips && w.mode !== "tiles" && w.chips) out.chips = w.chips;
  if (w.liable) out.liable = w.liable;
  return {entry: out};
}
function entry() {
  const riichi = S.kind === "chombo" ? {} : (S.riichi.length ? {riichi: [...S.riichi]} : {});
  if (S.kind === "win") {
    const wins = [];
    for (const [i, w] of S.wins.entries()) {
      const got = winEntry(w, i);
      if (got.missing) return got;
      wins.push(got.entry);
    }
    return {entry: {...riichi, win: wins.length === 1 ? wins[0] : wins}};
  }
  if (S.kind === "draw") return {entry: {...riichi, draw: {tenpai: [...S.tenpai]}}};
  if (S.kind === "abort") return {entry: {...riichi, abort: S.abort}};
  if (S.kind === "nagashi") {
    if (!S.nagashi.length) return {missing: "Tap who made nagashi mangan."};
    const who = S.nagashi.length === 1 ? {player: S.nagashi[0]} : {players: [...S.nagashi]};
    return {entry: {...riichi, nagashi: {...who, ...(S.nagashiTenpai.length ? {tenpai: [...S.nagashiTenpai]} : {})}}};
  }
  if (!S.chombo) return {missing: "Tap who made the chombo."};
  return {entry: {chombo: {player: S.chombo}}};
}

// ---- drawing the entry panel
function choice(label, action, options, isOn, names = (o) => o) {
  return `<div class="row"><b>${esc(label)}</b>` + options.map((o) =>
    `<button type="button" data-a="${action}" data-v="${esc(o)}" class="${isOn(o) ? "on" : ""}" ` +
    `aria-pressed="${isOn(o)}">${esc(names(o))}</button>`).join("") + "</div>";
}
function winPanel(w, i) {
  const players = CFG.players;
  const p = `w${i}-`;
  let out = i ? `<div class="second"><b>Second ron</b> <button type="button" class="warn" data-a="w1-remove">` +
               `remove</button>` : "";
  const first = S.wins[0];
  out += choice(i ? "Second winner" : "Winner", p + "winner", players.filter((x) => !i || (x !== first.from && x !== first.winner)),
                (x) => w.winner === x);
  if (!i) {
    out += choice("From", p + "from", [...players.filter((x) => x !== w.winner), "tsumo"],
                  (x) => x === "tsumo" ? w.tsumo : w.from === x, (x) => x === "tsumo" ? "Tsumo" : x);
  }
  out += choice("Value", p + "mode", ["value", "limit", "tiles"], (m) => w.mode === m,
                (m) => ({value: "han / fu", limit: "limit", tiles: "tiles"}[m]));
  if (w.mode === "value") {
    out += choice("Han", p + "han", Array.from({length: 13}, (_, k) => String(k + 1)), (h) => w.han === +h);
    if (w.han === null || w.han < 5) out += choice("Fu", p + "fu", CFG.fu.map(String), (f) => w.fu === +f);
  } else if (w.mode === "limit") {
    out += choice("Limit", p + "limit", CFG.limits, (l) => w.limit === l);
    if (w.limit === "yakuman") out += choice("Yakuman", p + "yakuman", ["1", "2", "3"], (m) => w.yakuman === +m, (m) => "×" + m);
  } else {
    out += choice("Tiles for", p + "target", ["hand", "dora", "ura"], (t) => w.target === t,
                  (t) => ({hand: "the hand", dora: "dora indicators", ura: "ura indicators"}[t]));
    const picked = (list, where) => list.map((t, k) => tileButton(t, p + "unpick", `data-w="${where}" data-k="${k}"`)).join("");
    out += `<div class="row"><b>Hand (the winning tile last)</b><div class="picked" id="${p}hand">` + picked(w.hand, "hand") +
      w.melds.map((m, k) => `<span class="meld">${m.open ? "open" : "closed kan"}: ${esc(mpsz(m.tiles))} ` +
                  `<button type="button" data-a="${p}unmeld" data-k="${k}" aria-label="remove the set">×</button></span>`).join("") +
      (w.meld ? `<span class="meld">${w.meld.open ? "open" : "closed kan"}: ${esc(mpsz(w.meld.tiles))}…</span>` : "") +
      `</div><div class="notation">${esc(handText(w))}</div></div>`;
    if (w.dora.length) out += `<div class="row"><b>Dora indicators</b><div class="picked">${picked(w.dora, "dora")}</div></div>`;
    if (w.ura.length) out += `<div class="row"><b>Ura indicators</b><div class="picked">${picked(w.ura, "ura")}</div></div>`;
    out += `<div class="row tiles">` + [...CFG.tiles, ...CFG.red].map((t) => tileButton(t, p + "pick")).join("") + "</div>";
    out += `<div class="row"><button type="button" data-a="${p}meld" data-v="open" class="${w.meld && w.meld.open ? "on" : ""}">` +
      `${w.meld && w.meld.open ? "end the open set" : "open set [ ]"}</button>` +
      `<button type="button" data-a="${p}meld" data-v="kan" class="${w.meld && !w.meld.open ? "on" : ""}">` +
      `${w.meld && !w.meld.open ? "end the closed kan" : "closed kan ( )"}</button>` +
      `<button type="button" data-a="${p}clear">clear tiles</button></div>`;
    out += choice("Norths (nuki)", p + "nuki", ["0", "1", "2", "3", "4"], (n) => w.nuki === +n);
    out += choice("And", p + "flag", CFG.flags, (f) => w.flags.includes(f), (f) => f.replace("_", " "));
  }
  if (CFG.chips && w.mode !== "tiles") {
    out += `<div class="row"><b>Chips</b><input type="number" min="0" step="1" data-a="${p}chips" value="${w.chips}"` +
           ` aria-label="chips"></div>`;
  }
  if (CFG.pao && (w.mode === "tiles" || w.limit === "yakuman")) {
    out += choice("Liable (pao)", p + "liable", players.filter((x) => x !== w.winner), (x) => w.liable === x);
  }
  if (i) out += "</div>";
  return out;
}
function render() {
  const panel = $("entry");
  if (!match) { panel.innerHTML = "<p class='hint'>Reading the record…</p>"; return; }
  const players = CFG.players;
  let out = "";
  if (match.next) {
    const n = match.next;
    out += `<h2>Enter hand ${esc(n.round)}, honba ${n.honba}</h2>`;
    out += `<div class="row">` + KINDS.map((k) => `<button type="button" class="tab ${S.kind === k ? "on" : ""}" ` +
      `data-a="kind" data-v="${k}" aria-pressed="${S.kind === k}">${k}</button>`).join("") + "</div>";
    if (S.kind !== "chombo") out += choice("Riichi", "riichi", players, (x) => S.riichi.includes(x));
    if (S.kind === "win") {
      out += winPanel(S.wins[0], 0);
      if (S.wins.length > 1) out += winPanel(S.wins[1], 1);
      else if (!S.wins[0].tsumo && S.wins[0].from) {
        out += `<div class="row"><button type="button" data-a="double">+ a second ron on the same discard</button></div>`;
      }
    } else if (S.kind === "draw") {
      out += choice("Tenpai", "tenpai", players, (x) => S.tenpai.includes(x));
    } else if (S.kind === "abort") {
      out += choice("Abortive draw", "abort", CFG.aborts, (a) => S.abort === a);
    } else if (S.kind === "nagashi") {
      out += choice("Nagashi mangan (one or two)", "nagashi", players, (x) => S.nagashi.includes(x));
      out += choice("Tenpai", "ntenpai", players, (x) => S.nagashiTenpai.includes(x));
    } else {
      out += choice("Chombo by", "chombo", players, (x) => S.chombo === x);
    }
    out += `<div id="preview" aria-live="polite">${checked}</div>`;
    // an entry still missing a tap cannot be saved yet (the hint above says which); every refusal is the server's
    const ready = !entry().missing;
    out += `<div class="row"><button type="button" class="go" data-a="save"${ready ? "" : " disabled"}>Save the hand</button>` +
           `<button type="button" data-a="reset">clear</button></div>`;
  } else {
    out += `<h2>The match is over</h2><p>${esc(match.end_text || "")}</p>`;
  }
  if (match.ledger.length) {
    const last = match.ledger[match.ledger.length - 1];
    out += confirmUndo
      ? `<div class="row">Take back hand ${last.hand} (${esc(last.round)}: ${esc(last.what)})? ` +
        `<button type="button" class="warn" data-a="undo-yes">take it back</button>` +
        `<button type="button" data-a="undo-no">keep it</button></div>`
      : `<div class="row"><button type="button" data-a="undo">Undo the last hand</button></div>`;
  }
  out += `<p id="note">${note}</p>`;
  const scroll = window.scrollY;
  panel.innerHTML = out;
  window.scrollTo(0, scroll);
}
function renderMatch() {
  const n = match.next;
  $("next").textContent = n
    ? `Next: ${n.round}, honba ${n.honba}, dealer ${n.dealer}` + (n.sticks ? `, ${n.sticks} riichi stick(s) on the table.` : ".")
    : `The match is over after hand ${match.hands_played}: ${match.end_text}.`;
  const scores = n ? n.scores : Object.fromEntries(match.standings.map((s) => [s.player, s.score]));
  $("scores").innerHTML = CFG.players.map((p) => `<span>${esc(p)}${n ? " (" + n.seats[p] + ")" : ""} ` +
                                                  `<b>${scores[p]}</b></span>`).join("");
}

// ---- talking to the server
async function api(method, path, body, headers = {}) {
  const options = {method, headers: {...headers}, cache: "no-store"};
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  if (response.status !== 304) {
    const text = await response.text();
    data = text && (response.headers.get("content-type") || "").includes("json") ? JSON.parse(text) : text;
  }
  return {status: response.status, data, etag: response.headers.get("ETag")};
}
async function load(force = false) {
  let got;
  try {
    got = await api("GET", "/api/match", undefined, etag && !force ? {"If-None-Match": etag} : {});
  } catch (e) {
    $("status").textContent = "The server does not answer; trying again…";
    return;
  }
  if (got.status === 401) {
    $("status").textContent = "The server wants its token again: open the link it printed.";
    return;
  }
  if (got.status !== 200 && got.status !== 304) {
    $("status").textContent = `The server answered ${got.status}; trying again…`;
    return;
  }
  $("status").textContent = "";
  if (got.status === 304) return;
  await show(got.data, got.etag);
}
async function show(data, tag) {
  const changed = tag !== etag;
  match = data; etag = tag;
  renderMatch();
  if (changed) {
    const report = await api("GET", "/report");
    if (report.status === 200) $("report").innerHTML = report.data;
    check();
  }
  render();
}
let checkTimer = null;
function check() {
  clearTimeout(checkTimer);
  const got = entry();
  if (!match || !match.next) { checked = ""; return; }
  if (got.missing) { checked = `<p class="hint">${esc(got.missing)}</p>`; return; }
  const ticket = ++checking;
  checked = `<p class="hint">Checking…</p>`;
  checkTimer = setTimeout(async () => {
    const answer = await api("POST", "/api/check", got.entry).catch(() => null);
    if (ticket !== checking || !answer) return;
    if (answer.status === 200) {
      const a = answer.data;
      checked = `<pre class="value">${esc(a.text)}</pre>` +
        (a.explain.length ? "<ul>" + a.explain.map((l) => `<li>${esc(l)}</li>`).join("") + "</ul>" : "");
    } else {
      checked = `<p class="refused">refused: ${esc(answer.data.error)}</p>`;
    }
    const box = $("preview");
    if (box) box.innerHTML = checked;
  }, 150);
}
async function save() {
  const got = entry();
  if (got.missing) return;
  const answer = await api("POST", "/api/hands", got.entry, {"If-Match": etag});
  if (answer.status === 201) {
    const last = answer.data.ledger[answer.data.ledger.length - 1];
    note = `<span class="saved">Saved: hand ${last.hand} (${esc(last.round)}, honba ${last.honba}): ${esc(last.what)}</span>`;
    S = fresh(); checked = "";
    await show(answer.data, answer.etag);
  } else {
    note = `<span class="refused">refused: ${esc(answer.data.error)}</span>`;
    if (answer.status === 412 || answer.status === 409) await load(true);  // the record changed meanwhile
    render();
  }
}
async function undo() {
  const last = match.ledger[match.ledger.length - 1];
  const answer = await api("POST", "/api/undo", {}, {"If-Match": etag});  // a JSON body: no other page's form can send one
  confirmUndo = false;
  if (answer.status === 200) {
    note = `<span class="saved">hand ${last.hand} (${esc(last.round)}: ${esc(last.what)}) taken back</span>`;
    await show(answer.data, answer.etag);
  } else {
    note = `<span class="refused">refused: ${esc(answer.data.error)}</span>`;
    if (answer.status === 412 || answer.status === 409) await load(true);  // the record changed meanwhile
    render();
  }
}

// ---- taps
function onWin(i, what, value, target) {
  const w = S.wins[i];
  if (what === "winner") { w.winner = w.winner === value ? null : value; if (w.from === w.winner) w.from = null; if (w.liable === w.winner) w.liable = null; }
  else if (what === "from") {
    if (value === "tsumo") { w.tsumo = !w.tsumo; w.from = null; S.wins = [w]; }
    else { w.from = w.from === value ? null : value; w.tsumo = false; if (!w.from) S.wins = [w]; }
    if (S.wins[1] && (S.wins[1].winner === w.from || S.wins[1].winner === w.winner)) S.wins[1].winner = null;
  }
  else if (what === "mode") w.mode = value;
  else if (what === "han") { w.han = w.han === +value ? null : +value; }
  else if (what === "fu") w.fu = w.fu === +value ? null : +value;
  else if (what === "limit") w.limit = w.limit === value ? null : value;
  else if (what === "yakuman") w.yakuman = +value;
  else if (what === "target") w.target = value;
  else if (what === "pick") {
    if (w.target === "hand") (w.meld ? w.meld.tiles : w.hand).push(value);
    else w[w.target].push(value);
  }
  else if (what === "unpick") w[target.dataset.w].splice(+target.dataset.k, 1);
  else if (what === "meld") {
    const open = value === "open";
    if (w.meld) { if (w.meld.tiles.length) w.melds.push(w.meld); const same = w.meld.open === open; w.meld = same ? null : {open, tiles: []}; }
    else w.meld = {open, tiles: []};
  }
  else if (what === "unmeld") w.melds.splice(+target.dataset.k, 1);
  else if (what === "clear") { w.hand = []; w.melds = []; w.meld = null; w.dora = []; w.ura = []; }
  else if (what === "nuki") w.nuki = +value;
  else if (what === "flag") w.flags = toggle(w.flags, value);
  else if (what === "liable") w.liable = w.liable === value ? null : value;
  else if (what === "remove") S.wins = [S.wins[0]];
}
document.addEventListener("click", (event) => {
  const target = event.target.closest("button[data-a]");
  if (!target || !$("entry").contains(target)) return;
  const [a, v] = [target.dataset.a, target.dataset.v];
  note = "";  // the last answer gives way to what is tapped now
  if (a === "save") { save(); return; }
  if (a === "undo") { confirmUndo = true; render(); return; }
  if (a === "undo-no") { confirmUndo = false; render(); return; }
  if (a === "undo-yes") { undo(); return; }
  if (a === "kind") S.kind = v;
  else if (a === "riichi") S.riichi = toggle(S.riichi, v);
  else if (a === "tenpai") S.tenpai = toggle(S.tenpai, v);
  else if (a === "abort") S.abort = v;
  else if (a === "nagashi") S.nagashi = toggle(S.nagashi, v);
  else if (a === "ntenpai") S.nagashiTenpai = toggle(S.nagashiTenpai, v);
  else if (a === "chombo") S.chombo = S.chombo === v ? null : v;
  else if (a === "double") S.wins = [S.wins[0], newWin()];
  else if (a === "reset") S = fresh();
  else if (/^w[01]-/.test(a)) onWin(+a[1], a.slice(3), v, target);
  check();
  render();
});
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.dataset && /^w[01]-chips$/.test(input.dataset.a || "")) {
    S.wins[+input.dataset.a[1]].chips = Math.max(0, parseInt(input.value, 10) || 0);
    check();
    render();
  }
});

render();
load();
setInterval(load, 2000);
