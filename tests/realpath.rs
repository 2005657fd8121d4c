//! The real path's benchmark at a small size (`support/realpath.rs`; the figures come from `cargo bench --bench
//! realpath`, a release build): the bot and its floor each answer every click, their summary lines keep their
//! form, the books are right and a hand costs the Discord calls it always did.

use regex::Regex;
use support::realpath::{run, Options};

const LINE: &str = r"^realpath mode=(bot|floor) tables=\d+ players=\d+ think_ms=\d+ seconds=\d+ clicks=(\d+) unanswered=(\d+) p50_ms=\d+\.\d\d p99_ms=\d+\.\d\d max_ms=\d+\.\d\d bot_cpu_us_per_click=\d+ standin_cpu_us_per_click=\d+ bot_rss_per_table_kib=-?\d+\.\d hands=(\d+) api_calls_per_hand=(\d+\.\d\d) counted_clicks=(\d+) counted_calls_per_hand=(\d+\.\d\d) audit=(ok|none|FAILED)$";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_path_and_its_floor_answer_every_click() {
    let o = Options { tables: 2, players: 3, think_ms: 50, seconds: 4, seed: 1, web_rate: 0 };
    let line = Regex::new(LINE).unwrap();
    for floor in [false, true] {
        let report = run(&o, floor).await;
        let text = report.line(&o);
        eprintln!("{text}");
        let caps = line.captures(&text).unwrap_or_else(|| panic!("the summary line's form: {text}"));
        assert!(caps[2].parse::<u64>().unwrap() >= 10, "clicks were made: {text}");
        assert_eq!(&caps[3], "0", "every click answered: {text}");
        if !floor {
            assert_eq!(&caps[8], "ok", "{text}");
            // The bot's own metrics count what the stand-in saw: every click answered, the same calls a hand.
            assert_eq!(&caps[6], &caps[2], "the clicks the metrics counted: {text}");
            assert_eq!(&caps[7], &caps[5], "the calls a hand the metrics counted: {text}");
            assert!(caps[4].parse::<u64>().unwrap() >= 1, "hands were dealt: {text}");
            // One channel message a hand; everything else is an interaction answer (nobody looks at their cards
            // here, so no DM). A little over 1 when a click's answer fell back to an edit.
            assert!(caps[5].parse::<f64>().unwrap() <= 1.2, "the calls to Discord a hand: {text}");
        }
    }
}
