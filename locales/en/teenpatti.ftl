# Teen Patti for Discord: English. Every message the bot writes; the same ids in ../hi (Hindi, Devanagari) and
# ../hi-Latn (Hinglish). Arguments: mentions (<@id>), numbers, `<t:…:R>` times and card text are made in code.
# The game's own words stay as players say them: boot, chaal, blind, seen, pack, show, sideshow, trail.

## General
done = Done.
table-opened = { $opener } opened a Teen Patti table. Press **Join** to take a seat.
no-table-here = There is no table in this channel. Open one with `/table open`.
language-set = This server's language is now **{ $language }**.

## The lobby
lobby-title = Teen Patti table #{ $table }
lobby-nobody = Nobody yet.
lobby-seat = { $n }. { $player }
lobby-seat-sitting-out = { $n }. { $player } (sitting out)
lobby-closed = This table is closed.
lobby-hand-playing = A hand is being played.
lobby-hand-playing-link = A hand is being played: { $link }.
lobby-automatic = Hands are dealt automatically while two or more players are seated.
lobby-press-start = Press **Start** when everyone is in ({ $opener } or Manage Server).
lobby-players = Players ({ $seated }/{ $max })
lobby-footer = Turn timer { $seconds }s · chips are virtual
rules-card-variant = Variant **{ $variant }** · boot **{ $boot }**
rules-card-classic = Classic rules otherwise (`/rules` explains them).
rules-card-house = House rules: { $options }
button-join = Join
button-leave = Leave
button-start = Start
button-back = I'm back
next-commitment = 🔒 Next hand's deck commitment `{ $commitment }` (`/table entropy` mixes yours in)

## The hand message
hand-title = Teen Patti · hand #{ $hand }
hand-pot = Pot **{ $pot }** · stake **{ $stake }** · boot { $boot }
question-sideshow = { $asker } asked { $player } for a sideshow: accept or deny{ $when }.
question-show = { $asker } called a show against { $player }: show the cards or concede the pot unseen{ $when }.
question-split = { $asker } offered { $player } to end the hand and share the pot: accept, or play on{ $when }.
answer-sideshow = { $player }, accept or deny the sideshow.
answer-show = { $player }, show your cards or concede.
answer-split = { $player }, accept the split or play on.
declare-line = Declare: every player still in chooses **high** or **low**, in secret; all are revealed together.
declare-time = Time runs out { $when }: a silent player declares high.
declare-content = { $players }, declare high or low.
turn-line = Turn: { $player }
turn-line-timer = Turn: { $player }, timer ends { $when }
turn-content = { $player }, it's your turn.
seat-state-packed = packed
seat-state-declared = declared
seat-state-seen = seen
seat-state-blind = blind
seat-dealer = { " " }(dealer)
seat-line = { $mark } { $player }{ $dealer }: { $state } · in { $put_in } · stack { $stack }
field-players = Players
field-last-actions = Last actions
field-hand-over = Hand over
hand-over-closed = This table is closed.
hand-over-next = Next hand { $when }.
hand-over-waiting = Waiting for players.
hand-footer = Table #{ $table } · { $variant } · { $seconds }s per turn
fair-live = 🔒 Deck commitment `{ $commitment }`
fair-revealed = 🔓 Deck commitment `{ $commitment }` · seed `{ $seed }` · { $entropy } · check it: `/verify hand:{ $hand }`
fair-no-entropy = no entropy given
fair-entropy-from = entropy from { $n } { $n ->
    [one] player
   *[other] players
}
button-accept-split = Accept the split
button-play-on = Play on
button-show-my-cards = Show my cards
button-concede = Concede
button-accept-sideshow = Accept sideshow
button-deny-sideshow = Deny sideshow
button-blind = Blind { $amount }
button-chaal = Chaal { $amount }
button-raise = Raise { $amount }
button-max = Max { $amount }
button-show = Show ({ $cost })
button-sideshow = Sideshow
button-sideshow-cost = Sideshow ({ $cost })
button-split = Offer to split
button-declare-high = Declare high
button-declare-low = Declare low
button-change-card = Change a card ({ $price } each)
button-change-cards = Change cards ({ $price } each)
button-stand-pat = Stand pat
button-see = See cards
button-my-cards = My cards
button-pack = Pack

## The cards turned up for everyone
board-face-up = Face up: { $cards }.
board-common = Common card: { $cards } (everyone's third card).
board-community = Community: **{ $cards }** (part of every hand).
board-community-jokers = Community jokers: **{ $cards }** (wild ranks: { $ranks }).
board-none-yet = none yet
board-joker = Joker turned up: { $card } (every { $rank } is wild).
board-wild-suit = Wild suit turned up: { $card } (every { $suit } card is wild).
board-bust = Bust card turned up: { $card } ({ $whom }).
board-bust-void = every player holds one, so it busts nobody this hand
board-bust-packs = whoever holds a { $rank } packs

## One line per public event
event-started-ante = { $anter } anted { $pot } for all { $seats } players (boot { $boot }); { $dealer } deals.
event-started = { $seats } players paid the boot of { $boot } (pot { $pot }); { $dealer } deals.
event-round-ended = Betting round { $round } is over.
event-community-turned = Community card turned up: **{ $card }**.
event-community-joker = Community joker turned up: **{ $card }**: every { $rank } is wild.
event-draw-begins = The draw: each player in turn from the dealer's left may change cards (or stand pat).
event-draw-over = The draw is over; betting resumes.
event-declare-begins = Declare: every player still in chooses high or low, in secret; all are revealed together.
event-declared = { $player } has declared.
event-declarations = Declarations: high { $high }; low { $low }.
event-halves = High half: { $high }. Low half: { $low }.
event-round-limit = { $round } betting rounds are over: a compulsory show, every hand is shown.
event-stood-pat = { $player } stood pat.
event-drew = { $player } changed { $count } { $count ->
    [one] card
   *[other] cards
} (paid { $cost }).
event-saw = { $player } looked at their cards.
event-posted = { $player } posted { $amount }, the ante they missed while sitting out, to come back in.
event-bet-blind = { $player } bet { $amount } blind.
event-bet-seen = { $player } bet { $amount } (chaal).
event-packed = { $player } packed.
event-packed-timeout = { $player } ran out of time and packed.
event-packed-sideshow = { $player } lost the sideshow and packed.
event-packed-bust = { $player } holds a bust card and packed.
event-packed-conceded = { $player } conceded the show without showing.
event-show-all = { $player } paid { $cost } for a show: every hand still in is shown.
event-show = { $player } paid { $cost } for a show against { $against }.
event-sideshow-asked = { $player } asked { $target } for a sideshow.
event-sideshow-bet = { $player } bet { $amount } and asked { $target } for a sideshow.
event-sideshow-denied = { $target } refused { $player }'s sideshow.
event-split-offered = { $player } offered { $target } to end the hand and share the pot.
event-split-refused = { $target } refused { $player }'s offer to share the pot.
event-pot-limit = The pot reached the limit ({ $pot }): every hand is shown.
event-shows = { $player } shows { $cards } ({ $value })
event-shows-made = { $player } shows { $cards } ({ $value }, counted as { $made })
event-wins = { $player } wins { $amount }
event-ended = 🏆 { $winners } (pot { $pot }, { $how }).
ended-last-standing = everyone else packed
ended-show = show
ended-pot-limit = pot limit
ended-agreed = shared by agreement, no cards shown
ended-round-limit = compulsory show
nobody = nobody

## What a hand is worth
value-high-card = High card
value-pair = Pair
value-colour = Colour
value-sequence = Sequence
value-pure-sequence = Pure sequence
value-trio = Trio
value-bust = Bust
value-points = { $points } points
value-number = number { $number }
value-single = { $rank } high
made-wild = { $card } as { $counts }
made-imagined = imagined { $card }
made-pair = { $cards } as { $counts }

## Private notes (DMs, or replies only the player sees)
place-server = <#{ $channel }> on **{ $server }**
place = <#{ $channel }>
back-to-table = Back to the table: { $link }
note-seated = You have a seat at Teen Patti table #{ $table } in { $place }. Your cards will come here when you choose to see them.
note-cards = Your cards for hand #{ $hand } in { $place }: **{ $cards }**{ $value }.{ $board }
note-cards-value = { " " }({ $value })
note-cards-made = { $value }; it counts as { $made }
note-sees = Cobra, hand #{ $hand } in { $place }: the cards on the other players' foreheads (yours you never see):
note-sideshow = Sideshow in hand #{ $hand } ({ $place }) between { $asker } and { $target }:
note-sideshow-loser = { $loser } packs.
this-server = this server
dm-fallback = I could not send you a direct message (your DMs are closed to this bot, or you share no server that allows them), so your private messages will come as replies only you can see, like this one. Use **My cards** on the table to see them again.
declared-notice = You declared **{ $side }**. Nobody sees it until every player still in has declared.
side-high = high
side-low = low

## The draw's private menu
draw-menu = Hand #{ $hand }: choose up to { $max } of your cards to change, { $price } chips each.
draw-menu-blind = { " " }You are playing blind: changing a card means looking at your cards (press See first to choose by sight).
draw-menu-card = Card { $n }
draw-menu-placeholder = The cards to change

## Dealer's choice
pick-title = Dealer's choice · table #{ $table }
pick-footer = Dealer's choice: each hand's dealer chooses its game
pick-prompt = { $dealer } deals the next hand and chooses its game: press **Choose the game**. If no game is chosen { $when }, **{ $default }** (the table's default) is dealt.
pick-content = { $dealer }, choose the game for the next hand.
pick-button = Choose the game
pick-by-timer = { $dealer } did not choose in time: { $game }, the table's default, is dealt.
pick-chosen = { $dealer } chose { $game } for the next hand.
pick-line = Dealer's choice ({ $dealer } deals): { $game }.
pick-the-dealer = the dealer
picking-line = { $dealer } deals next and is choosing the game (by { $when }).
pick-menu = You deal the next hand: choose its game. The table's other options apply (`/table rules`); to add options of your own, use `/table pick`. If you do not choose in time, **{ $default }** is dealt.
pick-menu-placeholder = The game for the next hand

## Refusals of a click or a command during a hand
error-not-your-turn = It is not your turn.
error-hand-over = The hand is over.
error-packed = You have packed.
error-stale-button = The table has moved on since that button was drawn; nothing was done.
error-earlier-hand = That button is from an earlier hand.
error-other-hand = That button does not belong to the hand being played; nothing was done.
error-no-hand = No hand is being played at this table.
error-that-hand-over = That hand is over.
error-hand-cancelled = That hand was cancelled; its boots are being refunded.
error-not-in-hand = You are not playing in this hand.
error-blind = You are playing blind: press See to look at your cards.
error-cannot-draw = You cannot change cards now.
error-already-seated = You already have a seat at this table.
error-not-seated = You are not seated at this table.
error-hand-running = A hand is already being played.
error-rule = { $reason }

## Commands: Discord shows these names and descriptions to users whose Discord is in the language (cmd-<command>[-<subcommand>], -desc, -<option>-desc)
cmd-table = table
cmd-table-desc = Teen Patti tables: open one in this channel, join, start, close.
cmd-table-open = open
cmd-table-open-desc = Open a table in this channel (one per channel).
cmd-table-open-boot-desc = Ante every player pays each hand (default: the server's)
cmd-table-open-variant-desc = Game variant (default: the server's)
cmd-table-open-max_players-desc = Most players at the table (2-10, default 6)
cmd-table-open-turn_seconds-desc = Seconds each player has to act (10-600)
cmd-table-open-rules-desc = More rule options as name=value, e.g. show_tie=split langdi=true chaal_limit=64
cmd-table-join = join
cmd-table-join-desc = Take a seat at this channel's table.
cmd-table-leave = leave
cmd-table-leave-desc = Leave this channel's table (packs your hand if you are playing).
cmd-table-start = start
cmd-table-start-desc = Deal the first hand (the opener, or Manage Server).
cmd-table-close = close
cmd-table-close-desc = Close this channel's table; a hand in play is refunded.
cmd-table-status = status
cmd-table-status-desc = Show this channel's table.
cmd-table-rules = rules
cmd-table-rules-desc = The rules of this channel's table.
cmd-table-pick = pick
cmd-table-pick-desc = Dealer's choice: choose the next hand's game, with options of your own (the dealer, when asked).
cmd-table-pick-variant-desc = The game for the next hand
cmd-table-pick-options-desc = Its options as name=value, e.g. draw=after draw_price=5 (the stakes stay the table's)
cmd-table-entropy = entropy
cmd-table-entropy-desc = Mix your own entropy into this table's next deal (its seed is already committed to).
cmd-table-entropy-value-desc = Anything you like, up to 64 characters: a word, dice rolls
cmd-bet = bet
cmd-bet-desc = Bet this many chips (blind or chaal, by whether you have seen).
cmd-bet-amount-desc = Chips to bet
cmd-see = see
cmd-see-desc = Look at your cards (they come by DM and here).
cmd-pack = pack
cmd-pack-desc = Fold your hand.
cmd-show = show
cmd-show-desc = Pay for a show (two players left).
cmd-sideshow = sideshow
cmd-sideshow-desc = Bet the minimum and ask the previous player for a sideshow.
cmd-balance = balance
cmd-balance-desc = Your chips on this server (or another player's).
cmd-balance-user-desc = Whose balance
cmd-daily = daily
cmd-daily-desc = Claim your daily chips.
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = The richest players on this server, or the biggest winners.
cmd-leaderboard-by-desc = Rank by balance (default) or net winnings
cmd-leaderboard-page-desc = Page number
cmd-stats = stats
cmd-stats-desc = Hands played, won, biggest pot and net for a player.
cmd-stats-user-desc = Whose stats
cmd-history = history
cmd-history-desc = A hand's full public log (and every card once it is over), or the last hands here.
cmd-history-hand-desc = Hand number
cmd-verify = verify
cmd-verify-desc = Checks a hand's provably fair deal: its seed against the commitment shown at the deal, and the deck.
cmd-verify-hand-desc = Hand number
cmd-rank = rank
cmd-rank-desc = What a hand is worth under this channel's table rules (or the server's).
cmd-rank-cards-desc = Cards, e.g. As Kd Qh (10c, Tc and A♠ work too)
cmd-rank-joker-desc = For the joker variant: the turned-up rank (e.g. 7)
cmd-rank-turned-desc = Other turned-up cards as name=value: wild_suit=h bust=9 common=Kd
cmd-rules = rules
cmd-rules-desc = How Teen Patti is played here.
cmd-config = config
cmd-config-desc = Server settings (Manage Server): view, or set one.
cmd-config-view = view
cmd-config-view-desc = Show the server's settings.
cmd-config-set = set
cmd-config-set-desc = Set one server setting or default rule option.
cmd-config-set-option-desc = A setting (starting_balance, give_daily_cap, max_bet, season_reset...) or a rule option (boot...)
cmd-config-set-value-desc = The new value
cmd-grant = grant
cmd-grant-desc = Give chips to a player, or take them away with a negative amount (Manage Server).
cmd-grant-user-desc = Who
cmd-grant-amount-desc = Chips to add (negative to remove)

## The rules' refusals of an action
rule-seat-count = A table needs { $min } to { $max } players.
rule-bad-dealer = The dealer must be one of the seats.
rule-bad-deck = The deck does not hold enough distinct cards for the deal.
rule-too-many-for-deck = The pack deals to at most { $most } players under these rules.
rule-holds-bust = You hold a bust card: you must pack.
rule-rules = { $reason }.
rule-bad-post = A post must be a positive amount by a player of the hand.
rule-cannot-pay-boot = Every player must be able to pay the boot of { $boot }.
rule-cannot-pay-deal = Every player dealt in must be able to pay what the deal asks of them: { $need } chips (the boot, and a blind, a post or the dealer's ante for everyone).
rule-stack-too-large = A stack may hold at most { $most } chips.
rule-hand-over = The hand is over.
rule-no-such-seat = There is no such seat.
rule-packed = You have packed.
rule-not-your-turn = It is not your turn.
rule-sideshow-pending = A sideshow is waiting for an answer.
rule-no-sideshow-to-answer = Nobody asked you for a sideshow.
rule-already-seen = You have already seen your cards.
rule-see-only-on-turn = At this table you may look at your cards only on your turn.
rule-pack-only-on-turn = At this table you may pack only on your turn.
rule-asked-this-turn = You have already asked for a sideshow this turn.
rule-show-pending = A show is waiting for its answer: show the cards or concede.
rule-no-show-to-answer = No show was called against you.
rule-split-off = This table does not allow the last two players to agree to share the pot.
rule-split-needs-two = The pot can be shared by agreement only when two players are left.
rule-split-pending = An offer to share the pot is waiting for its answer.
rule-no-split-to-answer = Nobody offered you to share the pot.
rule-must-see = You have bet blind { $times } times, the limit: see your cards first.
rule-cannot-cover = You cannot cover the minimum bet of { $min }.
rule-bet-out-of-range = A bet must be from { $min } to { $max }.
rule-odd-bet = A seen bet must be an even number of chips.
rule-show-needs-two = A show needs exactly two players left.
rule-no-sideshow-high-low = A high-low table has no sideshows.
rule-declaring = The players are declaring high or low: the show comes when all have.
rule-not-declaring = There is nothing to declare now: players declare high or low at the show.
rule-already-declared = You have already declared.
rule-seen-cannot-show-blind = A seen player cannot ask a blind player for a show.
rule-cannot-afford-show = A show costs { $need }; you have { $have }.
rule-sideshow-needs-all-seen = A sideshow needs every remaining player to be seen.
rule-sideshow-needs-three = A sideshow needs at least three players left.
rule-sideshow-no-target = The previous player has not bet yet.
rule-forehead = In cobra nobody ever sees their own card.
rule-blind-round = The first { $rounds } betting round(s) are played blind: nobody may look at their cards yet.
rule-show-too-early = A show or sideshow may be asked for only after { $rounds } betting rounds.
rule-drawing = The players are drawing: betting resumes when every player has drawn.
rule-no-draw = There is no draw now.
rule-drew-this-round = You have already changed a card in this betting round.
rule-bad-draw = Choose from { $min } to { $max } of your own down cards to change.
rule-pack-empty = The pack has only { $left } card(s) left to draw.
rule-cannot-afford-draw = New cards cost { $need }; you have { $have }.

## Card pictures' descriptions (alt text): a winner's row
picture-wins = wins

## Answers to the player who asked (joining, leaving, starting, closing)
notice-seated = You have a seat.
notice-seated-next-hand = You have a seat; you will be dealt in from the next hand.
notice-seated-short = You have { $balance } chips and the boot is { $boot }: claim `/daily` to be dealt in.
notice-leave-failed = You packed, but leaving the table failed; please try `/table leave` again.
notice-packed-left = You packed and left the table.
notice-left = You left the table.
notice-choosing-first = { $dealer } deals first and is choosing the game.
notice-dealt = The cards are dealt.
notice-closed = The table is closed.
notice-closed-refunded = The hand in play was cancelled and every bet refunded.
notice-back = Welcome back: you will be dealt in from the next hand.
notice-cut = ✂️ Cut for the deal: { $cards }. { $dealer } cut the highest card and deals first.
notice-entropy = Your entropy goes into the next deal at this table, whose seed is already committed to (`{ $commitment }`): the bot cannot choose a deck around it. It is used once; the seed and the entropy are shown when that hand ends.
notice-picked = You chose **{ $variant }**; the cards are dealt.
error-not-sitting-out = You are not sitting out.
error-choosing = { $dealer } is choosing the game; the cards are dealt as soon as they do.

## /history of a hand
history-title = **Hand #{ $hand }**
history-cards = **Cards:**
history-refunded = This hand was cancelled and every bet refunded.
history-live = The hand is still being played; cards are revealed when it is over.

## The variants, two or three lines each (/rules, the dealer's menu)
variant-classic = Three cards each; the classic order of hands.
variant-muflis = Muflis (lowball): the order of hands is reversed; the lowest hand wins.
variant-joker = After the deal a card is turned up: every card of its rank is wild (it stands for any card).
variant-ak47 = Every ace, king, 4 and 7 is wild.
variant-high-wild = Each player's own highest rank is wild in their hand (a pair of them makes two wild cards).
variant-low-wild = Each player's own lowest rank is wild in their hand (a pair of them makes two wild cards).
variant-best-of-four = Four cards each; the best three count.
variant-incomplete-two = Two cards each; the third is imagined, so it is the best card for your hand. Equal hands at a show go by suits (spades, hearts, diamonds, clubs).
variant-incomplete-one = One card each; two are imagined, so every hand is a trio of its rank. Equal hands go by suits.
variant-incomplete-common = One card each, one imagined, and a common card turned up on the table as everyone's third. Equal hands go by suits.
variant-two-lowest-wild = Four cards each: your two lowest cards together make one wild card, and your two highest count as dealt. Two lowest that pair may stay a pair instead; two middle cards that pair mean no wild card (best three of four).
variant-kaana = The one-eyed cards (the king of diamonds and the jacks of spades and hearts, unless the table's `kaana_cards` say otherwise) are wild. With `kaana_round` they are wild only from the hand after someone is dealt a trio until a show is called against a player holding one.
variant-kiss-miss-bliss = Five cards each; make three units: single cards, or pairs that count as one wild card: a kiss (in sequence, A-2 to Q-K), a miss (one rank between, A-3 to J-K), a bliss (the same rank), each kind at most once.
variant-blackjack = Three cards each, counted as in blackjack: pictures 10, an ace 1 or 11, the rest face value. The highest total up to 21 wins; 22 and over is bust (two busts are equal hands).
variant-nines = 999: each card is a digit (10 and pictures 0, an ace 1, the rest face value); arrange yours into the largest three-digit number: the larger number wins, 999 best.
variant-four-x-boot = Classic, but every hand's boot is four times the table's.
variant-three-card-stud = Three-card stud: two cards face down and one face up, shown to everyone on the hand message from the deal. Blind means you have not looked at your down cards.
variant-five-card-stud = Five-card stud: two cards face down and three face up for everyone to see; the best three of your five count (with `exact_use`: exactly one down card and two up cards).
variant-three-card-community = Three-card community: two cards face down each and one community card face up in the middle, everyone's third card.
variant-five-card-community = Five-card community: two cards face down each and three community cards in the middle; the best three of your five count (with `exact_use`: one down card and two community cards). With `community_turn=rounds` the community cards are turned up one at the end of each betting round.
variant-draw = Draw: three cards each; players may change cards (discard and be dealt new ones) for `draw_price` a card (the boot by default): before the betting, after the first round (`draw=after`), or one card in each of the first three rounds (`draw=rounds`). Changing cards means looking at them: a blind player who draws is seen.
variant-cobra = Cobra: one card each, on the forehead: you see everyone's card (by DM) but never your own. Everyone bets blind stakes all hand (nobody can see); no sideshows. At the show the higher card wins; equal ranks go by suit (spades, hearts, diamonds, clubs).
variant-zandu = Zandu: three cards each and three community jokers face down; one is turned up after each of the first three betting rounds, and every card of a turned-up rank is wild. The first round is blind (nobody may look); shows and sideshows wait until all three are up.
variant-dealers-choice = Dealer's choice: before each hand its dealer chooses the game (the **Choose the game** button opens a menu only the dealer sees; `/table pick` adds options of their own, but never changes the stakes). If they do not choose within the turn timer, the table's `dealer_default` is dealt.

## Command replies and refusals
extra-joker = A card turned up at the deal makes its rank wild.
extra-wild-suit = A card turned up at the deal makes its suit wild.
extra-bust = A card turned up at the deal is a bust card: whoever holds one of its rank packs at once (if everyone does, it busts nobody).
extra-jokers = The pack has two printed jokers, each wild.
extra-k-a-2 = 2-A-K is a sequence, just below A-K-Q.
rules-variation = **This table's variation.** { $variation }
rules-how-to-play = **How to play.** Everyone pays the boot; cards are dealt face down. On your turn: bet blind (from the stake to twice it) without looking, or **See** your cards and bet seen (twice to four times the stake, even amounts), or **Pack**. A blind bet sets the stake; a seen bet sets it to half the bet. With two players left either may pay for a **Show** (blind: the stake; both seen: twice the stake; a seen player cannot show a blind one). When everyone left is seen, bet the minimum and ask the previous player for a **Sideshow**: the lower hand packs (a tie packs the asker). Hands: trio > pure sequence > sequence > colour > pair > high card; A-2-3 is the top sequence.
rules-options = **Options:** { $options }
balance = { $player } has **{ $chips }** chips.
daily-claimed = You claimed **{ $amount }** chips. Your balance is **{ $balance }**.
daily-too-soon = You have claimed your daily chips already. Come back { $when }.
leaderboard-nobody = Nobody here yet.
leaderboard-balance = Leaderboard · balance
leaderboard-winnings = Leaderboard · net winnings
leaderboard-footer = Page { $page } of { $pages } · { $total } players
stats = { $player }: **{ $played }** hands played, **{ $won }** won ({ $rate }%), biggest pot **{ $pot }**, net **{ $net }**.
recent-none = No hands have been played in this channel yet.
recent-line = **#{ $hand }** · { $players } players · pot { $pot } · { $status } { $winners }
recent-title = Last hands here (use `/history hand:N` for one):
status-live = live
status-finished = finished
status-refunded = refunded
no-such-hand-here = There is no hand #{ $hand } on this server.
no-such-hand = There is no hand #{ $hand }.
too-many-seats = The pack deals to at most { $most } players under these rules ({ $variant } and its options), not { $asked }.
rank = { $cards } is a **{ $value }** under { $variant } rules (strength { $strength }; higher wins).
settings = **Server settings** (new tables start with these rules):
settings-cooldown = { $seconds } seconds
setting-not-valid = `{ $value }` is not valid for { $option }: give a whole number from { $low } to { $high }
language-not-valid = `{ $value }` is not a language here: give `en` (English), `hi` (हिन्दी) or `hinglish`
settings-saved = Saved.
granted = { $admin } granted { $amount } chips: balance now **{ $balance }**. ({ $player })
took = { $admin } took { $amount } chips: balance now **{ $balance }**. ({ $player })
below-zero = { $player } has only { $have } chips; a balance cannot go below zero.
verify-not-committed = Hand #{ $hand } was dealt before provably fair deals: no commitment was published for it.
verify-live = Hand #{ $hand } is still being played. Its deck commitment is `{ $commitment }`; the seed is revealed when the hand ends.
verify-fair = ✅ **Fair**: SHA-256 of the seed is the commitment shown at the deal, and the seed with the players' entropy gives exactly the deck the hand was dealt from.
verify-bad-commitment = ❌ **Does not verify**: SHA-256 of the stored seed is not the commitment.
verify-bad-deck = ❌ **Does not verify**: the seed and entropy do not give the deck that was dealt.
verify-none = none
verify-checked = Hand #{ $hand }: { $verdict }
verify-lines = Commitment `{ $commitment }`
verify-seed = Seed `{ $seed }`
verify-entropy = Entropy { $entropy }
verify-offline = Check it yourself with Python alone (`docs/provably-fair.md`): `{ $command }`
error-bots-no-chips = Bots have no chips.
error-turned-only = `turned` takes the turned-up cards only: joker=RANK wild_suit=SUIT bust=RANK common=CARD.
error-needs-joker = The joker variant needs the turned-up rank: add `joker:7`, say.
error-bet-not-positive = A bet is a positive number of chips.
error-give-amount = Give a positive amount: from 1 to 10^12 chips (you cannot take chips with /give).
error-grant-amount = Give a non-zero amount of at most 10^12 chips.
error-button-not-recognised = This button is not recognised; nothing was done.
error-buttons-in-servers = Table buttons work only in a server.
error-table-closed = That table is closed.
error-bot-permissions = I can't host a table in this channel: I'm missing { $missing } here. Ask a server admin to give me { $missing } in this channel (Edit Channel → Permissions), then try again.
dm-picture-permission = I can't attach the card pictures in <#{ $channel }> on **{ $server }**: I'm missing { $missing } there. The game goes on without them; a server admin can give me that permission in the channel's settings.
dm-table-silenced = I can no longer show your Teen Patti table in <#{ $channel }> on **{ $server }**: I'm missing { $missing } there. Any hand in play was refunded (nothing was lost) and the table stopped dealing; its seats are kept. Once a server admin gives the permission back, press **Start** to deal again.
error-needs-manage-server = Only members with the Manage Server permission can use this command.
error-server-only = This command works only in a server.
error-check-failed = You cannot use this command here.
error-option-not-valid = That option is not valid: `{ $input }`.
error-option-not-valid-bare = That option is not valid.
error-rule-options = Rule options not valid: { $error }
error-internal = Something went wrong on our side; nothing was changed. Please try again.
error-disk-full = The bot's disk is full; this table is paused and nothing was lost. It resumes by itself when space is freed.

## More refusals of the table service
error-table-full-of = The table is full ({ $max } players).
error-table-full = The table is full.
error-manager-start = Only the player who opened the table ({ $opener }) or someone with Manage Server can start it.
error-manager-close = Only the player who opened the table ({ $opener }) or someone with Manage Server can close it.
error-wallet = Your wallet cannot cover that: it needs { $need } and you have { $have } (chips at another table count).
error-channel-has-table = This channel already has an open table. Use `/table status`, or `/table close` first.
error-need-two = At least two seated players who are not sitting out and can pay the boot are needed to deal.
error-entropy = Entropy is 1 to { $max } characters on one line (anything you like: a word, dice rolls).
error-entropy-seated = Only a player seated at this table can add entropy to its deals.
error-cannot-pay-boot = { $player } can no longer pay the boot; try again.
error-cannot-post = I could not post the hand in this channel, so it was cancelled and the boots refunded. Check that I may send messages and embed links here, then press Start.
error-not-dealers-choice = This table plays { $variant }: only at a dealers_choice table does the dealer choose the game.
error-nobody-choosing = Nobody is choosing a game now: the dealer chooses just before each hand.
error-choice-over = That choice is over; nothing was done.
error-not-the-dealer = { $dealer } deals the next hand, so they choose its game.

## The dealer's choice refused (the reason is the rules' own words)
error-default-game = This table's default game cannot be dealt: { $reason }
error-game-not-dealt = That game cannot be dealt at this table: { $reason }.
error-choose-another = { $reason } Choose another game.
error-rules-not-dealt = This table's rules cannot be dealt: { $reason }
error-timeout-only = Only the turn timer can time a player out.

## Computer players and odds (issue 17)
cmd-table-open-bots-desc = Computer players to seat (0-9), staked by the house
cmd-table-open-bot_level-desc = How well the computer players play (default: hard)
cmd-table-addbot = addbot
cmd-table-addbot-desc = Seat a computer player, staked by the house (the opener, or Manage Server).
cmd-table-addbot-level-desc = How well it plays (default: hard)
cmd-table-removebot = removebot
cmd-table-removebot-desc = Unseat a computer player; its chips go back to the house (the opener, or Manage Server).
cmd-odds = odds
cmd-odds-desc = Your hand's odds now, privately (a blind hand gets the odds of an unseen hand).
cmd-house = house
cmd-house-desc = The house's chips, which stake the computer players; set them with bankroll (Manage Server).
cmd-house-bankroll-desc = Set the house's chips to this many
error-manager-bots = Only { $opener } or someone with Manage Server can seat or unseat computer players.
error-house-short = The house cannot stake a computer player for a boot of { $boot }; an admin can add chips with /house.
error-no-bots = There is no computer player at this table.
notice-bot-seated = { $bot } sits down with { $chips } chips from the house.
notice-bot-left = { $bot } leaves; { $chips } chips go back to the house.
house-balance = The house holds { $chips } chips.
house-set = { $admin } set the house's chips to { $chips }.
odds-seen = Your hand { $cards }: against one unknown hand you win { $win }, tie { $tie } and lose { $lose } (exact). It beats { $percentile } of all hands.
odds-many = Against the { $players } other players still in: you win { $win } (± { $error }, sampled).
odds-unseen = You have not looked at your cards. An unseen hand wins { $win } against one unknown hand (ties { $tie }), and { $many } against { $players } (the same for every blind player).
odds-board = Odds are worked out for hands dealt whole; this variation turns cards up during the hand or hides your own card.
error-need-person = Computer players do not play on their own: a person must be seated (and not sitting out) for a hand to be dealt.

## The ledger (issue 18)
cmd-ledger = ledger
cmd-ledger-desc = Your chip movements, newest first (Manage Server: anyone's).
cmd-ledger-page-desc = Page (10 movements a page)
cmd-ledger-user-desc = Whose (Manage Server, for someone else's)
error-ledger-others = Only someone with Manage Server can see another player's ledger.
ledger-title = **Chips of { $player }**: { $balance } now (page { $page }, newest first)
ledger-row = { $when } · { $reason } · { $delta } · balance { $after }
ledger-row-hand = { $when } · { $reason }, hand #{ $hand } · { $delta } · balance { $after }
ledger-empty = No chip movements on this page.
ledger-more = Older movements: /ledger page:{ $next }
reason-starting-grant = starting balance
reason-daily = daily chips
reason-bet = bet
reason-pot-won = pot won
reason-refund = refund
reason-admin-grant = admin grant
reason-transfer = transfer
reason-season-reset = season reset
reason-fee = transfer fee
reason-buy-in = tournament buy-in
reason-prize = tournament prize

## Transfers and bet caps (issue 18)
cmd-give = give
cmd-give-desc = Give some of your chips to another player of this server.
cmd-give-user-desc = Who gets them
cmd-give-amount-desc = Chips to give
given = { $from } gave { $to } **{ $amount }** chips.
given-fee = { $from } gave { $to } **{ $amount }** chips; { $fee } went to the house as this server's transfer fee.
error-give-off = Transfers are off on this server (its give_daily_cap is 0).
error-give-self = You cannot give chips to yourself.
error-give-bot = Bots and computer players do not take chips.
error-give-not-member = { $player } is not a member of this server.
error-give-sender-young = Your Discord account is younger than { $days } days (this server's give_min_account_days).
error-give-receiver-young = { $player }'s Discord account is younger than { $days } days (this server's give_min_account_days).
error-give-sender-new = You joined this server less than { $hours } hours ago (its give_min_member_hours).
error-give-receiver-new = { $player } joined this server less than { $hours } hours ago (its give_min_member_hours).
error-give-cap = You can give { $left } more chips in the next 24 hours (this server's give_daily_cap is { $cap }).
error-give-funds = You have only { $have } chips.
daily-too-new = Your Discord account is younger than { $days } days (this server's daily_min_account_days).
error-boot-cap = This server caps the boot at { $cap } chips (its max_boot).
error-bet-cap = This server caps a single bet at { $cap } chips (its max_bet): the boot may be at most half of that.
settings-no-cap = none
setting-season-reset = season_reset is reset (every balance back to the starting balance) or carry.
setting-season-channel = `{ $value }` is not a channel: write #channel, its id, or none.
setting-private-language = `{ $value }` is not a private_language: give `server` (private answers in the server's language) or `reader` (in each player's own Discord language, where the bot has it).

## Seasons (issue 18)
cmd-season = season
cmd-season-desc = Seasons of the server's leaderboard (Manage Server).
cmd-season-new = new
cmd-season-new-desc = End this season: its final leaderboard is posted and kept; balances carry over or reset.
cmd-leaderboard-season-desc = An ended season's final leaderboard
season-over = **Season { $number } is over.** Its final leaderboard:
season-reset = Season { $number } begins now: every balance is back to { $start } chips ({ $wallets } changed).
season-carry = Season { $number } begins now: every balance carries over.
season-board = **Season { $number }** ({ $from } to { $to }), its final leaderboard:
season-posted = Season { $number }'s final leaderboard is posted in { $channel }.
season-in-play = Season { $number } is still in play: /leaderboard shows it as it stands.
season-none = This server has had no season { $number }.

## Tournaments (issue 18)
cmd-tournament = tournament
cmd-tournament-desc = Sit-and-go tournaments: open one, register, cancel, or see it.
cmd-tournament-open = open
cmd-tournament-open-desc = Open a tournament here: players register with a buy-in; play starts when every seat is taken.
cmd-tournament-open-buy_in-desc = Chips each player pays in (they make the prize pool)
cmd-tournament-open-seats-desc = Players (2-10); play starts when all have registered
cmd-tournament-open-stack-desc = Tournament chips each player starts with (default 1000)
cmd-tournament-open-boots-desc = The boot at each level, e.g. 10,20,40,80 (default 10,20,40,80,160)
cmd-tournament-open-every_hands-desc = Hands at each level (default 5)
cmd-tournament-open-every_minutes-desc = Minutes at each level, instead of hands
cmd-tournament-open-split-desc = Prizes by place in percent, e.g. 65,35 (default by seats)
cmd-tournament-open-variant-desc = Game variant (default classic)
cmd-tournament-open-turn_seconds-desc = Seconds each player has to act (10-600)
cmd-tournament-register = register
cmd-tournament-register-desc = Register for this channel's tournament (you pay the buy-in).
cmd-tournament-unregister = unregister
cmd-tournament-unregister-desc = Take your registration back before play starts (the buy-in comes back).
cmd-tournament-cancel = cancel
cmd-tournament-cancel-desc = Cancel this channel's tournament: every buy-in goes back (its opener, or Manage Server).
cmd-tournament-status = status
cmd-tournament-status-desc = This channel's tournament: its players, places and prizes.
tournament-card = **Tournament #{ $number }** ({ $status }), opened by { $opener }: { $game }, { $seats } seats, buy-in **{ $buy_in }** chips, { $stack } tournament chips each; boot { $boots }, rising { $every }; prizes { $split }. Register with /tournament register.
tournament-registering = registering
tournament-playing = playing
tournament-every-hands = every { $count } hands
tournament-every-minutes = every { $count } minutes
tournament-registered = { $player } registered for tournament #{ $number } ({ $count } of { $seats }; prize pool { $pool } chips).
tournament-unregistered = { $player } left tournament #{ $number }; the buy-in of { $buy_in } chips went back.
tournament-cancelled = Tournament #{ $number } was cancelled by { $by }: the buy-in of { $buy_in } chips went back to each of its { $players } players.
tournament-out-one = { $player } (place { $place })
tournament-out = Out of the tournament, unable to pay the boot of { $boot }: { $players }.
tournament-over = **Tournament #{ $number } is over: { $winner } wins.**
tournament-result = { $place }. { $player } · prize { $prize }
tournament-status-in = { $player }: still in
tournament-status-out = { $player }: place { $place }
error-no-tournament = There is no tournament registering or playing in this channel: /tournament open starts one.
error-tournament-here = This channel already has a tournament registering or playing.
error-channel-has-tournament = Tournament #{ $number } is registering or playing in this channel: no other table opens here until it ends.
error-tournament-variant = A tournament plays one game: pick a variant other than dealers_choice.
error-tournament-already = You are registered already.
error-tournament-closed = Tournament #{ $number } takes no more players.
error-tournament-funds = The buy-in is { $buy_in } chips and you have { $have }.
error-tournament-not-registered = You are not registered for this tournament (or it has started).
error-tournament-cancel = Only { $opener }, who opened the tournament, or someone with Manage Server can cancel it.
error-tournament-table = This table plays tournament #{ $number }: nobody leaves or closes it (packing is how you lose), and /tournament cancel ends it.
error-tournament-join = This table plays tournament #{ $number }: only its players still in may sit here.
stats-tournaments = Tournaments: **{ $played }** played, **{ $won }** won, prizes **{ $prizes }** chips.

## Why rules, cards and tournament plans are refused (the engine's typed errors; the command-line tools print
## the English, lower-case, as the engine's own text).
rules-unknown-option = unknown option `{ $option }`; every option is listed by /rules and in the README
rules-unknown-option-near = unknown option `{ $option }`; every option is listed by /rules and in the README; did you mean `{ $near }`?
rules-bad-value = `{ $value }` is not a valid { $option }; expected { $expected }
rules-not-name-value = `{ $item }`: write options as name=value
rules-option-why = `{ $option }` { $why }
rules-dealers-choice-dealt = a dealers_choice table deals the variant its dealer picks
rules-expected-one-of = { $values }
rules-expected-whole = a whole number from { $min } to { $max }
rules-expected-whole-or-none = a whole number from { $min } to { $max }, or none
rules-expected-whole-or-boot = a whole number from { $min } to { $max }, or boot
rules-expected-span = { $min } to { $max }
rules-expected-either = { $a } or { $b }
rules-expected-bool = true | false (or yes | no, on | off, 1 | 0)
rules-expected-turned-rank = off, draw or a rank (2-9, T, J, Q, K, A)
rules-expected-turned-suit = off, draw or a suit (s, h, d, c)
rules-expected-card-or-none = a card (As, Kd, 10c, Xb ...) or none
rules-expected-card-list = one or more cards written Kd+Js+Jh
rules-expected-down-cards = 1 to 5 (a hand is 3 to 5 cards with up and community)
rules-expected-not-dealers-choice = a variant other than dealers_choice
rules-expected-variant-to-play = a variant to play, not dealers_choice
rules-expected-boot-under = at most { $max } under { $variant } (each hand's boot is { $factor } times it)
rules-expected-twice-boot = at least twice the boot ({ $min })
rules-why-dealer-picks-variant = is picked by the dealer only at a dealers_choice table
rules-why-stake = is a stake: the table sets it, and a dealer's pick keeps it (pick the game and its options)
rules-why-turned-in-play = fixes a turned-up card, which only `hand rank` takes: at a table the hand turns its own up (`draw`; in a hand script, fix the card with a directive such as `joker CARD`)
rules-why-spread-limit = goes with bet_structure=spread or spread_raise, and they need it
rules-why-dealer-default-not-dealers-choice = must name a variant other than dealers_choice
rules-why-dealer-default-only = is an option of the dealers_choice variant
rules-why-deals = { $variant } deals { $cards } cards
rules-why-own-deal = { $variant } deals { $cards } { $option } cards: its deal is its own
rules-why-hand-size = makes a hand of { $cards } cards (down { $down }, up { $up }, community { $community }): a hand is 3 to 5 cards
rules-why-community-turn = needs community cards (community=1 to 3)
rules-why-exact-use = needs a hand of more than three cards, two or more of them face up (five_card_stud)
rules-why-draw-price = is the price of a new card in a draw (set draw=before, after or rounds)
rules-why-show-after-board = must be at least { $min }: hands are compared only once the community is up
rules-why-own-wilds = { $variant } makes its own wild cards from pairs; it takes no other wild cards (joker, wild_suit, jokers)
rules-why-own-rank-wild = { $variant } makes each player's own rank wild; a drawn wild rank cannot be added
rules-why-cobra = does not combine with cobra: one plain card each, which its holder never sees
rules-why-draw-rounds-blind = rounds changes a card in the first rounds, which blind_rounds keeps blind
rules-why-blind-turn-limit = of { $limit } would force a player to see in a blind round ({ $blind } blind)
rules-why-no-sequences = orders sequences, and { $variant } has none
rules-why-k-a-2 = ranks 2-A-K just below A-K-Q, where a23=second puts A-2-3: choose one
rules-why-common-only = is the common card of incomplete_common
rules-why-common-joker = is a printed joker, and these rules play without them (set jokers=2)
rules-why-incomplete-one-pure = would make every incomplete_one hand the top pure sequence: the variant makes a trio of the dealt rank
rules-why-kaana-only = is an option of the kaana variant
rules-why-high-low-order = splits a pot between the classic order's high and low hands, and { $variant } ranks otherwise
rules-why-show-concede-high-low = does not combine with high_low: its show is every hand's, nobody is called alone
rules-why-qualifier = qualifies a hand for a half of a high-low pot (set high_low)
rules-why-post = is owed for an ante missed as it went round: it needs ante=dealer with deal_order=rotate
rules-why-max-rounds = of { $max } would force a show before one may be asked for (rounds_before_show is { $before })
card-bad-card = `{ $input }` is not a card (write cards like As, Kd, 10c, Tc, 2s or A♠)
card-bad-rank = `{ $input }` is not a rank (2-9, T or 10, J, Q, K, A)
card-bad-suit = `{ $input }` is not a suit (s, h, d, c, a symbol or a name)
card-duplicate = { $card } appears twice
rank-wrong-count = a hand has { $expected ->
    [one] 1 card
   *[other] { $expected } cards
} under these rules, not { $got }
rank-no-joker = the joker draw needs the turned-up rank (set joker=RANK)
rank-no-wild-suit = the wild-suit draw needs the turned-up suit (set wild_suit=SUIT)
rank-no-bust = the bust draw needs the turned-up rank (set bust=RANK)
rank-no-printed-jokers = { $card } is a printed joker, and these rules play without them (set jokers=2)
plan-boots = the boots must be 1 to { $levels } whole numbers from 1 to 10^12, each at least the one before (e.g. 10,20,40)
plan-every = a level lasts 1 to 1000 hands or minutes
plan-split = the split is 1 to { $seats } percentages, highest first, that add up to 100 (e.g. 65,35)

## The script transcript (`teenpatti-bot replay`): what only a player sees, and the pot after a bet; every public
## event is written with the event lines above.
script-turn = ({ $player } to act, stake { $stake })
script-holds = ({ $player } holds { $cards })
script-sees = ({ $player } sees { $hands })
script-sideshow-compared = (privately: { $hands }; { $loser } loses)
script-stake-pot = Stake { $stake }, pot { $pot }.
script-pot = Pot { $pot }.

## Discord's permissions, as its server settings name them in this language.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-embed-links = Embed Links
perm-attach-files = Attach Files
perm-read-message-history = Read Message History
perm-other = { $names }

## Privacy (issue 37): what the bot keeps about a player, their export and its deletion
cmd-privacy = privacy
cmd-privacy-desc = What the bot keeps about you: see it, export it, delete it.
cmd-privacy-info = info
cmd-privacy-info-desc = What the bot keeps about you, here and on every server, and for how long.
cmd-privacy-export = export
cmd-privacy-export-desc = Your data on every server as a JSON file that only you see.
cmd-privacy-export-part-desc = Which part (a long history comes in parts)
cmd-privacy-delete = delete
cmd-privacy-delete-desc = Delete what the bot keeps about you on every server (asks you to confirm).
privacy-title = 🔒 **What this bot keeps about you** (only you see this)
privacy-nothing = Nothing: you have no wallet, hand or tournament entry anywhere.
privacy-server = • { $server }: { $chips } chips, { $rows } ledger { $rows ->
    [one] row
   *[other] rows
}, { $hands } { $hands ->
    [one] hand
   *[other] hands
}
privacy-purse = tournament #{ $tournament }
privacy-more-servers = • and { $n } more (`/privacy export` has them all)
privacy-entries = • { $n } tournament { $n ->
    [one] entry
   *[other] entries
}
privacy-seats = • seated at { $n } open { $n ->
    [one] table
   *[other] tables
} (with any entropy you gave for the next deal)
privacy-what = Kept: your wallets and every chip movement (the ledger), the hands you were dealt into (seats, actions, and every card once a hand is over), stats and leaderboards worked out from them, seasons' final boards, tournament entries, tables and tournaments you opened, and the entropy texts you gave. Your id is what it is kept under; not kept: your name, avatar, messages or anything else from your profile.
privacy-how-long = It is kept while the bot is on the server. When the bot is removed from a server, that server's data is deleted { $days } { $days ->
    [one] day
   *[other] days
} later. Any time: `/privacy export` for a copy, `/privacy delete` to delete it everywhere.
privacy-no-part = There is no part { $part }: your export has { $parts } { $parts ->
    [one] part
   *[other] parts
}.
privacy-too-large = This part of your export is too large to attach; the bot's operator can give it to you.
privacy-exported = Your data, part { $part } of { $parts }: { $rows } ledger { $rows ->
    [one] row
   *[other] rows
} and { $hands } { $hands ->
    [one] hand
   *[other] hands
} (other players appear only as the channel showed them). Only you see this.
privacy-export-next = The next part: `/privacy export part:{ $next }`
button-privacy-delete = Delete my data
privacy-confirm = ⚠️ This deletes what the bot keeps about you on **every server**: your wallets and their chips, your ledger, your place in stored hands, stats, leaderboards and seasons' boards, your tournament entries and your entropy texts. It cannot be undone. The chips you hold leave play: other players' records keep them exact, under an anonymous id. The button works for { $minutes } minutes.
privacy-not-yours = This button is someone else's: use `/privacy delete` yourself.
privacy-expired = This confirmation has expired: use `/privacy delete` again.
privacy-deleted-nothing = Done: the bot kept nothing about you.
privacy-deleted = ✅ Done: nothing the bot keeps names you any more. { $servers } { $servers ->
    [one] wallet
   *[other] wallets
}, { $rows } ledger { $rows ->
    [one] row
   *[other] rows
} and { $hands } { $hands ->
    [one] hand
   *[other] hands
} are kept under anonymous ids, so the books stay exact; { $entropy } entropy { $entropy ->
    [one] text
   *[other] texts
} deleted. If you play again, you start afresh.
privacy-refused-seated = You are seated at the table in { $channel }: leave it (once the hand in play is over), then delete.
privacy-refused-tournament = You are registered in the tournament in { $channel }: unregister, or wait until it is over, then delete.
verify-erased = ⚠️ **The deck can no longer be checked**: SHA-256 of the seed is the commitment shown at the deal, but { $n } { $n ->
    [one] player
   *[other] players
} of this hand deleted their data, entropy included, and the deck cannot be rebuilt without it (`docs/provably-fair.md`).

## The servers' web pages (issue 38)
web-footer = Teen Patti: virtual chips only. Players are shown by the name and avatar Discord gave the bot when they last played; `/privacy web off` hides yours.
web-server-title = Teen Patti: leaderboards, tables and tournaments
web-boards = Leaderboards
web-board-balance = Richest players
web-board-winnings = Biggest winners
web-col-player = Player
web-col-chips = Chips
web-col-net = Net winnings
web-pages = Pages
web-prev = ← Previous
web-next = Next →
web-page-of = Page { $page } of { $pages }
web-none = Nothing yet.
web-tables = Tables open now
web-table = { $variant }, boot { $boot }, { $players } seated
web-tournaments = Tournaments
web-tournament = Tournament #{ $id }: buy-in { $buy_in }, { $status }
web-place = place { $place }
web-prize = prize { $prize }
web-status-registering = registering
web-status-running = being played
web-status-finished = finished
web-status-cancelled = cancelled
web-seasons = Ended seasons
web-season = Season { $number }: final leaderboard
web-hidden-player = A player
web-deleted-player = A deleted player
web-hand-title = Hand #{ $hand }
web-back = ← Leaderboards and tables
web-hand-live = This hand is still being played: this page shows what its channel shows, and its cards once it is over.
web-steps = Step by step
web-step-pot = pot { $pot }
web-step-turn = then { $player } to act
web-cards = The cards:
web-fair-title = Check the deal yourself
web-fair-explain = Your browser recomputes the deck from the revealed seed and the players' entropy with its own SHA-256 (the procedure of docs/provably-fair.md, the same as scripts/verify_deck.py), and compares it with the deck the hand was dealt from. Nothing is sent anywhere.
web-fair-commitment = Commitment (shown at the deal)
web-fair-seed = Seed (revealed at the end)
web-fair-entropy = Players' entropy
web-fair-dealt = Deck dealt from
web-fair-computed = Deck your browser computed
web-fair-ok = ✔ Fair: SHA-256 of the seed is the commitment, and the seed with the entropy gives exactly the deck dealt.
web-fair-bad-commitment = ✘ Does not verify: SHA-256 of the seed is not the commitment shown at the deal.
web-fair-bad-deck = ✘ Does not verify: the seed and entropy do not give the deck that was dealt.
web-fair-erased = The seed matches the commitment, but { $n } { $n ->
    [one] player
   *[other] players
} of this hand deleted their data, entropy included: the deck can no longer be rebuilt.
web-fair-insecure = This page came over plain HTTP, where browsers offer no Web Crypto: open it over HTTPS to check the deal here (or run scripts/verify_deck.py).
web-fair-broken = The check could not run in this browser; run scripts/verify_deck.py instead.
web-fair-noscript = The check runs in your browser with JavaScript; without it, run scripts/verify_deck.py with the values above.
setting-web = web is on or off, not { $value }.
web-on = 🌐 This server's web pages are on: { $url } (leaderboards, tournaments, open tables, and each finished hand of a channel everyone can view). `/config set web off` takes them down.
web-on-no-url = 🌐 This server's web pages are on, but the bot's operator has not set its public address (`PUBLIC_URL`), so the bot cannot link to them yet.
web-off = This server's web pages are off: their address no longer works, and turning them on again makes a new one.
privacy-web-hidden = Your name and avatar are hidden from every server's web pages: they show "A player" instead.
privacy-web-shown = Your name and avatar show on the web pages of servers that have them again.
web-link-hand = 🌐 Step through it, with the cards and the fair-deal check in your browser: { $url }
web-link-verify = 🌐 Check it in your own browser: { $url }
web-link-server = 🌐 The whole leaderboard: { $url }
cmd-privacy-web = web
cmd-privacy-web-desc = Show or hide your name and avatar on every server's web pages.
cmd-privacy-web-shown-desc = on: shown (the default); off: hidden everywhere
button-web-hand = Replay and check it

## The Activity (the table inside Discord, docs/activity.md)
button-open-table = Open the table
activity-seat = Seat { $n }
activity-no-table = There is no table in this channel yet: open one here, or with `/table open`.
activity-malformed = That message could not be read.
activity-slow-down = Too fast: wait a moment before the next action.
activity-not-in-instance = Discord does not list you in this Activity: open it again from the channel.
activity-no-server = Tables are played in servers: open the Activity in a server's channel.
activity-signed-out = Discord did not accept your sign-in: open the Activity again.
activity-unavailable = Discord did not answer: try again in a moment.
activity-elsewhere = Another process of the bot runs this server's tables: open the Activity again in a moment.
activity-too-many = Too many open windows of the Activity: close one and try again.
activity-pot = Pot { $pot }
activity-stake = Stake { $stake } · hand #{ $hand }
activity-stack = { $chips } chips
activity-put-in = in: { $chips }
activity-your-cards = Your cards
activity-actions = Actions
activity-log = What happened
activity-ok = OK
activity-reconnecting = Reconnecting…
activity-replaced = This table is open in another window.
activity-time-left = time left
activity-open-a-table = Open a table here
activity-card = { $rank } of { $suit }
activity-suit-s = spades
activity-suit-h = hearts
activity-suit-d = diamonds
activity-suit-c = clubs
activity-rank-a = ace
activity-rank-k = king
activity-rank-q = queen
activity-rank-j = jack
activity-joker = joker
