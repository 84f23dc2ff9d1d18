import requests

STORE = "https://store.docker.com/api/content/v1"


def official(term, page=1):
    r = requests.get(STORE + "/products/search", params={"q": term, "type": "image", "image_filter": "official", "page": page, "page_size": 100})
    return r.json()["summaries"]


def owned(org):
    return requests.get("https://cloud.docker.com/v2/repositories/%s/?page_size=100" % org).json()["results"]
