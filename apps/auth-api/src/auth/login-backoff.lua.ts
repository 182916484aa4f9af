import { REDIS_NOW_LUA } from '@payrail/platform';

/**
 * Reserves one sign-in attempt of an (account, client IP) pair, atomically, before the password
 * is checked: the attempt counts as a failure until a success resets the pair, so N concurrent
 * wrong passwords cannot all reach argon2. From the `free`-th attempt on, the next one must wait
 * base * 2^(attempts - free) ms, capped; time is Redis's own clock.
 * KEYS: 1 the pair's hash {f: attempts, u: next allowed at ms}
 * ARGV: 1 test time shift ms, 2 free attempts, 3 base ms, 4 cap ms, 5 forget after ms (idle)
 * Returns 0 when reserved, else the ms to wait.
 */
export const LOGIN_BACKOFF_SCRIPT = `${REDIS_NOW_LUA}
local now = redisNowMs(ARGV[1])
local free = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local forget = tonumber(ARGV[5])
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'u') or '0')
if nextAt > now then return nextAt - now end
local attempts = tonumber(redis.call('HGET', KEYS[1], 'f') or '0') + 1
local delay = 0
if attempts >= free then delay = math.min(cap, base * 2 ^ (attempts - free)) end
redis.call('HSET', KEYS[1], 'f', attempts, 'u', now + delay)
redis.call('PEXPIRE', KEYS[1], delay + forget)
return 0
`;
