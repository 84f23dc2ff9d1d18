import json
import os
from urllib.parse import urljoin

import httpx
import requests


class RegistryAccount:
    def __init__(self, user, secret, base="https://hub.docker.com"):
        self.base = base
        self.user = user
        self.secret = secret
        self.session = requests.Session()

    def login(self):
        resp = self.session.post(f"{self.base}/v2/users/login/", json={"username": self.user, "password": self.secret})
        resp.raise_for_status()
        return resp.json()["token"]


class EnvAccount:
    def __init__(self, user, secret):
        self.base = os.environ.get("HUB_URL", "https://hub.docker.com")
        self.user = user
        self.secret = secret

    def login(self):
        body = json.dumps({"username": self.user, "password": self.secret})
        resp = requests.post(urljoin(self.base, "v2/users/login"), data=body, headers={"Content-Type": "application/json"})
        return resp.json()["token"]


class PooledAccount:
    def __init__(self, user, secret):
        self.client = httpx.Client(base_url="https://hub.docker.com", timeout=20)
        self.user = user
        self.secret = secret

    def login(self):
        resp = self.client.post("/v2/users/login", json={"username": self.user, "password": self.secret})
        return resp.json()["token"]
