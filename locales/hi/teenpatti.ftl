# Teen Patti for Discord: हिन्दी (देवनागरी). ../en/teenpatti.ftl जैसे ही सभी संदेश।
# खेल के शब्द वैसे ही जैसे खिलाड़ी बोलते हैं: बूट, चाल, ब्लाइंड, सीन, पैक, शो, साइड शो, ट्रेल।

## General
done = हो गया।
table-opened = { $opener } ने तीन पत्ती की टेबल खोली है। सीट लेने के लिए **बैठें** दबाएँ।
no-table-here = इस चैनल में कोई टेबल नहीं है। `/table open` से एक खोलें।
language-set = इस सर्वर की भाषा अब **{ $language }** है।

## The lobby
lobby-title = तीन पत्ती टेबल #{ $table }
lobby-nobody = अभी कोई नहीं।
lobby-seat = { $n }. { $player }
lobby-seat-sitting-out = { $n }. { $player } (बाहर बैठे हैं)
lobby-closed = यह टेबल बंद है।
lobby-hand-playing = एक बाज़ी चल रही है।
lobby-hand-playing-link = एक बाज़ी चल रही है: { $link }।
lobby-automatic = जब तक दो या ज़्यादा खिलाड़ी बैठे हैं, बाज़ियाँ अपने आप बँटती हैं।
lobby-press-start = सब आ जाएँ तो **शुरू करें** दबाएँ ({ $opener } या सर्वर प्रबंधन की अनुमति वाले)।
lobby-players = खिलाड़ी ({ $seated }/{ $max })
lobby-footer = हर चाल का समय { $seconds } सेकंड · चिप्स आभासी हैं
rules-card-variant = खेल **`{ $variant }`** · बूट **{ $boot }**
rules-card-classic = बाकी नियम क्लासिक (`/rules` समझाता है)।
rules-card-house = टेबल के नियम: { $options }
button-join = बैठें
button-leave = उठें
button-start = शुरू करें
button-back = मैं वापस आ गया
next-commitment = 🔒 अगली बाज़ी की गड्डी का वचन `{ $commitment }` (`/table entropy` से अपना हिस्सा मिलाएँ)

## The hand message
hand-title = तीन पत्ती · बाज़ी #{ $hand }
hand-pot = पॉट **{ $pot }** · स्टेक **{ $stake }** · बूट { $boot }
question-sideshow = { $asker } ने { $player } से साइड शो माँगा है: मानें या मना करें{ $when }।
question-show = { $asker } ने { $player } के ख़िलाफ़ शो माँगा है: पत्ते दिखाएँ या बिना दिखाए पॉट छोड़ें{ $when }।
question-split = { $asker } ने { $player } से बाज़ी रोककर पॉट बाँटने को कहा है: मानें, या खेलते रहें{ $when }।
answer-sideshow = { $player }, साइड शो मानें या मना करें।
answer-show = { $player }, पत्ते दिखाएँ या हार मानें।
answer-split = { $player }, बँटवारा मानें या खेलते रहें।
declare-line = घोषणा: बाज़ी में बचा हर खिलाड़ी चुपचाप **हाई** या **लो** चुने; सब एक साथ खुलेंगे।
declare-time = समय { $when } ख़त्म होगा: चुप खिलाड़ी हाई माना जाएगा।
declare-content = { $players }, हाई या लो घोषित करें।
turn-line = बारी: { $player }
turn-line-timer = बारी: { $player }, समय { $when } ख़त्म
turn-content = { $player }, आपकी बारी है।
seat-state-packed = पैक
seat-state-declared = घोषित
seat-state-seen = सीन
seat-state-blind = ब्लाइंड
seat-dealer = { " " }(डीलर)
seat-line = { $mark } { $player }{ $dealer }: { $state } · दाँव { $put_in } · चिप्स { $stack }
field-players = खिलाड़ी
field-last-actions = पिछली चालें
field-hand-over = बाज़ी ख़त्म
hand-over-closed = यह टेबल बंद है।
hand-over-next = अगली बाज़ी { $when }।
hand-over-waiting = खिलाड़ियों का इंतज़ार है।
hand-footer = टेबल #{ $table } · { $variant } · हर चाल { $seconds } सेकंड
fair-live = 🔒 गड्डी का वचन `{ $commitment }`
fair-revealed = 🔓 गड्डी का वचन `{ $commitment }` · बीज `{ $seed }` · { $entropy } · जाँचें: `/verify hand:{ $hand }`
fair-no-entropy = किसी ने एंट्रॉपी नहीं दी
fair-entropy-from = { $n } खिलाड़ियों की एंट्रॉपी
button-accept-split = बँटवारा मानें
button-play-on = खेलते रहें
button-show-my-cards = पत्ते दिखाएँ
button-concede = हार मानें
button-accept-sideshow = साइड शो मानें
button-deny-sideshow = साइड शो मना
button-blind = ब्लाइंड { $amount }
button-chaal = चाल { $amount }
button-raise = बढ़ाएँ { $amount }
button-max = पूरा { $amount }
button-show = शो ({ $cost })
button-sideshow = साइड शो
button-sideshow-cost = साइड शो ({ $cost })
button-split = बँटवारे की पेशकश
button-declare-high = हाई घोषित करें
button-declare-low = लो घोषित करें
button-change-card = एक पत्ता बदलें ({ $price } प्रति पत्ता)
button-change-cards = पत्ते बदलें ({ $price } प्रति पत्ता)
button-stand-pat = पत्ते रखें
button-see = पत्ते देखें
button-my-cards = मेरे पत्ते
button-pack = पैक

## The cards turned up for everyone
board-face-up = खुले पत्ते: { $cards }।
board-common = साझा पत्ता: { $cards } (सबका तीसरा पत्ता)।
board-community = बीच के पत्ते: **{ $cards }** (हर हाथ का हिस्सा)।
board-community-jokers = बीच के जोकर: **{ $cards }** (जोकर रैंक: { $ranks })।
board-none-yet = अभी कोई नहीं
board-joker = जोकर खुला: { $card } (हर { $rank } जोकर है)।
board-wild-suit = जोकर रंग खुला: { $card } (हर { $suit } पत्ता जोकर है)।
board-bust = बस्ट पत्ता खुला: { $card } ({ $whom })।
board-bust-void = हर खिलाड़ी के पास एक है, इसलिए इस बाज़ी में कोई बस्ट नहीं
board-bust-packs = जिसके पास { $rank } है वह पैक करेगा

## One line per public event
event-started-ante = { $anter } ने सभी { $seats } खिलाड़ियों के लिए { $pot } डाले (बूट { $boot }); { $dealer } पत्ते बाँटते हैं।
event-started = { $seats } खिलाड़ियों ने { $boot } का बूट दिया (पॉट { $pot }); { $dealer } पत्ते बाँटते हैं।
event-round-ended = दाँव का दौर { $round } ख़त्म।
event-community-turned = बीच का पत्ता खुला: **{ $card }**।
event-community-joker = बीच का जोकर खुला: **{ $card }**: हर { $rank } जोकर है।
event-draw-begins = पत्ते बदलने का दौर: डीलर के बाएँ से हर खिलाड़ी बारी से पत्ते बदल सकता है (या रख सकता है)।
event-draw-over = पत्ते बदलने का दौर ख़त्म; दाँव फिर शुरू।
event-declare-begins = घोषणा: बाज़ी में बचा हर खिलाड़ी चुपचाप हाई या लो चुने; सब एक साथ खुलेंगे।
event-declared = { $player } ने घोषणा कर दी।
event-declarations = घोषणाएँ: हाई { $high }; लो { $low }।
event-halves = हाई आधा: { $high }। लो आधा: { $low }।
event-round-limit = दाँव के { $round } दौर पूरे: ज़रूरी शो, हर हाथ दिखाया जाता है।
event-stood-pat = { $player } ने पत्ते नहीं बदले।
event-drew = { $player } ने { $count } पत्ते बदले ({ $cost } दिए)।
event-saw = { $player } ने अपने पत्ते देखे।
event-posted = { $player } ने वापस आने के लिए { $amount } डाले, वह बूट जो बाहर रहते छूट गया था।
event-bet-blind = { $player } ने { $amount } ब्लाइंड लगाए।
event-bet-seen = { $player } ने { $amount } की चाल चली।
event-packed = { $player } ने पैक किया।
event-packed-timeout = { $player } का समय ख़त्म, पैक।
event-packed-sideshow = { $player } साइड शो हारे और पैक किया।
event-packed-bust = { $player } के पास बस्ट पत्ता है, पैक।
event-packed-conceded = { $player } ने बिना दिखाए शो में हार मानी।
event-show-all = { $player } ने शो के लिए { $cost } दिए: बचे हुए सभी हाथ दिखाए जाते हैं।
event-show = { $player } ने { $against } के ख़िलाफ़ शो के लिए { $cost } दिए।
event-sideshow-asked = { $player } ने { $target } से साइड शो माँगा।
event-sideshow-bet = { $player } ने { $amount } लगाकर { $target } से साइड शो माँगा।
event-sideshow-denied = { $target } ने { $player } का साइड शो मना किया।
event-split-offered = { $player } ने { $target } से बाज़ी रोककर पॉट बाँटने को कहा।
event-split-refused = { $target } ने { $player } की बँटवारे की पेशकश ठुकराई।
event-pot-limit = पॉट सीमा ({ $pot }) तक पहुँचा: हर हाथ दिखाया जाता है।
event-shows = { $player } के पत्ते { $cards } ({ $value })
event-shows-made = { $player } के पत्ते { $cards } ({ $value }, गिना गया { $made })
event-wins = { $player } जीते { $amount }
event-ended = 🏆 { $winners } (पॉट { $pot }, { $how })।
ended-last-standing = बाकी सबने पैक किया
ended-show = शो
ended-pot-limit = पॉट सीमा
ended-agreed = आपसी सहमति से बँटा, पत्ते नहीं दिखाए
ended-round-limit = ज़रूरी शो
nobody = कोई नहीं

## What a hand is worth
value-high-card = हाई कार्ड
value-pair = पेयर
value-colour = कलर
value-sequence = सीक्वेंस
value-pure-sequence = प्योर सीक्वेंस
value-trio = ट्रेल
value-bust = बस्ट
value-points = { $points } अंक
value-number = संख्या { $number }
value-single = { $rank } हाई
made-wild = { $card } बना { $counts }
made-imagined = कल्पित { $card }
made-pair = { $cards } बने { $counts }

## Private notes (DMs, or replies only the player sees)
place-server = **{ $server }** पर <#{ $channel }>
place = <#{ $channel }>
back-to-table = टेबल पर वापस: { $link }
note-seated = { $place } में तीन पत्ती टेबल #{ $table } पर आपकी सीट है। जब आप पत्ते देखना चुनेंगे, वे यहाँ आएँगे।
note-cards = { $place } में बाज़ी #{ $hand } के आपके पत्ते: **{ $cards }**{ $value }।{ $board }
note-cards-value = { " " }({ $value })
note-cards-made = { $value }; यह गिना जाता है { $made }
note-sees = कोबरा, { $place } में बाज़ी #{ $hand }: बाकी खिलाड़ियों के माथे के पत्ते (अपना आप कभी नहीं देखते):
note-sideshow = { $place } में बाज़ी #{ $hand } का साइड शो, { $asker } और { $target } के बीच:
note-sideshow-loser = { $loser } पैक करते हैं।
this-server = इस सर्वर
dm-fallback = मैं आपको सीधा संदेश (DM) नहीं भेज सका (आपके DM इस बॉट के लिए बंद हैं, या कोई साझा सर्वर उनकी अनुमति नहीं देता), इसलिए आपके निजी संदेश ऐसे जवाबों में आएँगे जिन्हें सिर्फ़ आप देख सकते हैं, जैसे यह। उन्हें फिर देखने के लिए टेबल पर **मेरे पत्ते** दबाएँ।
declared-notice = आपने **{ $side }** घोषित किया। जब तक बचे हुए सभी खिलाड़ी घोषणा न कर दें, इसे कोई नहीं देखेगा।
side-high = हाई
side-low = लो

## The draw's private menu
draw-menu = बाज़ी #{ $hand }: बदलने के लिए अपने ज़्यादा से ज़्यादा { $max } पत्ते चुनें, हर पत्ता { $price } चिप्स।
draw-menu-blind = { " " }आप ब्लाइंड खेल रहे हैं: पत्ता बदलने का मतलब है अपने पत्ते देखना (देखकर चुनने के लिए पहले पत्ते देखें दबाएँ)।
draw-menu-card = पत्ता { $n }
draw-menu-placeholder = बदलने वाले पत्ते

## Dealer's choice
pick-title = डीलर की पसंद · टेबल #{ $table }
pick-footer = डीलर की पसंद: हर बाज़ी का डीलर उसका खेल चुनता है
pick-prompt = { $dealer } अगली बाज़ी बाँटेंगे और उसका खेल चुनेंगे: **खेल चुनें** दबाएँ। अगर { $when } तक कोई खेल नहीं चुना गया, तो **{ $default }** (टेबल का डिफ़ॉल्ट) बँटेगा।
pick-content = { $dealer }, अगली बाज़ी का खेल चुनें।
pick-button = खेल चुनें
pick-by-timer = { $dealer } ने समय पर नहीं चुना: { $game }, टेबल का डिफ़ॉल्ट, बँटेगा।
pick-chosen = { $dealer } ने अगली बाज़ी के लिए { $game } चुना।
pick-line = डीलर की पसंद ({ $dealer } बाँटते हैं): { $game }।
pick-the-dealer = डीलर
picking-line = अगली बाज़ी { $dealer } बाँटेंगे और खेल चुन रहे हैं ({ $when } तक)।
pick-menu = अगली बाज़ी आप बाँटेंगे: उसका खेल चुनें। टेबल के बाकी नियम लागू हैं (`/table rules`); अपने नियम जोड़ने के लिए `/table pick` इस्तेमाल करें। समय पर नहीं चुना तो **{ $default }** बँटेगा।
pick-menu-placeholder = अगली बाज़ी का खेल

## Refusals of a click or a command during a hand
error-not-your-turn = अभी आपकी बारी नहीं है।
error-hand-over = बाज़ी ख़त्म हो चुकी है।
error-packed = आप पैक कर चुके हैं।
error-stale-button = यह बटन बनने के बाद टेबल आगे बढ़ चुकी है; कुछ नहीं किया गया।
error-earlier-hand = यह बटन पिछली बाज़ी का है।
error-other-hand = यह बटन चल रही बाज़ी का नहीं है; कुछ नहीं किया गया।
error-no-hand = इस टेबल पर कोई बाज़ी नहीं चल रही।
error-that-hand-over = वह बाज़ी ख़त्म हो चुकी है।
error-hand-cancelled = वह बाज़ी रद्द हुई; उसके बूट लौटाए जा रहे हैं।
error-not-in-hand = आप इस बाज़ी में नहीं खेल रहे।
error-blind = आप ब्लाइंड खेल रहे हैं: अपने पत्ते देखने के लिए पत्ते देखें दबाएँ।
error-cannot-draw = आप अभी पत्ते नहीं बदल सकते।
error-already-seated = इस टेबल पर आपकी सीट पहले से है।
error-not-seated = आप इस टेबल पर नहीं बैठे हैं।
error-hand-running = एक बाज़ी पहले से चल रही है।
error-rule = { $reason }

## Commands: Discord shows these names and descriptions to users whose Discord is in Hindi
cmd-table = टेबल
cmd-table-desc = तीन पत्ती टेबल: इस चैनल में खोलें, बैठें, शुरू करें, बंद करें।
cmd-table-open = खोलें
cmd-table-open-desc = इस चैनल में एक टेबल खोलें (हर चैनल में एक)।
cmd-table-open-boot-desc = हर बाज़ी में हर खिलाड़ी का बूट (डिफ़ॉल्ट: सर्वर का)
cmd-table-open-variant-desc = खेल का प्रकार (डिफ़ॉल्ट: सर्वर का)
cmd-table-open-max_players-desc = टेबल पर ज़्यादा से ज़्यादा खिलाड़ी (2-10, डिफ़ॉल्ट 6)
cmd-table-open-turn_seconds-desc = हर खिलाड़ी के पास चाल के लिए सेकंड (10-600)
cmd-table-open-rules-desc = और नियम name=value के रूप में, जैसे show_tie=split langdi=true chaal_limit=64
cmd-table-join = बैठें
cmd-table-join-desc = इस चैनल की टेबल पर सीट लें।
cmd-table-leave = उठें
cmd-table-leave-desc = इस चैनल की टेबल छोड़ें (खेल रहे हों तो आपकी बाज़ी पैक होगी)।
cmd-table-start = शुरू
cmd-table-start-desc = पहली बाज़ी बाँटें (टेबल खोलने वाला, या Manage Server)।
cmd-table-close = बंद
cmd-table-close-desc = इस चैनल की टेबल बंद करें; चल रही बाज़ी के दाँव लौटाए जाते हैं।
cmd-table-status = हाल
cmd-table-status-desc = इस चैनल की टेबल दिखाएँ।
cmd-table-rules = नियम
cmd-table-rules-desc = इस चैनल की टेबल के नियम।
cmd-table-pick = चुनें
cmd-table-pick-desc = डीलर की पसंद: अगली बाज़ी का खेल अपने नियमों के साथ चुनें (डीलर, जब पूछा जाए)।
cmd-table-pick-variant-desc = अगली बाज़ी का खेल
cmd-table-pick-options-desc = उसके नियम name=value के रूप में, जैसे draw=after draw_price=5 (दाँव टेबल के ही रहते हैं)
cmd-table-entropy = एंट्रॉपी
cmd-table-entropy-desc = इस टेबल की अगली बँटाई में अपनी एंट्रॉपी मिलाएँ (उसके बीज का वचन पहले दिया जा चुका है)।
cmd-table-entropy-value-desc = जो भी आप चाहें, 64 अक्षरों तक: कोई शब्द, पासे के अंक
cmd-bet = दाँव
cmd-bet-desc = इतने चिप्स का दाँव लगाएँ (ब्लाइंड या चाल, इस पर कि आपने पत्ते देखे हैं या नहीं)।
cmd-bet-amount-desc = दाँव के चिप्स
cmd-see = देखें
cmd-see-desc = अपने पत्ते देखें (DM में और यहाँ आते हैं)।
cmd-pack = पैक
cmd-pack-desc = अपनी बाज़ी छोड़ें।
cmd-show = शो
cmd-show-desc = शो के लिए दाँव दें (जब दो खिलाड़ी बचे हों)।
cmd-sideshow = साइड-शो
cmd-sideshow-desc = कम से कम दाँव लगाकर पिछले खिलाड़ी से साइड शो माँगें।
cmd-balance = बैलेंस
cmd-balance-desc = इस सर्वर पर आपके चिप्स (या किसी और खिलाड़ी के)।
cmd-balance-user-desc = किसका बैलेंस
cmd-daily = रोज़ाना
cmd-daily-desc = अपने रोज़ के चिप्स लें।
cmd-leaderboard = लीडरबोर्ड
cmd-leaderboard-desc = इस सर्वर के सबसे अमीर खिलाड़ी, या सबसे बड़े विजेता।
cmd-leaderboard-by-desc = बैलेंस (डिफ़ॉल्ट) या कुल जीत से क्रम
cmd-leaderboard-page-desc = पन्ना संख्या
cmd-stats = आँकड़े
cmd-stats-desc = किसी खिलाड़ी की खेली और जीती बाज़ियाँ, सबसे बड़ा पॉट और कुल जीत।
cmd-stats-user-desc = किसके आँकड़े
cmd-history = इतिहास
cmd-history-desc = किसी बाज़ी का पूरा सार्वजनिक ब्योरा (ख़त्म होने पर हर पत्ता), या यहाँ की पिछली बाज़ियाँ।
cmd-history-hand-desc = बाज़ी संख्या
cmd-verify = जाँच
cmd-verify-desc = किसी बाज़ी की ईमानदार बँटाई जाँचें: उसका बीज बँटाई पर दिखाए वचन से, और गड्डी।
cmd-verify-hand-desc = बाज़ी संख्या
cmd-rank = रैंक
cmd-rank-desc = इस चैनल की टेबल (या सर्वर) के नियमों में किसी हाथ की क़ीमत।
cmd-rank-cards-desc = पत्ते, जैसे As Kd Qh (10c, Tc और A♠ भी चलते हैं)
cmd-rank-joker-desc = जोकर खेल के लिए: खुला रैंक (जैसे 7)
cmd-rank-turned-desc = दूसरे खुले पत्ते name=value के रूप में: wild_suit=h bust=9 common=Kd
cmd-rules = नियम
cmd-rules-desc = यहाँ तीन पत्ती कैसे खेली जाती है।
cmd-config = सेटिंग
cmd-config-desc = सर्वर की सेटिंग (Manage Server): देखें, या एक बदलें।
cmd-config-view = देखें
cmd-config-view-desc = सर्वर की सेटिंग दिखाएँ।
cmd-config-set = बदलें
cmd-config-set-desc = सर्वर की एक सेटिंग या डिफ़ॉल्ट नियम बदलें।
cmd-config-set-option-desc = कोई सेटिंग (starting_balance, give_daily_cap, max_bet, season_reset...) या नियम का विकल्प (boot...)
cmd-config-set-value-desc = नया मान
cmd-grant = चिप्स-दें
cmd-grant-desc = किसी खिलाड़ी को चिप्स दें, या ऋण राशि से वापस लें (Manage Server)।
cmd-grant-user-desc = किसे
cmd-grant-amount-desc = जोड़ने के चिप्स (घटाने के लिए ऋण)

## The rules' refusals of an action
rule-seat-count = टेबल पर { $min } से { $max } खिलाड़ी चाहिए।
rule-bad-dealer = डीलर किसी सीट का खिलाड़ी होना चाहिए।
rule-bad-deck = गड्डी में बँटाई के लिए पर्याप्त अलग पत्ते नहीं हैं।
rule-too-many-for-deck = इन नियमों में गड्डी ज़्यादा से ज़्यादा { $most } खिलाड़ियों को बँटती है।
rule-holds-bust = आपके पास बस्ट पत्ता है: आपको पैक करना होगा।
rule-rules = { $reason }।
rule-bad-post = पोस्ट हाथ के किसी खिलाड़ी की ओर से एक धनात्मक राशि होनी चाहिए।
rule-cannot-pay-boot = हर खिलाड़ी को { $boot } का बूट देने लायक होना चाहिए।
rule-cannot-pay-deal = डील में शामिल हर खिलाड़ी को वह देने लायक होना चाहिए जो डील उससे माँगती है: { $need } चिप्स (बूट, और ब्लाइंड, पोस्ट या सबके लिए डीलर की एंटी)।
rule-stack-too-large = किसी के पास ज़्यादा से ज़्यादा { $most } चिप्स हो सकते हैं।
rule-hand-over = बाज़ी ख़त्म हो चुकी है।
rule-no-such-seat = ऐसी कोई सीट नहीं है।
rule-packed = आप पैक कर चुके हैं।
rule-not-your-turn = अभी आपकी बारी नहीं है।
rule-sideshow-pending = एक साइड शो जवाब का इंतज़ार कर रहा है।
rule-no-sideshow-to-answer = किसी ने आपसे साइड शो नहीं माँगा।
rule-already-seen = आप अपने पत्ते पहले ही देख चुके हैं।
rule-see-only-on-turn = इस टेबल पर आप अपने पत्ते सिर्फ़ अपनी बारी पर देख सकते हैं।
rule-pack-only-on-turn = इस टेबल पर आप सिर्फ़ अपनी बारी पर पैक कर सकते हैं।
rule-asked-this-turn = आप इस बारी में साइड शो माँग चुके हैं।
rule-show-pending = एक शो जवाब का इंतज़ार कर रहा है: पत्ते दिखाएँ या हार मानें।
rule-no-show-to-answer = आपके ख़िलाफ़ कोई शो नहीं माँगा गया।
rule-split-off = यह टेबल आख़िरी दो खिलाड़ियों को पॉट बाँटने की सहमति नहीं देती।
rule-split-needs-two = पॉट सहमति से तभी बँट सकता है जब दो खिलाड़ी बचे हों।
rule-split-pending = पॉट बाँटने की पेशकश जवाब का इंतज़ार कर रही है।
rule-no-split-to-answer = किसी ने आपसे पॉट बाँटने को नहीं कहा।
rule-must-see = आप { $times } बार ब्लाइंड खेल चुके हैं, यही सीमा है: पहले अपने पत्ते देखें।
rule-cannot-cover = आप { $min } का न्यूनतम दाँव नहीं लगा सकते।
rule-bet-out-of-range = दाँव { $min } से { $max } तक होना चाहिए।
rule-odd-bet = सीन दाँव चिप्स की सम संख्या होना चाहिए।
rule-show-needs-two = शो के लिए ठीक दो खिलाड़ी बचे होने चाहिए।
rule-no-sideshow-high-low = हाई-लो टेबल पर साइड शो नहीं होता।
rule-declaring = खिलाड़ी हाई या लो घोषित कर रहे हैं: सबके घोषित करने पर शो होगा।
rule-not-declaring = अभी घोषित करने को कुछ नहीं है: खिलाड़ी शो पर हाई या लो घोषित करते हैं।
rule-already-declared = आप घोषणा कर चुके हैं।
rule-seen-cannot-show-blind = सीन खिलाड़ी ब्लाइंड खिलाड़ी से शो नहीं माँग सकता।
rule-cannot-afford-show = शो की क़ीमत { $need } है; आपके पास { $have } हैं।
rule-sideshow-needs-all-seen = साइड शो के लिए बचे हुए सभी खिलाड़ियों का सीन होना ज़रूरी है।
rule-sideshow-needs-three = साइड शो के लिए कम से कम तीन खिलाड़ी बचे होने चाहिए।
rule-sideshow-no-target = पिछले खिलाड़ी ने अभी दाँव नहीं लगाया।
rule-forehead = कोबरा में कोई अपना पत्ता कभी नहीं देखता।
rule-blind-round = दाँव के पहले { $rounds } दौर ब्लाइंड खेले जाते हैं: अभी कोई अपने पत्ते नहीं देख सकता।
rule-show-too-early = शो या साइड शो दाँव के { $rounds } दौर के बाद ही माँगा जा सकता है।
rule-drawing = खिलाड़ी पत्ते बदल रहे हैं: सबके बदलने के बाद दाँव फिर शुरू होंगे।
rule-no-draw = अभी पत्ते बदलने का दौर नहीं है।
rule-drew-this-round = आप इस दौर में एक पत्ता बदल चुके हैं।
rule-bad-draw = बदलने के लिए अपने बंद पत्तों में से { $min } से { $max } चुनें।
rule-pack-empty = गड्डी में बदलने के लिए सिर्फ़ { $left } पत्ते बचे हैं।
rule-cannot-afford-draw = नए पत्तों की क़ीमत { $need } है; आपके पास { $have } हैं।

## Card pictures' descriptions (alt text): a winner's row
picture-wins = जीते

## Answers to the player who asked (joining, leaving, starting, closing)
notice-seated = आपको सीट मिल गई।
notice-seated-next-hand = आपको सीट मिल गई; अगली बाज़ी से आपको पत्ते मिलेंगे।
notice-seated-short = आपके पास { $balance } चिप्स हैं और बूट { $boot } है: पत्ते पाने के लिए `/daily` लें।
notice-leave-failed = आपने पैक किया, पर टेबल छोड़ना नहीं हो सका; कृपया फिर `/table leave` आज़माएँ।
notice-packed-left = आपने पैक किया और टेबल छोड़ दी।
notice-left = आपने टेबल छोड़ दी।
notice-choosing-first = { $dealer } पहले बाँटेंगे और खेल चुन रहे हैं।
notice-dealt = पत्ते बँट गए।
notice-closed = टेबल बंद हो गई।
notice-closed-refunded = चल रही बाज़ी रद्द हुई और हर दाँव लौटा दिया गया।
notice-back = वापसी पर स्वागत: अगली बाज़ी से आपको पत्ते मिलेंगे।
notice-cut = ✂️ बँटाई के लिए कट: { $cards }। { $dealer } ने सबसे ऊँचा पत्ता काटा और पहले बाँटेंगे।
notice-entropy = आपकी एंट्रॉपी इस टेबल की अगली बँटाई में जाएगी, जिसके बीज का वचन पहले दिया जा चुका है (`{ $commitment }`): बॉट इसके हिसाब से गड्डी नहीं चुन सकता। यह एक बार इस्तेमाल होती है; वह बाज़ी ख़त्म होने पर बीज और एंट्रॉपी दिखाए जाते हैं।
notice-picked = आपने **{ $variant }** चुना; पत्ते बँट गए।
error-not-sitting-out = आप बाहर नहीं बैठे हैं।
error-choosing = { $dealer } खेल चुन रहे हैं; उनके चुनते ही पत्ते बँटेंगे।

## /history of a hand
history-title = **बाज़ी #{ $hand }**
history-cards = **पत्ते:**
history-refunded = यह बाज़ी रद्द हुई और हर दाँव लौटा दिया गया।
history-live = बाज़ी अभी चल रही है; ख़त्म होने पर पत्ते दिखाए जाएँगे।

## The variants, two or three lines each (/rules, the dealer's menu)
variant-classic = हर खिलाड़ी को तीन पत्ते; हाथों का क्लासिक क्रम।
variant-muflis = मुफ़लिस (लोबॉल): हाथों का क्रम उलटा है; सबसे नीचा हाथ जीतता है।
variant-joker = बँटाई के बाद एक पत्ता खोला जाता है: उसके रैंक का हर पत्ता जोकर है (वह कोई भी पत्ता बन सकता है)।
variant-ak47 = हर इक्का, बादशाह, 4 और 7 जोकर है।
variant-high-wild = हर खिलाड़ी के हाथ में उसका अपना सबसे ऊँचा रैंक जोकर है (उसकी जोड़ी दो जोकर बनाती है)।
variant-low-wild = हर खिलाड़ी के हाथ में उसका अपना सबसे नीचा रैंक जोकर है (उसकी जोड़ी दो जोकर बनाती है)।
variant-best-of-four = हर खिलाड़ी को चार पत्ते; सबसे अच्छे तीन गिने जाते हैं।
variant-incomplete-two = हर खिलाड़ी को दो पत्ते; तीसरा कल्पित है, इसलिए वह आपके हाथ का सबसे अच्छा पत्ता होता है। शो पर बराबर हाथ रंगों से तय होते हैं (हुकुम, पान, ईंट, चिड़ी)।
variant-incomplete-one = हर खिलाड़ी को एक पत्ता; दो कल्पित हैं, इसलिए हर हाथ उसके रैंक की ट्रेल है। बराबर हाथ रंगों से तय होते हैं।
variant-incomplete-common = हर खिलाड़ी को एक पत्ता, एक कल्पित, और टेबल पर खुला एक साझा पत्ता सबका तीसरा। बराबर हाथ रंगों से तय होते हैं।
variant-two-lowest-wild = हर खिलाड़ी को चार पत्ते: आपके दो सबसे नीचे पत्ते मिलकर एक जोकर बनाते हैं, और दो सबसे ऊँचे जैसे बँटे वैसे गिने जाते हैं। सबसे नीचे दो की जोड़ी चाहें तो जोड़ी रह सकती है; बीच के दो की जोड़ी हो तो कोई जोकर नहीं (चार में से सबसे अच्छे तीन)।
variant-kaana = काने पत्ते (ईंट का बादशाह और हुकुम व पान के ग़ुलाम, जब तक टेबल के `kaana_cards` कुछ और न कहें) जोकर हैं। `kaana_round` के साथ वे तभी जोकर हैं जब किसी को ट्रेल बँटने के बाद की बाज़ी से लेकर, किसी काने पत्ते वाले के ख़िलाफ़ शो माँगे जाने तक।
variant-kiss-miss-bliss = हर खिलाड़ी को पाँच पत्ते; तीन इकाइयाँ बनाएँ: अकेले पत्ते, या जोड़ियाँ जो एक जोकर गिनी जाती हैं: किस (क्रम में, A-2 से Q-K), मिस (बीच में एक रैंक, A-3 से J-K), ब्लिस (एक ही रैंक), हर तरह की ज़्यादा से ज़्यादा एक।
variant-blackjack = हर खिलाड़ी को तीन पत्ते, ब्लैकजैक की तरह गिने जाते हैं: तस्वीर वाले 10, इक्का 1 या 11, बाकी अपने अंक। 21 तक का सबसे बड़ा जोड़ जीतता है; 22 और ऊपर बस्ट है (दो बस्ट बराबर हाथ हैं)।
variant-nines = 999: हर पत्ता एक अंक है (10 और तस्वीर वाले 0, इक्का 1, बाकी अपने अंक); अपने अंकों से सबसे बड़ी तीन अंकों की संख्या बनाएँ: बड़ी संख्या जीतती है, 999 सबसे अच्छी।
variant-four-x-boot = क्लासिक, पर हर बाज़ी का बूट टेबल के बूट का चार गुना।
variant-three-card-stud = तीन पत्ती स्टड: दो पत्ते बंद और एक खुला, जो बँटाई से ही बाज़ी के संदेश पर सबको दिखता है। ब्लाइंड का मतलब है आपने अपने बंद पत्ते नहीं देखे।
variant-five-card-stud = पाँच पत्ती स्टड: दो पत्ते बंद और तीन खुले सबके देखने के लिए; आपके पाँच में से सबसे अच्छे तीन गिने जाते हैं (`exact_use` के साथ: ठीक एक बंद और दो खुले)।
variant-three-card-community = तीन पत्ती कम्युनिटी: हर खिलाड़ी को दो बंद पत्ते और बीच में एक खुला साझा पत्ता, सबका तीसरा।
variant-five-card-community = पाँच पत्ती कम्युनिटी: हर खिलाड़ी को दो बंद पत्ते और बीच में तीन साझा पत्ते; आपके पाँच में से सबसे अच्छे तीन गिने जाते हैं (`exact_use` के साथ: एक बंद और दो साझा)। `community_turn=rounds` के साथ साझा पत्ते हर दाँव के दौर के अंत में एक-एक खुलते हैं।
variant-draw = ड्रॉ: हर खिलाड़ी को तीन पत्ते; खिलाड़ी `draw_price` प्रति पत्ता (डिफ़ॉल्ट बूट) देकर पत्ते बदल सकते हैं: दाँव से पहले, पहले दौर के बाद (`draw=after`), या पहले तीन दौरों में हर दौर एक पत्ता (`draw=rounds`)। पत्ते बदलने का मतलब है उन्हें देखना: ब्लाइंड खिलाड़ी बदले तो सीन हो जाता है।
variant-cobra = कोबरा: हर खिलाड़ी को एक पत्ता, माथे पर: आप सबका पत्ता देखते हैं (DM से) पर अपना कभी नहीं। पूरी बाज़ी सब ब्लाइंड दाँव लगाते हैं (कोई देख नहीं सकता); साइड शो नहीं। शो पर ऊँचा पत्ता जीतता है; बराबर रैंक रंग से तय होते हैं (हुकुम, पान, ईंट, चिड़ी)।
variant-zandu = झंडू: हर खिलाड़ी को तीन पत्ते और बीच में तीन बंद जोकर; दाँव के पहले तीन दौरों में हर दौर के बाद एक खुलता है, और खुले रैंक का हर पत्ता जोकर है। पहला दौर ब्लाइंड है (कोई नहीं देख सकता); शो और साइड शो तीनों खुलने तक रुकते हैं।
variant-dealers-choice = डीलर की पसंद: हर बाज़ी से पहले उसका डीलर खेल चुनता है (**खेल चुनें** बटन एक मेनू खोलता है जो सिर्फ़ डीलर देखता है; `/table pick` अपने नियम जोड़ता है, पर दाँव कभी नहीं बदलता)। अगर वह चाल के समय में नहीं चुनता, तो टेबल का `dealer_default` बँटता है।

## Command replies and refusals
extra-joker = बँटाई पर खुला एक पत्ता अपने रैंक को जोकर बनाता है।
extra-wild-suit = बँटाई पर खुला एक पत्ता अपने रंग को जोकर बनाता है।
extra-bust = बँटाई पर खुला एक पत्ता बस्ट पत्ता है: जिसके पास उस रैंक का पत्ता हो वह तुरंत पैक करता है (अगर सबके पास हो, तो कोई बस्ट नहीं)।
extra-jokers = गड्डी में दो छपे जोकर हैं, दोनों जोकर।
extra-k-a-2 = 2-A-K एक सीक्वेंस है, A-K-Q से ठीक नीचे।
rules-variation = **इस टेबल का खेल।** { $variation }
rules-how-to-play = **कैसे खेलें।** सब बूट देते हैं; पत्ते बंद बँटते हैं। अपनी बारी पर: बिना देखे ब्लाइंड दाँव लगाएँ (स्टेक से उसके दुगने तक), या अपने पत्ते **देखें** और सीन दाँव लगाएँ (स्टेक के दुगने से चार गुने तक, सम संख्या), या **पैक** करें। ब्लाइंड दाँव स्टेक तय करता है; सीन दाँव स्टेक को दाँव का आधा करता है। दो खिलाड़ी बचें तो कोई भी **शो** के लिए दे सकता है (ब्लाइंड: स्टेक; दोनों सीन: स्टेक का दुगना; सीन खिलाड़ी ब्लाइंड से शो नहीं माँग सकता)। जब बचे सब सीन हों, न्यूनतम दाँव लगाकर पिछले खिलाड़ी से **साइड शो** माँगें: नीचा हाथ पैक करता है (बराबरी पर माँगने वाला)। हाथ: ट्रेल > प्योर सीक्वेंस > सीक्वेंस > कलर > पेयर > हाई कार्ड; A-2-3 सबसे ऊँचा सीक्वेंस है।
rules-options = **नियम:** { $options }
balance = { $player } के पास **{ $chips }** चिप्स हैं।
daily-claimed = आपने **{ $amount }** चिप्स लिए। आपका बैलेंस **{ $balance }** है।
daily-too-soon = आप आज के चिप्स ले चुके हैं। { $when } फिर आएँ।
leaderboard-nobody = अभी यहाँ कोई नहीं।
leaderboard-balance = लीडरबोर्ड · बैलेंस
leaderboard-winnings = लीडरबोर्ड · कुल जीत
leaderboard-footer = पन्ना { $page } / { $pages } · { $total } खिलाड़ी
stats = { $player }: **{ $played }** बाज़ियाँ खेलीं, **{ $won }** जीतीं ({ $rate }%), सबसे बड़ा पॉट **{ $pot }**, कुल **{ $net }**।
recent-none = इस चैनल में अभी कोई बाज़ी नहीं खेली गई।
recent-line = **#{ $hand }** · { $players } खिलाड़ी · पॉट { $pot } · { $status } { $winners }
recent-title = यहाँ की पिछली बाज़ियाँ (किसी एक के लिए `/history hand:N`):
status-live = चल रही
status-finished = ख़त्म
status-refunded = लौटाई गई
no-such-hand-here = इस सर्वर पर बाज़ी #{ $hand } नहीं है।
no-such-hand = बाज़ी #{ $hand } नहीं है।
too-many-seats = इन नियमों (`{ $variant }` और उसके नियम) में गड्डी ज़्यादा से ज़्यादा { $most } खिलाड़ियों को बँटती है, { $asked } को नहीं।
rank = { $cards } { $variant } नियमों में **{ $value }** है (ताक़त { $strength }; ज़्यादा जीतता है)।
settings = **सर्वर की सेटिंग** (नई टेबलें इन नियमों से शुरू होती हैं):
settings-cooldown = { $seconds } सेकंड
setting-not-valid = `{ $value }` `{ $option }` के लिए ठीक नहीं: { $low } से { $high } तक की पूरी संख्या दें
language-not-valid = `{ $value }` यहाँ की भाषा नहीं है: `en` (अंग्रेज़ी), `hi` (हिन्दी) या `hinglish` दें
settings-saved = सहेज लिया।
granted = { $admin } ने { $amount } चिप्स दिए: बैलेंस अब **{ $balance }**। ({ $player })
took = { $admin } ने { $amount } चिप्स लिए: बैलेंस अब **{ $balance }**। ({ $player })
below-zero = { $player } के पास सिर्फ़ { $have } चिप्स हैं; बैलेंस शून्य से नीचे नहीं जा सकता।
verify-not-committed = बाज़ी #{ $hand } ईमानदार बँटाई से पहले बँटी थी: उसका कोई वचन नहीं छपा।
verify-live = बाज़ी #{ $hand } अभी चल रही है। उसकी गड्डी का वचन `{ $commitment }` है; बीज बाज़ी ख़त्म होने पर खुलेगा।
verify-fair = ✅ **ईमानदार**: बीज का `SHA-256` वही वचन है जो बँटाई पर दिखाया गया, और खिलाड़ियों की एंट्रॉपी के साथ बीज ठीक वही गड्डी देता है जिससे बाज़ी बँटी।
verify-bad-commitment = ❌ **जाँच में ग़लत**: रखे गए बीज का `SHA-256` वचन नहीं है।
verify-bad-deck = ❌ **जाँच में ग़लत**: बीज और एंट्रॉपी वह गड्डी नहीं देते जो बँटी थी।
verify-none = कोई नहीं
verify-checked = बाज़ी #{ $hand }: { $verdict }
verify-lines = वचन `{ $commitment }`
verify-seed = बीज `{ $seed }`
verify-entropy = एंट्रॉपी { $entropy }
verify-offline = सिर्फ़ पाइथन से ख़ुद जाँचें (`docs/provably-fair.md`): `{ $command }`
error-bots-no-chips = बॉट के पास चिप्स नहीं होते।
error-turned-only = `turned` सिर्फ़ खुले पत्ते लेता है: `joker=RANK` `wild_suit=SUIT` `bust=RANK` `common=CARD`।
error-needs-joker = जोकर खेल को खुला रैंक चाहिए: जैसे `joker:7` जोड़ें।
error-bet-not-positive = दाँव चिप्स की धनात्मक संख्या होता है।
error-give-amount = धनात्मक राशि दें: 1 से 10^12 चिप्स तक (`/give` से चिप्स लिए नहीं जा सकते)।
error-grant-amount = शून्य के अलावा ज़्यादा से ज़्यादा 10^12 चिप्स की राशि दें।
error-button-not-recognised = यह बटन पहचाना नहीं गया; कुछ नहीं किया गया।
error-buttons-in-servers = टेबल के बटन सिर्फ़ सर्वर में चलते हैं।
error-table-closed = वह टेबल बंद है।
error-bot-permissions = मैं इस चैनल में टेबल नहीं चला सकता: यहाँ मेरे पास { $missing } की अनुमति नहीं है। किसी सर्वर एडमिन से इस चैनल में मुझे { $missing } दिलवाएँ (चैनल संपादित करें → अनुमतियाँ), फिर दोबारा कोशिश करें।
dm-picture-permission = **{ $server }** के <#{ $channel }> में मैं कार्डों की तस्वीरें नहीं लगा सकता: वहाँ मेरे पास { $missing } की अनुमति नहीं है। खेल तस्वीरों के बिना चलता रहेगा; कोई सर्वर एडमिन चैनल की सेटिंग्स में मुझे यह अनुमति दे सकता है।
dm-table-silenced = **{ $server }** के <#{ $channel }> में मैं आपकी तीन पत्ती टेबल अब नहीं दिखा सकता: वहाँ मेरे पास { $missing } की अनुमति नहीं है। चल रही बाज़ी के चिप्स लौटा दिए गए (कुछ नहीं खोया) और टेबल ने बाँटना रोक दिया; सीटें बनी रहेंगी। कोई सर्वर एडमिन अनुमति वापस दे दे, तो फिर से बाँटने के लिए **शुरू करें** दबाएँ।
error-needs-manage-server = यह कमांड सिर्फ़ सर्वर प्रबंधन की अनुमति वाले सदस्य इस्तेमाल कर सकते हैं।
error-server-only = यह कमांड सिर्फ़ सर्वर में चलती है।
error-check-failed = आप यह कमांड यहाँ इस्तेमाल नहीं कर सकते।
error-option-not-valid = यह विकल्प ठीक नहीं: `{ $input }`।
error-option-not-valid-bare = यह विकल्प ठीक नहीं।
error-rule-options = नियम ठीक नहीं: { $error }
error-internal = हमारी तरफ़ कुछ गड़बड़ हुई; कुछ नहीं बदला। कृपया फिर कोशिश करें।
error-disk-full = बॉट की डिस्क भर गई है; यह टेबल रुकी है और कुछ नहीं खोया। जगह ख़ाली होते ही यह अपने आप चलेगी।

## More refusals of the table service
error-table-full-of = टेबल भरी है ({ $max } खिलाड़ी)।
error-table-full = टेबल भरी है।
error-manager-start = इसे सिर्फ़ टेबल खोलने वाला खिलाड़ी ({ $opener }) या सर्वर प्रबंधन की अनुमति वाला शुरू कर सकता है।
error-manager-close = इसे सिर्फ़ टेबल खोलने वाला खिलाड़ी ({ $opener }) या सर्वर प्रबंधन की अनुमति वाला बंद कर सकता है।
error-wallet = आपका बटुआ यह नहीं भर सकता: { $need } चाहिए और आपके पास { $have } हैं (दूसरी टेबल के चिप्स भी गिने जाते हैं)।
error-channel-has-table = इस चैनल में पहले से एक टेबल खुली है। `/table status` इस्तेमाल करें, या पहले `/table close`।
error-need-two = बाँटने के लिए कम से कम दो बैठे खिलाड़ी चाहिए जो बाहर न बैठे हों और बूट दे सकें।
error-entropy = एंट्रॉपी एक पंक्ति में 1 से { $max } अक्षर की होती है (जो भी आप चाहें: कोई शब्द, पासे के अंक)।
error-entropy-seated = सिर्फ़ इस टेबल पर बैठा खिलाड़ी इसकी बँटाई में एंट्रॉपी जोड़ सकता है।
error-cannot-pay-boot = { $player } अब बूट नहीं दे सकते; फिर कोशिश करें।
error-cannot-post = मैं इस चैनल में बाज़ी नहीं भेज सका, इसलिए वह रद्द हुई और बूट लौटा दिए गए। देखें कि मुझे यहाँ संदेश और एम्बेड लिंक भेजने की अनुमति है, फिर शुरू करें दबाएँ।
error-not-dealers-choice = यह टेबल `{ $variant }` खेलती है: सिर्फ़ `dealers_choice` टेबल पर डीलर खेल चुनता है।
error-nobody-choosing = अभी कोई खेल नहीं चुन रहा: डीलर हर बाज़ी से ठीक पहले चुनता है।
error-choice-over = वह चुनाव ख़त्म हो चुका; कुछ नहीं किया गया।
error-not-the-dealer = अगली बाज़ी { $dealer } बाँटेंगे, इसलिए खेल वही चुनेंगे।

## The dealer's choice refused (the reason is the rules' own words)
error-default-game = इस टेबल का डिफ़ॉल्ट खेल नहीं बँट सकता: { $reason }
error-game-not-dealt = वह खेल इस टेबल पर नहीं बँट सकता: { $reason }।
error-choose-another = { $reason } कोई और खेल चुनें।
error-rules-not-dealt = इस टेबल के नियमों से बाज़ी नहीं बँट सकती: { $reason }
error-timeout-only = सिर्फ़ चाल का टाइमर किसी खिलाड़ी का समय ख़त्म कर सकता है।

## कंप्यूटर खिलाड़ी और संभावना (issue 17)
cmd-table-open-bots-desc = बैठाने के लिए कंप्यूटर खिलाड़ी (0-9), हाउस के चिप्स से
cmd-table-open-bot_level-desc = कंप्यूटर खिलाड़ी कितना अच्छा खेलें (डिफ़ॉल्ट: hard)
cmd-table-addbot = बॉट-जोड़ें
cmd-table-addbot-desc = हाउस के चिप्स से एक कंप्यूटर खिलाड़ी बैठाएँ (टेबल खोलने वाला, या Manage Server)।
cmd-table-addbot-level-desc = वह कितना अच्छा खेले (डिफ़ॉल्ट: hard)
cmd-table-removebot = बॉट-हटाएँ
cmd-table-removebot-desc = एक कंप्यूटर खिलाड़ी हटाएँ; उसके चिप्स हाउस में लौटते हैं (टेबल खोलने वाला, या Manage Server)।
cmd-odds = संभावना
cmd-odds-desc = अभी आपके हाथ की संभावना, निजी रूप से (ब्लाइंड हाथ को बिना देखे हाथ की संभावना मिलती है)।
cmd-house = हाउस
cmd-house-desc = हाउस के चिप्स, जो कंप्यूटर खिलाड़ियों को मिलते हैं; bankroll से तय करें (Manage Server)।
cmd-house-bankroll-desc = हाउस के चिप्स इतने कर दें
error-manager-bots = केवल { $opener } या `Manage Server` वाले ही कंप्यूटर खिलाड़ी बैठा या हटा सकते हैं।
error-house-short = हाउस { $boot } के बूट के लिए कंप्यूटर खिलाड़ी को चिप्स नहीं दे सकता; एडमिन `/house` से चिप्स जोड़ सकते हैं।
error-no-bots = इस टेबल पर कोई कंप्यूटर खिलाड़ी नहीं है।
notice-bot-seated = { $bot } हाउस के { $chips } चिप्स लेकर बैठता है।
notice-bot-left = { $bot } उठता है; { $chips } चिप्स हाउस में लौटते हैं।
house-balance = हाउस के पास { $chips } चिप्स हैं।
house-set = { $admin } ने हाउस के चिप्स { $chips } कर दिए।
odds-seen = आपका हाथ { $cards }: एक अनजाने हाथ के सामने आप { $win } जीतते हैं, { $tie } बराबरी और { $lose } हारते हैं (सटीक)। यह सभी हाथों में से { $percentile } से बेहतर है।
odds-many = बाकी { $players } खिलाड़ियों के सामने: आप { $win } जीतते हैं (± { $error }, नमूने से)।
odds-unseen = आपने अपने पत्ते नहीं देखे। बिना देखा हाथ एक अनजाने हाथ से { $win } जीतता है (बराबरी { $tie }), और { $players } के सामने { $many } (हर ब्लाइंड खिलाड़ी के लिए यही)।
odds-board = संभावना पूरे बँटे हाथों के लिए निकाली जाती है; इस खेल में बाज़ी के दौरान पत्ते खुलते हैं या आपका अपना पत्ता छिपा रहता है।
error-need-person = कंप्यूटर खिलाड़ी अकेले नहीं खेलते: बाज़ी बँटने के लिए किसी व्यक्ति का बैठा (और खेलता) होना ज़रूरी है।

## खाता (issue 18)
cmd-ledger = खाता
cmd-ledger-desc = आपके चिप्स का लेन-देन, सबसे नया पहले (Manage Server: किसी का भी)।
cmd-ledger-page-desc = पन्ना (एक पन्ने पर 10 लेन-देन)
cmd-ledger-user-desc = किसका (किसी और का देखने के लिए Manage Server)
error-ledger-others = किसी और खिलाड़ी का खाता केवल `Manage Server` वाले देख सकते हैं।
ledger-title = **{ $player } के चिप्स**: अभी { $balance } (पन्ना { $page }, सबसे नया पहले)
ledger-row = { $when } · { $reason } · { $delta } · बाकी { $after }
ledger-row-hand = { $when } · { $reason }, बाज़ी #{ $hand } · { $delta } · बाकी { $after }
ledger-empty = इस पन्ने पर कोई लेन-देन नहीं।
ledger-more = पुराने लेन-देन: `/ledger page:{ $next }`
reason-starting-grant = शुरुआती चिप्स
reason-daily = रोज़ के चिप्स
reason-bet = दाँव
reason-pot-won = पॉट जीता
reason-refund = वापसी
reason-admin-grant = एडमिन से मिले
reason-transfer = हस्तांतरण
reason-season-reset = सीज़न रीसेट
reason-fee = हस्तांतरण शुल्क
reason-buy-in = टूर्नामेंट प्रवेश शुल्क
reason-prize = टूर्नामेंट इनाम

## Transfers and bet caps (issue 18)
cmd-give = चिप्स-भेजें
cmd-give-desc = अपने कुछ चिप्स इस सर्वर के किसी और खिलाड़ी को दें।
cmd-give-user-desc = किसे मिलें
cmd-give-amount-desc = देने के चिप्स
given = { $from } ने { $to } को **{ $amount }** चिप्स दिए।
given-fee = { $from } ने { $to } को **{ $amount }** चिप्स दिए; { $fee } इस सर्वर के हस्तांतरण शुल्क के रूप में हाउस को गए।
error-give-off = इस सर्वर पर चिप्स भेजना बंद है (इसका `give_daily_cap` 0 है)।
error-give-self = आप खुद को चिप्स नहीं दे सकते।
error-give-bot = बॉट और कंप्यूटर खिलाड़ी चिप्स नहीं लेते।
error-give-not-member = { $player } इस सर्वर के सदस्य नहीं हैं।
error-give-sender-young = आपका डिस्कॉर्ड खाता { $days } दिन से नया है (इस सर्वर का `give_min_account_days`)।
error-give-receiver-young = { $player } का डिस्कॉर्ड खाता { $days } दिन से नया है (इस सर्वर का `give_min_account_days`)।
error-give-sender-new = आप इस सर्वर में { $hours } घंटे से कम पहले जुड़े (इसका `give_min_member_hours`)।
error-give-receiver-new = { $player } इस सर्वर में { $hours } घंटे से कम पहले जुड़े (इसका `give_min_member_hours`)।
error-give-cap = अगले 24 घंटों में आप { $left } चिप्स और दे सकते हैं (इस सर्वर का `give_daily_cap` { $cap } है)।
error-give-funds = आपके पास केवल { $have } चिप्स हैं।
daily-too-new = आपका डिस्कॉर्ड खाता { $days } दिन से नया है (इस सर्वर का `daily_min_account_days`)।
error-boot-cap = इस सर्वर पर बूट ज़्यादा से ज़्यादा { $cap } चिप्स है (इसका `max_boot`)।
error-bet-cap = इस सर्वर पर एक दाँव ज़्यादा से ज़्यादा { $cap } चिप्स है (इसका `max_bet`): बूट उसका आधा ही हो सकता है।
settings-no-cap = कोई नहीं (`none`)
setting-season-reset = `season_reset` या तो `reset` है (हर बैलेंस शुरुआती बैलेंस पर) या `carry`।
setting-season-channel = `{ $value }` कोई चैनल नहीं है: #चैनल, उसकी `id`, या `none` लिखें।
setting-private-language = `{ $value }` `private_language` नहीं है: `server` (निजी जवाब सर्वर की भाषा में) या `reader` (हर खिलाड़ी की अपनी डिस्कॉर्ड भाषा में, जहाँ बॉट के पास हो) दें।

## Seasons (issue 18)
cmd-season = सीज़न
cmd-season-desc = सर्वर के लीडरबोर्ड के सीज़न (Manage Server)।
cmd-season-new = नया
cmd-season-new-desc = यह सीज़न खत्म करें: अंतिम लीडरबोर्ड पोस्ट होकर रखा जाता है; बैलेंस आगे जाते हैं या रीसेट होते हैं।
cmd-leaderboard-season-desc = किसी खत्म हुए सीज़न का अंतिम लीडरबोर्ड
season-over = **सीज़न { $number } खत्म हुआ।** उसका अंतिम लीडरबोर्ड:
season-reset = सीज़न { $number } अब शुरू: हर बैलेंस वापस { $start } चिप्स पर ({ $wallets } बदले)।
season-carry = सीज़न { $number } अब शुरू: हर बैलेंस आगे जाता है।
season-board = **सीज़न { $number }** ({ $from } से { $to }), उसका अंतिम लीडरबोर्ड:
season-posted = सीज़न { $number } का अंतिम लीडरबोर्ड { $channel } में पोस्ट हुआ।
season-in-play = सीज़न { $number } अभी चल रहा है: `/leaderboard` उसे अभी जैसा है दिखाता है।
season-none = इस सर्वर का कोई सीज़न { $number } नहीं रहा।

## Tournaments (issue 18)
cmd-tournament = टूर्नामेंट
cmd-tournament-desc = सिट-एंड-गो टूर्नामेंट: खोलें, नाम लिखाएँ, रद्द करें, या देखें।
cmd-tournament-open = खोलें
cmd-tournament-open-desc = यहाँ टूर्नामेंट खोलें: खिलाड़ी प्रवेश शुल्क देकर नाम लिखाते हैं; सीटें भरते ही खेल शुरू।
cmd-tournament-open-buy_in-desc = हर खिलाड़ी का प्रवेश शुल्क (इनाम की राशि बनती है)
cmd-tournament-open-seats-desc = खिलाड़ी (2-10); सबके नाम लिखाते ही खेल शुरू
cmd-tournament-open-stack-desc = हर खिलाड़ी के शुरुआती टूर्नामेंट चिप्स (डिफ़ॉल्ट 1000)
cmd-tournament-open-boots-desc = हर स्तर का बूट, जैसे 10,20,40,80 (डिफ़ॉल्ट 10,20,40,80,160)
cmd-tournament-open-every_hands-desc = हर स्तर पर बाज़ियाँ (डिफ़ॉल्ट 5)
cmd-tournament-open-every_minutes-desc = बाज़ियों की जगह हर स्तर पर मिनट
cmd-tournament-open-split-desc = स्थान के हिसाब से इनाम प्रतिशत में, जैसे 65,35 (डिफ़ॉल्ट सीटों से)
cmd-tournament-open-variant-desc = खेल का प्रकार (डिफ़ॉल्ट classic)
cmd-tournament-open-turn_seconds-desc = हर खिलाड़ी के पास चाल के लिए सेकंड (10-600)
cmd-tournament-register = नाम-लिखाएँ
cmd-tournament-register-desc = इस चैनल के टूर्नामेंट में नाम लिखाएँ (प्रवेश शुल्क लगता है)।
cmd-tournament-unregister = नाम-वापस
cmd-tournament-unregister-desc = खेल शुरू होने से पहले नाम वापस लें (प्रवेश शुल्क लौटता है)।
cmd-tournament-cancel = रद्द
cmd-tournament-cancel-desc = इस चैनल का टूर्नामेंट रद्द करें: हर प्रवेश शुल्क लौटता है (खोलने वाले या Manage Server)।
cmd-tournament-status = हाल
cmd-tournament-status-desc = इस चैनल का टूर्नामेंट: खिलाड़ी, स्थान और इनाम।
tournament-card = **टूर्नामेंट #{ $number }** ({ $status }), { $opener } ने खोला: { $game }, { $seats } सीटें, प्रवेश शुल्क **{ $buy_in }** चिप्स, हर एक को { $stack } टूर्नामेंट चिप्स; बूट { $boots }, { $every } बढ़ता है; इनाम { $split }। `/tournament register` से नाम लिखाएँ।
tournament-registering = नाम लिखे जा रहे हैं
tournament-playing = खेल जारी
tournament-every-hands = हर { $count } बाज़ियों पर
tournament-every-minutes = हर { $count } मिनट पर
tournament-registered = { $player } ने टूर्नामेंट #{ $number } में नाम लिखाया ({ $seats } में से { $count }; इनाम राशि { $pool } चिप्स)।
tournament-unregistered = { $player } ने टूर्नामेंट #{ $number } से नाम वापस लिया; { $buy_in } चिप्स का प्रवेश शुल्क लौटा।
tournament-cancelled = टूर्नामेंट #{ $number } को { $by } ने रद्द किया: { $buy_in } चिप्स का प्रवेश शुल्क उसके { $players } खिलाड़ियों में से हर एक को लौटा।
tournament-out-one = { $player } (स्थान { $place })
tournament-out = { $boot } का बूट न दे पाने से टूर्नामेंट से बाहर: { $players }।
tournament-over = **टूर्नामेंट #{ $number } खत्म: { $winner } जीते।**
tournament-result = { $place }. { $player } · इनाम { $prize }
tournament-status-in = { $player }: अभी खेल में
tournament-status-out = { $player }: स्थान { $place }
error-no-tournament = इस चैनल में कोई टूर्नामेंट नहीं चल रहा: `/tournament open` से शुरू करें।
error-tournament-here = इस चैनल में पहले से एक टूर्नामेंट चल रहा है।
error-channel-has-tournament = इस चैनल में टूर्नामेंट #{ $number } चल रहा है: उसके खत्म होने तक यहाँ कोई और टेबल नहीं खुलती।
error-tournament-variant = टूर्नामेंट एक ही खेल खेलता है: `dealers_choice` के अलावा कोई प्रकार चुनें।
error-tournament-already = आपका नाम पहले से लिखा है।
error-tournament-closed = टूर्नामेंट #{ $number } में अब और खिलाड़ी नहीं लिए जाते।
error-tournament-funds = प्रवेश शुल्क { $buy_in } चिप्स है और आपके पास { $have } हैं।
error-tournament-not-registered = इस टूर्नामेंट में आपका नाम नहीं है (या खेल शुरू हो चुका है)।
error-tournament-cancel = टूर्नामेंट केवल उसे खोलने वाले { $opener } या `Manage Server` वाले रद्द कर सकते हैं।
error-tournament-table = यह टेबल टूर्नामेंट #{ $number } की है: इसे कोई छोड़ या बंद नहीं करता (पैक करके ही हारते हैं), और `/tournament cancel` इसे खत्म करता है।
error-tournament-join = यह टेबल टूर्नामेंट #{ $number } की है: यहाँ केवल उसके बचे खिलाड़ी बैठ सकते हैं।
stats-tournaments = टूर्नामेंट: **{ $played }** खेले, **{ $won }** जीते, इनाम **{ $prizes }** चिप्स।

## नियम, पत्ते और टूर्नामेंट की योजना क्यों नहीं मानी गई।
rules-unknown-option = अनजाना विकल्प `{ $option }`; हर विकल्प `/rules` और `README` में लिखा है
rules-unknown-option-near = अनजाना विकल्प `{ $option }`; हर विकल्प `/rules` और `README` में लिखा है; क्या आपका मतलब `{ $near }` था?
rules-bad-value = `{ $value }` `{ $option }` का सही मान नहीं है; चाहिए: { $expected }
rules-not-name-value = `{ $item }`: विकल्प `नाम=मान` की तरह लिखें
rules-option-why = `{ $option }`: { $why }
rules-dealers-choice-dealt = `dealers_choice` टेबल वही वेरिएंट बाँटती है जो उसका डीलर चुनता है
rules-expected-one-of = `{ $values }`
rules-expected-whole = { $min } से { $max } तक की पूरी संख्या
rules-expected-whole-or-none = { $min } से { $max } तक की पूरी संख्या, या `none`
rules-expected-whole-or-boot = { $min } से { $max } तक की पूरी संख्या, या `boot`
rules-expected-span = { $min } से { $max }
rules-expected-either = { $a } या { $b }
rules-expected-bool = `true` | `false` (या `yes` | `no`, `on` | `off`, `1` | `0`)
rules-expected-turned-rank = `off`, `draw` या एक रैंक (`2-9, T, J, Q, K, A`)
rules-expected-turned-suit = `off`, `draw` या एक सूट (`s, h, d, c`)
rules-expected-card-or-none = एक पत्ता (`As, Kd, 10c, Xb ...`) या `none`
rules-expected-card-list = एक या ज़्यादा पत्ते, ऐसे लिखे: `Kd+Js+Jh`
rules-expected-down-cards = 1 से 5 (खुले और साझा पत्तों के साथ हाथ 3 से 5 पत्तों का होता है)
rules-expected-not-dealers-choice = `dealers_choice` के सिवा कोई वेरिएंट
rules-expected-variant-to-play = खेलने का वेरिएंट, `dealers_choice` नहीं
rules-expected-boot-under = `{ $variant }` में ज़्यादा से ज़्यादा { $max } (हर बाज़ी का बूट इसका { $factor } गुना होता है)
rules-expected-twice-boot = कम से कम बूट का दोगुना ({ $min })
rules-why-dealer-picks-variant = इसे डीलर सिर्फ़ `dealers_choice` टेबल पर चुनता है
rules-why-stake = यह दाँव है: इसे टेबल तय करती है, और डीलर की पसंद इसे वैसा ही रखती है (खेल और उसके विकल्प चुनें)
rules-why-turned-in-play = यह एक खुला पत्ता तय करता है, जिसे सिर्फ़ `hand rank` लेता है: टेबल पर बाज़ी अपना पत्ता खुद खोलती है (`draw`; हैंड स्क्रिप्ट में पत्ता `joker CARD` जैसे निर्देश से तय करें)
rules-why-spread-limit = यह `bet_structure=spread` या `spread_raise` के साथ चलता है, और उन्हें इसकी ज़रूरत है
rules-why-dealer-default-not-dealers-choice = इसमें `dealers_choice` के सिवा कोई वेरिएंट होना चाहिए
rules-why-dealer-default-only = यह `dealers_choice` वेरिएंट का विकल्प है
rules-why-deals = `{ $variant }` में { $cards } पत्ते बँटते हैं
rules-why-own-deal = `{ $variant }` में { $cards } `{ $option }` पत्ते बँटते हैं: उसका बँटवारा उसका अपना है
rules-why-hand-size = इससे हाथ { $cards } पत्तों का बनता है (बंद { $down }, खुले { $up }, साझा { $community }): हाथ 3 से 5 पत्तों का होता है
rules-why-community-turn = इसके लिए साझा पत्ते चाहिए (`community=1` से 3)
rules-why-exact-use = इसके लिए तीन से ज़्यादा पत्तों का हाथ चाहिए, जिनमें दो या ज़्यादा खुले हों (`five_card_stud`)
rules-why-draw-price = यह ड्रॉ में नए पत्ते की कीमत है (`draw=before`, `after` या `rounds` रखें)
rules-why-show-after-board = यह कम से कम { $min } होना चाहिए: हाथों की तुलना साझा पत्ते खुलने के बाद ही होती है
rules-why-own-wilds = `{ $variant }` जोड़ियों से अपने वाइल्ड पत्ते बनाता है; इसमें और वाइल्ड पत्ते नहीं जुड़ते (`joker`, `wild_suit`, `jokers`)
rules-why-own-rank-wild = `{ $variant }` हर खिलाड़ी की अपनी रैंक को वाइल्ड बनाता है; खींची गई वाइल्ड रैंक नहीं जुड़ सकती
rules-why-cobra = यह `cobra` के साथ नहीं चलता: हर किसी को एक सादा पत्ता, जिसे उसका मालिक कभी नहीं देखता
rules-why-draw-rounds-blind = `rounds` पहले राउंड में पत्ता बदलता है, जिन्हें `blind_rounds` ब्लाइंड रखता है
rules-why-blind-turn-limit = { $limit } होने पर खिलाड़ी को ब्लाइंड राउंड में पत्ते देखने पड़ेंगे ({ $blind } ब्लाइंड)
rules-why-no-sequences = यह सीक्वेंस का क्रम तय करता है, और `{ $variant }` में सीक्वेंस नहीं होते
rules-why-k-a-2 = यह 2-A-K को A-K-Q के ठीक नीचे रखता है, जहाँ `a23=second` A-2-3 को रखता है: एक चुनें
rules-why-common-only = यह `incomplete_common` का साझा पत्ता है
rules-why-common-joker = यह छपा हुआ जोकर है, और ये नियम जोकर के बिना खेलते हैं (`jokers=2` रखें)
rules-why-incomplete-one-pure = इससे `incomplete_one` का हर हाथ सबसे ऊँचा प्योर सीक्वेंस बन जाएगा: यह वेरिएंट बँटी हुई रैंक की ट्रायो बनाता है
rules-why-kaana-only = यह `kaana` वेरिएंट का विकल्प है
rules-why-high-low-order = यह पॉट को क्लासिक क्रम के ऊँचे और नीचे हाथों में बाँटता है, और `{ $variant }` अलग क्रम से रैंक करता है
rules-why-show-concede-high-low = यह `high_low` के साथ नहीं चलता: उसका शो हर हाथ का है, किसी को अकेले नहीं बुलाया जाता
rules-why-qualifier = यह हाई-लो पॉट के आधे के लिए हाथ को योग्य बनाता है (`high_low` रखें)
rules-why-post = यह घूमते हुए छूटी एंटी के लिए देना होता है: इसके लिए `ante=dealer` और `deal_order=rotate` चाहिए
rules-why-max-rounds = { $max } होने पर शो माँगे जा सकने से पहले ही शो करना पड़ेगा (`rounds_before_show` { $before } है)
card-bad-card = `{ $input }` पत्ता नहीं है (पत्ते ऐसे लिखें: `As, Kd, 10c, Tc, 2s` या `A♠`)
card-bad-rank = `{ $input }` रैंक नहीं है (`2-9`, `T` या `10`, `J, Q, K, A`)
card-bad-suit = `{ $input }` सूट नहीं है (`s, h, d, c`, एक चिह्न या नाम)
card-duplicate = `{ $card }` दो बार आया है
rank-wrong-count = इन नियमों में हाथ { $expected } पत्तों का होता है, { $got } का नहीं
rank-no-joker = जोकर ड्रॉ के लिए खुली रैंक चाहिए (`joker=RANK` रखें)
rank-no-wild-suit = वाइल्ड-सूट ड्रॉ के लिए खुला सूट चाहिए (`wild_suit=SUIT` रखें)
rank-no-bust = बस्ट ड्रॉ के लिए खुली रैंक चाहिए (`bust=RANK` रखें)
rank-no-printed-jokers = `{ $card }` छपा हुआ जोकर है, और ये नियम जोकर के बिना खेलते हैं (`jokers=2` रखें)
plan-boots = बूट 1 से { $levels } पूरी संख्याएँ होने चाहिए, हर एक 1 से 10^12 तक और पिछले से कम नहीं (जैसे `10,20,40`)
plan-every = एक लेवल 1 से 1000 बाज़ियों या मिनट तक चलता है
plan-split = बँटवारा 1 से { $seats } प्रतिशत हैं, सबसे बड़ा पहले, जिनका जोड़ 100 हो (जैसे `65,35`)

## स्क्रिप्ट का ब्योरा (`teenpatti-bot replay`)।
script-turn = ({ $player } की बारी, स्टेक { $stake })
script-holds = ({ $player } के पास { $cards })
script-sees = ({ $player } देखता है: { $hands })
script-sideshow-compared = (निजी तौर पर: { $hands }; { $loser } हारता है)
script-stake-pot = स्टेक { $stake }, पॉट { $pot }।
script-pot = पॉट { $pot }।

## Discord's permissions, as its server settings name them in this language.
perm-view-channel = चैनल देखें
perm-send-messages = संदेश भेजें
perm-embed-links = लिंक एम्बेड करें
perm-attach-files = फ़ाइलें अटैच करें
perm-read-message-history = संदेश इतिहास पढ़ें
perm-other = `{ $names }`

## निजता (issue 37): बॉट किसी खिलाड़ी के बारे में क्या रखता है, उसका निर्यात और उसे मिटाना
cmd-privacy = निजता
cmd-privacy-desc = बॉट आपके बारे में क्या रखता है: देखें, निर्यात करें, मिटाएँ।
cmd-privacy-info = जानकारी
cmd-privacy-info-desc = बॉट आपके बारे में यहाँ और हर सर्वर पर क्या रखता है, और कब तक।
cmd-privacy-export = निर्यात
cmd-privacy-export-desc = हर सर्वर पर आपका डेटा एक JSON फ़ाइल में, जिसे सिर्फ़ आप देखते हैं।
cmd-privacy-export-part-desc = कौन-सा हिस्सा (लंबा इतिहास हिस्सों में आता है)
cmd-privacy-delete = मिटाएँ
cmd-privacy-delete-desc = बॉट आपके बारे में हर सर्वर पर जो रखता है उसे मिटाएँ (पुष्टि माँगता है)।
privacy-title = 🔒 **यह बॉट आपके बारे में क्या रखता है** (यह सिर्फ़ आप देखते हैं)
privacy-nothing = कुछ नहीं: कहीं भी आपका कोई बटुआ, बाज़ी या टूर्नामेंट प्रविष्टि नहीं है।
privacy-server = • { $server }: { $chips } चिप्स, खाते की { $rows } पंक्तियाँ, { $hands } बाज़ियाँ
privacy-purse = टूर्नामेंट #{ $tournament }
privacy-more-servers = • और { $n } (`/privacy export` में सब हैं)
privacy-entries = • { $n } टूर्नामेंट प्रविष्टियाँ
privacy-seats = • { $n } खुली टेबलों पर बैठे हैं (अगली बँटाई के लिए दी गई एंट्रॉपी समेत)
privacy-what = रखा जाता है: आपके बटुए और चिप्स का हर लेन-देन (खाता), वे बाज़ियाँ जिनमें आपको पत्ते मिले (सीटें, चालें, और बाज़ी ख़त्म होने पर हर पत्ता), उनसे बने आँकड़े और लीडरबोर्ड, सीज़न के अंतिम बोर्ड, टूर्नामेंट प्रविष्टियाँ, आपकी खोली टेबलें और टूर्नामेंट, और आपकी दी एंट्रॉपी। सब आपकी आईडी के नाम पर रखा जाता है; नहीं रखा जाता: आपका नाम, अवतार, संदेश या आपकी प्रोफ़ाइल से कुछ भी।
privacy-how-long = जब तक बॉट सर्वर पर है, यह रखा जाता है। बॉट किसी सर्वर से हटाया जाए तो उस सर्वर का डेटा { $days } दिन बाद मिटा दिया जाता है। कभी भी: प्रति के लिए `/privacy export`, हर जगह मिटाने के लिए `/privacy delete`।
privacy-no-part = हिस्सा { $part } नहीं है: आपके निर्यात में { $parts } हिस्से हैं।
privacy-too-large = आपके निर्यात का यह हिस्सा जोड़ने के लिए बहुत बड़ा है; बॉट का संचालक इसे आपको दे सकता है।
privacy-exported = आपका डेटा, हिस्सा { $part } / { $parts }: खाते की { $rows } पंक्तियाँ और { $hands } बाज़ियाँ (दूसरे खिलाड़ी सिर्फ़ वैसे जैसे चैनल ने दिखाए)। यह सिर्फ़ आप देखते हैं।
privacy-export-next = अगला हिस्सा: `/privacy export part:{ $next }`
button-privacy-delete = मेरा डेटा मिटाएँ
privacy-confirm = ⚠️ यह बॉट का आपके बारे में **हर सर्वर** पर रखा सब मिटा देगा: आपके बटुए और उनके चिप्स, आपका खाता, रखी बाज़ियों में आपकी जगह, आँकड़े, लीडरबोर्ड और सीज़न के बोर्ड, टूर्नामेंट प्रविष्टियाँ और आपकी एंट्रॉपी। यह वापस नहीं होगा। आपके चिप्स खेल से बाहर हो जाते हैं: दूसरों के हिसाब एक गुमनाम आईडी के नाम पर सही रहते हैं। बटन { $minutes } मिनट चलेगा।
privacy-not-yours = यह बटन किसी और का है: ख़ुद `/privacy delete` चलाएँ।
privacy-expired = यह पुष्टि पुरानी हो गई: फिर से `/privacy delete` चलाएँ।
privacy-deleted-nothing = हो गया: बॉट ने आपके बारे में कुछ नहीं रखा था।
privacy-deleted = ✅ हो गया: बॉट का रखा कुछ भी अब आपका नाम नहीं लेता। { $servers } बटुए, खाते की { $rows } पंक्तियाँ और { $hands } बाज़ियाँ गुमनाम आईडी के नाम पर रखी हैं, ताकि हिसाब सही रहे; { $entropy } एंट्रॉपी मिटाई गईं। फिर खेलें तो नए सिरे से शुरू करेंगे।
privacy-refused-seated = आप { $channel } की टेबल पर बैठे हैं: उसे छोड़ें (चल रही बाज़ी ख़त्म होने पर), फिर मिटाएँ।
privacy-refused-tournament = आप { $channel } के टूर्नामेंट में दर्ज हैं: नाम वापस लें, या उसके ख़त्म होने तक रुकें, फिर मिटाएँ।
verify-erased = ⚠️ **गड्डी अब जाँची नहीं जा सकती**: बीज का `SHA-256` वही वचन है जो बँटाई पर दिखाया गया, पर इस बाज़ी के { $n } खिलाड़ियों ने अपना डेटा, एंट्रॉपी समेत, मिटा दिया, और उसके बिना गड्डी दोबारा नहीं बन सकती (`docs/provably-fair.md`)।
