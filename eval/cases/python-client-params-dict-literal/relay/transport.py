"""Moves build artefacts in and out of a helper container."""
import docker

# Engine API versions by release channel; the factory below picks one per site.
CHANNEL_API = {
    "stable": "1.43",
    "legacy": "1.24",
}
MANIFEST_HEADER = '<?xml version="1.0" encoding="utf-8"?>'
PLACEHOLDER = {"version": "0.0", "name": ""}


class ArtefactRelay:
    def __init__(self, host=None, timeout=30):
        self.host = host
        self.timeout = timeout
        self._client = None

    def connect(self):
        params = {
            "version": "1.41",
            "timeout": self.timeout,
        }
        if self.host:
            params["base_url"] = self.host
        self._client = docker.DockerClient(**params)
        return self._client


def client_for(channel):
    return docker.APIClient(version=CHANNEL_API[channel])


def describe(record):
    record["version"] = "2.3"
    return record
