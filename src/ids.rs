//! Typed ids, so a user id can never be passed where a guild id goes.
//!
//! Discord ids (snowflakes) are `u64` below 2^63; the database stores them as
//! `INTEGER` (i64) bit for bit. The store's own row ids are i64. Every id
//! serializes as its bare number (JSON columns hold plain numbers) and binds
//! to SQL as an integer on any sqlx backend.

use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! snowflake {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl $name {
            pub const fn get(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            i64: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <i64 as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <i64 as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $name
        where
            i64: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                // Bit for bit: a snowflake is below 2^63, so this is the same number.
                <i64 as sqlx::Encode<'q, DB>>::encode_by_ref(&(self.0 as i64), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            i64: sqlx::Decode<'r, DB>,
        {
            fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                Ok($name(<i64 as sqlx::Decode<'r, DB>>::decode(value)? as u64))
            }
        }
    };
}

macro_rules! row_id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(pub i64);

        impl $name {
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

snowflake!(
    /// A Discord user.
    UserId
);
snowflake!(
    /// A Discord server (guild): wallets, settings and leaderboards are per guild.
    GuildId
);
snowflake!(
    /// A Discord channel: at most one open table each.
    ChannelId
);
snowflake!(
    /// A Discord message (a table's hand message).
    MessageId
);
row_id!(
    /// A table (`game_tables.id`).
    TableId
);
row_id!(
    /// A hand (`hands.id`); players see it as "hand #N".
    HandId
);
row_id!(
    /// A sit-and-go tournament (`tournaments.id`).
    TournamentId
);

/// The ids of players who are not Discord users: a server's house (the wallet computer players play from) and the
/// computer players themselves. Discord's ids are snowflakes, milliseconds since 2015 shifted left by 22 bits: any
/// id below 2^48 would belong to an account made in the first hours of 2015, before Discord existed, so these
/// cannot meet a real user's.
const HOUSE: u64 = 1 << 40;
/// The ids a deleted player's rows are kept under (`/privacy delete`): one drawn at random per server, below the
/// house.
const ERASED_BASE: u64 = 1 << 39;
const BOT_BASE: u64 = 1 << 41;
const SYNTHETIC_END: u64 = 1 << 48;

/// The first guild id of the tournaments' purses: below 2^33, a snowflake of the first two seconds of 2015, which
/// no Discord server can have.
const PURSE_BASE: u64 = 1 << 32;

impl GuildId {
    /// The purse of tournament `id`: the guild id its tournament chips are kept under (wallets, ledger, hands),
    /// apart from the server's chips.
    pub fn purse(tournament: TournamentId) -> GuildId {
        GuildId(PURSE_BASE + tournament.0.clamp(0, PURSE_BASE as i64 - 1) as u64)
    }

    /// The tournament whose purse this is, if it is one.
    pub fn as_purse(self) -> Option<TournamentId> {
        (PURSE_BASE..2 * PURSE_BASE).contains(&self.0).then(|| TournamentId((self.0 - PURSE_BASE) as i64))
    }
}

/// Discord's epoch (the first second of 2015) in unix milliseconds: a snowflake's top 42 bits count from it.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

impl UserId {
    /// When the Discord account was made, in unix seconds (from the snowflake's timestamp).
    pub fn created_at_unix(self) -> i64 {
        (((self.0 >> 22) + DISCORD_EPOCH_MS) / 1000) as i64
    }

    /// The house of every server: its wallet stakes the computer players, and takes their chips back.
    pub const HOUSE: UserId = UserId(HOUSE);
    /// The first id that could be a Discord user's (for queries that leave the house and computer players out).
    pub const FIRST_REAL: UserId = UserId(SYNTHETIC_END);
    /// The first of the ids a deleted player's rows are kept under: from here up to [`UserId::FIRST_REAL`], no
    /// id is a person's (leaderboards and seasons' boards leave them all out).
    pub const FIRST_SYNTHETIC: UserId = UserId(ERASED_BASE);

    /// An anonymous id for a deleted player's rows on one server, from `random` (any 64 bits).
    pub fn erased(random: u64) -> UserId {
        UserId(ERASED_BASE + random % ERASED_BASE)
    }

    /// Whether this id stands for a deleted player.
    pub fn is_erased(self) -> bool {
        (ERASED_BASE..HOUSE).contains(&self.0)
    }

    /// The prize pool of tournament `id`: a wallet of the server that holds the buy-ins until the prizes are paid.
    /// Between the house and the computer players, so leaderboards leave it out with them.
    pub fn pool(tournament: TournamentId) -> UserId {
        UserId(HOUSE + 1 + (tournament.0.clamp(0, (BOT_BASE - HOUSE - 2) as i64) as u64))
    }

    /// Whether this is a tournament's prize pool.
    pub fn is_pool(self) -> bool {
        (HOUSE + 1..BOT_BASE).contains(&self.0)
    }

    /// The computer player in `slot` (0 to 9) of `table`, playing at `level` (0 to 3): its id says all three,
    /// so a seat row needs no more columns, and two tables' computer players never share a wallet.
    pub fn bot(table: TableId, level: u8, slot: u8) -> Option<UserId> {
        let table = u64::try_from(table.0).ok()?;
        let id = BOT_BASE.checked_add(table.checked_mul(64)?)? + u64::from(level.min(3)) * 16 + u64::from(slot.min(15));
        (id < SYNTHETIC_END).then_some(UserId(id))
    }

    /// A computer player's level and slot, or None for anyone else.
    pub fn as_bot(self) -> Option<(u8, u8)> {
        (BOT_BASE..SYNTHETIC_END).contains(&self.0).then_some((((self.0 % 64) / 16) as u8, (self.0 % 16) as u8))
    }

    pub fn is_bot(self) -> bool {
        self.as_bot().is_some()
    }

    /// How the player is named in a message: a Discord mention, or a computer player's name (`🤖 Bot 2 (hard)`).
    pub fn mention(self) -> String {
        match self.as_bot() {
            Some((level, slot)) => {
                let level = crate::engine::bot::Level::from_index(level).map_or("?", |l| l.name());
                format!("🤖 Bot {} ({level})", slot + 1)
            }
            None if self == UserId::HOUSE => "🏦 House".to_string(),
            None if self.is_erased() => "👤 —".to_string(),
            None => format!("<@{}>", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computer_players_have_ids_no_discord_user_can_have() {
        let bot = UserId::bot(TableId(12345), 1, 9).unwrap();
        assert_eq!(bot.as_bot(), Some((1, 9)));
        assert!(bot < UserId::FIRST_REAL && UserId::HOUSE < UserId::FIRST_REAL && !UserId::HOUSE.is_bot());
        assert_ne!(UserId::bot(TableId(12346), 1, 9), Some(bot));
        // The earliest Discord user ids (2015) are far above.
        assert!(!UserId(80_351_110_224_678_912).is_bot() && UserId(80_351_110_224_678_912) > UserId::FIRST_REAL);
        assert!(!UserId(7).is_bot());
        assert_eq!(UserId(7).mention(), "<@7>");
        assert_eq!(bot.mention(), "🤖 Bot 10 (hard)");
    }

    #[test]
    fn a_deleted_players_ids_are_nobodys_and_named_by_no_one() {
        for random in [0, 1, u64::MAX, ERASED_BASE - 1, ERASED_BASE, 1 << 63] {
            let e = UserId::erased(random);
            assert!(e.is_erased() && !e.is_bot() && !e.is_pool() && e != UserId::HOUSE, "{e:?}");
            assert!(UserId::FIRST_SYNTHETIC <= e && e < UserId::HOUSE, "{e:?}");
            assert_eq!(e.mention(), "👤 —");
        }
        assert!(!UserId(7).is_erased() && !UserId::HOUSE.is_erased() && !UserId::FIRST_REAL.is_erased());
    }

    #[test]
    fn ids_serialize_as_bare_numbers() {
        let users = vec![UserId(u64::MAX >> 1), UserId(7)];
        let json = serde_json::to_string(&users).unwrap();
        assert_eq!(json, format!("[{},7]", u64::MAX >> 1));
        assert_eq!(serde_json::from_str::<Vec<UserId>>(&json).unwrap(), users);
        assert_eq!(serde_json::to_string(&HandId(12)).unwrap(), "12");
        assert_eq!(HandId(12).to_string(), "12");
    }
}
