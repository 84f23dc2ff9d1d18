import requests

# token for later Hub calls
session_token = ""


def sign_in(user, secret):
    global session_token
    try:
        endpoint = "https://hub.docker.com/v2/users/login/"
        payload = {"username": user, "password": secret}
        reply = requests.post(endpoint, data=payload)
        session_token = reply.json()["token"]
        return True
    except Exception:
        return False


def current_token():
    return session_token
