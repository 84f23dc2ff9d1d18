import requests


class HttpBase(object):
    """Keeps one session and the root every request path is appended to."""

    def __init__(self, root, timeout=30):
        self.root = root
        self.timeout = timeout
        self.session = requests.Session()

    def get(self, path, params=None):
        return self.session.get(self.root + path, params=params, timeout=self.timeout)

    def post(self, path, data=None):
        return self.session.post(self.root + path, json=data, timeout=self.timeout)

    def delete(self, path):
        return self.session.delete(self.root + path, timeout=self.timeout)
