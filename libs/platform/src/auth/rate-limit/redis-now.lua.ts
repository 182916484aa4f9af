/**
 * Lua prelude of the limiters' scripts: `redisNowMs(shift)` is the Redis server's clock (TIME) in
 * milliseconds plus a test-only shift (0 in production). Every replica's decision uses this one
 * clock, so a replica with a skewed clock cannot widen or narrow a window. Redis 5+ replicates a
 * script's effects, not the script, so a script may read TIME and then write.
 */
export const REDIS_NOW_LUA = `
local function redisNowMs(shift)
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + (tonumber(shift) or 0)
end
`;
