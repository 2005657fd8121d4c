#!/usr/bin/env node
// Our PreparedEvaluator against the npm package `teenpattisolver`, on the same
// 22,100 three-card hands (every hand, in the benches' seeded shuffled order).
//
//   node benches/teenpattisolver/compare.js [ROUNDS]
//
// 1. Installs the package into a temporary folder (`npm install --prefix TMP
//    teenpattisolver`; removed at the end; nothing of it is kept in the repo).
// 2. Builds and runs `examples/prepared_eval.rs` (cargo, release) for the hands
//    and our strengths, and checks that both order every hand the same way:
//    classic (`scoreHandsNormal`) against our classic with a23=second, and
//    lowest (`scoreHandsLowest`) against our muflis with a23=second. The
//    package puts A-2-3 second (below A-K-Q, above K-Q-J), has no langdi and
//    ranks trio above pure sequence; with our default a23=highest the orders
//    differ on A-2-3 and A-K-Q sequences only, which the script also shows.
// 3. Times both on the classic hands in one run, ROUNDS (default 3) rounds,
//    each our criterion bench `cargo bench --bench eval -- prepared` run with
//    TEENPATTI_EVAL_RULES=a23=second, the rules checked (the `prepared/strength`
//    figure, read from criterion's estimates.json, / 22,100; the same hands in
//    the same order as here), then a node run (median of 3 passes after a
//    warm-up pass, timed around the loop only, so node's start-up and the
//    package's loading are excluded), and prints the medians and their ratio,
//    with the load average of each round. About a minute and a half.
"use strict";

const { execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const repo = path.resolve(__dirname, "..", "..");
const rounds = Number(process.argv[2] || 3);
const NODE_PASSES = 3;
// Our rule options matching the package's order (A-2-3 second).
const RULES = ["a23=second"];

function fail(message) {
  console.error(`compare: ${message}`);
  process.exit(1);
}

// --- the package -----------------------------------------------------------

function install(dir) {
  try {
    execFileSync("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "teenpattisolver"], {
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  } catch (e) {
    // npm's own error lines, without the stack trace.
    const out = `${e.stdout || ""}${e.stderr || ""}`
      .split("\n")
      .filter((l) => l.startsWith("npm error") && !/^npm error\s+at /.test(l))
      .slice(0, 12)
      .join("\n");
    fail(
      `cannot install the npm package teenpattisolver into ${dir}: ` +
        (e.code === "ENOENT" ? "npm is not on PATH" : `npm exited with status ${e.status}`) +
        (out ? `\n${out}` : ""),
    );
  }
  const dirOf = path.join(dir, "node_modules", "teenpattisolver");
  const version = JSON.parse(fs.readFileSync(path.join(dirOf, "package.json"), "utf8")).version;
  return { solver: require(dirOf), version };
}

// Card index (rank-major, (rank - 2) * 4 + suit, suits c d h s) to the
// package's two-letter form: As, Td, 2c.
const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const cardName = (i) => RANKS[i >> 2] + SUITS[i & 3];

// --- our side --------------------------------------------------------------

function targetDirectory() {
  const meta = execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return JSON.parse(meta).target_directory;
}

function buildExample() {
  try {
    execFileSync("cargo", ["bench", "--bench", "eval", "--no-run"], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
  } catch (e) {
    fail(`cargo bench --bench eval --no-run failed (status ${e.status})`);
  }
  let out;
  try {
    out = execFileSync(
      "cargo",
      ["build", "--release", "--example", "prepared_eval", "--message-format=json-render-diagnostics"],
      { cwd: repo, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", maxBuffer: 1 << 26 },
    );
  } catch (e) {
    fail(`cargo build --release --example prepared_eval failed (status ${e.status})`);
  }
  for (const line of out.split("\n")) {
    if (!line.startsWith("{")) continue;
    const m = JSON.parse(line);
    if (m.reason === "compiler-artifact" && m.target && m.target.name === "prepared_eval" && m.executable) {
      return m.executable;
    }
  }
  fail("cargo did not report the prepared_eval executable");
}

function ours(exe, options) {
  const out = execFileSync(exe, options, { encoding: "utf8", maxBuffer: 1 << 26 });
  const hands = [];
  const strength = [];
  for (const line of out.trim().split("\n")) {
    const [a, b, c, s] = line.split(" ").map(Number);
    hands.push([a, b, c]);
    strength.push(s);
  }
  return { hands, strength };
}

// Runs the criterion bench's `prepared` group and reads its figures (the
// slope estimate criterion prints as `time`, per iteration of all hands).
function benchTimed(hands) {
  const args = ["bench", "--bench", "eval", "--", "prepared", "--warm-up-time", "1", "--measurement-time", "3"];
  const started = Date.now();
  try {
    execFileSync("cargo", args, {
      cwd: repo,
      stdio: ["ignore", "ignore", "pipe"],
      encoding: "utf8",
      maxBuffer: 1 << 26,
      env: { ...process.env, TEENPATTI_EVAL_RULES: RULES.join(" ") },
    });
  } catch (e) {
    fail(`cargo ${args.join(" ")} failed (status ${e.status})\n${e.stderr || ""}`);
  }
  const perHand = (name) => {
    const file = path.join(targetDir, "criterion", "prepared", name, "new", "estimates.json");
    if (!fs.existsSync(file) || fs.statSync(file).mtimeMs < started) fail(`criterion wrote no new ${file}`);
    const est = JSON.parse(fs.readFileSync(file, "utf8"));
    return (est.slope || est.mean).point_estimate / hands;
  };
  return { prepared: perHand("strength"), checked: perHand("checked") };
}

// --- the order check --------------------------------------------------------

// Whether `a` and `b` order every pair of hands the same way (equal where the
// other is equal, less where the other is less): sort by `a`, then every
// neighbouring pair must compare the same way in `b`. Returns the first
// neighbouring pair that does not, or null; and the number of distinct values.
function sameOrder(a, b) {
  const idx = a.map((_, i) => i).sort((i, j) => a[i] - a[j]);
  let distinct = 1;
  for (let k = 1; k < idx.length; k++) {
    const [i, j] = [idx[k - 1], idx[k]];
    const ca = Math.sign(a[j] - a[i]);
    const cb = Math.sign(b[j] - b[i]);
    if (ca !== cb) return { bad: [i, j], distinct };
    if (ca !== 0) distinct++;
  }
  return { bad: null, distinct };
}

// Dense ranks (0 = lowest), to list the hands whose place differs.
function denseRanks(v) {
  const values = [...new Set(v)].sort((x, y) => x - y);
  const at = new Map(values.map((x, i) => [x, i]));
  return v.map((x) => at.get(x));
}

function names(hand) {
  return hand.map(cardName).join(" ");
}

// --- timing ----------------------------------------------------------------

function median(xs) {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
}

function nodeTimed(score, named) {
  let acc = 0;
  for (const h of named) acc += score(h).score; // warm-up pass
  const times = [];
  for (let p = 0; p < NODE_PASSES; p++) {
    const start = process.hrtime.bigint();
    for (const h of named) acc += score(h).score;
    times.push(Number(process.hrtime.bigint() - start) / named.length);
  }
  if (acc === 0) console.log("(checksum 0)");
  return median(times);
}

// --- main ------------------------------------------------------------------

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "teenpattisolver-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));

const { solver, version } = install(tmp);
console.log(`teenpattisolver ${version} installed in ${tmp} (removed at exit)`);
const exe = buildExample();
const targetDir = targetDirectory();

const classic = ours(exe, RULES);
const named = classic.hands.map((h) => h.map(cardName));
console.log(`hands: ${named.length}, first three: ${named.slice(0, 3).map((h) => h.join(" ")).join(", ")}`);

const checks = [
  ["classic, a23=second", "scoreHandsNormal", classic],
  ["muflis, a23=second", "scoreHandsLowest", ours(exe, ["variant=muflis", ...RULES])],
];
for (const [label, fn, o] of checks) {
  if (JSON.stringify(o.hands) !== JSON.stringify(classic.hands)) fail(`${label}: the hands came in another order`);
  const theirs = named.map((h) => solver[fn](h).score);
  const { bad, distinct } = sameOrder(o.strength, theirs);
  if (bad) {
    const [i, j] = bad;
    fail(
      `${label} vs ${fn}: orders differ: ${names(o.hands[i])} (ours ${o.strength[i]}, theirs ${theirs[i]}) ` +
        `vs ${names(o.hands[j])} (ours ${o.strength[j]}, theirs ${theirs[j]})`,
    );
  }
  console.log(`order check: ours (${label}) and ${fn} order all ${named.length} hands the same way (${distinct} classes)`);
}

// The one rule difference, shown: under our default a23=highest.
{
  const def = ours(exe, []);
  const theirs = named.map((h) => solver.scoreHandsNormal(h).score);
  const [ro, rt] = [denseRanks(def.strength), denseRanks(theirs)];
  const moved = new Set();
  let count = 0;
  for (let i = 0; i < named.length; i++) {
    if (ro[i] !== rt[i]) {
      count++;
      const ranks = def.hands[i].map((c) => c >> 2).sort((x, y) => y - x).map((r) => RANKS[r]);
      const suited = def.hands[i].every((c) => (c & 3) === (def.hands[i][0] & 3));
      moved.add(`${ranks.join("-")}${suited ? " suited" : ""}`);
    }
  }
  console.log(
    `with our default a23=highest instead: ${count} hands take another place: ${[...moved].sort().join(", ")}` +
      ` (A-2-3 is the top sequence for us, second for teenpattisolver)`,
  );
}

// Timing, in one run.
const nodeTimes = [];
const rustTimes = [];
const checkedTimes = [];
for (let r = 1; r <= rounds; r++) {
  const rust = benchTimed(named.length);
  const node = nodeTimed(solver.scoreHandsNormal, named);
  rustTimes.push(rust.prepared);
  checkedTimes.push(rust.checked);
  nodeTimes.push(node);
  console.log(
    `round ${r}: teenpattisolver ${node.toFixed(1)} ns/hand, prepared ${rust.prepared.toFixed(3)} ns/hand ` +
      `(checked evaluate ${rust.checked.toFixed(3)}), ratio ${(node / rust.prepared).toFixed(0)}x, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
}
const [n, p, c] = [median(nodeTimes), median(rustTimes), median(checkedTimes)];
console.log(
  `median of ${rounds}: teenpattisolver ${n.toFixed(1)} ns/hand, prepared ${p.toFixed(3)} ns/hand ` +
    `(checked ${c.toFixed(3)}): prepared is ${(n / p).toFixed(0)}x faster (checked ${(n / c).toFixed(0)}x); target >= 1000x`,
);
