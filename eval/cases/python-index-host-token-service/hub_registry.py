import requests

HOST = "index.docker.io"


def repo_name(ref):
    if "/" not in ref:
        ref = "library/" + ref
    return ref


def pull_token(repo):
    url = f"https://auth.docker.io/token?service=registry.docker.io&scope=repository:{repo}:pull"
    reply = requests.get(url)
    reply.raise_for_status()
    return reply.json()["token"]
