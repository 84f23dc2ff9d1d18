import Dockerode from 'dockerode';

export function dockerClient(socketPath = process.env.DOCKER_SOCKET ?? '/var/run/docker.sock'): Dockerode {
  // No version option: dockerode then sends unversioned paths and the daemon answers at its own version.
  return new Dockerode({ socketPath });
}
