-- A player's own data (issue 37, `/privacy`): found by their id alone. A wallet's id never changes (balance updates
-- touch no index of these), so the index costs only the rare insert of a wallet or a seat.
CREATE INDEX wallets_by_user ON wallets (user_id);
CREATE INDEX table_seats_by_user ON table_seats (user_id);
