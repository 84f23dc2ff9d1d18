import Docker from 'dockerode';

// One daemon handle per game host; the caller says which API version the host speaks.
export function connectHost(host, apiVersion) {
  return new Docker({ host, port: 2375, version: apiVersion });
}

export function serverLabel(name, schema) {
  return `${name}@${schema}`;
}
