-- teenpatti schema on PostgreSQL, v3: wallet updates without index writes.
--
-- A balance changes at nearly every action. With `balance` in an index, each change writes a new entry in that
-- index (PostgreSQL keeps every row version until VACUUM), and a busy server's reads of a few wallets walked
-- tens of thousands of dead entries. Without it, and with room left in each page, a balance change is a
-- heap-only update: no index is touched. The leaderboard sorts a guild's wallets instead (found through the
-- primary key), as the winnings leaderboard already sums a guild's ledger. SQLite keeps the index: it updates
-- rows in place.
DROP INDEX wallets_by_balance;
ALTER TABLE wallets SET (fillfactor = 70);
