export interface Options {
  verb?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  jwt?: string;
}

export async function transmit<T>(settings: Options & { url: string }): Promise<T> {
  const res = await fetch(settings.url, {
    method: settings.verb ?? 'GET',
    headers: settings.jwt ? { Authorization: `JWT ${settings.jwt}` } : {},
    body: settings.body === undefined ? undefined : JSON.stringify(settings.body),
  });
  return (await res.json()) as T;
}
