//! The real path, measured as players feel it (docs/performance.md): the release binary through the stand-in for
//! Discord, as production runs it, and its floor (`teenpatti-bot floor`) on the same clicks, in the same run.
//!
//! ```sh
//! cargo bench --bench realpath -- --tables 100 --think-ms 1000 --seconds 30 --runs 3
//! cargo bench --bench realpath -- --tables 20 --think-ms 0 --seconds 30 --runs 3
//! cargo bench --bench realpath -- --tables 100 --think-ms 1000 --seconds 20 --runs 3 --web-rate 200
//! ```
//!
//! `--web-rate R`: the bot also serves R of its server's web pages a second while the tables play (each bot line
//! then ends with `web_pages=N web_p99_ms=X`): the clicks' figures beside the same run without.
//!
//! Each run prints the bot's summary line and the floor's; at the end, the medians of the runs and the bot's
//! figures over the floor's (`realpath ratio …`), which hold on any machine.

use support::realpath::{run, Options, Report};

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    let at = args.iter().position(|a| a == name);
    match at.and_then(|i| args.get(i + 1)) {
        Some(v) => v.parse().unwrap_or_else(|_| panic!("{name} takes a whole number, not {v:?}")),
        None => default,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let o = Options {
        tables: arg(&args, "--tables", 20) as usize,
        players: arg(&args, "--players", 4) as usize,
        think_ms: arg(&args, "--think-ms", 0),
        seconds: arg(&args, "--seconds", 20),
        seed: arg(&args, "--seed", 1),
        web_rate: arg(&args, "--web-rate", 0),
    };
    let runs = arg(&args, "--runs", 3).max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build();
    let runtime = runtime.unwrap_or_else(|e| panic!("a runtime: {e}"));
    let (mut bots, mut floors): (Vec<Report>, Vec<Report>) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        for floor in [false, true] {
            let report = runtime.block_on(run(&o, floor));
            println!("{}", report.line(&o));
            match floor {
                false => bots.push(report),
                true => floors.push(report),
            }
        }
    }
    let m = |rs: &[Report], f: fn(&Report) -> f64| median(rs.iter().map(f).collect());
    let (bot_p99, floor_p99) = (m(&bots, |r| r.p99_ms), m(&floors, |r| r.p99_ms));
    let (bot_cpu, floor_cpu) = (m(&bots, |r| r.bot_cpu_us_per_click), m(&floors, |r| r.bot_cpu_us_per_click));
    println!(
        "realpath medians runs={runs} bot_p50_ms={:.2} bot_p99_ms={bot_p99:.2} bot_cpu_us_per_click={bot_cpu:.0} \
         bot_rss_per_table_kib={:.1} api_calls_per_hand={:.2} floor_p50_ms={:.2} floor_p99_ms={floor_p99:.2} \
         floor_cpu_us_per_click={floor_cpu:.0}",
        m(&bots, |r| r.p50_ms),
        m(&bots, |r| r.bot_rss_per_table_kib),
        m(&bots, |r| r.api_calls_per_hand),
        m(&floors, |r| r.p50_ms),
    );
    println!(
        "realpath ratio cpu_per_click={:.2} p99={:.2}",
        bot_cpu / floor_cpu.max(1.0),
        bot_p99 / floor_p99.max(0.01)
    );
}
