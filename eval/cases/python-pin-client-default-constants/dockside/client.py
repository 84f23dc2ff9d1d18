from .constants import DEFAULT_DOCKER_API_VERSION, DEFAULT_TIMEOUT_SECONDS


class EngineSession:
    def __init__(self, base_url="http+unix://%2Fvar%2Frun%2Fdocker.sock", version=None, timeout=DEFAULT_TIMEOUT_SECONDS):
        self.base_url = base_url
        self.version = version or DEFAULT_DOCKER_API_VERSION
        self.timeout = timeout

    def url(self, path):
        return "{0}/v{1}{2}".format(self.base_url, self.version, path)
