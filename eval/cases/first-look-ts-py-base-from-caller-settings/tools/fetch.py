import requests

from conf import conf


def describe(owner, app):
    return requests.get(f"{conf.registry_api}/repositories/{owner}/{app}/", timeout=conf.timeout)


def labels(owner, app):
    return requests.get(f"{conf.registry_api}/repositories/{owner}/{app}/tags/", timeout=conf.timeout)
