-- Provably fair deals: each hand's commitment, its secret seed (revealed when the hand ends) and the players'
-- entropy (JSON, NULL for hands dealt before); each table's seed for its next hand, committed before that hand's
-- entropy is set; each seated player's entropy.
ALTER TABLE hands ADD COLUMN fair TEXT;
ALTER TABLE game_tables ADD COLUMN next_secret TEXT;
ALTER TABLE table_seats ADD COLUMN entropy TEXT NOT NULL DEFAULT '';
