-- Which process serves which gateway shards: a lease per shard, taken at start-up, renewed
-- with the heartbeat, released at a clean stop (bot.store.shards). Two processes serving the
-- same shards would both answer every command; the second waits instead. Shard -1 stands
-- for every shard (a process without SHARD_IDS).

CREATE TABLE shard_leases (
    shard      INTEGER          PRIMARY KEY,
    owner      TEXT             NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
