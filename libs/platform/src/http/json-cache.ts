/**
 * Serialised JSON of immutable objects, computed once per object: read-mostly answers built
 * from memory at boot (the currency registry) are stringified on the first request only.
 * Keyed by identity in a WeakMap, so it never holds an object nobody else holds.
 */
export class JsonCache {
  private readonly cache = new WeakMap<object, string>();

  of(value: object): string {
    let json = this.cache.get(value);
    if (json === undefined) {
      json = JSON.stringify(value);
      this.cache.set(value, json);
    }
    return json;
  }
}
