"""Reads image lists from configured registries."""
from abc import ABC, abstractmethod

import requests


class Source(ABC):
    def __init__(self, settings: dict) -> None:
        self._settings = settings
        self.images = []

    @abstractmethod
    def tags_url(self, repo: str) -> str:
        """Where the tags of a repository are listed."""

    def load_tags(self, repo: str) -> None:
        reply = requests.get(self.tags_url(repo), timeout=10)
        if reply.status_code == requests.codes.ok:
            self.collect(reply.json(), repo)


class HubSource(Source):
    hub_domain = "registry.hub.docker.com"

    def collect(self, body: dict, repo: str) -> None:
        for item in body["results"]:
            self.images.append(repo + ":" + item["name"])

    def tags_url(self, repo: str) -> str:
        return self._settings["url"] + "/v2/repositories/" + repo + "/tags/"


class PlainRegistry(Source):
    def collect(self, body: dict, repo: str) -> None:
        for tag in body["tags"]:
            self.images.append(repo + ":" + tag)

    def tags_url(self, repo: str) -> str:
        return self._settings["url"] + "/v2/" + repo.split("/")[1] + "/tags/list"

    def catalog(self) -> list:
        return requests.get(self._settings["url"] + "/v2/_catalog", timeout=10).json()["repositories"]
