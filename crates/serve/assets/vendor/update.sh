#!/bin/sh
# Refreshes the vendored cubing.js player (and the parts of three.js it
# loads) from the npm registry. Run from this folder:
#
#     sh update.sh 0.63.4
#
# It installs `cubing@VERSION` in a scratch folder, follows every static and
# dynamic `import` from `cubing/twisty` (relative paths, `cubing/*` and
# `three/src/*`), and copies exactly the files reached, unchanged, to
# cubing/ and three/ here, with the licences. Then update README.md (the
# versions and the size) and `IMPORTS` in crates/serve/src/page.rs if the
# bare imports changed (the script prints them), and run the browser test.
set -eu
version=${1:?give the cubing version, e.g. 0.63.4}
here=$(pwd)
scratch=$(mktemp -d)
cd "$scratch"
npm init -y >/dev/null
npm install --ignore-scripts --no-audit --no-fund "cubing@$version" >/dev/null
cat > closure.mjs <<'JS'
import fs from "fs";
import path from "path";
const root = path.resolve("node_modules");
const out = process.argv[2];
// `from "x"`, `import "x"`, `import("x")`, minified or not.
const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)(["'`])([^"'`\s]+)\1/g;
function bare(spec) {
  if (spec.startsWith("cubing/")) return path.join(root, "cubing/dist/lib/cubing", spec.slice(7), "index.js");
  if (spec.startsWith("three/src/")) return path.join(root, "three", spec.slice(6));
  return null;
}
const seen = new Set();
const specs = new Set();
const queue = [path.join(root, "cubing/dist/lib/cubing/twisty/index.js")];
while (queue.length) {
  const f = queue.pop();
  if (seen.has(f)) continue;
  seen.add(f);
  for (const m of fs.readFileSync(f, "utf8").matchAll(re)) {
    const s = m[2];
    const t = s.startsWith(".") ? path.resolve(path.dirname(f), s) : bare(s);
    if (!s.startsWith(".") && t) specs.add(s.startsWith("three/") ? "three/src/" : s);
    if (t && t.endsWith(".js") && fs.existsSync(t)) queue.push(t);
  }
}
let total = 0;
for (const f of seen) {
  const rel = path.relative(root, f).replace(/^cubing\/dist\/lib\/cubing\//, "cubing/");
  fs.mkdirSync(path.join(out, path.dirname(rel)), { recursive: true });
  fs.copyFileSync(f, path.join(out, rel));
  total += fs.statSync(f).size;
}
console.log(seen.size + " files, " + total + " bytes; bare imports: " + [...specs].sort().join(" "));
JS
rm -rf "$here/cubing" "$here/three"
node closure.mjs "$here"
cp node_modules/three/LICENSE "$here/three/LICENSE"
# cubing's package has no licence file: it is "MPL-2.0 OR GPL-3.0-or-later"
# (its package.json); the texts are the standard ones.
cp /usr/share/common-licenses/MPL-2.0 "$here/cubing/LICENSE-MPL-2.0"
cp /usr/share/common-licenses/GPL-3 "$here/cubing/LICENSE-GPL-3.0"
node -e 'for (const p of ["cubing", "three"]) { const j = require("./node_modules/" + p + "/package.json"); console.log(p, j.version, j.license); }'
cd "$here"
rm -rf "$scratch"
