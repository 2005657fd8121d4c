-- The language the bot writes in on this server (issue 16): `en`, `hi` (Hindi, Devanagari) or `hinglish`.
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi', 'hinglish'));
