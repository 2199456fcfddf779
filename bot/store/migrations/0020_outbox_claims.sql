-- Several processes share one database: a process claims the outbox rows it delivers, for a
-- while (a lease), so each row is sent by one process; the claim of a process that died
-- expires and another takes the row over. Both columns are NULL while a row is unclaimed.

ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until DOUBLE PRECISION;
