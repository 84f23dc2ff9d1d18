import requests_unixsocket

LIBRARY_DEFAULT_API_VERSION = "1.39"


class Session:
    def __init__(self, api_version=None):
        self.api_version = api_version or LIBRARY_DEFAULT_API_VERSION
        self.http = requests_unixsocket.Session()

    def ping(self):
        # the docker daemon's socket
        return self.http.get("http+unix://%2Fvar%2Frun%2Fdocker.sock/_ping")
