// cubist's page: every action is one call of the HTTP API (docs/serve.md),
// whose answer is the command's --json document; pictures are cubist's own
// SVGs (the `svg` field asked for with ?svg=true), and cubing.js's
// <twisty-player> for the twisty puzzles it knows (vendored, served by
// cubist under /vendor/). Plain JavaScript, no build step, nothing loaded
// from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);

// ---- talking to the server ------------------------------------------------

// POSTs `body` (or GETs when it is null) to /api/v1/<path>; resolves to the
// document, or throws an Error carrying the error document's message.
async function api(path, body, query) {
  const url = "/api/v1/" + path + (query ? "?" + query : "");
  const init = body === null ? { method: "GET" } : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(url, init);
  const doc = await res.json();
  if (!res.ok || doc.error) {
    throw new Error(doc.error ? fieldLabel(doc.error) : "HTTP " + res.status);
  }
  return doc;
}

// The page's name for a request field that an error names (the API names
// the field, e.g. "alg: column 5: ..."; the page says "Moves: ...").
const FIELD_LABELS = { alg: "Moves", scramble: "Moves", target: "Target", cubes: "Cubes", set: "Cubes" };

function fieldLabel(error) {
  const label = FIELD_LABELS[error.file];
  if (label && error.message.startsWith(error.file + ":")) return label + error.message.slice(error.file.length);
  return error.message;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function showError(el, e) {
  el.innerHTML = '<div class="error">' + esc(e.message) + "</div>";
}

// Runs `action` for a button: shows errors in `out`, and records on `out`
// the time from the click to the result drawn (data-ms), which the browser
// test reads.
function on(id, out, action) {
  $(id).addEventListener("click", async () => {
    const t0 = performance.now();
    const el = $(out);
    el.removeAttribute("data-ms");
    try {
      await action(el);
    } catch (e) {
      showError(el, e);
    }
    el.dataset.ms = (performance.now() - t0).toFixed(1);
  });
}

// Starts a job and follows it: a progress bar from the server-sent
// events, a cancel button, then `done(doc)` with the report's document.
async function runJob(path, body, query, box, done) {
  box.innerHTML = "starting…";
  let start;
  try {
    start = await api(path, body, "job=true" + (query ? "&" + query : ""));
  } catch (e) {
    showError(box, e);
    return;
  }
  box.innerHTML = '<progress max="1" value="0"></progress> <span class="phase">running</span> ' +
    '<button class="cancel">Cancel</button><div class="out"></div>';
  const bar = box.querySelector("progress"), phase = box.querySelector(".phase"), out = box.querySelector(".out");
  const events = new EventSource(start.events);
  box.querySelector(".cancel").onclick = () => fetch(start.cancel, { method: "POST" });
  events.addEventListener("progress", (ev) => {
    const p = JSON.parse(ev.data);
    if (!p) return;
    phase.textContent = p.phase + (p.total ? ": " + p.done + " / " + p.total : "");
    if (p.total) { bar.max = p.total; bar.value = p.done; } else { bar.removeAttribute("value"); }
  });
  events.addEventListener("done", (ev) => {
    events.close();
    bar.max = 1; bar.value = 1; phase.textContent = "done";
    box.querySelector(".cancel").remove();
    done(JSON.parse(ev.data), out);
  });
  events.addEventListener("failed", (ev) => {
    events.close();
    phase.textContent = "stopped";
    box.querySelector(".cancel").remove();
    showError(out, new Error(JSON.parse(ev.data).error.message));
  });
}

function jsonBlock(doc, title) {
  const copy = Object.assign({}, doc);
  delete copy.svg;
  return "<details><summary>" + esc(title || "the JSON document") + "</summary><pre>" +
    esc(JSON.stringify(copy, null, 2)) + "</pre></details>";
}

let examples = {};

// ---- stacking ---------------------------------------------------------------

function stackInit() {
  const sel = $("stack-example");
  for (const name of Object.keys(examples).filter((n) => n.endsWith(".cubes"))) {
    sel.add(new Option(name, name));
  }
  const load = () => { $("stack-set").value = examples[sel.value] || ""; };
  sel.addEventListener("change", load);
  sel.value = "instant-insanity.cubes";
  load();
  on("stack-random", "stack-result", async (el) => {
    const doc = await api("stack/random", {
      cubes: +$("stack-n").value, seed: +$("stack-seed").value, planted: $("stack-planted").checked,
    });
    $("stack-set").value = "# random: " + doc.cubes.length + " cubes, seed " + $("stack-seed").value +
      "\n# F B L R T D\n" + doc.cubes.map((c) => c.join(" ")).join("\n") + "\n";
    el.innerHTML = "";
  });
  let asked = null;
  on("stack-solve", "stack-result", async (el) => {
    asked = { set: { name: "set", text: $("stack-set").value }, method: $("stack-method").value, explain: true };
    const doc = await api("stack/solve", asked, "svg=true&text=true");
    let h = '<p class="count" id="stack-count">';
    if (!doc.solved) h += "no solution: " + esc(doc.reason.text);
    else h += doc.count + (doc.count === 1 ? " solution" : " solutions") + " (up to the 8 symmetries of the tower)";
    h += '</p><p class="ms">' + doc.cube_count + " cubes, " + doc.colour_count + " colours; " + esc(doc.method) +
      " method, " + doc.time_ms.toFixed(3) + " ms, " + doc.stats.nodes + " nodes</p>";
    if (doc.distinct !== null) {
      h += '<table class="counts">' + [
        ["orientations", doc.orientations, "rotation tuples that solve the set"],
        ["patterns", doc.patterns, "distinct side arrays among them"],
        ["distinct", doc.distinct, "patterns up to the 8 symmetries of the tower"],
        ["mcdonnell", doc.mcdonnell, "McDonnell's J program's count"],
      ].map((r) => "<tr><td>" + r[0] + "</td><td>" + r[1] + "</td><td>" + r[2] + "</td></tr>").join("") + "</table>";
    }
    if (doc.svg) h += '<div class="picture" id="stack-picture">' + doc.svg + "</div>";
    if (doc.solutions.length > 1) h += '<p class="hint">Click a solution to draw it.</p>';
    h += '<div class="sols">' + doc.solutions.map((s, k) =>
      '<table class="sol" id="stack-sol-' + (k + 1) + '" data-k="' + (k + 1) + '"><tr><th>' + (k + 1) + "</th><th>F</th><th>B</th><th>L</th><th>R</th></tr>" +
      s.map((c, i) => "<tr><td>" + (i + 1) + "</td><td>" + [c.F, c.B, c.L, c.R].map(esc).join("</td><td>") + "</td></tr>").join("") +
      "</table>").join("") + "</div>";
    // The working as the terminal shows it: the text after its "search:" line.
    if (doc.explanation && doc.text) {
      const at = doc.text.indexOf("\nsearch:");
      const working = at < 0 ? doc.text : doc.text.slice(doc.text.indexOf("\n", at + 1) + 1);
      h += '<h4>The method\'s working</h4><pre id="stack-working">' + esc(working.trim()) + "</pre>";
    }
    h += jsonBlock(doc);
    el.innerHTML = h;
    for (const t of el.querySelectorAll("table.sol")) {
      t.addEventListener("click", async () => {
        try {
          const d = await api("stack/solve", asked, "svg=true&solution=" + t.dataset.k);
          $("stack-picture").innerHTML = d.svg;
          for (const u of el.querySelectorAll("table.sol")) u.classList.toggle("drawn", u === t);
        } catch (e) { showError(el, e); }
      });
    }
  });
  $("census-run").addEventListener("click", () => {
    runJob("stack/census", { colours: +$("census-k").value }, "svg=true", $("census-job"), (doc, out) => {
      out.innerHTML = '<p class="count">' + doc.set_count + " sets; " + doc.unique_count +
        " with exactly one solution; at most " + doc.max + " solutions</p>" + (doc.svg || "") + jsonBlock(doc);
    });
  });
}

// ---- target building -----------------------------------------------------------

async function targetInit() {
  const doc = await api("target/cubes", null, "svg=true");
  $("tableau-picture").innerHTML = doc.svg;
  const grid = $("tableau");
  const cells = {};
  for (const c of doc.cubes) cells[c.row * 6 + c.column] = c.name;
  for (let i = 0; i < 36; i++) {
    const b = document.createElement("button");
    if (cells[i]) {
      b.textContent = cells[i];
      b.id = "cube-" + cells[i];
      b.addEventListener("click", () => tableauClick(cells[i]));
    } else {
      b.className = "empty";
    }
    grid.appendChild(b);
  }
  const paint = () => {
    const target = $("target-target").value.trim();
    const chosen = new Set($("target-cubes").value.split(",").map((s) => s.trim()));
    for (const name of Object.values(cells)) {
      $("cube-" + name).className = name === target ? "target" : chosen.has(name) ? "chosen" : "";
    }
  };
  $("target-target").addEventListener("input", paint);
  $("target-cubes").addEventListener("input", paint);
  function tableauClick(name) {
    if ($("target-mode-target").checked) {
      $("target-target").value = name;
    } else {
      const list = $("target-cubes").value.split(",").map((s) => s.trim()).filter((s) => s);
      const at = list.indexOf(name);
      if (at >= 0) list.splice(at, 1); else list.push(name);
      $("target-cubes").value = list.join(",");
    }
    paint();
  }
  paint();
  on("target-solve", "target-result", async (el) => {
    const r = await api("target/solve", {
      target: $("target-target").value, cubes: $("target-cubes").value, interior: $("target-interior").checked,
    }, "svg=true");
    el.innerHTML = '<p class="count" id="target-count">' + (r.builds ? "builds " + esc(r.target) + ": solution number " + r.count
      : "does not build " + esc(r.target)) + "</p>" + '<div class="picture">' + (r.svg || "") + "</div>" + jsonBlock(r);
  });
  $("tcensus-run").addEventListener("click", () => {
    runJob("target/census", { census: $("tcensus-kind").value }, "svg=true", $("tcensus-job"), (doc, out) => {
      out.innerHTML = (doc.svg ? '<div class="picture">' + doc.svg + "</div>" : "") + jsonBlock(doc, "the tables (JSON)");
      out.querySelector("details").open = true;
    });
  });
}

// ---- placement -------------------------------------------------------------------

const cube36 = { k: 1, count: 0 };

async function cube36Show(el) {
  const doc = await api("place/cube36", null, "svg=true&solution=" + cube36.k);
  cube36.count = doc.count;
  $("cube36-index").textContent = doc.count ? "solution " + cube36.k + " of " + doc.count : "";
  const grid = doc.solutions[cube36.k - 1] || [];
  const sizes = doc.sizes[cube36.k - 1] || [];
  el.innerHTML = '<p class="count" id="cube36-count">' + doc.count + " solutions; " + doc.class_count +
    " up to the " + doc.order + " symmetries of the puzzle</p>" + '<div class="picture">' + (doc.svg || "") + "</div>" +
    '<pre id="cube36-grid">' + grid.map((row, r) => row.map((c, i) => c + sizes[r][i]).join(" ")).join("\n") + "</pre>";
}

function placeInit() {
  on("cube36-load", "cube36-result", (el) => { cube36.k = 1; return cube36Show(el); });
  on("cube36-next", "cube36-result", (el) => { cube36.k = cube36.k % Math.max(cube36.count, 1) + 1; return cube36Show(el); });
  on("cube36-prev", "cube36-result", (el) => {
    cube36.k = cube36.k > 1 ? cube36.k - 1 : Math.max(cube36.count, 1);
    return cube36Show(el);
  });
  on("latin-count", "latin-result", async (el) => {
    const doc = await api("place/latin", { n: +$("latin-n").value, sample: 1 });
    el.innerHTML = '<p class="count" id="latin-count-text">' + doc.count + " Latin squares of order " + doc.n + "</p>" +
      "<pre>" + doc.samples.map((s) => s.map((r) => r.join(" ")).join("\n")).join("\n\n") + "</pre>";
  });
  on("officers-run", "latin-result", async (el) => {
    const doc = await api("place/officers", { n: +$("latin-n").value }, "text=true");
    let h = '<p class="count" id="officers-text">' + (doc.exists ? "an orthogonal pair of order " + doc.n + " exists"
      : "no orthogonal pair of order " + doc.n) + "</p>";
    if (doc.squares) {
      h += "<pre>" + doc.squares[0].map((row, r) => row.map((a, c) => a + "" + doc.squares[1][r][c]).join(" ")).join("\n") + "</pre>";
    }
    // The proof that none exists (orders 2 and 6), as the terminal shows it.
    if (doc.certificate && doc.text) h += '<h4>The proof</h4><pre id="officers-certificate">' + esc(doc.text.trim()) + "</pre>";
    el.innerHTML = h + jsonBlock(doc);
  });
  const sel = $("dlx-example");
  for (const name of Object.keys(examples).filter((n) => n.endsWith(".dlx"))) sel.add(new Option(name, name));
  const load = () => { $("dlx-text").value = examples[sel.value] || ""; };
  sel.addEventListener("change", load);
  sel.value = "toy.dlx";
  load();
  $("dlx-file").addEventListener("change", async () => {
    const f = $("dlx-file").files[0];
    if (f) $("dlx-text").value = await f.text();
  });
  const dlx = (mode) => async (el) => {
    const name = $("dlx-file").files[0] ? $("dlx-file").files[0].name : sel.value || "problem.dlx";
    const doc = await api("exact", { file: { name, text: $("dlx-text").value }, mode });
    let h = '<p class="count" id="dlx-count-text">' + doc.count + (doc.count === 1 ? " solution" : " solutions") +
      " (" + doc.item_count + " items, " + doc.option_count + " options, " + doc.node_count + " nodes)</p>";
    if (doc.solutions) h += "<pre>" + doc.solutions.map((s, k) => "solution " + (k + 1) + ":\n  " + s.map(esc).join("\n  ")).join("\n") + "</pre>";
    el.innerHTML = h;
  };
  on("dlx-count", "dlx-result", dlx("count"));
  on("dlx-all", "dlx-result", dlx("all"));
}

// ---- cubist's 3D player --------------------------------------------------------

// cubist's own 3D view, for every built-in puzzle with a geometry that
// cubing.js's player does not show (and for all of them once the user has
// chosen colours). The server sends everything (twisty/apply with
// `player`): the stickers as polygons in space, the colours each shows in
// the state reached and after each move, and each move as an axis, an
// angle, the stickers that turn and the cut faces that close the inside
// the turn lays open. This code only projects the polygons facing the
// eye, farthest first, and rotates the turning ones while a move plays; a
// drag turns the view.
const solid = { data: null, step: 0, view: null, anim: null, canvas: null };

// Rotation matrices (rows), products and dot products.
function rotation(axis, angle) {
  const [x, y, z] = axis, c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c]];
}
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const times = (m, v) => m.map((r) => dot(r, v));
const product = (a, b) => a.map((r) => [0, 1, 2].map((j) => r[0] * b[0][j] + r[1] * b[1][j] + r[2] * b[2][j]));

// Shows `data` (twisty/apply's `player` field) in the player's box at step 0.
function solidShow(box, data) {
  if (!solid.view) solid.view = product(rotation([1, 0, 0], 0.45), rotation([0, 1, 0], -0.55));
  box.innerHTML = '<canvas id="twisty-solid" width="640" height="640"></canvas>';
  const canvas = box.querySelector("canvas");
  // The farthest corner from the centre sizes the picture.
  const radius = Math.max(...data.stickers.flatMap((st) => st.points.map((p) => Math.hypot(...p))));
  Object.assign(solid, { data, step: 0, anim: null, canvas, radius });
  canvas.dataset.stickers = data.stickers.length;
  let drag = null;
  canvas.addEventListener("pointerdown", (ev) => { drag = [ev.clientX, ev.clientY]; canvas.setPointerCapture(ev.pointerId); });
  canvas.addEventListener("pointerup", () => { drag = null; });
  canvas.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const [dx, dy] = [ev.clientX - drag[0], ev.clientY - drag[1]];
    drag = [ev.clientX, ev.clientY];
    solid.view = product(product(rotation([0, 1, 0], dx * 0.01), rotation([1, 0, 0], dy * 0.01)), solid.view);
    solidDraw();
  });
  solidDraw();
}

// Draws step `solid.step`, or the move being played (`solid.anim`: the
// colours of the step before it, the move's stickers turned by a part of
// its angle, and the inside the turn lays open: its cut faces, dark, the
// turning ones turned with the layer).
function solidDraw() {
  const { data, canvas, view, anim } = solid;
  const ctx = canvas.getContext("2d");
  const colours = data.states[anim ? anim.from : solid.step];
  const turning = anim ? new Set(anim.turn.stickers) : new Set();
  const spin = anim ? product(view, rotation(anim.turn.axis, anim.turn.angle * anim.part)) : view;
  // The eye at four radii from the centre; the nearest corner, magnified
  // most, just inside the canvas.
  const size = canvas.width, eye = 4 * solid.radius, scale = 0.92 * (size / 2) / (solid.radius * 4 / 3);
  const far = anim ? partDistance(anim.turn, view, eye) : () => 0;
  const shapes = [];
  // A polygon (corners and outward normal in space, turned by `m`) is drawn
  // only when it faces the eye, the eye on its outward side: the solid is
  // convex and, while a move plays, its parts are closed by their cut
  // faces, so every polygon seen from behind is hidden. A sticker has its
  // face's `colour`, a cut face none.
  const add = (points, normal, m, level, colour) => {
    const pts = points.map((p) => times(m, p));
    const n = times(m, normal);
    if (n[2] * eye <= dot(n, pts[0])) return;
    const depth = pts.reduce((a, p) => a + p[2], 0) / pts.length;
    shapes.push({ far: far(level), depth, cut: !colour, fill: colour ? shade(colour, 0.6 + 0.4 * n[2]) : "#222222",
      pts: pts.map(([x, y, z]) => [size / 2 + x * scale * eye / (eye - z), size / 2 - y * scale * eye / (eye - z)]) });
  };
  // A sticker's level along the axis: its corners' mean (it lies inside
  // one part); a cut face's: just behind it, in the part it closes.
  const axis = anim ? anim.turn.axis : [0, 0, 0];
  data.stickers.forEach((st, i) => {
    const level = st.points.reduce((a, p) => a + dot(p, axis), 0) / st.points.length;
    add(st.points, data.normals[st.face], turning.has(i) ? spin : view, level, data.colours[colours[i]]);
  });
  for (const c of anim ? anim.turn.cuts : []) {
    add(c.points, c.normal, c.turning ? spin : view, dot(c.points[0], axis) - 1e-3 * dot(c.normal, axis), null);
  }
  // The parts farthest from the eye first (see partDistance); within a
  // part, the polygons facing the eye do not overlap, and at rest the
  // whole solid is one part.
  shapes.sort((a, b) => b.far - a.far || a.depth - b.depth);
  ctx.clearRect(0, 0, size, size);
  ctx.lineJoin = "round";
  for (const sh of shapes) {
    ctx.beginPath();
    sh.pts.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.fillStyle = sh.fill;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "#111111";
    ctx.stroke();
  }
  canvas.dataset.step = solid.step;
  // How many cut faces this frame drew (0 at rest), for tests.
  canvas.dataset.cuts = shapes.filter((sh) => sh.cut).length;
}

// The order of the parts a turn separates. The turning layer and the rest
// are convex pieces of the solid between the turn's cut planes, which are
// perpendicular to the axis, so the turn keeps each piece between its
// planes. Seen from the eye, a piece may hide one farther along the axis
// but never one nearer, nor one on the eye's other side: drawing the
// pieces farthest from the eye's level first is exact, where comparing
// polygons' depths is not (a cut face spans the whole solid). Returns, for
// a level along the axis, how far the piece holding it lies from the eye's
// level (0 for the piece level with the eye).
function partDistance(turn, view, eye) {
  const planes = turn.cuts.filter((c) => c.turning).map((c) => dot(c.points[0], turn.axis)).sort((a, b) => a - b);
  // The eye, (0, 0, eye) in the view's frame, is `eye` times the view's
  // last row in the puzzle's.
  const at = eye * dot(view[2], turn.axis);
  return (level) => {
    const k = planes.filter((b) => b < level).length;
    const lo = k > 0 ? planes[k - 1] : -Infinity, hi = k < planes.length ? planes[k] : Infinity;
    return Math.max(lo - at, at - hi, 0);
  };
}

// A `#rrggbb` fill darkened by `k` (a sticker lit from the eye: the more
// it turns away, the darker).
function shade(hex, k) {
  const n = parseInt(hex.slice(1), 16);
  return "rgb(" + [16, 8, 0].map((b) => Math.round(((n >> b) & 255) * k)).join(",") + ")";
}

// Goes to step `k`: one move forwards or back is played, turning its
// stickers; a jump is shown at once.
function solidStep(k) {
  const { data } = solid;
  k = Math.max(0, Math.min(k, data.states.length - 1));
  const from = solid.step;
  const move = k === from + 1 ? from : k === from - 1 ? k : -1;
  solid.step = k;
  if (move < 0 || !data.turns[move]) {
    solid.anim = null;
    solidDraw();
    return Promise.resolve();
  }
  // Forwards: from the colours before the move, its part growing; back:
  // the same colours, its part shrinking.
  const forwards = k > from;
  const start = performance.now(), ms = 250;
  return new Promise((done) => {
    const frame = (now) => {
      const t = Math.min(1, (now - start) / ms);
      if (t >= 1 || solid.data !== data) {
        solid.anim = null;
        if (solid.data === data) solidDraw();
        done();
        return;
      }
      solid.anim = { from: move, turn: data.turns[move], part: forwards ? t : 1 - t };
      solidDraw();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

// ---- twisty puzzles ----------------------------------------------------------------

// The solution shown (`solution`, its moves; `alg`, its text), the state it
// starts from, the step reached, the solved state's text, the playing timer,
// each built-in puzzle's pad from `twisty list`, and the keys of the pad
// shown (key -> move).
const tw = { solution: [], all: [], alg: "", scramble: "", step: 0, solved: null, timer: null, pads: {}, keys: {}, entries: {} };

// What a link to the page asked for (`#twisty?puzzle=...&moves=...&alg=...`),
// read before the tab's address replaces it.
let shared = null;

// cubing.js's player. It is used for the built-in puzzles that cubing.js
// knows under the same name with the same move names: the NxNxN cubes up to
// 7x7x7, the pyraminx, and the skewb while its moves are the WCA's letters
// (cubist also reads its corners by name; cubing.js does not; cubist's
// megaminx has cubing.js's face names and moves, but its Pochmann scrambles turn
// the whole puzzle, which this check, made in place, does not follow). That the moves also turn
// the same way is checked on every solution: cubing.js's own model of the
// puzzle must be solved by the scramble followed by cubist's solution;
// when it is not (and for .tws puzzles) the page shows cubist's pictures.
const CUBING_PUZZLES = new Set(["2x2x2", "3x3x3", "4x4x4", "5x5x5", "6x6x6", "7x7x7", "pyraminx", "skewb"]);
// The moves cubing.js reads where cubist reads more.
const CUBING_TOKENS = { skewb: /^[RULB]'?$/ };
let cubingModules = null;
const disagrees = new Set();

// The modules, loaded once, on first use.
function cubing() {
  if (!cubingModules) {
    cubingModules = Promise.all([import("cubing/twisty"), import("cubing/puzzles")])
      .then(([twisty, puzzles]) => ({ twisty, puzzles }));
  }
  return cubingModules;
}

// The puzzle's cubing.js name, or null when the player is not used: for
// these algs, whose moves cubing.js must read.
function cubingId(...algs) {
  const name = $("twisty-puzzle").value;
  if ($("twisty-use-tws").checked || !CUBING_PUZZLES.has(name) || disagrees.has(name) || scheme()) return null;
  const reads = CUBING_TOKENS[name];
  if (reads && !algs.join(" ").split(/\s+/).filter(Boolean).every((t) => reads.test(t))) return null;
  return name;
}

// Shows the state `setup` reaches and `alg` to play from it in the player:
// cubing.js's for the puzzles it knows, else in 3D cubist's own
// (solidShow), else cubist's picture. Returns cubing.js's player, if used.
async function showPlayer(setup, alg) {
  const box = $("twisty-player-box");
  const id = cubingId(setup, alg);
  solid.data = null;
  if (id === null) {
    box.innerHTML = "";
    const data = $("twisty-view").value === "2D" ? null : await solidData(setup, alg);
    $("twisty-picture").hidden = data !== null;
    if (data) {
      solidShow(box, data);
      $("twisty-faces").textContent = "faces: " + data.faces.join(" ");
    }
    return null;
  }
  $("twisty-picture").hidden = true;
  const { twisty } = await cubing();
  let player = box.querySelector("twisty-player");
  const view = $("twisty-view").value;
  if (!player || player.getAttribute("puzzle") !== id || player.dataset.view !== view) {
    box.innerHTML = "";
    player = new twisty.TwistyPlayer({ puzzle: id, visualization: view, background: "none", hintFacelets: "none", viewerLink: "none" });
    player.setAttribute("puzzle", id);
    player.dataset.view = view;
    box.appendChild(player);
  }
  player.experimentalSetupAlg = setup;
  player.alg = alg;
  // Attributes too, for whoever reads the page (and the browser test).
  player.setAttribute("experimental-setup-alg", setup);
  player.setAttribute("alg", alg);
  player.timestamp = "start";
  return player;
}

// The 3D player's data for `alg` played from the state `setup` reaches, or
// null when the server has none (no geometry: the Clock, Square-1, a .tws
// definition; too many stickers): the picture is shown instead.
async function solidData(setup, alg) {
  try {
    const body = { puzzle: puzzleRef(), alg: setup, player: alg.split(/\s+/).filter(Boolean) };
    if (scheme()) body.colours = scheme();
    return (await api("twisty/apply", body)).player;
  } catch (e) {
    return null;
  }
}

// The user's colours for the puzzle chosen (`U=white,F=green`), kept in
// the browser per puzzle.
function scheme() {
  return $("twisty-use-tws").checked ? "" : $("twisty-colours").value.trim();
}

function schemeKey() {
  return "cubist-colours:" + $("twisty-puzzle").value;
}

function loadScheme() {
  let saved = "";
  try { saved = localStorage.getItem(schemeKey()) || ""; } catch (e) { /* storage off: no scheme kept */ }
  $("twisty-colours").value = saved;
  $("twisty-faces").textContent = "";
}

// Whether cubing.js's model of puzzle `id` is solved by `setup` then `alg`:
// solved as cubing.js judges it (identical centres of the big cubes may be
// swapped), or, for puzzles it has no such judgement for (the pyraminx),
// back in the starting pattern exactly.
async function cubingSolves(id, setup, alg) {
  const { puzzles } = await cubing();
  let pattern;
  try {
    const kpuzzle = await puzzles.puzzles[id].kpuzzle();
    pattern = kpuzzle.defaultPattern().applyAlg(setup).applyAlg(alg);
  } catch (e) {
    return false;
  }
  try {
    return pattern.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true });
  } catch (e) {
    return pattern.isIdentical(pattern.kpuzzle.defaultPattern());
  }
}

// Moves the player to the start of move `k` of its alg (k = length: the end).
async function playerStep(k) {
  if (solid.data) return solidStep(k);
  const player = $("twisty-player-box").querySelector("twisty-player");
  if (!player) return;
  if (k >= tw.solution.length) {
    player.timestamp = "end";
    return;
  }
  const indexer = await player.experimentalModel.indexer.get();
  player.timestamp = indexer.indexToMoveStartTimestamp(k);
}

function puzzleRef() {
  if ($("twisty-use-tws").checked) return { file: { name: "pasted.tws", text: $("twisty-tws").value } };
  return { builtin: $("twisty-puzzle").value };
}

// Draws the state `alg` reaches; returns the apply document.
async function drawState(alg) {
  const body = { puzzle: puzzleRef(), alg };
  if (scheme()) body.colours = scheme();
  const doc = await api("twisty/apply", body, "svg=true");
  $("twisty-picture").innerHTML = doc.svg || "";
  return doc;
}

// Draws the state the moves typed reach, in the player or as cubist's
// picture, forgetting the solution.
async function drawMoves() {
  tw.solution = []; tw.alg = ""; tw.step = 0; stepText();
  const doc = await drawState($("twisty-moves").value);
  await showPlayer($("twisty-moves").value, "");
  return doc;
}

// A button's (or a key's) move: added to the moves typed, the state drawn.
async function addMove(m) {
  $("twisty-moves").value = ($("twisty-moves").value + " " + m).trim();
  // Cleared now, not once drawn: what a later click shows meanwhile stays.
  $("twisty-result").innerHTML = "";
  try {
    await drawMoves();
  } catch (e) { showError($("twisty-result"), e); }
}

// The move pad: the built-in puzzle's rows from `twisty list` (a cube's
// half turns, wide turns, slices and rotations, the Clock's pins, ...), or
// each generator and its inverse (a .tws puzzle, or one without a pad).
async function twistyMoves() {
  let rows = $("twisty-use-tws").checked ? null : tw.pads[$("twisty-puzzle").value];
  if (!rows) {
    const doc = await api("twisty/analyze", { puzzle: puzzleRef() });
    rows = [{ label: "moves", moves: doc.generators.flatMap((g) => [{ move: g }, { move: g + "'" }]) }];
  }
  const box = $("twisty-buttons");
  box.innerHTML = "";
  tw.keys = {};
  for (const row of rows) {
    const line = document.createElement("div");
    line.className = "pad-row";
    const label = document.createElement("span");
    label.className = "pad-label";
    label.textContent = row.label;
    line.appendChild(label);
    const buttons = document.createElement("div");
    buttons.className = "pad-moves";
    // A little space between groups: a move, its inverse and its double
    // (R R' R2, UR1+ UR1-) stand together.
    let group = null;
    for (const k of row.moves) {
      const b = document.createElement("button");
      b.textContent = k.move;
      const base = k.move.replace(/(['2]|[0-9][+-])$/, "");
      if (base !== group) b.className = "first";
      group = base;
      if (k.key) {
        b.title = "key " + k.key;
        tw.keys[k.key] = k.move;
      }
      b.addEventListener("click", () => addMove(k.move));
      buttons.appendChild(b);
    }
    line.appendChild(buttons);
    box.appendChild(line);
  }
  $("twisty-keys").hidden = Object.keys(tw.keys).length === 0;
}

// Keys turn the puzzle while the twisty tab is shown and no text field has
// the focus (the pad says which key makes which move).
function onKey(ev) {
  if (!$("twisty").classList.contains("active") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t && (["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName) || t.isContentEditable)) return;
  const m = tw.keys[ev.key];
  if (!m) return;
  ev.preventDefault();
  addMove(m);
}

// The solution as moves to click, the ones done greyed, the next marked.
function solutionHtml() {
  return tw.solution.map((m, k) => '<span class="mv" data-k="' + (k + 1) + '">' + esc(m) + "</span>").join(" ");
}

function stepText() {
  $("twisty-step").textContent = tw.solution.length ? "step " + tw.step + " of " + tw.solution.length : "";
  for (const sp of document.querySelectorAll("#twisty-solution .mv")) {
    const k = +sp.dataset.k - 1;
    sp.classList.toggle("done", k < tw.step);
    sp.classList.toggle("next", k === tw.step);
  }
}

// Shows step `tw.step` of the solution on cubist's picture (which says
// whether the puzzle is solved) and, unless the player is playing the
// whole solution itself, in the player.
async function showStep(movePlayer = true) {
  stepText();
  if (movePlayer) await playerStep(tw.step);
  const doc = await drawState((tw.scramble + " " + tw.solution.slice(0, tw.step).join(" ")).trim());
  const solved = doc.states[0].state === tw.solved;
  $("twisty-picture").dataset.solved = solved ? "yes" : "no";
  return solved;
}

// Shows `alg` as the solution of the state the moves typed reach, in the
// player and as moves to step through; `about` is the line under it.
async function showSolution(alg, moves, about) {
  tw.scramble = $("twisty-moves").value;
  tw.alg = alg; tw.solution = moves; tw.step = 0;
  await showPlayer(tw.scramble, alg);
  $("twisty-result").innerHTML = '<p class="alg" id="twisty-solution">' + (moves.length ? solutionHtml() : "already solved") +
    "</p>" + about;
  stepText();
}

// This state (and its solution, when one is shown) as a link to the page.
function shareLink() {
  const q = new URLSearchParams();
  if (!$("twisty-use-tws").checked) q.set("puzzle", $("twisty-puzzle").value);
  q.set("moves", $("twisty-moves").value);
  if (tw.solution.length) q.set("alg", tw.alg);
  return location.href.split("#")[0] + "#twisty?" + q.toString();
}

// Opens what a link asked for: the puzzle, the moves, and an alg to play
// from there, which the page checks (does it solve the state?).
async function openShared() {
  const sel = $("twisty-puzzle");
  const puzzle = shared.get("puzzle");
  if (puzzle && [...sel.options].some((o) => o.value === puzzle)) sel.value = puzzle;
  loadScheme();
  $("twisty-moves").value = shared.get("moves") || "";
  await resetTwisty();
  const alg = (shared.get("alg") || "").trim();
  if (!alg) return;
  const moves = alg.split(/\s+/);
  const end = await api("twisty/apply", { puzzle: puzzleRef(), alg: ($("twisty-moves").value + " " + alg).trim() });
  const solves = end.states[0].state === tw.solved;
  await showSolution(alg, moves, '<p class="ms">from the link: ' + moves.length + " moves; " +
    (solves ? "solves the state (checked)" : "does not solve the state") + "</p>");
}

// Starts the twisty tab afresh for the puzzle chosen.
async function resetTwisty() {
  tw.solution = []; tw.step = 0; stepText();
  $("twisty-result").innerHTML = ""; $("twisty-analysis").innerHTML = "";
  try {
    await twistyMoves();
    tw.solved = (await drawState("")).states[0].state;
    await drawMoves();
  } catch (e) { showError($("twisty-result"), e); }
}

// The built-in puzzle chosen, as `twisty/list` gave it; null while a
// pasted definition is used.
function builtIn() {
  return $("twisty-use-tws").checked ? null : tw.entries[$("twisty-puzzle").value];
}

// The target and steps fields, shown for the puzzles that take them
// (`twisty/list` says which), the target's suggestions its named targets.
function targetFields() {
  const p = builtIn();
  const targets = p ? p.targets : [];
  const list = $("twisty-targets");
  list.innerHTML = "";
  for (const t of targets) list.append(new Option(t.about, t.name));
  $("twisty-target-box").hidden = targets.length === 0;
  $("twisty-steps-box").hidden = !(p && p.steps);
  if (!targets.some((t) => t.name === $("twisty-target").value)) $("twisty-target").value = "";
  allFields();
}

// The boxes for every optimal solution, shown where `twisty solve` takes
// `all` (`twisty/list` says for which puzzles) with the optimal method;
// "up to symmetry" once "all optimal" is ticked.
function allFields() {
  const p = builtIn();
  $("twisty-all-box").hidden = !(p && p.all && $("twisty-method").value === "optimal");
  $("twisty-sym-box").hidden = $("twisty-all-box").hidden || !$("twisty-all").checked;
}

// Every optimal solution of a state (`all`): how many, as the terminal
// says it, and each one a link that puts it in the player.
function allHtml(s) {
  const plural = s.solution_count === 1 ? "" : "s";
  const sym = s.symmetries > 1 ? ", " + s.symmetric_count + " up to the state's " + s.symmetries + " symmetries" : "";
  const some = s.solutions.length < s.solution_count ? ": one of each listed" : "";
  const items = s.solutions.map((x, i) => '<li><a href="#" class="pick" data-i="' + i + '">' +
    (x.alg ? esc(x.alg) : "already solved") + "</a></li>").join("");
  return '<p class="ms" id="twisty-all-count">' + s.solution_count + " optimal solution" + plural + " (" +
    s.distinct_count + " up to the order of commuting turns" + sym + ")" + some + "</p>" +
    '<ol id="twisty-all-list">' + items + "</ol>";
}

async function twistyInit() {
  const list = await api("twisty/list", null);
  const sel = $("twisty-puzzle");
  for (const p of list.puzzles) {
    sel.add(new Option(p.name + " — " + p.about, p.name));
    if (p.pad) tw.pads[p.name] = p.pad;
    tw.entries[p.name] = p;
  }
  sel.value = "3x3x3";
  targetFields();
  sel.addEventListener("change", () => { $("twisty-moves").value = ""; loadScheme(); targetFields(); resetTwisty(); });
  $("twisty-method").addEventListener("change", allFields);
  $("twisty-all").addEventListener("change", allFields);
  loadScheme();
  // A scheme typed is kept for the puzzle and shown at once, solution and
  // step kept, like another view.
  $("twisty-colours").addEventListener("change", async () => {
    try { localStorage.setItem(schemeKey(), scheme()); } catch (e) { /* storage off */ }
    try {
      if (tw.solution.length) {
        await showStep(false);
        await showPlayer(tw.scramble, tw.alg);
        await playerStep(tw.step);
      } else {
        await drawMoves();
      }
    } catch (e) { showError($("twisty-result"), e); }
  });
  $("twisty-use-tws").addEventListener("change", () => { $("twisty-moves").value = ""; targetFields(); resetTwisty(); });
  document.addEventListener("keydown", onKey);
  // Another view of the same puzzle keeps the solution and the step.
  $("twisty-view").addEventListener("change", async () => {
    try {
      if (tw.solution.length) {
        await showPlayer(tw.scramble, tw.alg);
        await playerStep(tw.step);
      } else {
        await drawMoves();
      }
    } catch (e) { showError($("twisty-result"), e); }
  });
  on("twisty-apply", "twisty-result", async (el) => { await drawMoves(); el.innerHTML = ""; });
  on("twisty-reset", "twisty-result", async (el) => { $("twisty-moves").value = ""; await drawMoves(); el.innerHTML = ""; });
  on("twisty-scramble", "twisty-result", async (el) => {
    const doc = await api("twisty/scramble", { puzzle: puzzleRef(), seed: Math.floor(Math.random() * 1e9) });
    $("twisty-moves").value = doc.scrambles[0].alg;
    await drawMoves();
    el.innerHTML = "";
  });
  on("twisty-solve", "twisty-result", async () => {
    const asked = { puzzle: puzzleRef(), scramble: $("twisty-moves").value, method: $("twisty-method").value };
    // A target or steps only where the puzzle takes them (the fields are
    // hidden elsewhere).
    const target = $("twisty-target-box").hidden ? "" : $("twisty-target").value.trim();
    const steps = $("twisty-steps-box").hidden ? [] : $("twisty-steps").value.split(/[\s,]+/).filter(Boolean);
    if (target) asked.target = target;
    if (steps.length) asked.steps = steps;
    if (!$("twisty-all-box").hidden && $("twisty-all").checked) {
      asked.all = true;
      if ($("twisty-sym").checked) asked.up_to_symmetry = true;
    }
    const doc = await api("twisty/solve", asked);
    const s = doc.states[0];
    tw.all = s.solutions || [];
    // cubing.js checks a solution to solved; a pattern's answer leaves pieces to do.
    const id = target || steps.length ? null : cubingId($("twisty-moves").value, s.alg);
    if (id !== null && !(await cubingSolves(id, $("twisty-moves").value, s.alg))) disagrees.add(id);
    // Why a search was slow or short of its best, as the terminal says it.
    const warnings = (doc.warnings || []).map((w) => '<p class="hint warning">' + esc(w) + "</p>").join("");
    const to = doc.target ? " to " + esc(doc.target) : "";
    const bySteps = (s.steps || []).map((st) => "<li>" + esc(st.step) + " (" + esc(st.axis) + "): " +
      (st.length ? esc(st.alg) : "nothing to do") + " — " + st.length + (st.length === 1 ? " move" : " moves") + (st.optimal ? ", optimal" : "") + "</li>").join("");
    await showSolution(s.alg, s.moves, '<p class="ms">' + s.length + " moves" + to + " (" + doc.metric + "), " + esc(doc.method) +
      " method" + (s.optimal ? ", optimal" : "") + ", verified, " + s.time_ms.toFixed(1) + " ms</p>" +
      (bySteps ? '<ol id="twisty-steps-list">' + bySteps + "</ol>" : "") + (s.solutions ? allHtml(s) : "") +
      warnings + jsonBlock(doc));
  });
  $("twisty-result").addEventListener("click", async (ev) => {
    // One of every optimal solution: into the player, from its start.
    const pick = ev.target.closest("#twisty-all-list .pick");
    if (pick) {
      ev.preventDefault();
      const x = tw.all[+pick.dataset.i];
      tw.alg = x.alg; tw.solution = x.moves; tw.step = 0;
      try {
        await showPlayer(tw.scramble, x.alg);
        $("twisty-solution").innerHTML = x.moves.length ? solutionHtml() : "already solved";
        for (const a of document.querySelectorAll("#twisty-all-list .pick")) a.classList.toggle("chosen", a === pick);
        stepText();
      } catch (e) { showError($("twisty-result"), e); }
      return;
    }
    const mv = ev.target.closest("#twisty-solution .mv");
    if (!mv) return;
    tw.step = +mv.dataset.k;
    try { await showStep(); } catch (e) { showError($("twisty-result"), e); }
  });
  on("twisty-step-next", "twisty-result", async () => {
    if (tw.step < tw.solution.length) tw.step++;
    await showStep();
  });
  on("twisty-step-prev", "twisty-result", async () => {
    if (tw.step > 0) tw.step--;
    await showStep();
  });
  $("twisty-play").addEventListener("click", async () => {
    if (tw.timer) return;
    tw.step = 0;
    tw.timer = true;
    const player = $("twisty-player-box").querySelector("twisty-player");
    if (player) { player.timestamp = "start"; player.play(); }
    try {
      while (tw.step <= tw.solution.length) {
        await showStep(player === null);
        await new Promise((r) => setTimeout(r, 400));
        tw.step++;
      }
      tw.step = tw.solution.length;
    } catch (e) { showError($("twisty-result"), e); }
    tw.timer = null;
  });
  $("twisty-link").addEventListener("click", async () => {
    const link = shareLink();
    history.replaceState(null, "", link);
    const box = $("twisty-link-text");
    box.value = link;
    box.hidden = false;
    box.select();
    try { await navigator.clipboard.writeText(link); } catch (e) { /* the field shows it to copy */ }
  });
  on("twisty-analyze", "twisty-analysis", async (el) => {
    const doc = await api("twisty/analyze", { puzzle: puzzleRef() });
    el.innerHTML = '<p class="count" id="twisty-order">group order ' + esc(doc.order) + "</p>" +
      "<p>generators: " + doc.generators.map(esc).join(" ") + "</p>" + jsonBlock(doc, "the analysis (JSON)");
  });
  $("god-run").addEventListener("click", () => {
    runJob("twisty/god", { puzzle: puzzleRef() }, "", $("god-job"), (doc, out) => {
      out.innerHTML = '<p class="count">' + doc.count + " positions; God's number " + (doc.distribution.length - 1) +
        "</p><pre>" + doc.distribution.map((n, d) => "distance " + d + ": " + n).join("\n") + "</pre>";
    });
  });
  if (shared) await openShared(); else await resetTwisty();
}

// ---- the tabs --------------------------------------------------------------------

function showTab(name) {
  for (const s of document.querySelectorAll(".family")) s.classList.toggle("active", s.id === name);
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
  history.replaceState(null, "", "#" + name);
}

async function main() {
  for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => showTab(t.dataset.tab));
  const [tab, query] = location.hash.slice(1).split("?");
  if (tab === "twisty" && query) shared = new URLSearchParams(query);
  showTab(["stack", "target", "place", "twisty"].includes(tab) ? tab : "stack");
  examples = await (await fetch("/examples.json")).json();
  stackInit();
  placeInit();
  await Promise.all([targetInit(), twistyInit()]);
  document.body.dataset.ready = "yes";
}

main();
