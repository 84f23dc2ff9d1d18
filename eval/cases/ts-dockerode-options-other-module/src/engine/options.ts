import type { DockerOptions } from 'dockerode';

// Where the sandbox runner finds its daemon.
export const sandboxDaemon: DockerOptions = {
  host: '10.20.0.5',
  port: '2375',
  protocol: 'http',
  version: 'v1.41',
};

export const reportHeader = '<?xml version="1.0" encoding="UTF-8"?>';

export const runnerPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'sandbox-runner' },
};
