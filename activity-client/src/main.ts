// The Teen Patti table inside Discord: the page Discord runs in its Activity iframe (docs/activity.md).
//
// 1. The Embedded App SDK's handshake with Discord (`ready`), then `authorize` (scope `identify`) gives a code,
//    which the bot exchanges for an access token (`api/token`), and `authenticate` tells Discord.
// 2. A WebSocket session (`api/ws`) with the bot: `hello` with the token and the SDK's instance id; then the
//    bot's `view` frames, drawn as a table; each button sends `act` with a fresh key. Closed, it reconnects.
// Paths are relative to the page: under Discord's proxy `/.../api/token` maps to the bot's `/activity/api/token`.
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { Frame, Menu, View, draw, words } from "./table";

const clientId = document.querySelector<HTMLMetaElement>('meta[name="teenpatti-client-id"]')?.content ?? "";
const status = document.getElementById("status") as HTMLElement;

function say(text: string): void {
  status.textContent = text;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The statuses of a sign-in that passes by itself (Discord or the bot busy or restarting): tried again. */
const TRANSIENT = new Set([429, 502, 503, 504]);

async function signIn(sdk: DiscordSDK): Promise<string> {
  await sdk.ready();
  const lang = navigator.language.startsWith("hi") ? "hi" : "en";
  for (let attempt = 0; ; attempt++) {
    // A fresh code each try: a code is good once.
    const { code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    let answer: Response | null = null;
    try {
      answer = await fetch("api/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code, lang }),
      });
    } catch {
      answer = null; // the network: tried again
    }
    // Whatever answered (the bot's sentence, or a proxy's page that is not JSON).
    const body = answer
      ? ((await answer.json().catch(() => ({}))) as { access_token?: string; error?: string })
      : {};
    if (answer?.ok && body.access_token) {
      await sdk.commands.authenticate({ access_token: body.access_token });
      return body.access_token;
    }
    const transient = answer === null || TRANSIENT.has(answer.status);
    if (!transient || attempt >= 5) {
      throw new Error(body.error ?? `Could not sign in (${answer?.status ?? "no answer"}).`);
    }
    say(body.error ?? words.reconnecting);
    await sleep(Math.min(8000, 1000 * 2 ** attempt));
  }
}

/** Close codes after which reconnecting cannot help (docs/activity.md); after 1013 ("try again later") the
 *  waits grow to a minute. */
const FINAL = new Set([1008, 4000, 4001]);
const LATER = 1013;
/** How long a session must have lived, signed in, for the next reconnect to start quickly again. */
const HEALTHY_MS = 10_000;

/** The wait before reconnect `attempt`: doubling from 0.5 s to `cap`, each with up to a third more at random (so
 *  that every window of a restarted bot does not come back in the same instant). */
function backoff(attempt: number, cap: number): number {
  const base = Math.min(cap, 500 * 2 ** attempt);
  return base + Math.random() * (base / 3);
}

function connect(token: string, instance: string, attempt = 0): void {
  const url = new URL("api/ws", location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  let last: View | null = null;
  let healthy: number | undefined;
  // A menu the player was given (a draw's cards, a dealer's games), kept across redraws until the hand moves on
  // or the player acts.
  let menu: Menu | null = null;
  let menuAt = "";
  const at = (v: View) => `${v.hand?.id ?? 0}:${v.hand?.seq ?? 0}`;
  const send = (frame: object) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  const act = (id: string, values?: string[]) => {
    menu = null;
    const key = crypto.randomUUID();
    send(values ? { type: "act", id, key, values } : { type: "act", id, key });
  };
  socket.onopen = () => send({ type: "hello", token, instance });
  socket.onmessage = (message) => {
    let frame: Frame;
    try {
      frame = JSON.parse(String(message.data)) as Frame;
    } catch {
      return;
    }
    switch (frame.type) {
      case "welcome":
        // Signed in: once the session has lived a while, a later close reconnects quickly again.
        healthy = window.setTimeout(() => (attempt = 0), HEALTHY_MS);
        document.documentElement.lang = frame.lang === "hinglish" ? "hi-Latn" : frame.lang;
        Object.assign(words, frame.words ?? {});
        say("");
        break;
      case "view":
        last = frame;
        if (menu && at(frame) !== menuAt) menu = null;
        draw(frame, act, menu ?? undefined);
        break;
      case "done":
        if (frame.menu && last) {
          menu = frame.menu;
          menuAt = at(last);
          draw(last, act, menu);
        }
        break;
      case "refused":
      case "error":
        say(frame.message);
        break;
    }
  };
  socket.onclose = (event) => {
    window.clearTimeout(healthy);
    if (FINAL.has(event.code)) {
      if (event.code === 4000) say(words.replaced);
      return;
    }
    if (event.code !== LATER) say(words.reconnecting);
    const wait = backoff(attempt, event.code === LATER ? 60_000 : 5000);
    setTimeout(() => connect(token, instance, attempt + 1), wait);
  };
}

async function main(): Promise<void> {
  say("Connecting to Discord…");
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  try {
    const token = await signIn(sdk);
    connect(token, sdk.instanceId);
  } catch (e) {
    say(e instanceof Error ? e.message : "Could not sign in.");
  }
}

void main();
