-- PostgreSQL's version of 0055: games, challenges and tournaments accept 'chess960' and
-- 'janggi' beside 'chess' and 'xiangqi'. PostgreSQL changes a constraint in place: games'
-- variant is the domain postal_variant (0032), challenges and tournaments keep a column CHECK.
-- Dropped and added again, so running this a second time changes nothing.
ALTER DOMAIN postal_variant DROP CONSTRAINT postal_variant_check;
ALTER DOMAIN postal_variant ADD CONSTRAINT postal_variant_check
    CHECK (VALUE IN ('chess', 'chess960', 'xiangqi', 'janggi'));
ALTER TABLE challenges
    DROP CONSTRAINT challenges_variant_check,
    ADD CONSTRAINT challenges_variant_check
        CHECK (variant IN ('chess', 'chess960', 'xiangqi', 'janggi'));
ALTER TABLE tournaments
    DROP CONSTRAINT tournaments_variant_check,
    ADD CONSTRAINT tournaments_variant_check
        CHECK (variant IN ('chess', 'chess960', 'xiangqi', 'janggi'));
