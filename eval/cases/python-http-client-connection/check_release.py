#!/usr/bin/env python3
"""Waits until a release shows up on Docker Hub, then refreshes the listing card.

Standard library only: the release job installs nothing.
"""
import http.client
import json
import sys
import time

ORG = "harbourwatch"
APP = "tidewatch"


def hub_token(user: str, secret: str) -> str:
    conn = http.client.HTTPSConnection("hub.docker.com", timeout=15)
    conn.request(
        "POST",
        "/v2/users/login/",
        body=json.dumps({"username": user, "password": secret}),
        headers={"Content-Type": "application/json"},
    )
    return json.loads(conn.getresponse().read())["token"]


def wait_for_tag(version: str) -> None:
    while True:
        conn = http.client.HTTPSConnection("hub.docker.com")
        conn.request("GET", f"/v2/repositories/{ORG}/{APP}/tags/{version}")
        if conn.getresponse().status == 200:
            return
        time.sleep(10)


def card() -> dict:
    conn = http.client.HTTPSConnection("hub.docker.com")
    conn.request("GET", f"/v2/repositories/{ORG}/{APP}/")
    return json.loads(conn.getresponse().read())


def pypi_seen(version: str) -> bool:
    conn = http.client.HTTPSConnection("pypi.org")
    conn.request("GET", f"/pypi/{APP}/{version}/json")
    return conn.getresponse().status == 200


if __name__ == "__main__":
    wait_for_tag(sys.argv[1])
    print(card()["last_updated"])
