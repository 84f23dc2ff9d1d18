import net from 'node:net';
import { join } from 'node:path';
import { tempDir } from './helpers.js';

/**
 * A byte pipe in front of the real daemon that counts the connections it is given: the
 * server-side view of whether the client reuses its sockets. It forwards bytes unchanged
 * (TLS included), so everything behind it is the real dockerd.
 */
export interface CountingProxy {
  /** `unix:///…` or `tcp://127.0.0.1:…`, for DOCKER_HOST or the client's `host`. */
  host: string;
  /** Connections accepted so far. */
  connections(): number;
  /** Connections still open. */
  open(): number;
  close(): Promise<void>;
}

export type ProxyTarget = { path: string } | { port: number; host?: string };

export async function countingProxy(target: ProxyTarget, listen: 'unix' | 'tcp' = 'unix'): Promise<CountingProxy> {
  let accepted = 0;
  const live = new Set<net.Socket>();
  const server = net.createServer((client) => {
    accepted++;
    live.add(client);
    const upstream = 'path' in target ? net.connect(target.path) : net.connect(target.port, target.host ?? '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const drop = (): void => {
      live.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    client.on('error', drop);
    upstream.on('error', drop);
  });
  const host = await new Promise<string>((resolve) => {
    if (listen === 'unix') {
      const path = join(tempDir('hl-proxy-'), 'p.sock');
      server.listen(path, () => resolve(`unix://${path}`));
    } else {
      server.listen(0, '127.0.0.1', () => resolve(`tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
    }
  });
  return {
    host,
    connections: () => accepted,
    open: () => live.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of live) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
