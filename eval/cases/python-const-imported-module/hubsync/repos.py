import requests

from .config import HUB_API, PAGE_SIZE


def sign_in(session: requests.Session, user: str, secret: str) -> str:
    reply = session.post(HUB_API + "/users/login/", json={"username": user, "password": secret})
    reply.raise_for_status()
    return reply.json()["token"]


def repositories(session: requests.Session, org: str) -> list:
    names = []
    url = f"{HUB_API}/repositories/{org}/?page_size={PAGE_SIZE}"
    while url:
        page = session.get(url).json()
        names.extend(r["name"] for r in page["results"])
        url = page.get("next")
    return names
