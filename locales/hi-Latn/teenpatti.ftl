# Teen Patti for Discord: Hinglish (Hindi in Latin letters, as players type it in chat). The same messages as
# ../en/teenpatti.ftl. Game words as players say them: boot, chaal, blind, seen, pack, show, sideshow, trail.

## General
done = Ho gaya.
table-opened = { $opener } ne Teen Patti ki table kholi hai. Seat lene ke liye **Baitho** dabao.
no-table-here = Is channel mein koi table nahi hai. `/table open` se ek kholo.
language-set = Is server ki bhasha ab **{ $language }** hai.

## The lobby
lobby-title = Teen Patti table #{ $table }
lobby-nobody = Abhi koi nahi.
lobby-seat = { $n }. { $player }
lobby-seat-sitting-out = { $n }. { $player } (bahar baithe hain)
lobby-closed = Yeh table band hai.
lobby-hand-playing = Ek baazi chal rahi hai.
lobby-hand-playing-link = Ek baazi chal rahi hai: { $link }.
lobby-automatic = Jab tak do ya zyada players baithe hain, baaziyan apne aap bantti hain.
lobby-press-start = Sab aa jayein to **Shuru karo** dabao ({ $opener } ya Manage Server wale).
lobby-players = Players ({ $seated }/{ $max })
lobby-footer = Har chaal ka time { $seconds } second · chips virtual hain
rules-card-variant = Game **{ $variant }** · boot **{ $boot }**
rules-card-classic = Baaki rules classic (`/rules` samjhata hai).
rules-card-house = Table ke rules: { $options }
button-join = Baitho
button-leave = Utho
button-start = Shuru karo
button-back = Main wapas aa gaya
next-commitment = 🔒 Agli baazi ki gaddi ka vachan `{ $commitment }` (`/table entropy` se apna hissa milao)

## The hand message
hand-title = Teen Patti · baazi #{ $hand }
hand-pot = Pot **{ $pot }** · stake **{ $stake }** · boot { $boot }
question-sideshow = { $asker } ne { $player } se sideshow maanga hai: maano ya mana karo{ $when }.
question-show = { $asker } ne { $player } ke khilaaf show maanga hai: patte dikhao ya bina dikhaye pot chhodo{ $when }.
question-split = { $asker } ne { $player } se baazi rok kar pot baantne ko kaha hai: maano, ya khelte raho{ $when }.
answer-sideshow = { $player }, sideshow maano ya mana karo.
answer-show = { $player }, patte dikhao ya haar maano.
answer-split = { $player }, batwara maano ya khelte raho.
declare-line = Ghoshna: baazi mein bacha har player chupchaap **high** ya **low** chune; sab ek saath khulenge.
declare-time = Time { $when } khatam hoga: chup player high maana jayega.
declare-content = { $players }, high ya low ghoshit karo.
turn-line = Baari: { $player }
turn-line-timer = Baari: { $player }, time { $when } khatam
turn-content = { $player }, tumhari baari hai.
seat-state-packed = pack
seat-state-declared = ghoshit
seat-state-seen = seen
seat-state-blind = blind
seat-dealer = { " " }(dealer)
seat-line = { $mark } { $player }{ $dealer }: { $state } · daav { $put_in } · chips { $stack }
field-players = Players
field-last-actions = Pichhli chaalein
field-hand-over = Baazi khatam
hand-over-closed = Yeh table band hai.
hand-over-next = Agli baazi { $when }.
hand-over-waiting = Players ka intezaar hai.
hand-footer = Table #{ $table } · { $variant } · har chaal { $seconds } second
fair-live = 🔒 Gaddi ka vachan `{ $commitment }`
fair-revealed = 🔓 Gaddi ka vachan `{ $commitment }` · beej `{ $seed }` · { $entropy } · jaancho: `/verify hand:{ $hand }`
fair-no-entropy = kisi ne entropy nahi di
fair-entropy-from = { $n } players ki entropy
button-accept-split = Batwara maano
button-play-on = Khelte raho
button-show-my-cards = Patte dikhao
button-concede = Haar maano
button-accept-sideshow = Sideshow maano
button-deny-sideshow = Sideshow mana
button-blind = Blind { $amount }
button-chaal = Chaal { $amount }
button-raise = Badhao { $amount }
button-max = Poora { $amount }
button-show = Show ({ $cost })
button-sideshow = Sideshow
button-sideshow-cost = Sideshow ({ $cost })
button-split = Batware ki peshkash
button-declare-high = High ghoshit karo
button-declare-low = Low ghoshit karo
button-change-card = Ek patta badlo ({ $price } har patta)
button-change-cards = Patte badlo ({ $price } har patta)
button-stand-pat = Patte rakho
button-see = Patte dekho
button-my-cards = Mere patte
button-pack = Pack

## The cards turned up for everyone
board-face-up = Khule patte: { $cards }.
board-common = Saajha patta: { $cards } (sabka teesra patta).
board-community = Beech ke patte: **{ $cards }** (har haath ka hissa).
board-community-jokers = Beech ke joker: **{ $cards }** (joker rank: { $ranks }).
board-none-yet = abhi koi nahi
board-joker = Joker khula: { $card } (har { $rank } joker hai).
board-wild-suit = Joker rang khula: { $card } (har { $suit } patta joker hai).
board-bust = Bust patta khula: { $card } ({ $whom }).
board-bust-void = har player ke paas ek hai, isliye is baazi mein koi bust nahi
board-bust-packs = jiske paas { $rank } hai woh pack karega

## One line per public event
event-started-ante = { $anter } ne sabhi { $seats } players ke liye { $pot } daale (boot { $boot }); { $dealer } patte baant rahe hain.
event-started = { $seats } players ne { $boot } ka boot diya (pot { $pot }); { $dealer } patte baant rahe hain.
event-round-ended = Daav ka round { $round } khatam.
event-community-turned = Beech ka patta khula: **{ $card }**.
event-community-joker = Beech ka joker khula: **{ $card }**: har { $rank } joker hai.
event-draw-begins = Patte badalne ka round: dealer ke baayein se har player baari se patte badal sakta hai (ya rakh sakta hai).
event-draw-over = Patte badalne ka round khatam; daav phir shuru.
event-declare-begins = Ghoshna: baazi mein bacha har player chupchaap high ya low chune; sab ek saath khulenge.
event-declared = { $player } ne ghoshna kar di.
event-declarations = Ghoshnayein: high { $high }; low { $low }.
event-halves = High aadha: { $high }. Low aadha: { $low }.
event-round-limit = Daav ke { $round } round poore: zaroori show, har haath dikhaya jaata hai.
event-stood-pat = { $player } ne patte nahi badle.
event-drew = { $player } ne { $count } patte badle ({ $cost } diye).
event-saw = { $player } ne apne patte dekhe.
event-posted = { $player } ne wapas aane ke liye { $amount } daale, woh boot jo bahar rehte chhoot gaya tha.
event-bet-blind = { $player } ne { $amount } blind lagaye.
event-bet-seen = { $player } ne { $amount } ki chaal chali.
event-packed = { $player } ne pack kiya.
event-packed-timeout = { $player } ka time khatam, pack.
event-packed-sideshow = { $player } sideshow haare aur pack kiya.
event-packed-bust = { $player } ke paas bust patta hai, pack.
event-packed-conceded = { $player } ne bina dikhaye show mein haar maani.
event-show-all = { $player } ne show ke liye { $cost } diye: bache hue sabhi haath dikhaye jaate hain.
event-show = { $player } ne { $against } ke khilaaf show ke liye { $cost } diye.
event-sideshow-asked = { $player } ne { $target } se sideshow maanga.
event-sideshow-bet = { $player } ne { $amount } lagakar { $target } se sideshow maanga.
event-sideshow-denied = { $target } ne { $player } ka sideshow mana kiya.
event-split-offered = { $player } ne { $target } se baazi rok kar pot baantne ko kaha.
event-split-refused = { $target } ne { $player } ki batware ki peshkash thukrayi.
event-pot-limit = Pot limit ({ $pot }) tak pahuncha: har haath dikhaya jaata hai.
event-shows = { $player } ke patte { $cards } ({ $value })
event-shows-made = { $player } ke patte { $cards } ({ $value }, gina gaya { $made })
event-wins = { $player } jeete { $amount }
event-ended = 🏆 { $winners } (pot { $pot }, { $how }).
ended-last-standing = baaki sabne pack kiya
ended-show = show
ended-pot-limit = pot limit
ended-agreed = aapsi sehmati se baanta, patte nahi dikhaye
ended-round-limit = zaroori show
nobody = koi nahi

## What a hand is worth
value-high-card = High card
value-pair = Pair
value-colour = Colour
value-sequence = Sequence
value-pure-sequence = Pure sequence
value-trio = Trail
value-bust = Bust
value-points = { $points } ank
value-number = number { $number }
value-single = { $rank } high
made-wild = { $card } bana { $counts }
made-imagined = kalpit { $card }
made-pair = { $cards } bane { $counts }

## Private notes (DMs, or replies only the player sees)
place-server = **{ $server }** par <#{ $channel }>
place = <#{ $channel }>
back-to-table = Table par wapas: { $link }
note-seated = { $place } mein Teen Patti table #{ $table } par tumhari seat hai. Jab tum patte dekhna chunoge, woh yahan aayenge.
note-cards = { $place } mein baazi #{ $hand } ke tumhare patte: **{ $cards }**{ $value }.{ $board }
note-cards-value = { " " }({ $value })
note-cards-made = { $value }; yeh gina jaata hai { $made }
note-sees = Cobra, { $place } mein baazi #{ $hand }: baaki players ke maathe ke patte (apna tum kabhi nahi dekhte):
note-sideshow = { $place } mein baazi #{ $hand } ka sideshow, { $asker } aur { $target } ke beech:
note-sideshow-loser = { $loser } pack karte hain.
this-server = is server
dm-fallback = Main tumhe DM nahi bhej saka (tumhare DM is bot ke liye band hain, ya koi saajha server unki ijaazat nahi deta), isliye tumhare private messages aise jawaabon mein aayenge jo sirf tum dekh sakte ho, jaise yeh. Unhe phir dekhne ke liye table par **Mere patte** dabao.
declared-notice = Tumne **{ $side }** ghoshit kiya. Jab tak bache hue sab players ghoshna na kar dein, ise koi nahi dekhega.
side-high = high
side-low = low

## The draw's private menu
draw-menu = Baazi #{ $hand }: badalne ke liye apne zyada se zyada { $max } patte chuno, har patta { $price } chips.
draw-menu-blind = { " " }Tum blind khel rahe ho: patta badalne ka matlab hai apne patte dekhna (dekh kar chunne ke liye pehle Patte dekho dabao).
draw-menu-card = Patta { $n }
draw-menu-placeholder = Badalne wale patte

## Dealer's choice
pick-title = Dealer ki pasand · table #{ $table }
pick-footer = Dealer ki pasand: har baazi ka dealer uska game chunta hai
pick-prompt = { $dealer } agli baazi baantenge aur uska game chunenge: **Game chuno** dabao. Agar { $when } tak koi game nahi chuna gaya, to **{ $default }** (table ka default) bantega.
pick-content = { $dealer }, agli baazi ka game chuno.
pick-button = Game chuno
pick-by-timer = { $dealer } ne time par nahi chuna: { $game }, table ka default, bantega.
pick-chosen = { $dealer } ne agli baazi ke liye { $game } chuna.
pick-line = Dealer ki pasand ({ $dealer } baant rahe hain): { $game }.
pick-the-dealer = dealer
picking-line = Agli baazi { $dealer } baantenge aur game chun rahe hain ({ $when } tak).
pick-menu = Agli baazi tum baantoge: uska game chuno. Table ke baaki rules laagu hain (`/table rules`); apne rules jodne ke liye `/table pick` use karo. Time par nahi chuna to **{ $default }** bantega.
pick-menu-placeholder = Agli baazi ka game

## Refusals of a click or a command during a hand
error-not-your-turn = Abhi tumhari baari nahi hai.
error-hand-over = Baazi khatam ho chuki hai.
error-packed = Tum pack kar chuke ho.
error-stale-button = Yeh button banne ke baad table aage badh chuki hai; kuch nahi kiya gaya.
error-earlier-hand = Yeh button pichhli baazi ka hai.
error-other-hand = Yeh button chal rahi baazi ka nahi hai; kuch nahi kiya gaya.
error-no-hand = Is table par koi baazi nahi chal rahi.
error-that-hand-over = Woh baazi khatam ho chuki hai.
error-hand-cancelled = Woh baazi radd hui; uske boot lautaye ja rahe hain.
error-not-in-hand = Tum is baazi mein nahi khel rahe.
error-blind = Tum blind khel rahe ho: apne patte dekhne ke liye Patte dekho dabao.
error-cannot-draw = Tum abhi patte nahi badal sakte.
error-already-seated = Is table par tumhari seat pehle se hai.
error-not-seated = Tum is table par nahi baithe ho.
error-hand-running = Ek baazi pehle se chal rahi hai.
error-rule = { $reason }

## Commands (Discord has no Hinglish locale: kept complete for when a server's words are shown elsewhere)
cmd-table = table
cmd-table-desc = Teen Patti tables: is channel mein kholo, baitho, shuru karo, band karo.
cmd-table-open = open
cmd-table-open-desc = Is channel mein ek table kholo (har channel mein ek).
cmd-table-open-boot-desc = Har baazi mein har player ka boot (default: server ka)
cmd-table-open-variant-desc = Game ka type (default: server ka)
cmd-table-open-max_players-desc = Table par zyada se zyada players (2-10, default 6)
cmd-table-open-turn_seconds-desc = Har player ke paas chaal ke liye second (10-600)
cmd-table-open-rules-desc = Aur rules name=value mein, jaise show_tie=split langdi=true chaal_limit=64
cmd-table-join = join
cmd-table-join-desc = Is channel ki table par seat lo.
cmd-table-leave = leave
cmd-table-leave-desc = Is channel ki table chhodo (khel rahe ho to tumhari baazi pack hogi).
cmd-table-start = start
cmd-table-start-desc = Pehli baazi baanto (table kholne wala, ya Manage Server).
cmd-table-close = close
cmd-table-close-desc = Is channel ki table band karo; chal rahi baazi ke daav lautaye jaate hain.
cmd-table-status = status
cmd-table-status-desc = Is channel ki table dikhao.
cmd-table-rules = rules
cmd-table-rules-desc = Is channel ki table ke rules.
cmd-table-pick = pick
cmd-table-pick-desc = Dealer ki pasand: agli baazi ka game apne rules ke saath chuno (dealer, jab poocha jaye).
cmd-table-pick-variant-desc = Agli baazi ka game
cmd-table-pick-options-desc = Uske rules name=value mein, jaise draw=after draw_price=5 (daav table ke hi rehte hain)
cmd-table-entropy = entropy
cmd-table-entropy-desc = Is table ki agli baant mein apni entropy milao (uske beej ka vachan pehle diya ja chuka hai).
cmd-table-entropy-value-desc = Jo bhi tum chaho, 64 akshar tak: koi shabd, paase ke ank
cmd-bet = bet
cmd-bet-desc = Itne chips ka daav lagao (blind ya chaal, is par ki tumne patte dekhe hain ya nahi).
cmd-bet-amount-desc = Daav ke chips
cmd-see = see
cmd-see-desc = Apne patte dekho (DM mein aur yahan aate hain).
cmd-pack = pack
cmd-pack-desc = Apni baazi chhodo.
cmd-show = show
cmd-show-desc = Show ke liye daav do (jab do players bache hon).
cmd-sideshow = sideshow
cmd-sideshow-desc = Kam se kam daav lagakar pichhle player se sideshow maango.
cmd-balance = balance
cmd-balance-desc = Is server par tumhare chips (ya kisi aur player ke).
cmd-balance-user-desc = Kiska balance
cmd-daily = daily
cmd-daily-desc = Apne roz ke chips lo.
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = Is server ke sabse ameer players, ya sabse bade winners.
cmd-leaderboard-by-desc = Balance (default) ya kul jeet se kram
cmd-leaderboard-page-desc = Page number
cmd-stats = stats
cmd-stats-desc = Kisi player ki kheli aur jeeti baaziyan, sabse bada pot aur kul jeet.
cmd-stats-user-desc = Kiske stats
cmd-history = history
cmd-history-desc = Kisi baazi ka poora public byora (khatam hone par har patta), ya yahan ki pichhli baaziyan.
cmd-history-hand-desc = Baazi number
cmd-verify = verify
cmd-verify-desc = Kisi baazi ki imaandaar baant jaancho: uska beej baant par dikhaye vachan se, aur gaddi.
cmd-verify-hand-desc = Baazi number
cmd-rank = rank
cmd-rank-desc = Is channel ki table (ya server) ke rules mein kisi haath ki keemat.
cmd-rank-cards-desc = Patte, jaise As Kd Qh (10c, Tc aur A♠ bhi chalte hain)
cmd-rank-joker-desc = Joker game ke liye: khula rank (jaise 7)
cmd-rank-turned-desc = Doosre khule patte name=value mein: wild_suit=h bust=9 common=Kd
cmd-rules = rules
cmd-rules-desc = Yahan Teen Patti kaise kheli jaati hai.
cmd-config = config
cmd-config-desc = Server ki settings (Manage Server): dekho, ya ek badlo.
cmd-config-view = view
cmd-config-view-desc = Server ki settings dikhao.
cmd-config-set = set
cmd-config-set-desc = Server ki ek setting ya default rule badlo.
cmd-config-set-option-desc = Koi setting (starting_balance, give_daily_cap, max_bet, season_reset...) ya rule option (boot...)
cmd-config-set-value-desc = Nayi value
cmd-grant = grant
cmd-grant-desc = Kisi player ko chips do, ya minus amount se wapas lo (Manage Server).
cmd-grant-user-desc = Kise
cmd-grant-amount-desc = Jodne ke chips (ghatane ke liye minus)

## The rules' refusals of an action
rule-seat-count = Table par { $min } se { $max } players chahiye.
rule-bad-dealer = Dealer kisi seat ka player hona chahiye.
rule-bad-deck = Gaddi mein baant ke liye kaafi alag patte nahi hain.
rule-too-many-for-deck = In rules mein gaddi zyada se zyada { $most } players ko bantti hai.
rule-holds-bust = Tumhare paas bust patta hai: tumhe pack karna hoga.
rule-rules = { $reason }.
rule-bad-post = Post haath ke kisi player ki taraf se positive amount honi chahiye.
rule-cannot-pay-boot = Har player ko { $boot } ka boot dene laayak hona chahiye.
rule-cannot-pay-deal = Deal mein har player ko woh dene laayak hona chahiye jo deal usse maangti hai: { $need } chips (boot, aur blind, post ya sabke liye dealer ki ante).
rule-stack-too-large = Kisi ke paas zyada se zyada { $most } chips ho sakte hain.
rule-hand-over = Baazi khatam ho chuki hai.
rule-no-such-seat = Aisi koi seat nahi hai.
rule-packed = Tum pack kar chuke ho.
rule-not-your-turn = Abhi tumhari baari nahi hai.
rule-sideshow-pending = Ek sideshow jawaab ka intezaar kar raha hai.
rule-no-sideshow-to-answer = Kisi ne tumse sideshow nahi maanga.
rule-already-seen = Tum apne patte pehle hi dekh chuke ho.
rule-see-only-on-turn = Is table par tum apne patte sirf apni baari par dekh sakte ho.
rule-pack-only-on-turn = Is table par tum sirf apni baari par pack kar sakte ho.
rule-asked-this-turn = Tum is baari mein sideshow maang chuke ho.
rule-show-pending = Ek show jawaab ka intezaar kar raha hai: patte dikhao ya haar maano.
rule-no-show-to-answer = Tumhare khilaaf koi show nahi maanga gaya.
rule-split-off = Yeh table aakhri do players ko pot baantne ki sehmati nahi deti.
rule-split-needs-two = Pot sehmati se tabhi bant sakta hai jab do players bache hon.
rule-split-pending = Pot baantne ki peshkash jawaab ka intezaar kar rahi hai.
rule-no-split-to-answer = Kisi ne tumse pot baantne ko nahi kaha.
rule-must-see = Tum { $times } baar blind khel chuke ho, yahi limit hai: pehle apne patte dekho.
rule-cannot-cover = Tum { $min } ka minimum daav nahi laga sakte.
rule-bet-out-of-range = Daav { $min } se { $max } tak hona chahiye.
rule-odd-bet = Seen daav chips ki even sankhya hona chahiye.
rule-show-needs-two = Show ke liye theek do players bache hone chahiye.
rule-no-sideshow-high-low = High-low table par sideshow nahi hota.
rule-declaring = Players high ya low ghoshit kar rahe hain: sabke ghoshit karne par show hoga.
rule-not-declaring = Abhi ghoshit karne ko kuch nahi hai: players show par high ya low ghoshit karte hain.
rule-already-declared = Tum ghoshna kar chuke ho.
rule-seen-cannot-show-blind = Seen player blind player se show nahi maang sakta.
rule-cannot-afford-show = Show ki keemat { $need } hai; tumhare paas { $have } hain.
rule-sideshow-needs-all-seen = Sideshow ke liye bache hue sabhi players ka seen hona zaroori hai.
rule-sideshow-needs-three = Sideshow ke liye kam se kam teen players bache hone chahiye.
rule-sideshow-no-target = Pichhle player ne abhi daav nahi lagaya.
rule-forehead = Cobra mein koi apna patta kabhi nahi dekhta.
rule-blind-round = Daav ke pehle { $rounds } round blind khele jaate hain: abhi koi apne patte nahi dekh sakta.
rule-show-too-early = Show ya sideshow daav ke { $rounds } round ke baad hi maanga ja sakta hai.
rule-drawing = Players patte badal rahe hain: sabke badalne ke baad daav phir shuru honge.
rule-no-draw = Abhi patte badalne ka round nahi hai.
rule-drew-this-round = Tum is round mein ek patta badal chuke ho.
rule-bad-draw = Badalne ke liye apne band patton mein se { $min } se { $max } chuno.
rule-pack-empty = Gaddi mein badalne ke liye sirf { $left } patte bache hain.
rule-cannot-afford-draw = Naye patton ki keemat { $need } hai; tumhare paas { $have } hain.

## Card pictures' descriptions (alt text): a winner's row
picture-wins = jeete

## Answers to the player who asked (joining, leaving, starting, closing)
notice-seated = Tumhe seat mil gayi.
notice-seated-next-hand = Tumhe seat mil gayi; agli baazi se tumhe patte milenge.
notice-seated-short = Tumhare paas { $balance } chips hain aur boot { $boot } hai: patte paane ke liye `/daily` lo.
notice-leave-failed = Tumne pack kiya, par table chhodna nahi ho saka; phir se `/table leave` try karo.
notice-packed-left = Tumne pack kiya aur table chhod di.
notice-left = Tumne table chhod di.
notice-choosing-first = { $dealer } pehle baantenge aur game chun rahe hain.
notice-dealt = Patte bant gaye.
notice-closed = Table band ho gayi.
notice-closed-refunded = Chal rahi baazi radd hui aur har daav lauta diya gaya.
notice-back = Wapas aane par swagat: agli baazi se tumhe patte milenge.
notice-cut = ✂️ Baant ke liye cut: { $cards }. { $dealer } ne sabse ooncha patta kaata aur pehle baantenge.
notice-entropy = Tumhari entropy is table ki agli baant mein jayegi, jiske beej ka vachan pehle diya ja chuka hai (`{ $commitment }`): bot iske hisaab se gaddi nahi chun sakta. Yeh ek baar use hoti hai; woh baazi khatam hone par beej aur entropy dikhaye jaate hain.
notice-picked = Tumne **{ $variant }** chuna; patte bant gaye.
error-not-sitting-out = Tum bahar nahi baithe ho.
error-choosing = { $dealer } game chun rahe hain; unke chunte hi patte bantenge.

## /history of a hand
history-title = **Baazi #{ $hand }**
history-cards = **Patte:**
history-refunded = Yeh baazi radd hui aur har daav lauta diya gaya.
history-live = Baazi abhi chal rahi hai; khatam hone par patte dikhaye jayenge.

## The variants, two or three lines each (/rules, the dealer's menu)
variant-classic = Har player ko teen patte; haathon ka classic kram.
variant-muflis = Muflis (lowball): haathon ka kram ulta hai; sabse neecha haath jeetta hai.
variant-joker = Baant ke baad ek patta khola jaata hai: uske rank ka har patta joker hai (woh koi bhi patta ban sakta hai).
variant-ak47 = Har ikka, badshah, 4 aur 7 joker hai.
variant-high-wild = Har player ke haath mein uska apna sabse ooncha rank joker hai (uski jodi do joker banati hai).
variant-low-wild = Har player ke haath mein uska apna sabse neecha rank joker hai (uski jodi do joker banati hai).
variant-best-of-four = Har player ko chaar patte; sabse achhe teen gine jaate hain.
variant-incomplete-two = Har player ko do patte; teesra kalpit hai, isliye woh tumhare haath ka sabse achha patta hota hai. Show par barabar haath rangon se tay hote hain (hukum, paan, eent, chidi).
variant-incomplete-one = Har player ko ek patta; do kalpit hain, isliye har haath uske rank ki trail hai. Barabar haath rangon se tay hote hain.
variant-incomplete-common = Har player ko ek patta, ek kalpit, aur table par khula ek saajha patta sabka teesra. Barabar haath rangon se tay hote hain.
variant-two-lowest-wild = Har player ko chaar patte: tumhare do sabse neeche patte milkar ek joker banate hain, aur do sabse oonche jaise bante waise gine jaate hain. Sabse neeche do ki jodi chaho to jodi reh sakti hai; beech ke do ki jodi ho to koi joker nahi (chaar mein se sabse achhe teen).
variant-kaana = Kaane patte (eent ka badshah aur hukum va paan ke ghulam, jab tak table ke `kaana_cards` kuch aur na kahein) joker hain. `kaana_round` ke saath woh tabhi joker hain jab kisi ko trail bantne ke baad ki baazi se lekar, kisi kaane patte wale ke khilaaf show maange jaane tak.
variant-kiss-miss-bliss = Har player ko paanch patte; teen units banao: akele patte, ya jodiyan jo ek joker gini jaati hain: kiss (kram mein, A-2 se Q-K), miss (beech mein ek rank, A-3 se J-K), bliss (ek hi rank), har tarah ki zyada se zyada ek.
variant-blackjack = Har player ko teen patte, blackjack ki tarah gine jaate hain: tasveer wale 10, ikka 1 ya 11, baaki apne ank. 21 tak ka sabse bada jod jeetta hai; 22 aur upar bust hai (do bust barabar haath hain).
variant-nines = 999: har patta ek ank hai (10 aur tasveer wale 0, ikka 1, baaki apne ank); apne ankon se sabse badi teen ankon ki sankhya banao: badi sankhya jeetti hai, 999 sabse achhi.
variant-four-x-boot = Classic, par har baazi ka boot table ke boot ka chaar guna.
variant-three-card-stud = Teen patti stud: do patte band aur ek khula, jo baant se hi baazi ke message par sabko dikhta hai. Blind ka matlab hai tumne apne band patte nahi dekhe.
variant-five-card-stud = Paanch patti stud: do patte band aur teen khule sabke dekhne ke liye; tumhare paanch mein se sabse achhe teen gine jaate hain (`exact_use` ke saath: theek ek band aur do khule).
variant-three-card-community = Teen patti community: har player ko do band patte aur beech mein ek khula saajha patta, sabka teesra.
variant-five-card-community = Paanch patti community: har player ko do band patte aur beech mein teen saajhe patte; tumhare paanch mein se sabse achhe teen gine jaate hain (`exact_use` ke saath: ek band aur do saajhe). `community_turn=rounds` ke saath saajhe patte har daav ke round ke ant mein ek-ek khulte hain.
variant-draw = Draw: har player ko teen patte; players `draw_price` har patta (default boot) dekar patte badal sakte hain: daav se pehle, pehle round ke baad (`draw=after`), ya pehle teen roundon mein har round ek patta (`draw=rounds`). Patte badalne ka matlab hai unhe dekhna: blind player badle to seen ho jaata hai.
variant-cobra = Cobra: har player ko ek patta, maathe par: tum sabka patta dekhte ho (DM se) par apna kabhi nahi. Poori baazi sab blind daav lagate hain (koi dekh nahi sakta); sideshow nahi. Show par ooncha patta jeetta hai; barabar rank rang se tay hote hain (hukum, paan, eent, chidi).
variant-zandu = Zandu: har player ko teen patte aur beech mein teen band joker; daav ke pehle teen roundon mein har round ke baad ek khulta hai, aur khule rank ka har patta joker hai. Pehla round blind hai (koi nahi dekh sakta); show aur sideshow teeno khulne tak rukte hain.
variant-dealers-choice = Dealer ki pasand: har baazi se pehle uska dealer game chunta hai (**Game chuno** button ek menu kholta hai jo sirf dealer dekhta hai; `/table pick` apne rules jodta hai, par daav kabhi nahi badalta). Agar woh chaal ke time mein nahi chunta, to table ka `dealer_default` bantta hai.

## Command replies and refusals
extra-joker = Baant par khula ek patta apne rank ko joker banata hai.
extra-wild-suit = Baant par khula ek patta apne rang ko joker banata hai.
extra-bust = Baant par khula ek patta bust patta hai: jiske paas us rank ka patta ho woh turant pack karta hai (agar sabke paas ho, to koi bust nahi).
extra-jokers = Gaddi mein do chhape joker hain, dono joker.
extra-k-a-2 = 2-A-K ek sequence hai, A-K-Q se theek neeche.
rules-variation = **Is table ka game.** { $variation }
rules-how-to-play = **Kaise khelein.** Sab boot dete hain; patte band bantte hain. Apni baari par: bina dekhe blind daav lagao (stake se uske dugne tak), ya apne patte **dekho** aur seen daav lagao (stake ke dugne se chaar gune tak, even sankhya), ya **pack** karo. Blind daav stake tay karta hai; seen daav stake ko daav ka aadha karta hai. Do players bachein to koi bhi **show** ke liye de sakta hai (blind: stake; dono seen: stake ka dugna; seen player blind se show nahi maang sakta). Jab bache sab seen hon, minimum daav lagakar pichhle player se **sideshow** maango: neecha haath pack karta hai (barabari par maangne wala). Haath: trail > pure sequence > sequence > colour > pair > high card; A-2-3 sabse ooncha sequence hai.
rules-options = **Rules:** { $options }
balance = { $player } ke paas **{ $chips }** chips hain.
daily-claimed = Tumne **{ $amount }** chips liye. Tumhara balance **{ $balance }** hai.
daily-too-soon = Tum aaj ke chips le chuke ho. { $when } phir aao.
leaderboard-nobody = Abhi yahan koi nahi.
leaderboard-balance = Leaderboard · balance
leaderboard-winnings = Leaderboard · kul jeet
leaderboard-footer = Page { $page } / { $pages } · { $total } players
stats = { $player }: **{ $played }** baaziyan kheli, **{ $won }** jeeti ({ $rate }%), sabse bada pot **{ $pot }**, kul **{ $net }**.
recent-none = Is channel mein abhi koi baazi nahi kheli gayi.
recent-line = **#{ $hand }** · { $players } players · pot { $pot } · { $status } { $winners }
recent-title = Yahan ki pichhli baaziyan (kisi ek ke liye `/history hand:N`):
status-live = chal rahi
status-finished = khatam
status-refunded = lautayi gayi
no-such-hand-here = Is server par baazi #{ $hand } nahi hai.
no-such-hand = Baazi #{ $hand } nahi hai.
too-many-seats = In rules ({ $variant } aur uske rules) mein gaddi zyada se zyada { $most } players ko bantti hai, { $asked } ko nahi.
rank = { $cards } { $variant } rules mein **{ $value }** hai (taakat { $strength }; zyada jeetta hai).
settings = **Server ki settings** (nayi tables in rules se shuru hoti hain):
settings-cooldown = { $seconds } second
setting-not-valid = `{ $value }` { $option } ke liye theek nahi: { $low } se { $high } tak ki poori sankhya do
language-not-valid = `{ $value }` yahan ki bhasha nahi hai: `en` (English), `hi` (हिन्दी) ya `hinglish` do
settings-saved = Save ho gaya.
granted = { $admin } ne { $amount } chips diye: balance ab **{ $balance }**. ({ $player })
took = { $admin } ne { $amount } chips liye: balance ab **{ $balance }**. ({ $player })
below-zero = { $player } ke paas sirf { $have } chips hain; balance zero se neeche nahi ja sakta.
verify-not-committed = Baazi #{ $hand } imaandaar baant se pehle banti thi: uska koi vachan nahi chhapa.
verify-live = Baazi #{ $hand } abhi chal rahi hai. Uski gaddi ka vachan `{ $commitment }` hai; beej baazi khatam hone par khulega.
verify-fair = ✅ **Imaandaar**: beej ka SHA-256 wahi vachan hai jo baant par dikhaya gaya, aur players ki entropy ke saath beej theek wahi gaddi deta hai jisse baazi banti.
verify-bad-commitment = ❌ **Jaanch mein galat**: rakhe gaye beej ka SHA-256 vachan nahi hai.
verify-bad-deck = ❌ **Jaanch mein galat**: beej aur entropy woh gaddi nahi dete jo banti thi.
verify-none = koi nahi
verify-checked = Baazi #{ $hand }: { $verdict }
verify-lines = Vachan `{ $commitment }`
verify-seed = Beej `{ $seed }`
verify-entropy = Entropy { $entropy }
verify-offline = Sirf Python se khud jaancho (`docs/provably-fair.md`): `{ $command }`
error-bots-no-chips = Bots ke paas chips nahi hote.
error-turned-only = `turned` sirf khule patte leta hai: joker=RANK wild_suit=SUIT bust=RANK common=CARD.
error-needs-joker = Joker game ko khula rank chahiye: jaise `joker:7` jodo.
error-bet-not-positive = Daav chips ki positive sankhya hota hai.
error-give-amount = Positive amount do: 1 se 10^12 chips tak (/give se chips liye nahi ja sakte).
error-grant-amount = Zero ke alawa zyada se zyada 10^12 chips ki amount do.
error-button-not-recognised = Yeh button pehchana nahi gaya; kuch nahi kiya gaya.
error-buttons-in-servers = Table ke buttons sirf server mein chalte hain.
error-table-closed = Woh table band hai.
error-bot-permissions = Main is channel mein table nahi chala sakta: yahan mere paas { $missing } permission nahi hai. Kisi server admin se is channel mein mujhe { $missing } dilwao (Edit Channel → Permissions), phir dobara try karo.
dm-picture-permission = **{ $server }** ke <#{ $channel }> mein main cards ki pictures nahi laga sakta: wahan mere paas { $missing } permission nahi hai. Game bina pictures ke chalta rahega; koi server admin channel settings mein mujhe yeh permission de sakta hai.
dm-table-silenced = **{ $server }** ke <#{ $channel }> mein main tumhari Teen Patti table ab nahi dikha sakta: wahan mere paas { $missing } permission nahi hai. Chalti baazi ke chips lauta diye gaye (kuch nahi khoya) aur table ne baantna rok diya; seats bani rahengi. Koi server admin permission wapas de de, to phir se baantne ke liye **Shuru karo** dabao.
error-needs-manage-server = Yeh command sirf Manage Server permission wale members use kar sakte hain.
error-server-only = Yeh command sirf server mein chalti hai.
error-check-failed = Tum yeh command yahan use nahi kar sakte.
error-option-not-valid = Yeh option theek nahi: `{ $input }`.
error-option-not-valid-bare = Yeh option theek nahi.
error-rule-options = Rules theek nahi: { $error }
error-internal = Hamari taraf kuch gadbad hui; kuch nahi badla. Phir se try karo.
error-disk-full = Bot ki disk bhar gayi hai; yeh table ruki hai aur kuch nahi khoya. Jagah khaali hote hi yeh apne aap chalegi.

## More refusals of the table service
error-table-full-of = Table bhari hai ({ $max } players).
error-table-full = Table bhari hai.
error-manager-start = Ise sirf table kholne wala player ({ $opener }) ya Manage Server wala shuru kar sakta hai.
error-manager-close = Ise sirf table kholne wala player ({ $opener }) ya Manage Server wala band kar sakta hai.
error-wallet = Tumhara wallet yeh nahi bhar sakta: { $need } chahiye aur tumhare paas { $have } hain (doosri table ke chips bhi gine jaate hain).
error-channel-has-table = Is channel mein pehle se ek table khuli hai. `/table status` use karo, ya pehle `/table close`.
error-need-two = Baantne ke liye kam se kam do baithe players chahiye jo bahar na baithe hon aur boot de sakein.
error-entropy = Entropy ek line mein 1 se { $max } akshar ki hoti hai (jo bhi tum chaho: koi shabd, paase ke ank).
error-entropy-seated = Sirf is table par baitha player iski baant mein entropy jod sakta hai.
error-cannot-pay-boot = { $player } ab boot nahi de sakte; phir try karo.
error-cannot-post = Main is channel mein baazi nahi bhej saka, isliye woh radd hui aur boot lauta diye gaye. Dekho ki mujhe yahan messages aur embed links bhejne ki permission hai, phir Shuru karo dabao.
error-not-dealers-choice = Yeh table { $variant } khelti hai: sirf dealers_choice table par dealer game chunta hai.
error-nobody-choosing = Abhi koi game nahi chun raha: dealer har baazi se theek pehle chunta hai.
error-choice-over = Woh chunav khatam ho chuka; kuch nahi kiya gaya.
error-not-the-dealer = Agli baazi { $dealer } baantenge, isliye game wahi chunenge.

## The dealer's choice refused (the reason is the rules' own words)
error-default-game = Is table ka default game nahi bant sakta: { $reason }
error-game-not-dealt = Woh game is table par nahi bant sakta: { $reason }.
error-choose-another = { $reason } Koi aur game chuno.
error-rules-not-dealt = Is table ke rules se baazi nahi bant sakti: { $reason }
error-timeout-only = Sirf chaal ka timer kisi player ka time khatam kar sakta hai.

## Computer khiladi aur odds (issue 17)
cmd-table-open-bots-desc = Kitne computer khiladi bithaane hain (0-9), house ke chips se
cmd-table-open-bot_level-desc = Computer khiladi kitna achha khelen (default: hard)
cmd-table-addbot = addbot
cmd-table-addbot-desc = House ke chips se ek computer khiladi bithao (table kholne wala, ya Manage Server).
cmd-table-addbot-level-desc = Woh kitna achha khele (default: hard)
cmd-table-removebot = removebot
cmd-table-removebot-desc = Ek computer khiladi hatao; uske chips house mein laut jaate hain (table kholne wala, ya Manage Server).
cmd-odds = odds
cmd-odds-desc = Abhi tumhare haath ke odds, private mein (blind haath ko bina dekhe haath ke odds milte hain).
cmd-house = house
cmd-house-desc = House ke chips, jo computer khiladiyon ko milte hain; bankroll se set karo (Manage Server).
cmd-house-bankroll-desc = House ke chips itne kar do
error-manager-bots = Sirf { $opener } ya Manage Server wale hi computer khiladi bitha ya hata sakte hain.
error-house-short = House { $boot } ke boot ke liye computer khiladi ko chips nahi de sakta; admin /house se chips daal sakte hain.
error-no-bots = Is table par koi computer khiladi nahi hai.
notice-bot-seated = { $bot } house ke { $chips } chips lekar baithta hai.
notice-bot-left = { $bot } uthta hai; { $chips } chips house mein laut jaate hain.
house-balance = House ke paas { $chips } chips hain.
house-set = { $admin } ne house ke chips { $chips } kar diye.
odds-seen = Tumhara haath { $cards }: ek anjaane haath ke saamne tum { $win } jeette ho, { $tie } barabari aur { $lose } haarte ho (exact). Yeh saare haathon mein se { $percentile } se behtar hai.
odds-many = Baaki { $players } khiladiyon ke saamne: tum { $win } jeette ho (± { $error }, sample se).
odds-unseen = Tumne apne patte nahi dekhe. Bina dekha haath ek anjaane haath se { $win } jeetta hai (barabari { $tie }), aur { $players } ke saamne { $many } (har blind khiladi ke liye yahi).
odds-board = Odds poore baante haathon ke liye nikaale jaate hain; is khel mein baazi ke dauraan patte khulte hain ya tumhara apna patta chhupa rehta hai.
error-need-person = Computer khiladi akele nahi khelte: baazi baantne ke liye kisi insaan ka baitha (aur khelta) hona zaroori hai.

## Khaata (issue 18)
cmd-ledger = ledger
cmd-ledger-desc = Tumhare chips ka len-den, sabse naya pehle (Manage Server: kisi ka bhi).
cmd-ledger-page-desc = Panna (ek panne par 10 len-den)
cmd-ledger-user-desc = Kiska (kisi aur ka dekhne ke liye Manage Server)
error-ledger-others = Kisi aur khiladi ka khaata sirf Manage Server wale dekh sakte hain.
ledger-title = **{ $player } ke chips**: abhi { $balance } (panna { $page }, sabse naya pehle)
ledger-row = { $when } · { $reason } · { $delta } · baaki { $after }
ledger-row-hand = { $when } · { $reason }, baazi #{ $hand } · { $delta } · baaki { $after }
ledger-empty = Is panne par koi len-den nahi.
ledger-more = Purane len-den: /ledger page:{ $next }
reason-starting-grant = shuruaati chips
reason-daily = roz ke chips
reason-bet = daav
reason-pot-won = pot jeeta
reason-refund = wapsi
reason-admin-grant = admin se mile
reason-transfer = transfer
reason-season-reset = season reset
reason-fee = transfer fee
reason-buy-in = tournament entry
reason-prize = tournament inaam

## Transfers and bet caps (issue 18)
cmd-give = give
cmd-give-desc = Apne kuch chips is server ke kisi aur player ko do.
cmd-give-user-desc = Kise milein
cmd-give-amount-desc = Dene ke chips
given = { $from } ne { $to } ko **{ $amount }** chips diye.
given-fee = { $from } ne { $to } ko **{ $amount }** chips diye; { $fee } is server ki transfer fee ke roop mein house ko gaye.
error-give-off = Is server par chips bhejna band hai (iska give_daily_cap 0 hai).
error-give-self = Tum khud ko chips nahi de sakte.
error-give-bot = Bots aur computer players chips nahi lete.
error-give-not-member = { $player } is server ke member nahi hain.
error-give-sender-young = Tumhara Discord account { $days } din se naya hai (is server ka give_min_account_days).
error-give-receiver-young = { $player } ka Discord account { $days } din se naya hai (is server ka give_min_account_days).
error-give-sender-new = Tum is server mein { $hours } ghante se kam pehle jude (iska give_min_member_hours).
error-give-receiver-new = { $player } is server mein { $hours } ghante se kam pehle jude (iska give_min_member_hours).
error-give-cap = Agle 24 ghanton mein tum { $left } chips aur de sakte ho (is server ka give_daily_cap { $cap } hai).
error-give-funds = Tumhare paas sirf { $have } chips hain.
daily-too-new = Tumhara Discord account { $days } din se naya hai (is server ka daily_min_account_days).
error-boot-cap = Is server par boot zyada se zyada { $cap } chips hai (iska max_boot).
error-bet-cap = Is server par ek daav zyada se zyada { $cap } chips hai (iska max_bet): boot uska aadha hi ho sakta hai.
settings-no-cap = koi nahi (`none`)
setting-season-reset = season_reset ya to reset hai (har balance starting balance par) ya carry.
setting-season-channel = `{ $value }` koi channel nahi hai: #channel, uski id, ya none likho.
setting-private-language = `{ $value }` private_language nahi hai: `server` (private jawab server ki bhasha mein) ya `reader` (har player ki apni Discord bhasha mein, jahan bot ke paas ho) dein.

## Seasons (issue 18)
cmd-season = season
cmd-season-desc = Server ke leaderboard ke season (Manage Server).
cmd-season-new = new
cmd-season-new-desc = Yeh season khatam karo: final leaderboard post hokar rakha jata hai; balance aage jaate ya reset hote hain.
cmd-leaderboard-season-desc = Kisi khatam hue season ka final leaderboard
season-over = **Season { $number } khatam hua.** Uska final leaderboard:
season-reset = Season { $number } ab shuru: har balance wapas { $start } chips par ({ $wallets } badle).
season-carry = Season { $number } ab shuru: har balance aage jaata hai.
season-board = **Season { $number }** ({ $from } se { $to }), uska final leaderboard:
season-posted = Season { $number } ka final leaderboard { $channel } mein post hua.
season-in-play = Season { $number } abhi chal raha hai: /leaderboard use abhi jaisa hai dikhata hai.
season-none = Is server ka koi season { $number } nahi raha.

## Tournaments (issue 18)
cmd-tournament = tournament
cmd-tournament-desc = Sit-and-go tournament: kholo, naam likhao, radd karo, ya dekho.
cmd-tournament-open = open
cmd-tournament-open-desc = Yahan tournament kholo: players entry fee dekar naam likhate hain; seatein bharte hi khel shuru.
cmd-tournament-open-buy_in-desc = Har player ki entry fee (inaam ki raashi banti hai)
cmd-tournament-open-seats-desc = Players (2-10); sabke naam likhate hi khel shuru
cmd-tournament-open-stack-desc = Har player ke shuruaati tournament chips (default 1000)
cmd-tournament-open-boots-desc = Har level ka boot, jaise 10,20,40,80 (default 10,20,40,80,160)
cmd-tournament-open-every_hands-desc = Har level par baaziyan (default 5)
cmd-tournament-open-every_minutes-desc = Baaziyon ki jagah har level par minute
cmd-tournament-open-split-desc = Place ke hisaab se inaam percent mein, jaise 65,35 (default seaton se)
cmd-tournament-open-variant-desc = Game ka type (default classic)
cmd-tournament-open-turn_seconds-desc = Har player ke paas chaal ke liye second (10-600)
cmd-tournament-register = register
cmd-tournament-register-desc = Is channel ke tournament mein naam likhao (entry fee lagti hai).
cmd-tournament-unregister = unregister
cmd-tournament-unregister-desc = Khel shuru hone se pehle naam wapas lo (entry fee lautti hai).
cmd-tournament-cancel = cancel
cmd-tournament-cancel-desc = Is channel ka tournament radd karo: har entry fee lautti hai (kholne wala ya Manage Server).
cmd-tournament-status = status
cmd-tournament-status-desc = Is channel ka tournament: players, place aur inaam.
tournament-card = **Tournament #{ $number }** ({ $status }), { $opener } ne khola: { $game }, { $seats } seatein, entry fee **{ $buy_in }** chips, har ek ko { $stack } tournament chips; boot { $boots }, { $every } badhta hai; inaam { $split }. /tournament register se naam likhao.
tournament-registering = naam likhe ja rahe hain
tournament-playing = khel jaari
tournament-every-hands = har { $count } baaziyon par
tournament-every-minutes = har { $count } minute par
tournament-registered = { $player } ne tournament #{ $number } mein naam likhaya ({ $seats } mein se { $count }; inaam raashi { $pool } chips).
tournament-unregistered = { $player } ne tournament #{ $number } se naam wapas liya; { $buy_in } chips ki entry fee lauti.
tournament-cancelled = Tournament #{ $number } ko { $by } ne radd kiya: { $buy_in } chips ki entry fee uske { $players } players mein se har ek ko lauti.
tournament-out-one = { $player } (place { $place })
tournament-out = { $boot } ka boot na de paane se tournament se bahar: { $players }.
tournament-over = **Tournament #{ $number } khatam: { $winner } jeete.**
tournament-result = { $place }. { $player } · inaam { $prize }
tournament-status-in = { $player }: abhi khel mein
tournament-status-out = { $player }: place { $place }
error-no-tournament = Is channel mein koi tournament nahi chal raha: /tournament open se shuru karo.
error-tournament-here = Is channel mein pehle se ek tournament chal raha hai.
error-channel-has-tournament = Is channel mein tournament #{ $number } chal raha hai: uske khatam hone tak yahan koi aur table nahi khulti.
error-tournament-variant = Tournament ek hi game khelta hai: dealers_choice ke alawa koi type chuno.
error-tournament-already = Tumhara naam pehle se likha hai.
error-tournament-closed = Tournament #{ $number } mein ab aur players nahi liye jaate.
error-tournament-funds = Entry fee { $buy_in } chips hai aur tumhare paas { $have } hain.
error-tournament-not-registered = Is tournament mein tumhara naam nahi hai (ya khel shuru ho chuka hai).
error-tournament-cancel = Tournament sirf use kholne wale { $opener } ya Manage Server wale radd kar sakte hain.
error-tournament-table = Yeh table tournament #{ $number } ki hai: ise koi chhodta ya band nahi karta (pack karke hi haarte ho), aur /tournament cancel ise khatam karta hai.
error-tournament-join = Yeh table tournament #{ $number } ki hai: yahan sirf uske bache players baith sakte hain.
stats-tournaments = Tournament: **{ $played }** khele, **{ $won }** jeete, inaam **{ $prizes }** chips.

## Rules, patte aur tournament ka plan kyon nahi maana gaya.
rules-unknown-option = anjaana option `{ $option }`; har option `/rules` aur README mein likha hai
rules-unknown-option-near = anjaana option `{ $option }`; har option `/rules` aur README mein likha hai; kya aapka matlab `{ $near }` tha?
rules-bad-value = `{ $value }` `{ $option }` ki sahi value nahi hai; chahiye: { $expected }
rules-not-name-value = `{ $item }`: options naam=value ki tarah likhein
rules-option-why = `{ $option }`: { $why }
rules-dealers-choice-dealt = dealers_choice table wahi variant baantti hai jo uska dealer chunta hai
rules-expected-one-of = { $values }
rules-expected-whole = { $min } se { $max } tak ka poora number
rules-expected-whole-or-none = { $min } se { $max } tak ka poora number, ya none
rules-expected-whole-or-boot = { $min } se { $max } tak ka poora number, ya boot
rules-expected-span = { $min } se { $max }
rules-expected-either = { $a } ya { $b }
rules-expected-bool = true | false (ya yes | no, on | off, 1 | 0)
rules-expected-turned-rank = off, draw ya ek rank (2-9, T, J, Q, K, A)
rules-expected-turned-suit = off, draw ya ek suit (s, h, d, c)
rules-expected-card-or-none = ek patta (As, Kd, 10c, Xb ...) ya none
rules-expected-card-list = ek ya zyada patte, aise likhe: Kd+Js+Jh
rules-expected-down-cards = 1 se 5 (khule aur community patton ke saath haath 3 se 5 patton ka hota hai)
rules-expected-not-dealers-choice = dealers_choice ke siwa koi variant
rules-expected-variant-to-play = khelne ka variant, dealers_choice nahi
rules-expected-boot-under = { $variant } mein zyada se zyada { $max } (har baazi ka boot iska { $factor } guna hota hai)
rules-expected-twice-boot = kam se kam boot ka dugna ({ $min })
rules-why-dealer-picks-variant = ise dealer sirf dealers_choice table par chunta hai
rules-why-stake = yeh daav hai: ise table tay karti hai, aur dealer ki pasand ise waisa hi rakhti hai (khel aur uske options chunein)
rules-why-turned-in-play = yeh ek khula patta tay karta hai, jise sirf `hand rank` leta hai: table par baazi apna patta khud kholti hai (`draw`; hand script mein patta `joker CARD` jaise directive se tay karein)
rules-why-spread-limit = yeh bet_structure=spread ya spread_raise ke saath chalta hai, aur unhe iski zaroorat hai
rules-why-dealer-default-not-dealers-choice = ismein dealers_choice ke siwa koi variant hona chahiye
rules-why-dealer-default-only = yeh dealers_choice variant ka option hai
rules-why-deals = { $variant } mein { $cards } patte bante hain
rules-why-own-deal = { $variant } mein { $cards } { $option } patte bante hain: uska deal uska apna hai
rules-why-hand-size = isse haath { $cards } patton ka banta hai (band { $down }, khule { $up }, community { $community }): haath 3 se 5 patton ka hota hai
rules-why-community-turn = iske liye community patte chahiye (community=1 se 3)
rules-why-exact-use = iske liye teen se zyada patton ka haath chahiye, jinmein do ya zyada khule hon (five_card_stud)
rules-why-draw-price = yeh draw mein naye patte ki keemat hai (draw=before, after ya rounds rakhein)
rules-why-show-after-board = yeh kam se kam { $min } hona chahiye: haathon ki tulna community patte khulne ke baad hi hoti hai
rules-why-own-wilds = { $variant } jodiyon se apne wild patte banata hai; ismein aur wild patte nahi judte (joker, wild_suit, jokers)
rules-why-own-rank-wild = { $variant } har player ki apni rank ko wild banata hai; kheenchi gayi wild rank nahi jud sakti
rules-why-cobra = yeh cobra ke saath nahi chalta: har kisi ko ek saada patta, jise uska maalik kabhi nahi dekhta
rules-why-draw-rounds-blind = rounds pehle rounds mein patta badalta hai, jinhe blind_rounds blind rakhta hai
rules-why-blind-turn-limit = { $limit } hone par player ko blind round mein patte dekhne padenge ({ $blind } blind)
rules-why-no-sequences = yeh sequence ka kram tay karta hai, aur { $variant } mein sequence nahi hote
rules-why-k-a-2 = yeh 2-A-K ko A-K-Q ke theek neeche rakhta hai, jahan a23=second A-2-3 ko rakhta hai: ek chunein
rules-why-common-only = yeh incomplete_common ka common patta hai
rules-why-common-joker = yeh chhapa hua joker hai, aur yeh rules joker ke bina khelte hain (jokers=2 rakhein)
rules-why-incomplete-one-pure = isse incomplete_one ka har haath sabse ooncha pure sequence ban jayega: yeh variant baanti hui rank ki trio banata hai
rules-why-kaana-only = yeh kaana variant ka option hai
rules-why-high-low-order = yeh pot ko classic kram ke oonche aur neeche haathon mein baantta hai, aur { $variant } alag kram se rank karta hai
rules-why-show-concede-high-low = yeh high_low ke saath nahi chalta: uska show har haath ka hai, kisi ko akele nahi bulaya jaata
rules-why-qualifier = yeh high-low pot ke aadhe ke liye haath ko qualify karta hai (high_low rakhein)
rules-why-post = yeh ghoomte hue chhooti ante ke liye dena hota hai: iske liye ante=dealer aur deal_order=rotate chahiye
rules-why-max-rounds = { $max } hone par show maange ja sakne se pehle hi show karna padega (rounds_before_show { $before } hai)
card-bad-card = `{ $input }` patta nahi hai (patte aise likhein: As, Kd, 10c, Tc, 2s ya A♠)
card-bad-rank = `{ $input }` rank nahi hai (2-9, T ya 10, J, Q, K, A)
card-bad-suit = `{ $input }` suit nahi hai (s, h, d, c, ek nishaan ya naam)
card-duplicate = { $card } do baar aaya hai
rank-wrong-count = in rules mein haath { $expected } patton ka hota hai, { $got } ka nahi
rank-no-joker = joker draw ke liye khuli rank chahiye (joker=RANK rakhein)
rank-no-wild-suit = wild-suit draw ke liye khula suit chahiye (wild_suit=SUIT rakhein)
rank-no-bust = bust draw ke liye khuli rank chahiye (bust=RANK rakhein)
rank-no-printed-jokers = { $card } chhapa hua joker hai, aur yeh rules joker ke bina khelte hain (jokers=2 rakhein)
plan-boots = boots 1 se { $levels } poore numbers hone chahiye, har ek 1 se 10^12 tak aur pichhle se kam nahi (jaise 10,20,40)
plan-every = ek level 1 se 1000 baaziyon ya minute tak chalta hai
plan-split = split 1 se { $seats } percentages hain, sabse bada pehle, jinka jod 100 ho (jaise 65,35)

## Script ka byora (`teenpatti-bot replay`).
script-turn = ({ $player } ki baari, stake { $stake })
script-holds = ({ $player } ke paas { $cards })
script-sees = ({ $player } dekhta hai: { $hands })
script-sideshow-compared = (chupke se: { $hands }; { $loser } haarta hai)
script-stake-pot = Stake { $stake }, pot { $pot }.
script-pot = Pot { $pot }.

## Discord's permissions, as its server settings name them in this language.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-embed-links = Embed Links
perm-attach-files = Attach Files
perm-read-message-history = Read Message History
perm-other = { $names }

## Privacy (issue 37): bot kisi khiladi ke baare mein kya rakhta hai, uska export aur use mitana
cmd-privacy = privacy
cmd-privacy-desc = Bot tumhare baare mein kya rakhta hai: dekho, export karo, mitao.
cmd-privacy-info = info
cmd-privacy-info-desc = Bot tumhare baare mein yahan aur har server par kya rakhta hai, aur kab tak.
cmd-privacy-export = export
cmd-privacy-export-desc = Har server par tumhara data ek JSON file mein, jo sirf tum dekhte ho.
cmd-privacy-export-part-desc = Kaun sa hissa (lamba itihaas hisson mein aata hai)
cmd-privacy-delete = delete
cmd-privacy-delete-desc = Bot tumhare baare mein har server par jo rakhta hai use mitao (pushti maangta hai).
privacy-title = 🔒 **Yeh bot tumhare baare mein kya rakhta hai** (yeh sirf tum dekhte ho)
privacy-nothing = Kuch nahi: kahin bhi tumhara koi batua, baazi ya tournament entry nahi hai.
privacy-server = • { $server }: { $chips } chips, ledger ki { $rows } lines, { $hands } baaziyan
privacy-purse = tournament #{ $tournament }
privacy-more-servers = • aur { $n } (`/privacy export` mein sab hain)
privacy-entries = • { $n } tournament entries
privacy-seats = • { $n } khuli tables par baithe ho (agli bantai ke liye di gayi entropy samet)
privacy-what = Rakha jaata hai: tumhare batue aur chips ka har len-den (ledger), woh baaziyan jinmein tumhe patte mile (seats, chaalein, aur baazi khatam hone par har patta), unse bane stats aur leaderboards, season ke final boards, tournament entries, tumhari kholi tables aur tournaments, aur tumhari di entropy. Sab tumhari ID ke naam par rakha jaata hai; nahi rakha jaata: tumhara naam, avatar, messages ya profile se kuch bhi.
privacy-how-long = Jab tak bot server par hai, yeh rakha jaata hai. Bot kisi server se hataya jaye to us server ka data { $days } din baad mita diya jaata hai. Kabhi bhi: copy ke liye `/privacy export`, har jagah mitane ke liye `/privacy delete`.
privacy-no-part = Hissa { $part } nahi hai: tumhare export mein { $parts } hisse hain.
privacy-too-large = Tumhare export ka yeh hissa jodne ke liye bahut bada hai; bot ka operator ise tumhe de sakta hai.
privacy-exported = Tumhara data, hissa { $part } / { $parts }: ledger ki { $rows } lines aur { $hands } baaziyan (doosre khiladi sirf waise jaise channel ne dikhaye). Yeh sirf tum dekhte ho.
privacy-export-next = Agla hissa: `/privacy export part:{ $next }`
button-privacy-delete = Mera data mitao
privacy-confirm = ⚠️ Yeh bot ka tumhare baare mein **har server** par rakha sab mita dega: tumhare batue aur unke chips, tumhara ledger, rakhi baaziyon mein tumhari jagah, stats, leaderboards aur season ke boards, tournament entries aur tumhari entropy. Yeh wapas nahi hoga. Tumhare chips khel se bahar ho jaate hain: doosron ka hisaab ek anonymous ID ke naam par sahi rehta hai. Button { $minutes } minute chalega.
privacy-not-yours = Yeh button kisi aur ka hai: khud `/privacy delete` chalao.
privacy-expired = Yeh pushti purani ho gayi: phir se `/privacy delete` chalao.
privacy-deleted-nothing = Ho gaya: bot ne tumhare baare mein kuch nahi rakha tha.
privacy-deleted = ✅ Ho gaya: bot ka rakha kuch bhi ab tumhara naam nahi leta. { $servers } batue, ledger ki { $rows } lines aur { $hands } baaziyan anonymous ID ke naam par rakhi hain, taaki hisaab sahi rahe; { $entropy } entropy mitayi gayi. Phir khelo to naye sire se shuru karoge.
privacy-refused-seated = Tum { $channel } ki table par baithe ho: use chhodo (chal rahi baazi khatam hone par), phir mitao.
privacy-refused-tournament = Tum { $channel } ke tournament mein darj ho: naam wapas lo, ya uske khatam hone tak ruko, phir mitao.
verify-erased = ⚠️ **Gaddi ab jaanchi nahi ja sakti**: beej ka SHA-256 wahi vachan hai jo bantai par dikhaya gaya, par is baazi ke { $n } khiladiyon ne apna data, entropy samet, mita diya, aur uske bina gaddi dobara nahi ban sakti (`docs/provably-fair.md`).
