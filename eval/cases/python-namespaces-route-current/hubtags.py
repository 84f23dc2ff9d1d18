import requests


class TagLister:
    def __init__(self, namespace, repository, page_size=100):
        self.namespace = namespace
        self.repository = repository
        self.page_size = page_size

    def _page_url(self, page=1):
        return f"https://hub.docker.com/v2/namespaces/{self.namespace}/repositories/{self.repository}/tags?page={page}&page_size={self.page_size}"

    def names(self, pages=3):
        out = []
        for page in range(1, pages + 1):
            body = requests.get(self._page_url(page), timeout=20).json()
            out += [t["name"] for t in body.get("results", [])]
            if not body.get("next"):
                break
        return out
