"""Hub lookups of the shipyard job."""
import requests

HUB = "https://hub.docker.com"


def repo_url(org, name):
    return f"{HUB}/v2/repositories/{org}/{name}/"


def fetch_repo(org, name):
    return requests.get(repo_url(org, name), timeout=10).json()
