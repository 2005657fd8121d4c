-- Servers the bot was removed from (issue 37): their data is deleted at `delete_after` (unix seconds) unless the bot
-- is added back before; `left_at` is when it was seen gone (a GUILD_DELETE that was not an outage, or a server
-- missing from READY). One row a server; a server that comes back loses its row.
CREATE TABLE guild_departures (
    guild_id     BIGINT PRIMARY KEY,
    left_at      BIGINT NOT NULL,
    delete_after BIGINT NOT NULL
);
