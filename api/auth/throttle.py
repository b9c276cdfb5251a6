"""The sign-in throttle (OWASP ASVS 2.2.1), so that a stranger cannot lock a user out, from any number of addresses.

- A username tried from one address: after `login_free_failures` failures, each further failure makes that address
  wait before it may try that username again, twice as long as the previous wait (capped). Another address is not
  affected, so the right password from the user's own address still signs in while one address is hammering.
- One address: after `login_address_max_failures` failures (any usernames) within the window it waits until the
  window ends.
- One username: failures from every address together never lock it. After `login_verify_after_failures` of them
  within the window, the username is marked: the right password from a device and an address that never signed in
  as that user then needs a code mailed to the user as well (api.auth.verification), until the user signs in with
  such a code (a sign-in from a known device leaves the mark: the attack may go on).

Unknown usernames are counted exactly like known ones, so the answers tell nobody which accounts exist; the mark
matters only once the password was right. Every counter is a Redis key with an expiry; a wait is a key that lives as
long as it lasts.
"""

from __future__ import annotations

import math

import redis

from api.core.config import Settings
from api.core.errors import TooManyRequests
from api.core.redis import count_in_window
from api.core.security import digest

_PREFIX = "auth:login:"
# how long the failures of a username from one address are remembered after the last one (a success forgets them)
_PAIR_MEMORY_SECONDS = 86400
# how long a username stays marked after the failure that marked it last, unless its user signs in with a code sooner
_MARK_MEMORY_SECONDS = 30 * 86400

# KEYS: pair count, pair wait, address count, account count, account mark
# ARGV: pair memory s, free failures, first delay ms, max delay ms, window s, failures that mark, mark memory s
_FAILED = """
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[1]))
if redis.call('INCR', KEYS[3]) == 1 then redis.call('EXPIRE', KEYS[3], tonumber(ARGV[5])) end
local u = redis.call('INCR', KEYS[4])
if u == 1 then redis.call('EXPIRE', KEYS[4], tonumber(ARGV[5])) end
local over = n - tonumber(ARGV[2])
if over > 0 then
  local wait = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * math.pow(2, math.min(over - 1, 40)))
  redis.call('SET', KEYS[2], n, 'PX', math.max(1, math.floor(wait)))
end
if u >= tonumber(ARGV[6]) then redis.call('SET', KEYS[5], u, 'EX', tonumber(ARGV[7])) end
return n
"""


def _duration(seconds: float) -> str:
    whole = max(1, math.ceil(seconds))
    if whole < 60:
        return f"{whole} second" if whole == 1 else f"{whole} seconds"
    n = math.ceil(whole / 60)
    return f"{n} minute" if n == 1 else f"{n} minutes"


def wait_message(seconds: float) -> str:
    return f"Too many failed sign-in attempts. Try again in {_duration(seconds)}."


def address_message(seconds: float) -> str:
    return f"Too many failed sign-in attempts from your address. Try again in {_duration(seconds)}."


def _user(username: str) -> str:
    return digest(username.strip().lower())[:32]


def _address_key(address: str) -> str:
    return f"{_PREFIX}addr:{digest(address)[:32]}"


def _keys(username: str, address: str) -> tuple[str, str, str, str, str]:
    user, addr = _user(username), digest(address)[:32]
    return (f"{_PREFIX}pair:{user}:{addr}", f"{_PREFIX}wait:{user}:{addr}", _address_key(address),
            f"{_PREFIX}account:{user}", f"{_PREFIX}mark:{user}")


def _refuse(message: str, ms: int) -> TooManyRequests:
    seconds = max(1, math.ceil(ms / 1000))
    return TooManyRequests(message, extra={"retryAfter": seconds})


def check(r: redis.Redis, settings: Settings, *, username: str, address: str) -> None:
    """Raise TooManyRequests (with retryAfter seconds) when this username may not be tried from this address now."""
    _, wait, addr, _, _ = _keys(username, address)
    pipe = r.pipeline(transaction=False)
    pipe.get(addr)
    pipe.pttl(addr)
    pipe.pttl(wait)
    addr_failures, addr_ms, wait_ms = pipe.execute()
    _check_address(settings, addr_failures, addr_ms)
    if wait_ms > 0:
        raise _refuse(wait_message(wait_ms / 1000), wait_ms)


def _check_address(settings: Settings, failures: str | None, ms: int) -> None:
    if int(failures or 0) >= settings.login_address_max_failures and ms > 0:
        raise _refuse(address_message(ms / 1000), ms)


def check_address(r: redis.Redis, settings: Settings, *, address: str) -> None:
    """Raise TooManyRequests when this address has failed too often lately (sign-in codes count too)."""
    addr = _address_key(address)
    pipe = r.pipeline(transaction=False)
    pipe.get(addr)
    pipe.pttl(addr)
    _check_address(settings, *pipe.execute())


def address_failed(r: redis.Redis, settings: Settings, *, address: str) -> None:
    """Count a failure of this address that belongs to no username (a wrong sign-in code)."""
    count_in_window(r, _address_key(address), settings.login_window_minutes * 60)


def failed(r: redis.Redis, settings: Settings, *, username: str, address: str) -> int:
    """Count a failure everywhere it counts; returns the failures of this username from this address."""
    return int(r.eval(
        _FAILED, 5, *_keys(username, address), _PAIR_MEMORY_SECONDS, settings.login_free_failures,
        settings.login_delay_seconds * 1000, settings.login_max_delay_seconds * 1000,
        settings.login_window_minutes * 60, settings.login_verify_after_failures, _MARK_MEMORY_SECONDS))


def succeeded(r: redis.Redis, *, username: str, address: str) -> None:
    """The right password from this address: its earlier failures of this username are forgotten."""
    pair, wait, _, _, _ = _keys(username, address)
    r.delete(pair, wait)


def needs_code(r: redis.Redis, *, username: str) -> bool:
    """Whether the username is marked: failed too often from everywhere since its user last signed in with a code."""
    return bool(r.exists(f"{_PREFIX}mark:{_user(username)}"))


def signed_in(r: redis.Redis, *, username: str) -> None:
    """The user signed in with a mailed code: the mark and the count of failures from everywhere start again."""
    user = _user(username)
    r.delete(f"{_PREFIX}mark:{user}", f"{_PREFIX}account:{user}")


def lift(r: redis.Redis, *, username: str) -> bool:
    """Forget a username's mark and its failures from every address; True when it was marked."""
    user = _user(username)
    doomed = [f"{_PREFIX}mark:{user}", f"{_PREFIX}account:{user}"]
    for kind in ("pair", "wait"):
        doomed.extend(r.scan_iter(match=f"{_PREFIX}{kind}:{user}:*", count=500))
    was_marked = bool(r.exists(doomed[0]))
    r.delete(*doomed)
    return was_marked
