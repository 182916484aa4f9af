import { REDIS_NOW_LUA } from '@payrail/platform';

/**
 * Counts one verification resend for an e-mail address in a fixed window, atomically; time is
 * Redis's own clock (plus the test shift).
 * KEYS: 1 the address's hash {n: resends in the window, r: window end ms}
 * ARGV: 1 test time shift ms, 2 resends allowed per window, 3 window ms
 * Returns 0 when counted, else the ms until the window ends.
 */
export const RESEND_LIMIT_SCRIPT = `${REDIS_NOW_LUA}
local now = redisNowMs(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
local count = 0
if resetAt > now then count = tonumber(redis.call('HGET', KEYS[1], 'n') or '0') else resetAt = now + window end
if count >= limit then return resetAt - now end
redis.call('HSET', KEYS[1], 'n', count + 1, 'r', resetAt)
redis.call('PEXPIRE', KEYS[1], resetAt - now)
return 0
`;
