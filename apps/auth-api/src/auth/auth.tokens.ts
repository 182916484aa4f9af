/** Lifetimes of the spec: a wallet challenge is valid for 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
