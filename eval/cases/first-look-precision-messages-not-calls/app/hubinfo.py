import logging

import requests

LOG = logging.getLogger(__name__)
HUB = "https://hub.docker.com"


def details(owner, image):
    url = f"{HUB}/v2/repositories/{owner}/{image}/"
    LOG.info(f"GET {url}")
    LOG.debug("same as: curl -s https://hub.docker.com/v2/repositories/%s/%s/", owner, image)
    answer = requests.get(url, timeout=10)
    if answer.status_code != 200:
        raise RuntimeError(f"GET {HUB}/v2/repositories/{owner}/{image}/ answered {answer.status_code}")
    return answer.json()


def hint(owner, image):
    print(f"Open {HUB}/v2/repositories/{owner}/{image}/ in a browser to see the raw answer")
