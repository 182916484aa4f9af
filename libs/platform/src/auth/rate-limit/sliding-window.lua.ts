import { REDIS_NOW_LUA } from './redis-now.lua.js';

/**
 * One round trip for a batch of requests of one scope: sliding-window logs for the last second
 * and the last minute, plus the sustained-breach block. The batch is decided as if its requests
 * came one after another at the same instant: the first `admitted` pass, the rest are refused
 * (and count towards the block). Time is the Redis server's (TIME), never a replica's, so every
 * replica decides on one clock; ARGV[1] is the test-only shift added to it (0 in production).
 *
 * KEYS: 1 second log, 2 minute log, 3 block marker, 4 rejection log
 * ARGV: 1 test time shift ms, 2 per second, 3 per minute, 4 block ms, 5 rejections before block,
 *       6 rejection window ms, 7 unique member prefix, 8 requests in the batch
 * Returns {admitted, limit, remaining after the first admitted, reset ms (admitted),
 *          limit, reset ms (refused), blocked (0/1)}
 */
export const SLIDING_WINDOW_SCRIPT = `${REDIS_NOW_LUA}
local now = redisNowMs(ARGV[1])
local perSecond = tonumber(ARGV[2])
local perMinute = tonumber(ARGV[3])
local blockMs = tonumber(ARGV[4])
local blockAfter = tonumber(ARGV[5])
local rejectionWindow = tonumber(ARGV[6])
local member = ARGV[7]
local count = tonumber(ARGV[8])

local blockedUntil = tonumber(redis.call('GET', KEYS[3]) or '0')
if blockedUntil > now then
  return {0, perSecond, 0, 0, perSecond, blockedUntil - now, 1}
end

redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 60000)
local inSecond = redis.call('ZCARD', KEYS[1])
local inMinute = redis.call('ZCARD', KEYS[2])

local function resetOf(key, window)
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  if oldest[2] == nil then return window end
  return math.max(0, tonumber(oldest[2]) + window - now)
end

-- ZADD arguments for n log entries at now: score, member, score, member...
local function entries(tag, n)
  local out = {}
  for i = 1, n do
    out[#out + 1] = now
    out[#out + 1] = member .. tag .. i
  end
  return out
end

local admitted = math.max(0, math.min(count, perSecond - inSecond, perMinute - inMinute))
local limit, remaining, reset = perSecond, 0, 0
if admitted > 0 then
  local admittedEntries = entries(':', admitted)
  redis.call('ZADD', KEYS[1], unpack(admittedEntries))
  redis.call('ZADD', KEYS[2], unpack(admittedEntries))
  redis.call('PEXPIRE', KEYS[1], 1000)
  redis.call('PEXPIRE', KEYS[2], 60000)
  local leftSecond = perSecond - inSecond - 1
  local leftMinute = perMinute - inMinute - 1
  if leftMinute < leftSecond then
    limit, remaining, reset = perMinute, leftMinute, resetOf(KEYS[2], 60000)
  else
    limit, remaining, reset = perSecond, leftSecond, resetOf(KEYS[1], 1000)
  end
end

local refused = count - admitted
if refused == 0 then
  return {admitted, limit, remaining, reset, 0, 0, 0}
end
redis.call('ZADD', KEYS[4], unpack(entries(':r', refused)))
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - rejectionWindow)
redis.call('PEXPIRE', KEYS[4], rejectionWindow)
if redis.call('ZCARD', KEYS[4]) >= blockAfter then
  redis.call('SET', KEYS[3], now + blockMs, 'PX', blockMs)
  redis.call('DEL', KEYS[4])
  return {admitted, limit, remaining, reset, perSecond, blockMs, 1}
end
if inMinute + admitted >= perMinute then
  return {admitted, limit, remaining, reset, perMinute, resetOf(KEYS[2], 60000), 0}
end
return {admitted, limit, remaining, reset, perSecond, resetOf(KEYS[1], 1000), 0}
`;
