-- PostgreSQL's version of 0035: autovacuum for games by the rows that change, not by a fifth
-- of the table. Every move updates the indexed deadline_at, so no move's UPDATE is heap-only:
-- each leaves a dead entry in games_active_deadline and games_clock_next, which the clock
-- scans. At the default (20 % of the table, ~200,000 moves at 1M games) the due-reminders
-- read took 44.7 ms before a VACUUM and 5.5 ms after (issue 29). Here: after 1 % of the rows
-- plus 1,000 (about 10,000 moves at 1M games), and statistics after 2 % plus 1,000.
ALTER TABLE games SET (
    autovacuum_vacuum_scale_factor = 0.01,
    autovacuum_vacuum_threshold = 1000,
    autovacuum_analyze_scale_factor = 0.02,
    autovacuum_analyze_threshold = 1000
);
