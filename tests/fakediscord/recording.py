"""Every REST call recorded and passed through Discord's limits and the fault mode before
its route answers it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aiohttp import web

from tests.fakediscord.limits import (
    ANSWER,
    CALLBACK,
    CHANNEL_EDIT,
    CHANNEL_POST,
    OLD_MESSAGE,
    RouteLimit,
    Window,
    old_edits_refused,
    rate_limit_headers,
    too_many_requests,
)
from tests.fakediscord.model import Call, DiscordError, json_response
from tests.fakediscord.world import World


class Recording(World):
    """Records each call; applies rate limits, held answers and faults first."""

    @web.middleware
    async def _record(
        self, request: web.Request, handler: Callable[..., Any]
    ) -> web.StreamResponse:
        started = time.monotonic()
        self.archive_idle_threads()
        # Interaction callbacks and webhooks authenticate by their token, not the bot's.
        by_token = request.path.startswith(("/api/v10/interactions/", "/api/v10/webhooks/"))
        authorised = request.headers.get("Authorization") == f"Bot {self.token}"
        if request.path.startswith("/api/") and not by_token and not authorised:
            self.calls.append(
                Call(request.method, request.path, 401, time.monotonic(), started=started)
            )
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        fault = self._fault(request.method, request.path)
        limit, window = self._route_limit(request.method, request.path)
        old = self._old_edit_window(request.method, request.path)
        overall = self._global(request.path)
        if fault not in (None, "reset-after"):
            window = overall = old = None  # refused or lost on the way: not counted
        if overall is not None and overall.used >= self.global_limit.limit:
            retry_after = round(overall.resets_at - self.clock(), 3)
            self.violations.append(
                f"{request.method} {request.path}: over the global limit of "
                f"{self.global_limit.limit} requests a second"
            )
            response = too_many_requests(retry_after, is_global=True)
        elif window is not None and window.used >= limit.limit:
            # Over the channel's edit limit: refused before anything is looked at.
            retry_after = round(window.resets_at - self.clock(), 3)
            response = too_many_requests(retry_after, is_global=False)
            rate_limit_headers(
                response,
                request.method,
                request.path,
                remaining=0,
                reset_after=retry_after,
                limit=limit.limit,
            )
        elif old is not None and old.used >= self.old_edit_limit.limit:
            after = round(old.resets_at - self.clock(), 3)
            response = old_edits_refused(after if self.old_edit_retry_after else None)
        elif fault is not None and fault != "reset-after":
            response = await self._inject(request, fault)
        elif not self.arriving.is_set() and request.method != "GET" and ANSWER.match(request.path):
            self.held_arrivals += 1
            await self._notify()
            await self.arriving.wait()
            response = await self._inject(request, "reset")
        else:
            if old is not None:
                old.used += 1
            if window is not None:
                window.used += 1
            if overall is not None:
                overall.used += 1
            try:
                response = await handler(request)
            except DiscordError as error:
                response = json_response(
                    {"message": error.message, "code": error.code}, error.status
                )
            if fault == "reset-after":
                # The call took effect, but its answer is lost with the connection.
                response = await self._inject(request, fault)
            elif request.method == "POST" and CHANNEL_POST.match(request.path):
                await self._pass_gate()
            elif request.method == "POST" and CALLBACK.match(request.path):
                await self._pass_answer_gate()
        if fault is None and window is not None and response.status != 429:
            rate_limit_headers(
                response,
                request.method,
                request.path,
                remaining=limit.limit - window.used,
                reset_after=max(0.0, window.resets_at - self.clock()),
                limit=limit.limit,
            )
        elif fault is None and response.status != 429:
            rate_limit_headers(response, request.method, request.path, remaining=49)
        self.calls.append(
            Call(
                request.method,
                request.path,
                response.status,
                time.monotonic(),
                started=started,
                fault=fault,
            )
        )
        await self._notify()
        return response

    def _route_limit(self, method: str, path: str) -> tuple[RouteLimit, Window | None]:
        """The per-channel limit of the call's route and the channel's current window of it
        (a new one once the last reset); no window for routes without such a limit."""
        posted = CHANNEL_POST.match(path) if method == "POST" else None
        edited = CHANNEL_EDIT.match(path) if method == "PATCH" else None
        found = posted or edited
        if found is None:
            return self.edit_limit, None
        route, limit = ("post", self.post_limit) if posted else ("edit", self.edit_limit)
        key = (route, int(found.group(1)))
        now = self.clock()
        window = self._windows.get(key)
        if window is None or now >= window.resets_at:
            window = self._windows[key] = Window(now + limit.seconds)
        return limit, window

    def _old_edit_window(self, method: str, path: str) -> Window | None:
        """The channel's current window of edits of messages older than an hour, when the
        call is such an edit (None otherwise)."""
        found = CHANNEL_EDIT.match(path) if method == "PATCH" else None
        if found is None:
            return None
        message = self.messages.get(int(path.rsplit("/", 1)[1]))
        if message is None or message.sent_at is None:
            return None
        if self.wall() - message.sent_at < OLD_MESSAGE:
            return None
        key = ("old-edit", int(found.group(1)))
        now = self.clock()
        window = self._windows.get(key)
        if window is None or now >= window.resets_at:
            window = self._windows[key] = Window(now + self.old_edit_limit.seconds)
        return window

    def _global(self, path: str) -> Window | None:
        """The current second of the bot's requests that count toward the global limit (a
        new one once the last is over); None for requests that do not count."""
        exempt = path.startswith(("/api/v10/interactions/", "/api/v10/webhooks/"))
        if exempt or not path.startswith("/api/"):
            return None
        now = self.clock()
        if self._global_window is None or now >= self._global_window.resets_at:
            self._global_window = Window(now + self.global_limit.seconds)
        return self._global_window

    def quicken_windows(self, scale: float) -> None:
        """Shorten the per-channel windows of posts, edits and old edits, and the gateway's
        IDENTIFY window, to ``scale`` (0-1] of their length, their counts kept: the sixth
        post of a window is still refused and discord.py still waits for the window's end,
        only sooner. The global limit is not touched here (``tests/discord/conftest.py``
        quickens it apart). For tests not about the limits; ``rate_limited`` then refuses
        to answer, as how many 429s the bot met means something only on Discord's windows.
        Raises ValueError for a scale outside (0, 1]."""
        if not 0 < scale <= 1:
            raise ValueError(f"a window scale is in (0, 1], not {scale}")
        self.window_scale *= scale
        self.post_limit = replace(self.post_limit, seconds=self.post_limit.seconds * scale)
        self.edit_limit = replace(self.edit_limit, seconds=self.edit_limit.seconds * scale)
        old = self.old_edit_limit
        self.old_edit_limit = replace(old, seconds=old.seconds * scale)
        self.identify_limit.window *= scale

    def rate_limited(self) -> list[Call]:
        """The calls Discord's per-route limits refused with a 429 (not the fault mode's).
        Raises AssertionError when the windows are quickened (``quicken_windows``): a test
        counting 429s runs on Discord's own windows."""
        if self.window_scale != 1:
            raise AssertionError(
                "rate_limited() on quickened windows: mark the test discord_windows"
            )
        return [c for c in self.calls if c.status == 429 and c.fault is None]

    async def _pass_gate(self) -> None:
        """Hold the answer to a channel post while ``posting`` is cleared (a slow Discord):
        the message exists, but the request stays in flight, counted in ``held_posts``,
        until the test sets it again."""
        if not self.posting.is_set():
            self.held_posts += 1
            await self._notify()
            await self.posting.wait()

    async def _pass_answer_gate(self) -> None:
        """Hold the answer to an interaction callback while ``answering`` is cleared: the
        callback took effect (the message a reply posts exists), but the bot has not heard
        back, counted in ``held_answers``, until the test sets it again."""
        if not self.answering.is_set():
            self.held_answers += 1
            await self._notify()
            await self.answering.wait()

    def _fault(self, method: str, path: str) -> str | None:
        for index, (wanted, part, fault, times) in enumerate(self._scripted):
            if wanted == method and part in path:
                if times > 1:
                    self._scripted[index] = (wanted, part, fault, times - 1)
                else:
                    del self._scripted[index]
                return fault
        return None if self.faults is None else self.faults.pick(method, path)

    async def _inject(self, request: web.Request, fault: str) -> web.Response:
        """Discord's answer (or silence) for ``fault``."""
        if fault.startswith("reset"):
            await request.read()
            if request.transport is not None:
                request.transport.close()
            return web.Response(status=500)  # never reaches the client
        if fault == "30046-bare":
            return old_edits_refused(None)
        if fault.startswith("429"):
            is_global = fault == "429-global"
            after = self.faults.retry_after if self.faults is not None else 0.05
            response = too_many_requests(after, is_global=is_global)
            rate_limit_headers(
                response, request.method, request.path, remaining=0, reset_after=after
            )
            return response
        status = int(fault)
        return json_response({"message": f"{status}: Server Error", "code": 0}, status)
