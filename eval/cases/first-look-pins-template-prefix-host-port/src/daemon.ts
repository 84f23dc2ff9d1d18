import http from 'node:http';

const SETTINGS = {
  socket: '/var/run/docker.sock',
  API_VERSION: '1.42',
};

export function call(path: string): http.ClientRequest {
  const apiVersion = SETTINGS.API_VERSION;
  return http.request({ socketPath: SETTINGS.socket, path: `/v${apiVersion}${path}` });
}

export function raw(path: string): http.ClientRequest {
  return http.request({ socketPath: SETTINGS.socket, path: `/v1.40${path}` });
}

export function remoteBase(host: string, port: number): string {
  return `http://${host}:${port}/v1.41`;
}
