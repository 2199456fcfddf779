-- PostgreSQL's version of 0046 (outbox facts, version 2): the same rewrite with jsonb's
-- operators (the column stays text, as on SQLite).

UPDATE outbox SET facts = jsonb_set(facts::jsonb, '{mention}', jsonb_build_array(user_id))::text
WHERE kind = 'reminder' AND facts::jsonb -> 'mention' = 'true'::jsonb;

UPDATE outbox SET facts = (facts::jsonb - 'mention')::text
WHERE kind = 'reminder' AND facts::jsonb -> 'mention' = 'false'::jsonb;

UPDATE outbox
SET facts = ((facts::jsonb - 'from') || jsonb_build_object('since_ply', facts::jsonb -> 'from'))::text
WHERE kind = 'turn' AND facts::jsonb -> 'from' IS NOT NULL;

UPDATE outbox
SET facts = ((facts::jsonb - 'from') || jsonb_build_object('from_id', facts::jsonb -> 'from'))::text
WHERE kind = 'offer' AND facts::jsonb -> 'from' IS NOT NULL;

UPDATE outbox SET facts = (facts::jsonb || '{"v": 2}'::jsonb)::text
WHERE facts::jsonb -> 'v' IS NULL;
