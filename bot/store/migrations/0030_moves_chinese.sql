-- A xiangqi move's name in Chinese notation (simplified characters: 炮二平五, 前兵进一), made
-- with ``san`` (its WXF) when the move is played, from the position before it. Each reader
-- then reads the recent moves under a board in their own notation (WXF from ``san``, ICCS
-- from ``uci``, Chinese from here) without replaying the game: WXF and Chinese cannot be
-- converted into each other without the position (soldiers stacked on a file: WXF's ``P+``
-- is 前兵 of two or three, 二兵 of four or five). NULL for chess moves and for xiangqi moves
-- stored before (their ``san`` is as the mover named it); those are named from the replayed
-- game when shown.
ALTER TABLE moves ADD COLUMN chinese TEXT;
