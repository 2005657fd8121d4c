-- The web pages (issue 38). A server's site while web is on: its pages live under `slug`, 128 random bits in hex,
-- made anew each time web is turned on; off deletes the row.
CREATE TABLE web_sites (
    guild_id   BIGINT PRIMARY KEY,
    slug       TEXT    NOT NULL UNIQUE,
    enabled_at BIGINT NOT NULL
);
-- How a player is shown on their server's pages: the display name and avatar their last interaction carried
-- (stored when they act; a page never asks Discord).
CREATE TABLE player_profiles (
    guild_id     BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    display_name TEXT    NOT NULL,
    avatar       TEXT,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX player_profiles_by_user ON player_profiles (user_id);
-- Players who hid their name and avatar from every page (`/privacy web off`).
CREATE TABLE web_hidden (
    user_id BIGINT PRIMARY KEY,
    since   BIGINT NOT NULL
);
-- Whether @everyone can view a channel, as the gateway last said: only such channels' tables and hands get pages.
CREATE TABLE public_channels (
    channel_id BIGINT PRIMARY KEY,
    guild_id   BIGINT NOT NULL,
    public     BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX public_channels_by_guild ON public_channels (guild_id);
