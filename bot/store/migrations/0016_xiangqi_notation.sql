-- The xiangqi notation a player reads moves in: WXF (C2.5), Chinese (炮二平五) or ICCS (h2e2).
-- NULL: not chosen (WXF, except that a move typed in Chinese is answered in Chinese).
ALTER TABLE players ADD COLUMN xiangqi_notation TEXT
    CHECK (xiangqi_notation IN ('wxf', 'chinese', 'iccs'));
