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

#[cfg(test)]
mod tests {
    use super::*;

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
