/**
 * The serialised JSON bytes of immutable objects, computed once per object: read-mostly answers
 * built from memory at boot (the currency registry) are stringified and UTF-8 encoded on the
 * first request only (Express would otherwise encode a string body on every response).
 * Keyed by identity in a WeakMap, so it never holds an object nobody else holds.
 */
export class JsonCache {
  private readonly cache = new WeakMap<object, Buffer>();

  of(value: object): Buffer {
    let bytes = this.cache.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(value), 'utf8');
      this.cache.set(value, bytes);
    }
    return bytes;
  }
}
