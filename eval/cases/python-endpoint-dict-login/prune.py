import os

import requests

owner_repo = os.getenv("TARGET_REPOSITORY")

endpoints = {
    "login": "https://hub.docker.com/v2/users/login/",
    "tags": "https://hub.docker.com/v2/repositories/" + owner_repo + "/tags",
    "tag": "https://hub.docker.com/v2/repositories/" + owner_repo + "/tags/{tag}",
}


def jwt_for(user, secret):
    reply = requests.post(endpoints["login"], data={"username": user, "password": secret})
    reply.raise_for_status()
    return reply.json()["token"]


def page_of_tags(jwt, next_url=None):
    url = next_url or endpoints["tags"] + "?page_size=100"
    reply = requests.get(url, headers={"Authorization": "Bearer " + jwt})
    reply.raise_for_status()
    return reply.json()


def remove(jwt, tag):
    reply = requests.delete(endpoints["tag"].format(tag=tag), headers={"Authorization": "Bearer " + jwt})
    reply.raise_for_status()
