import { REDIS_NOW_LUA } from './rate-limit/redis-now.lua.js';

/**
 * Failed authentications of one client-IP bucket: a sliding log over the window, on Redis's clock.
 * KEYS: 1 the log
 * ARGV: 1 test time shift ms, 2 window ms, 3 failures allowed in the window,
 *       4 member to record, or '' to only check
 * Returns ms until the bucket may try again (0: it may now).
 */
export const FAILED_AUTH_SCRIPT = `${REDIS_NOW_LUA}
local now = redisNowMs(ARGV[1])
local window = tonumber(ARGV[2])
local allowed = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
end
if redis.call('ZCARD', KEYS[1]) < allowed then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;
