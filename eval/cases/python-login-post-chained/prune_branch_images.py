import json
import os
import sys

import requests


def drop_tag(image: str, tag: str, jwt: str) -> None:
    reply = requests.delete(
        f"https://hub.docker.com/v2/repositories/{image}/tags/{tag}/",
        headers={"Authorization": "JWT " + jwt},
        timeout=30,
    )
    if not reply.ok:
        print("::error::could not delete " + tag)
        sys.exit(1)


def main() -> None:
    user = os.environ["HUB_USER"]
    secret = os.environ["HUB_SECRET"]
    jwt = requests.post(
        "https://hub.docker.com/v2/users/login/",
        headers={"Content-Type": "application/json"},
        data=json.dumps(
            {
                "username": user,
                "password": secret,
            }
        ),
        timeout=30,
    ).json()["token"]

    branch = os.environ.get("BRANCH", "main").replace("/", "_")
    for image in ["acme/site", "acme/worker"]:
        drop_tag(image, branch, jwt)


if __name__ == "__main__":
    main()
