-- Weekend pause (issue 27): as migrations/0054, in PostgreSQL's flag domain.
ALTER TABLE challenges ADD COLUMN weekends_off postal_flag NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN weekends_off postal_flag NOT NULL DEFAULT 0;
