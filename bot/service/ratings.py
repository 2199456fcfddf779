"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013).

Postal treats every rated game as its own rating period, the way most online servers do: after
each game both players' ratings, deviations and volatilities are updated from that one result,
in the same transaction that records the result. Newcomers start at 1500 ± 350 with volatility
0.06; the system constant tau is 0.5. Deviations are kept within [30, 350] so a very active
player's rating still moves and a new one is not wildly uncertain.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.store import Rating

SCALE = 173.7178
TAU = 0.5
CONVERGENCE = 1e-6
MIN_DEVIATION = 30.0
MAX_DEVIATION = 350.0
NEW_PLAYER = Rating(rating=1500.0, deviation=350.0, volatility=0.06, games=0)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: Sequence[tuple[Rating, float]]) -> Rating:
    """The player's rating after one rating period of ``results`` (opponent, score 1/0.5/0)."""
    if not results:
        return player
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - 1500.0) / SCALE
        phi_j = opponent.deviation / SCALE
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        v_inverse += g * g * expected * (1.0 - expected)
        improvement += g * (score - expected)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma = _new_volatility(sigma, phi, v, delta)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    deviation = min(MAX_DEVIATION, max(MIN_DEVIATION, SCALE * phi_new))
    return Rating(SCALE * mu_new + 1500.0, deviation, sigma, player.games + len(results))


def _new_volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate_game(white: Rating | None, black: Rating | None, result: str) -> tuple[Rating, Rating]:
    """Both players' ratings after one game with ``result`` ("1-0", "0-1", "1/2-1/2")."""
    scores = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
    if result not in scores:
        raise ValueError(f"cannot rate a game with result {result!r}")
    white_score = scores[result]
    white = white or NEW_PLAYER
    black = black or NEW_PLAYER
    return (
        update(white, [(black, white_score)]),
        update(black, [(white, 1.0 - white_score)]),
    )
