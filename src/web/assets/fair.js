// The fair-deal check, in the reader's own browser (docs/provably-fair.md; the same procedure as
// scripts/verify_deck.py, written again here from the document, not from the bot's code). It reads the hand's
// record from the page's data block, checks SHA-256(seed) against the commitment shown at the deal, rebuilds the
// deck from the seed and the players' entropy with the browser's Web Crypto, and compares it with the deck the
// hand was dealt from. Nothing is sent anywhere.
"use strict";

// The pack in its canonical order: rank by rank from the two, clubs, diamonds, hearts, spades; then the
// printed jokers the rules use.
function canonicalPack(jokers) {
  const ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  const pack = [];
  for (const r of ranks) for (const s of "cdhs") pack.push(r + s);
  return pack.concat(["Xb", "Xr"].slice(0, jokers));
}

function hexBytes(hex) {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(subtle, ...parts) {
  const buf = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    buf.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await subtle.digest("SHA-256", buf));
}

// The deck of a seed (32 bytes) and an entropy text: the documented key, stream and Fisher-Yates shuffle.
async function fairDeck(subtle, seed, entropy, jokers) {
  const text = new TextEncoder();
  const key = await sha256(subtle, text.encode("teenpatti-deck-v1\0"), seed, text.encode(entropy));
  let block = new Uint8Array(0);
  let used = 0;
  let counter = 0n;
  async function nextU32() {
    if (used === block.length) {
      const c = new Uint8Array(8);
      new DataView(c.buffer).setBigUint64(0, counter);
      block = await sha256(subtle, key, c);
      counter += 1n;
      used = 0;
    }
    const v = new DataView(block.buffer).getUint32(used);
    used += 4;
    return v;
  }
  async function below(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = await nextU32();
      if (x < limit) return x % n;
    }
  }
  const deck = canonicalPack(jokers);
  for (let i = deck.length - 1; i >= 1; i--) {
    const j = await below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

// What the check finds: "ok", "bad-commitment", "bad-deck" or "erased", and the deck it computed.
async function check(subtle, deal) {
  const seed = hexBytes(deal.seed);
  if (seed === null) return { verdict: "bad-commitment", deck: [] };
  const commitmentOk = toHex(await sha256(subtle, seed)) === String(deal.commitment).toLowerCase();
  const deck = await fairDeck(subtle, seed, deal.entropy, deal.jokers);
  const dealt = deal.deck.map((c) => (c.startsWith("T") ? "10" + c.slice(1) : c));
  const deckOk = dealt.length > 0 && dealt.length <= deck.length && dealt.every((c, i) => c === deck[i]);
  let verdict = "ok";
  if (!commitmentOk) verdict = "bad-commitment";
  else if (!deckOk) verdict = deal.erased > 0 ? "erased" : "bad-deck";
  return { verdict, deck };
}

async function run() {
  const block = document.getElementById("deal");
  const out = document.getElementById("fair-result");
  if (!block || !out) return;
  const subtle = window.isSecureContext && window.crypto && window.crypto.subtle;
  if (!subtle) {
    out.textContent = out.dataset.insecure;
    out.className = "unknown";
    return;
  }
  try {
    const deal = JSON.parse(block.textContent);
    const { verdict, deck } = await check(subtle, deal);
    document.getElementById("computed").textContent = deck.join(" ");
    const words = { ok: out.dataset.ok, "bad-commitment": out.dataset.badCommitment, "bad-deck": out.dataset.badDeck, erased: out.dataset.erased };
    out.textContent = words[verdict];
    out.className = verdict === "ok" ? "ok" : verdict === "erased" ? "unknown" : "bad";
    out.dataset.verdict = verdict;
  } catch (e) {
    out.textContent = out.dataset.broken;
    out.className = "bad";
    out.dataset.verdict = "broken";
  }
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
}
if (typeof module !== "undefined") module.exports = { canonicalPack, fairDeck, check, hexBytes };
