// Drawing the bot's `view` frame (docs/activity.md) as a table: seats around an oval, the pot and the board in
// the middle, the player's own cards, their own buttons (of the channel's, the ones that are theirs), the event lines. Built with the DOM
// and `textContent` only: nothing the bot or another player wrote is read as markup.

export interface Choice {
  id: string;
  label: string;
  style: "primary" | "secondary" | "success" | "danger";
}
export interface Seat {
  user: string;
  name: string;
  seen: boolean;
  packed: boolean;
  put_in: number;
  stack: number;
  declared: boolean;
  state_text?: string;
  stack_text?: string;
  put_in_text?: string;
  up?: string[];
  down?: number;
}
export interface Hand {
  id: number;
  seq: number;
  dealer: number;
  turn: number | null;
  to_act: number | null;
  deadline: number | null;
  pot: number;
  stake: number;
  boot: number;
  round: number;
  variant: string;
  over: boolean;
  seats: Seat[];
  board: string[];
  log: string[];
  shown: { user: string | null; cards: string[] }[];
  winners: string[];
  pot_text: string;
  stake_text: string;
  community?: string[];
}
export interface Note {
  kind: "cards" | "sees" | "sideshow";
  cards?: string[];
  value?: string | null;
  made?: string | null;
  hands?: { user: string; cards: string[]; value?: string }[];
  loser?: string;
}
export interface Menu {
  kind: "draw" | "pick";
  id: string;
  count?: number;
  cards?: string[] | null;
  min?: number;
  max?: number;
  price?: number;
  choices?: { value: string; label: string }[];
  default?: string;
}
export interface View {
  type: "view";
  table: null | {
    id: number;
    closed: boolean;
    running: boolean;
    variant: string;
    boot: number;
    max_players: number;
    turn_seconds: number;
    next_hand_at: number | null;
  };
  message?: string;
  seated?: { user: string; name: string; sat_out: boolean }[];
  hand?: Hand | null;
  you?: { user: string; seat: number | null; notes: Note[] };
  actions?: Choice[][];
}
/** The page's own words in the player's language (the `welcome` frame's). */
export const words: Record<string, string> = {
  your_cards: "Your cards",
  actions: "Actions",
  log: "What happened",
  ok: "OK",
  reconnecting: "Reconnecting…",
  replaced: "This table is open in another window.",
  time_left: "time left",
  card: "{rank} of {suit}",
  suit_s: "spades",
  suit_h: "hearts",
  suit_d: "diamonds",
  suit_c: "clubs",
  rank_A: "ace",
  rank_K: "king",
  rank_Q: "queen",
  rank_J: "jack",
  joker: "joker",
};

export type Frame =
  | View
  | { type: "welcome"; user: string; lang: string; words?: Record<string, string> }
  | { type: "done"; key: string; menu: Menu | null }
  | { type: "refused"; key: string; message: string }
  | { type: "error"; message: string };

type Act = (id: string, values?: string[]) => void;

/** Each suit's symbol, and whether it is drawn red. */
const SUITS: Record<string, [string, boolean]> = {
  s: ["♠", false],
  h: ["♥", true],
  d: ["♦", true],
  c: ["♣", false],
};

/** A card's spoken name in the player's language ("ace of spades"), for a screen reader. */
function spoken(rank: string, suit: string): string {
  const name = words[`rank_${rank}`] ?? rank;
  return words.card.replace("{rank}", name).replace("{suit}", words[`suit_${suit}`] ?? suit);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A card as the bot writes it (`As`, `10h`, a joker `XA`), drawn face up. */
export function card(text: string): HTMLElement {
  const suit = SUITS[text.slice(-1)];
  if (!suit || text.startsWith("X")) {
    const joker = el("span", "card joker", "★");
    joker.setAttribute("role", "img");
    joker.setAttribute("aria-label", words.joker);
    return joker;
  }
  const rank = text.slice(0, -1);
  const c = el("span", suit[1] ? "card red" : "card", `${rank}${suit[0]}`);
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", spoken(rank, text.slice(-1)));
  return c;
}

function back(): HTMLElement {
  const b = el("span", "card back");
  b.setAttribute("aria-hidden", "true");
  return b;
}

let timer: number | undefined;

/** The seconds left until `deadline` (unix seconds), kept up to date in `into`. */
function countdown(into: HTMLElement, deadline: number | null): void {
  window.clearInterval(timer);
  if (deadline === null) return;
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    into.textContent = `${left}s`;
  };
  tick();
  timer = window.setInterval(tick, 1000);
}

function seats(view: View, hand: Hand | null | undefined, me: string): HTMLElement {
  // The player's own cards, once they have looked, face up at their seat.
  const own = view.you?.notes.find((n) => n.kind === "cards")?.cards ?? null;
  // In cobra, the others' cards the player sees (never their own).
  const sees = view.you?.notes.find((n) => n.kind === "sees")?.hands ?? [];
  const list = el("ol", "seats");
  const people: Seat[] = hand
    ? hand.seats
    : (view.seated ?? []).map((s) => ({ user: s.user, name: s.name, seen: false, packed: false, put_in: 0, stack: 0, declared: false }));
  const n = Math.max(people.length, 1);
  const mine = Math.max(0, people.findIndex((s) => s.user === me));
  people.forEach((s, i) => {
    // The player's own seat at the bottom, the others clockwise around the oval.
    const angle = Math.PI / 2 + (2 * Math.PI * (i - mine)) / n;
    const item = el("li", "seat");
    item.style.left = `${50 + 42 * Math.cos(angle)}%`;
    item.style.top = `${50 + 40 * Math.sin(angle)}%`;
    const acting = hand && !hand.over && hand.to_act === i;
    if (acting) item.classList.add("acting");
    if (s.packed) item.classList.add("packed");
    if (hand?.over && hand.winners.includes(s.user)) item.classList.add("winner");
    if (s.user === me) item.classList.add("me");
    item.append(el("span", "name", s.name));
    if (hand) {
      const state = s.packed ? "packed" : s.seen ? "seen" : "blind";
      item.append(el("span", `state ${state}`, s.state_text ?? state));
      item.append(el("span", "stack", s.stack_text ?? String(s.stack)));
      if (s.put_in > 0) item.append(el("span", "bet", s.put_in_text ?? String(s.put_in)));
      if (hand.dealer === i) item.append(el("span", "dealer", "D"));
      const shown = hand.shown.find((h) => h.user === s.user);
      const faces = el("span", "faces");
      // The seat's face-up cards, then its down cards: the hand shown at the end, the player's own once they
      // looked, else their backs.
      if (shown) shown.cards.forEach((c) => faces.append(card(c)));
      else {
        (s.up ?? []).forEach((c) => faces.append(card(c)));
        const seen = sees.find((h) => h.user === s.user)?.cards;
        if (s.user === me && own) own.forEach((c) => faces.append(card(c)));
        else if (seen) seen.forEach((c) => faces.append(card(c)));
        else if (!s.packed) for (let k = 0; k < (s.down ?? 3); k++) faces.append(back());
      }
      item.append(faces);
      if (acting) {
        const clock = el("span", "clock");
        clock.setAttribute("aria-label", words.time_left);
        countdown(clock, hand.deadline);
        item.append(clock);
      }
    }
    list.append(item);
  });
  return list;
}

function notes(you: View["you"]): HTMLElement {
  const box = el("section", "mine");
  box.setAttribute("aria-label", words.your_cards);
  for (const n of you?.notes ?? []) {
    const row = el("div", `note ${n.kind}`);
    if (n.kind === "cards" && n.cards) {
      n.cards.forEach((c) => row.append(card(c)));
      if (n.value) row.append(el("span", "value", n.value));
    } else if (n.hands) {
      for (const h of n.hands) {
        const part = el("span", "hand");
        h.cards.forEach((c) => part.append(card(c)));
        if (h.value) part.append(el("span", "value", h.value));
        row.append(part);
      }
    }
    box.append(row);
  }
  return box;
}

function buttons(actions: Choice[][], act: Act): HTMLElement {
  const box = el("section", "actions");
  box.setAttribute("aria-label", words.actions);
  // Focusable by a script (where the focus goes when no button is safe to hold it), not by Tab.
  box.tabIndex = -1;
  for (const row of actions) {
    const line = el("div", "row");
    for (const c of row) {
      const b = el("button", `btn ${c.style}`, c.label);
      b.type = "button";
      b.dataset.id = c.id;
      b.addEventListener("click", () => act(c.id));
      line.append(b);
    }
    box.append(line);
  }
  return box;
}

function menu(m: Menu, act: Act): HTMLElement {
  const form = el("form", "menu");
  if (m.kind === "draw") {
    const count = m.count ?? 0;
    for (let i = 0; i < count; i++) {
      const label = el("label");
      const box = el("input");
      box.type = "checkbox";
      box.value = String(i);
      label.append(box, m.cards ? card(m.cards[i] ?? "") : el("span", "", `#${i + 1}`));
      form.append(label);
    }
  } else {
    const select = el("select");
    for (const c of m.choices ?? []) {
      const option = el("option", "", c.label);
      option.value = c.value;
      option.selected = c.value === m.default;
      select.append(option);
    }
    form.append(select);
  }
  const ok = el("button", "btn primary", words.ok);
  ok.type = "submit";
  form.append(ok);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const values =
      m.kind === "draw"
        ? Array.from(form.querySelectorAll<HTMLInputElement>("input:checked")).map((b) => b.value)
        : [form.querySelector("select")?.value ?? ""];
    form.remove();
    act(m.id, values);
  });
  return form;
}

let lastPot = -1;
let lastHand = -1;

/** A button's `act` id without its action count (`tp:1:2:7:bet:10` → `tp:1:2:bet:10`): the same button drawn
 *  again after an action keeps the keyboard's focus. */
function kind(id: string): string {
  return id.split(":").filter((_, i) => i !== 3).join(":");
}

let logHand = -1;
let logLines: string[] = [];

/** The hand's event lines, in a live region kept across redraws: only the new lines are added (and read out by a
 *  screen reader), the last 12 kept. Written anew for a new hand, or when earlier lines changed (a player's name
 *  learned since). */
function events(hand: Hand | null | undefined): void {
  const log = document.getElementById("log") as HTMLElement;
  log.setAttribute("aria-label", words.log);
  const lines = hand?.log ?? [];
  const same = hand?.id === logHand && logLines.every((line, i) => lines[i] === line);
  if (!same) {
    log.replaceChildren();
    logHand = hand?.id ?? -1;
    logLines = [];
  }
  lines.slice(logLines.length).forEach((line) => log.append(el("li", "", line)));
  logLines = lines.slice();
  while (log.children.length > 12) log.firstElementChild?.remove();
}

/** Draws `view` (and a menu for this player alone) into the page; the keyboard's focus stays on the button it was
 *  on (drawn again at the new action count), else on the first of the player's buttons. */
export function draw(view: View, act: Act, open?: Menu): void {
  const root = document.getElementById("table") as HTMLElement;
  const active = document.activeElement;
  const focused = active instanceof HTMLButtonElement && root.contains(active) ? active.dataset.id : undefined;
  // A menu kept across the redraw keeps what the player chose in it so far, and the focus in it.
  const before = root.querySelector<HTMLFormElement>(".menu");
  const hadMenu = before !== null;
  const checked = new Set(Array.from(before?.querySelectorAll<HTMLInputElement>("input:checked") ?? []).map((b) => b.value));
  const selected = before?.querySelector("select")?.value;
  const inMenu = active instanceof HTMLElement && before?.contains(active) ? active : null;
  const menuFocus = inMenu instanceof HTMLInputElement ? `input[value="${inMenu.value}"]` : inMenu ? inMenu.tagName.toLowerCase() : null;
  drawTable(root, view, act, open);
  events(view.table ? view.hand : null);
  const form = root.querySelector<HTMLFormElement>(".menu");
  if (form && hadMenu) {
    form.querySelectorAll<HTMLInputElement>("input[type=checkbox]").forEach((b) => (b.checked = checked.has(b.value)));
    const select = form.querySelector("select");
    if (select && selected !== undefined) select.value = selected;
  }
  const still = { preventScroll: true };
  if (form && (menuFocus || (!hadMenu && focused !== undefined))) {
    // A menu just opened takes the focus; one kept keeps it where it was.
    (form.querySelector<HTMLElement>(menuFocus ?? "input, select") ?? form.querySelector<HTMLElement>("button"))?.focus(still);
  } else if (focused !== undefined || (hadMenu && inMenu)) {
    // The same button drawn again; else the first that is not a danger (a held Enter must never pack or leave);
    // else the buttons' section itself.
    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>(".actions button"));
    const same = buttons.find((b) => focused !== undefined && kind(b.dataset.id ?? "") === kind(focused));
    const safe = buttons.find((b) => !b.classList.contains("danger") && b.dataset.id !== undefined && !b.dataset.id.endsWith(":leave"));
    (same ?? safe ?? root.querySelector<HTMLElement>(".actions"))?.focus(still);
  }
}

function drawTable(root: HTMLElement, view: View, act: Act, open?: Menu): void {
  const me = view.you?.user ?? "";
  root.replaceChildren();
  if (!view.table) {
    // No table here: said, with the button that opens one.
    root.append(el("p", "empty", view.message ?? ""), buttons(view.actions ?? [], act));
    return;
  }
  const hand = view.hand;
  // Cards are dealt (animated) once, when a new hand first shows; later redraws keep them still.
  root.classList.toggle("fresh", !!hand && hand.id !== lastHand);
  lastHand = hand?.id ?? lastHand;
  const felt = el("div", "felt");
  const middle = el("div", "middle");
  if (hand) {
    const pot = el("p", "pot", hand.pot_text);
    if (hand.pot !== lastPot && lastPot >= 0) pot.classList.add("grew");
    lastPot = hand.pot;
    middle.append(pot, el("p", "stake", hand.stake_text));
    if (hand.community?.length) {
      const row = el("div", "community faces");
      hand.community.forEach((c) => row.append(card(c)));
      middle.append(row);
    }
    hand.board.forEach((line) => middle.append(el("p", "board", line)));
  } else {
    middle.append(el("p", "pot", `${view.table.variant} · boot ${view.table.boot}`));
  }
  felt.append(middle, seats(view, hand, me));
  root.append(felt, notes(view.you), buttons(view.actions ?? [], act));
  if (open) root.append(menu(open, act));
}
