-- The language of a server's private answers (issue 35): `server` (its own language) or `reader` (each player's
-- Discord language where the catalogue has it).
ALTER TABLE guild_settings ADD COLUMN private_language TEXT NOT NULL DEFAULT 'server' CHECK (private_language IN ('server', 'reader'));
