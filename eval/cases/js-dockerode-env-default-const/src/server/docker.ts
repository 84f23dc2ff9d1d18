import Docker from 'dockerode';
import { ENGINE_API, SCHEMA_VERSION } from './settings';

export const docker = new Docker({
  socketPath: '/var/run/docker.sock',
  version: ENGINE_API,
});

export function describeSchema(): string {
  return `schema ${SCHEMA_VERSION}`;
}
