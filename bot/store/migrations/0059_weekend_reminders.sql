-- Reminders in games with weekends off are counted back in the player's clock time (issue
-- 27): a 24-hour reminder before a Monday-noon deadline comes on Friday at noon. The widest
-- reminder (48 hours) can then fall 48 hours and a weekend (50 hours at most, a
-- daylight-saving change inside it) before its deadline on the wall clock, so a game's
-- default look (bot.store.clock_looks.LOOK_HORIZON) moves from 48 to 98 hours before its
-- deadline: no reminder falls before it. The index is the same otherwise; run twice, it
-- is made again the same.
DROP INDEX IF EXISTS games_clock_next;
CREATE INDEX games_clock_next ON games (
    (CASE WHEN clock_deadline = deadline_at THEN clock_next_at ELSE deadline_at - 352800 END),
    id
) WHERE status = 'active' AND damaged_at IS NULL AND deadline_at IS NOT NULL;
