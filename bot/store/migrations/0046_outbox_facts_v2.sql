-- Outbox facts, version 2 (bot.store.outbox_facts): each row's JSON carries "v": 2, the
-- fields of its kind's facts by their names, and its routing. Version 1 said "from" for a
-- turn's first ply (now "since_ply") and an offer's maker (now "from_id"), and a reminder's
-- mention as true/false (now the list of players mentioned, as every other kind). Every row
-- is rewritten in place, its state, attempts, claim and nonce kept: a row queued before the
-- upgrade is delivered once, worded as it would have been.

UPDATE outbox SET facts = json_set(facts, '$.mention', json_array(user_id))
WHERE kind = 'reminder' AND json_type(facts, '$.mention') = 'true';

UPDATE outbox SET facts = json_remove(facts, '$.mention')
WHERE kind = 'reminder' AND json_type(facts, '$.mention') = 'false';

UPDATE outbox SET facts = json_remove(json_set(facts, '$.since_ply', json_extract(facts, '$.from')), '$.from')
WHERE kind = 'turn' AND json_type(facts, '$.from') IS NOT NULL;

UPDATE outbox SET facts = json_remove(json_set(facts, '$.from_id', json_extract(facts, '$.from')), '$.from')
WHERE kind = 'offer' AND json_type(facts, '$.from') IS NOT NULL;

UPDATE outbox SET facts = json_set(facts, '$.v', 2) WHERE json_type(facts, '$.v') IS NULL;
