from hubtidy.rest import RestClient

hub = RestClient("https://hub.docker.com")


def token(user, password):
    reply = hub.submit("/v2/users/login/", {"username": user, "password": password})
    return reply.json()["token"]


def repositories(org):
    return hub.fetch("/v2/repositories/%s/" % org, params={"page_size": 100}).json()["results"]


def tags(org, name):
    return hub.fetch("/v2/repositories/%s/%s/tags/" % (org, name)).json()["results"]
