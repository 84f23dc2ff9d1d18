"""One place that builds the Engine clients of the tasks."""
import docker

SOCKET = "unix://var/run/docker.sock"


def engine_client(api_version=None, timeout=120):
    # None lets docker-py pick its own default; callers may ask for one.
    return docker.APIClient(base_url=SOCKET, version=api_version, timeout=timeout)


def high_level(version="auto"):
    return docker.DockerClient(base_url=SOCKET, version=version)


def legacy_engine():
    return engine_client("1.38")
