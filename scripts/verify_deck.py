#!/usr/bin/env python3
"""Checks a Teen Patti hand's deal offline, with Python's standard library alone (docs/provably-fair.md).

    python3 scripts/verify_deck.py --seed HEX --commitment HEX [--entropy TEXT] [--jokers N]
                                   [--players N --dealer SEAT --cards-each K] [--expect SEAT=CARDS ...]

It recomputes SHA-256(seed) and compares it with the commitment the hand message showed at the deal, rebuilds the
deck from the seed and the entropy by the published shuffle, prints it, and (with --players) prints the cards each
seat was dealt. --expect SEAT=CARDS (cards as the bot writes them, e.g. "0=As Kd 10h") checks a seat's cards.
Exit status 0 when everything matches, 1 when anything does not, 2 for bad arguments (one `error:` line, never a
traceback).
"""

import argparse
import hashlib
import sys

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["c", "d", "h", "s"]


def pack(jokers):
    """The canonical order: rank by rank from the two, each in clubs, diamonds, hearts, spades; then the jokers."""
    cards = [rank + suit for rank in RANKS for suit in SUITS]
    return cards + ["Xb", "Xr"][:jokers]


class Stream:
    """SHA-256(key || counter as 8 bytes big-endian), block after block, read as big-endian 32-bit numbers."""

    def __init__(self, key):
        self.key, self.counter, self.block, self.used = key, 0, b"", 32

    def next_u32(self):
        if self.used == 32:
            self.block = hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
            self.used = 0
        x = int.from_bytes(self.block[self.used:self.used + 4], "big")
        self.used += 4
        return x

    def below(self, n):
        limit = 2**32 - (2**32 % n)
        while True:
            x = self.next_u32()
            if x < limit:
                return x % n


def deck(seed, entropy, jokers):
    key = hashlib.sha256(b"teenpatti-deck-v1\0" + seed + entropy.encode("utf-8")).digest()
    stream, cards = Stream(key), pack(jokers)
    for i in range(len(cards) - 1, 0, -1):
        j = stream.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def canonical(card):
    card = card.strip()
    return "10" + card[2:].lower() if card[:2] == "10" else (card[:-1].upper().replace("T", "10") + card[-1].lower())


def bad_arguments(a):
    """What is wrong with the arguments, said in one line; None when they are right."""
    if a.players is None:
        if a.expect or a.dealer is not None:
            return "--expect and --dealer need --players (the seats dealt in)"
        return None
    if not 2 <= a.players <= 10:
        return f"--players {a.players}: a table seats 2 to 10 players"
    if a.cards_each < 1:
        return f"--cards-each {a.cards_each}: each player is dealt at least one card"
    if a.players * a.cards_each > 52 + a.jokers:
        return f"{a.players} players of {a.cards_each} cards need more than the {52 + a.jokers} cards of the pack"
    if a.dealer is not None and not 0 <= a.dealer < a.players:
        return f"--dealer {a.dealer}: the seats are 0 to {a.players - 1}"
    for expect in a.expect:
        seat, sep, shown = expect.partition("=")
        seat = seat.strip()
        if not sep or not (seat.isascii() and seat.isdigit()) or not shown.split():
            return f"--expect {expect[:40]!r}: write SEAT=CARDS, e.g. \"0=As Kd 10h\""
        if int(seat) >= a.players:
            return f"--expect: seat {int(seat)} is not one of the seats 0 to {a.players - 1}"
        for card in shown.split():
            if canonical(card) not in pack(2):
                return f"--expect: {card[:10]!r} is not a card (write them as the bot does: As Kd 10h)"
    return None


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one `error:` line and exit 2, as every other refusal here."""

    def error(self, message):
        print(f"error: {message} (see --help)", file=sys.stderr)
        sys.exit(2)


def main():
    p = Parser(description="Check a Teen Patti deal offline.")
    p.add_argument("--seed", required=True, help="the seed revealed when the hand ended (64 hex digits)")
    p.add_argument("--commitment", required=True, help="the commitment shown at the deal (64 hex digits)")
    p.add_argument("--entropy", default="", help="the players' entropy shown with the seed")
    p.add_argument("--jokers", type=int, default=0, choices=[0, 2], help="printed jokers in the pack (0 or 2)")
    p.add_argument("--players", type=int, help="players dealt in")
    p.add_argument("--dealer", type=int, default=None, help="the dealer's seat (from 0)")
    p.add_argument("--cards-each", type=int, default=3, help="cards dealt to each player, one at a time")
    p.add_argument("--expect", action="append", default=[], help="SEAT=CARDS: a seat's cards as shown")
    a = p.parse_args()
    try:
        a.entropy.encode("utf-8")
    except UnicodeEncodeError:
        print("error: --entropy is not UTF-8 text", file=sys.stderr)
        return 2
    problem = bad_arguments(a)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        seed = bytes.fromhex(a.seed)
        if len(seed) != 32:
            raise ValueError
    except ValueError:
        print("error: the seed must be 64 hex digits", file=sys.stderr)
        return 2
    ok = True
    commitment = hashlib.sha256(seed).hexdigest()
    if commitment == a.commitment.strip().lower():
        print("commitment ok")
    else:
        print(f"commitment MISMATCH: SHA-256(seed) is {commitment}")
        ok = False
    cards = deck(seed, a.entropy, a.jokers)
    print("deck: " + " ".join(cards))
    if a.players:
        n = a.players
        dealer = n - 1 if a.dealer is None else a.dealer
        hands = {seat: [] for seat in range(n)}
        for r in range(a.cards_each):
            for i in range(1, n + 1):
                hands[(dealer + i) % n].append(cards[r * n + i - 1])
        for seat in range(n):
            print(f"seat {seat}: " + " ".join(hands[seat]))
        for expect in a.expect:
            seat, _, shown = expect.partition("=")
            want = sorted(canonical(c) for c in shown.split())
            got = sorted(hands[int(seat)])
            if want == got:
                print(f"seat {seat} ok")
            else:
                print(f"seat {seat} MISMATCH: dealt {' '.join(got)}")
                ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
