"""Postal: correspondence chess and xiangqi for Discord."""
