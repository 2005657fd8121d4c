//! A server's page, and what every page shares: the layout, and how players are named (their display name and
//! avatar as their last interaction carried them; a hidden or unknown player by a word, never by their id).

use std::collections::HashMap;

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::i18n::Lang;
use crate::ids::{GuildId, UserId};
use crate::store::{
    Entrant, LeaderBy, LeaderRow, Profile, Season, Store, StoreError, TableRow, TournamentRow, TournamentStatus,
};
use crate::tr;

/// Players a leaderboard page shows.
const PER_PAGE: u32 = 25;
/// The last leaderboard page anyone can ask for (2,500 players); past it, this one.
const MAX_PAGE: u32 = 100;
/// Ended seasons whose final boards the page shows.
const SEASONS: u32 = 5;
/// Tournaments the page shows.
const TOURNAMENTS: u32 = 10;

/// Which leaderboard a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    Balance,
    Winnings,
}

impl Board {
    /// `?by=`: `winnings`, or the balance for anything else.
    pub fn from_query(by: Option<&str>) -> Board {
        if by == Some("winnings") {
            Board::Winnings
        } else {
            Board::Balance
        }
    }

    fn param(self) -> &'static str {
        match self {
            Board::Balance => "balance",
            Board::Winnings => "winnings",
        }
    }
}

/// The `lang` attribute of a page in `lang`.
fn html_lang(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Hi => "hi",
        Lang::Hinglish => "hi-Latn",
    }
}

/// A whole page: `root` leads from the page's address back to the site's root (`../` a level), where the
/// stylesheet is.
pub(super) fn layout(lang: Lang, root: &str, title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(html_lang(lang)) {
            head {
                meta charset="UTF-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (title) }
                link rel="stylesheet" href={ (root) "static/style.css" };
            }
            body {
                main { (body) }
                footer { p { (plain(&tr!(lang, "web-footer"))) } }
            }
        }
    }
}

/// How players are named on a server's pages.
pub(super) struct Names {
    lang: Lang,
    profiles: HashMap<UserId, Profile>,
}

impl Names {
    pub(super) async fn load(store: &Store, guild: GuildId, lang: Lang, users: &[UserId]) -> Result<Names, StoreError> {
        Ok(Names { lang, profiles: store.profiles(guild, users).await? })
    }

    /// The player's shown name: their display name; a computer player's or the house's own; else a word.
    pub(super) fn name(&self, user: UserId) -> String {
        if user.is_bot() || user == UserId::HOUSE {
            return user.mention();
        }
        match self.profiles.get(&user) {
            Some(p) if !p.display_name.is_empty() => p.display_name.clone(),
            _ if user.is_erased() => tr!(self.lang, "web-deleted-player"),
            _ => tr!(self.lang, "web-hidden-player"),
        }
    }

    /// The player's avatar and name, as a table cell shows them.
    pub(super) fn player(&self, user: UserId) -> Markup {
        let name = self.name(user);
        let avatar = self.profiles.get(&user).and_then(|p| p.avatar.as_deref());
        html! {
            span.player {
                @if let Some(path) = avatar {
                    img.avatar src={ "https://cdn.discordapp.com/" (path) "?size=64" } alt="" width="24" height="24"
                        loading="lazy";
                }
                " " (name)
            }
        }
    }
}

/// Everything a server's pages show, read at once: the top of both rankings (as many players as the pages can
/// show), ended seasons, tournaments with their places, tables open now, and how each player there is named.
pub struct ServerData {
    lang: Lang,
    balance: (Vec<LeaderRow>, u64),
    winnings: (Vec<LeaderRow>, u64),
    seasons: Vec<Season>,
    tournaments: Vec<(TournamentRow, Vec<Entrant>)>,
    tables: Vec<(TableRow, Vec<UserId>)>,
    names: Names,
}

impl ServerData {
    /// The language it was read for (a server that changed its language is read again).
    pub fn lang(&self) -> Lang {
        self.lang
    }
}

/// Reads what `guild`'s pages show.
pub async fn load(store: &Store, guild: GuildId, lang: Lang) -> Result<ServerData, StoreError> {
    let shown = PER_PAGE * MAX_PAGE;
    let balance = store.leaderboard_top(guild, LeaderBy::Balance, shown).await?;
    let winnings = store.leaderboard_top(guild, LeaderBy::Winnings, shown).await?;
    let seasons = store.ended_seasons(guild, SEASONS).await?;
    let mut tournaments = Vec::new();
    for t in store.public_tournaments(guild, TOURNAMENTS).await? {
        let mut entrants = store.entrants(t.id).await?;
        entrants.sort_by_key(|e| e.place.unwrap_or(i64::MAX));
        tournaments.push((t, entrants));
    }
    let tables = store.public_open_tables(guild).await?;
    // The boards' players are named page by page ([`server_page`]); these, once.
    let mut users: Vec<UserId> = seasons.iter().flat_map(|s| s.board.iter().map(|p| p.user)).collect();
    users.extend(tournaments.iter().flat_map(|(_, es)| es.iter().map(|e| e.user)));
    users.extend(tables.iter().flat_map(|(_, seated)| seated.iter().copied()));
    users.sort_unstable();
    users.dedup();
    let names = Names::load(store, guild, lang, &users).await?;
    Ok(ServerData { lang, balance, winnings, seasons, tournaments, tables, names })
}

/// Page `page` of the `by` board of a server's page, from what [`load`] read (and the names of its page of the
/// board, read now).
pub async fn server_page(
    store: &Store,
    guild: GuildId,
    data: &ServerData,
    slug: &str,
    by: Board,
    page: u32,
) -> Result<Markup, StoreError> {
    let (lang, names) = (data.lang, &data.names);
    let (ranking, total) = match by {
        Board::Balance => &data.balance,
        Board::Winnings => &data.winnings,
    };
    let pages = u32::try_from(total.div_ceil(u64::from(PER_PAGE))).unwrap_or(u32::MAX).clamp(1, MAX_PAGE);
    let page = page.clamp(1, pages);
    let from = ((page - 1) * PER_PAGE) as usize;
    let rows = ranking.get(from..ranking.len().min(from + PER_PAGE as usize)).unwrap_or_default();
    let players: Vec<UserId> = rows.iter().map(|r| r.user).collect();
    let board_names = Names::load(store, guild, lang, &players).await?;
    let (seasons, tournaments, tables) = (&data.seasons, &data.tournaments, &data.tables);
    let title = tr!(lang, "web-server-title");
    let link = |b: Board, p: u32| format!("{slug}?by={}&page={p}", b.param());
    let body = html! {
        h1 { (title) }
        nav aria-label=(tr!(lang, "web-boards")) {
            ul.tabs {
                @for b in [Board::Balance, Board::Winnings] {
                    li { a href=(link(b, 1)) aria-current=[(b == by).then_some("page")] { (board_name(lang, b)) } }
                }
            }
        }
        section aria-labelledby="board" {
            h2 #board { (board_name(lang, by)) }
            @if rows.is_empty() {
                p { (tr!(lang, "web-none")) }
            } @else {
                table.board {
                    thead { tr {
                        th scope="col" { "#" }
                        th scope="col" { (tr!(lang, "web-col-player")) }
                        th scope="col" { (value_name(lang, by)) }
                    } }
                    tbody { @for r in rows { tr {
                        td { (r.rank) }
                        td { (board_names.player(r.user)) }
                        td.num { (r.value) }
                    } } }
                }
                nav.pages aria-label=(tr!(lang, "web-pages")) {
                    @if page > 1 { a rel="prev" href=(link(by, page - 1)) { (tr!(lang, "web-prev")) } " " }
                    span { (tr!(lang, "web-page-of", page = page, pages = pages)) }
                    @if page < pages { " " a rel="next" href=(link(by, page + 1)) { (tr!(lang, "web-next")) } }
                }
            }
        }
        section aria-labelledby="tables" {
            h2 #tables { (tr!(lang, "web-tables")) }
            @if tables.is_empty() { p { (tr!(lang, "web-none")) } }
            ul { @for (t, seated) in tables { li {
                (tr!(lang, "web-table", variant = t.rules.variant.name(), boot = t.rules.boot, players = seated.len() as u64))
                @if !seated.is_empty() {
                    ": "
                    @for (i, u) in seated.iter().enumerate() { @if i > 0 { ", " } (names.name(*u)) }
                }
            } } }
        }
        section aria-labelledby="tournaments" {
            h2 #tournaments { (tr!(lang, "web-tournaments")) }
            @if tournaments.is_empty() { p { (tr!(lang, "web-none")) } }
            @for (t, entrants) in tournaments {
                article.tournament {
                    h3 { (tr!(lang, "web-tournament", id = t.id.0, buy_in = t.buy_in, status = status_name(lang, t.status))) }
                    ol { @for e in entrants { li {
                        (names.player(e.user))
                        @if let Some(place) = e.place { " · " (tr!(lang, "web-place", place = place)) }
                        @if e.prize > 0 { " · " (tr!(lang, "web-prize", prize = e.prize)) }
                    } } }
                }
            }
        }
        section aria-labelledby="seasons" {
            h2 #seasons { (tr!(lang, "web-seasons")) }
            @if seasons.is_empty() { p { (tr!(lang, "web-none")) } }
            @for s in seasons {
                details {
                    summary { (tr!(lang, "web-season", number = s.number)) }
                    ol { @for p in &s.board { li { (names.player(p.user)) " · " (p.balance) } } }
                }
            }
        }
    };
    Ok(layout(lang, "../", &title, body))
}

fn board_name(lang: Lang, by: Board) -> String {
    match by {
        Board::Balance => tr!(lang, "web-board-balance"),
        Board::Winnings => tr!(lang, "web-board-winnings"),
    }
}

fn value_name(lang: Lang, by: Board) -> String {
    match by {
        Board::Balance => tr!(lang, "web-col-chips"),
        Board::Winnings => tr!(lang, "web-col-net"),
    }
}

fn status_name(lang: Lang, status: TournamentStatus) -> String {
    match status {
        TournamentStatus::Registering => tr!(lang, "web-status-registering"),
        TournamentStatus::Running => tr!(lang, "web-status-running"),
        TournamentStatus::Finished => tr!(lang, "web-status-finished"),
        TournamentStatus::Cancelled => tr!(lang, "web-status-cancelled"),
    }
}

/// Text for a page from the engine's words, which are written for Discord: its bold and code marks taken out.
pub(super) fn plain(text: &str) -> PreEscaped<String> {
    PreEscaped(maud::html! { (text.replace("**", "").replace('`', "")) }.into_string())
}
