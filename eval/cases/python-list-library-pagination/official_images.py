#!/usr/bin/env python3
import json
import sys

import requests

page_url = "https://hub.docker.com/v2/repositories/library/?page=1&page_size=50"

found = {"images": []}

while True:
    reply = requests.get(page_url)
    body = reply.json()
    for entry in body["results"]:
        found["images"].append(entry["name"])
    if body["next"] is None:
        print(json.dumps(found, indent=2))
        sys.exit(0)
    page_url = body["next"]
