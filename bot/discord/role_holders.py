"""Whether a member still holds a role team's role as Postal writes to them on its own
(a vote reminder by DM, or its mention when their DMs are closed), or keeps them in the
team's private thread (``team_threads``).

Postal asks for no privileged intent, so Discord never tells it of role changes
(GUILD_MEMBER_UPDATE needs GUILD_MEMBERS) and discord.py keeps no member cache (its
``MemberCacheFlags`` follow the intents): the one way to know is to ask Discord for the
member (GET /guilds/{guild}/members/{user}, which needs no intent), whichever shard owns the
server. A member who left the server is 404 10007 Unknown Member.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.service import Delivery
from bot.service.vote_facts import TeamReminder

if TYPE_CHECKING:
    from bot.discord.client import PostalBot

# Why a reminder to a member who lost the role (or left the server) is not sent.
ROLE_LOST = "the member no longer holds the team's role"


async def still_holds(bot: PostalBot, delivery: Delivery) -> bool:
    """False when ``delivery`` is a team reminder addressed to a member on the team by its
    role who no longer holds it, or left the server; True otherwise (asking Discord only
    then). Raises what discord.py raises for any other refusal (the sender's to handle)."""
    content = delivery.content
    if not isinstance(content, TeamReminder) or content.must_hold is None:
        return True
    if delivery.user is None:
        return True
    held = content.must_hold
    return await holds_role(bot, held.guild_id, delivery.user.id, held.role_id)


async def holds_role(bot: PostalBot, guild_id: int, user_id: int, role_id: int) -> bool:
    """Whether ``user_id`` holds the role ``role_id`` of server ``guild_id`` now, as
    Discord answers (False when they left it). Raises what discord.py raises for any
    other refusal."""
    try:
        member = await bot.http.get_member(guild_id, user_id)
    except discord.NotFound:  # 10007 Unknown Member: they left (10004: Postal did)
        return False
    return str(role_id) in member.get("roles", [])
