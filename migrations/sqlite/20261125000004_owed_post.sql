-- What a seated player owes to come back in after sitting out (the `post` option: one missed ante at most).
ALTER TABLE table_seats ADD COLUMN owed_post INTEGER NOT NULL DEFAULT 0 CHECK (owed_post >= 0);
