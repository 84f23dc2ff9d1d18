import json
import urllib.request
from urllib.error import HTTPError

with open("images.txt") as listing:
    wanted = [line.strip() for line in listing if line.strip()]

out = open("stats.csv", "w")
for entry in wanted:
    if "/" in entry:
        info_url = "https://hub.docker.com/v2/repositories/{}"
    else:
        info_url = "https://hub.docker.com/v2/repositories/library/{}"
    try:
        with urllib.request.urlopen(info_url.format(entry)) as reply:
            body = json.loads(reply.read().decode())
            out.write("%s,%s\n" % (entry, body["pull_count"]))
    except HTTPError as err:
        print(entry, err.reason)
out.close()
