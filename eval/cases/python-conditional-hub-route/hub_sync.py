"""Mirror the repository list of a user or an organisation from Docker Hub."""
import os

import requests

HUB_API = os.environ.get("HUB_API_URL") or "https://hub.docker.com"
PAGE = 100


class HubSync:
    def __init__(self, account, is_org=False, token=None):
        self.account = account
        self.is_org = is_org
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = "Bearer " + token

    def repositories(self):
        listing = (
            HUB_API + "/v2/orgs/" + self.account + "/repositories"
            if self.is_org
            else HUB_API + "/v2/users/" + self.account + "/repositories"
        )
        out, url = [], listing + "?page_size=%d" % PAGE
        while url:
            body = self.session.get(url).json()
            out.extend(r["name"] for r in body.get("results", []))
            url = body.get("next")
        return out

    def details(self, name):
        kind = "namespaces/" + self.account + "/repositories/" if self.is_org else "repositories/" + self.account + "/"
        return self.session.get(HUB_API + "/v2/" + kind + name + "/").json()

    def tags(self, name):
        return self.session.get("%s/v2/namespaces/%s/repositories/%s/tags" % (HUB_API, self.account, name)).json()
