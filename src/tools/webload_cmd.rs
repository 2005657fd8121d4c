//! `teenpatti-bot webload`: the web pages under load (issue 38, README "Measured figures"). A fresh temporary
//! database with `--players` players (their balances spread, display names kept, web on), the pages' router
//! served in this process on a loopback port as the bot serves it (rate limit included), and `--clients`
//! clients, each from its own loopback address (127.0.0.2, .3, ...: each under its own rate limit, as readers are)
//! on one kept-alive connection, asking at a fixed schedule for `--rate` requests a second in all: nine leaderboard
//! pages (a page of the first forty, both boards) for each request of the stylesheet, the floor (the same server,
//! connection and clients, no database). A request's latency counts from when it was due, so a slow answer delays
//! the next and is counted against it (no coordinated omission).
//!
//! One line on stdout: the requests, and the median, p99 and worst latency of the pages and of the floor; exit 1
//! if any answer was not 200.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use hdrhistogram::Histogram;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

use crate::ids::{GuildId, UserId};
use crate::store::Store;

#[derive(Args, Debug)]
pub struct WebloadArgs {
    /// Players on the server's leaderboard.
    #[arg(long, default_value_t = 5000, value_parser = super::at_least_one::<u64>)]
    pub players: u64,
    /// Requests a second, all clients together.
    #[arg(long, default_value_t = 200, value_parser = super::at_least_one::<u64>)]
    pub rate: u64,
    /// Seconds of load.
    #[arg(long, default_value_t = 10, value_parser = super::at_least_one::<u64>)]
    pub seconds: u64,
    /// Clients, each from its own loopback address (1 to 200).
    #[arg(long, default_value_t = 16, value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(1..=200))]
    pub clients: u64,
}

pub fn run(args: &WebloadArgs) -> ExitCode {
    super::run_async(webload(args.players, args.rate, args.seconds, args.clients))
}

const GUILD: GuildId = GuildId(123_456_789_012_345_678);

async fn webload(players: u64, rate: u64, seconds: u64, clients: u64) -> anyhow::Result<bool> {
    let dir = tempfile::tempdir()?;
    let store = Store::open(&format!("sqlite://{}", dir.path().join("webload.db").display())).await?;
    let slug = fill(&store, players).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let app = crate::web::router(store.clone(), None).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await });

    let per_client = Duration::from_secs_f64(clients as f64 / rate as f64);
    let total = rate * seconds;
    let start = Instant::now() + Duration::from_millis(200);
    let mut tasks = Vec::new();
    for c in 0..clients {
        let slug = slug.clone();
        let n = total / clients + u64::from(c < total % clients);
        // Spread over the first interval, so the clients do not ask at the same instant.
        let first = start + per_client.mul_f64(c as f64 / clients as f64);
        tasks.push(tokio::spawn(client(addr, c, slug, n, first, per_client)));
    }
    let (mut pages, mut floor) = (histogram()?, histogram()?);
    let mut failed = 0u64;
    for t in tasks {
        let (p, f, bad) = t.await??;
        pages.add(p)?;
        floor.add(f)?;
        failed += bad;
    }
    store.close().await;
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    crate::out!(
        "webload: {} leaderboard pages and {} floor requests ({} players) at {rate}/s for {seconds} s from {clients} \
         clients: pages p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; floor (the stylesheet) p50 {:.2} ms, p99 {:.2} ms, \
         max {:.2} ms; {failed} not 200",
        pages.len(),
        floor.len(),
        players,
        ms(&pages, 0.5),
        ms(&pages, 0.99),
        pages.max() as f64 / 1000.0,
        ms(&floor, 0.5),
        ms(&floor, 0.99),
        floor.max() as f64 / 1000.0,
    )?;
    Ok(failed == 0)
}

fn histogram() -> anyhow::Result<Histogram<u64>> {
    Ok(Histogram::new_with_bounds(1, 60_000_000, 3)?)
}

/// The server: `players` wallets with spread balances and display names, web on. Its slug.
async fn fill(store: &Store, players: u64) -> anyhow::Result<String> {
    let users: Vec<UserId> = (0..players).map(|i| UserId(UserId::FIRST_REAL.get() + 1 + i)).collect();
    for chunk in users.chunks(256) {
        let writes = chunk.iter().map(|&u| async move {
            store.admin_grant(GUILD, u, 1 + (u.get() * 7919 % 100_000) as i64, UserId(1), "webload").await?;
            store.record_profile(GUILD, u, &format!("Player {}", u.get() % 100_000), None).await
        });
        for r in futures::future::join_all(writes).await {
            r?;
        }
    }
    store.set_web(GUILD, true).await?.ok_or_else(|| anyhow::anyhow!("web did not turn on"))
}

/// One client: `n` requests from 127.0.0.(2 + index), one every `every` from `first`; the latencies (µs) of its
/// pages and its floor requests, and how many answers were not 200.
async fn client(
    server: SocketAddr,
    index: u64,
    slug: String,
    n: u64,
    first: Instant,
    every: Duration,
) -> anyhow::Result<(Histogram<u64>, Histogram<u64>, u64)> {
    let source = Ipv4Addr::new(127, 0, (2 + index / 250) as u8, (2 + index % 250) as u8);
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::V4(source), 0))?;
    let stream = socket.connect(server).await?;
    stream.set_nodelay(true)?;
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    let (mut pages, mut floor) = (histogram()?, histogram()?);
    let mut failed = 0;
    for i in 0..n {
        let due = first + every.mul_f64(i as f64);
        tokio::time::sleep_until(due.into()).await;
        let is_floor = (i + index) % 10 == 9;
        let path = if is_floor {
            "/static/style.css".to_string()
        } else {
            let by = if i % 2 == 0 { "balance" } else { "winnings" };
            format!("/s/{slug}?by={by}&page={}", 1 + (i * 7 + index) % 40)
        };
        let request = format!("GET {path} HTTP/1.1\r\nHost: {server}\r\n\r\n");
        write.write_all(request.as_bytes()).await?;
        let status = response(&mut read).await?;
        let took = due.elapsed().as_micros().max(1) as u64;
        if status != 200 {
            failed += 1;
        }
        if is_floor { &mut floor } else { &mut pages }.record(took.min(60_000_000))?;
    }
    Ok((pages, floor, failed))
}

/// Reads one HTTP/1.1 response (a `Content-Length` body, as the pages are sent): its status.
async fn response(read: &mut BufReader<tokio::net::tcp::OwnedReadHalf>) -> anyhow::Result<u16> {
    let mut line = String::new();
    read.read_line(&mut line).await?;
    let status: u16 =
        line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| anyhow::anyhow!("no status"))?;
    let mut length = 0usize;
    loop {
        line.clear();
        if read.read_line(&mut line).await? == 0 {
            anyhow::bail!("the server closed the connection");
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse()?;
            }
        }
    }
    let mut body = vec![0; length];
    read.read_exact(&mut body).await?;
    Ok(status)
}
