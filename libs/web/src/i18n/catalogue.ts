/**
 * Every user-visible string lives in one catalogue per app, keyed like the API's multicall
 * `messageKey`s (dotted lower-case words, e.g. `multicall.child.blocked_expired`), so a key the API
 * answers can be shown as is. `{name}` placeholders are filled from `params`.
 */
export type Messages = Readonly<Record<string, string>>;
export type Translate<K extends string> = (key: K, params?: Readonly<Record<string, string | number>>) => string;

export function createCatalogue<M extends Messages>(messages: M): Translate<Extract<keyof M, string>> {
  return (key, params) => fill(messages[key] ?? key, params);
}

/** For keys that arrive from the API (e.g. a multicall child's messageKey): the text, or undefined when the catalogue lacks it. */
export function lookupMessage(messages: Messages, key: string, params?: Readonly<Record<string, string | number>>): string | undefined {
  const text = messages[key];
  return text === undefined ? undefined : fill(text, params);
}

function fill(text: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
