import requests


def tag_names(endpoint):
    names = []
    resp = requests.get(endpoint, headers=HEADERS)
    for item in resp.json()["results"]:
        names.append(item["name"])
    return names


endpoint = "https://hub.docker.com/v2/repositories/orbitlab/scanner/tags"
HEADERS = {"Accept": "application/json"}

print(tag_names(endpoint))
