import requests
from urllib.parse import quote

from shipyard.names import tidy

HUB = "https://hub.docker.com"


def publisher_images(publisher, page=1):
    url = f"{HUB}/v2/repositories/{quote(checked(publisher), safe='')}"
    return requests.get(url, params={"page": page, "page_size": 100})


def repo_by_ref(ref):
    # quote keeps "/" by default: the value may still be namespace/repository.
    return requests.get(f"{HUB}/v2/repositories/{quote(ref)}/").json()


class Api:
    def _api_url(self, path):
        return "{0}/{1}/".format(HUB + "/v2", path)

    def repositories(self, user):
        user = tidy(user)
        url = self._api_url('/repositories/{0}'.format(user))
        return requests.get(url)
