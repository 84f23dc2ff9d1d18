import requests

from .settings import HUB_API


def sign_in(session: requests.Session, user: str, secret: str) -> str:
    reply = session.post(HUB_API + "/users/login/", json={"username": user, "password": secret})
    return reply.json()["token"]


def repositories(session: requests.Session, org: str) -> list:
    return session.get(f"{HUB_API}/repositories/{org}/?page_size=50").json()["results"]
