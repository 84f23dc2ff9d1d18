import requests


class RestClient:
    """A thin wrapper: every path is relative to the root given once."""

    def __init__(self, root, timeout=30):
        self.root = root.rstrip("/")
        self.timeout = timeout

    def fetch(self, rel, params=None):
        return requests.get(url=self.root + rel, params=params, timeout=self.timeout)

    def submit(self, rel, payload=None):
        return requests.post(url=self.root + rel, json=payload, timeout=self.timeout)
