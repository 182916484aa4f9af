/** A JSON call over real HTTP as the e2e tests make it: the status, and the body parsed (null when it is not JSON). */
export async function jsonCall<T = Record<string, unknown>>(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}
