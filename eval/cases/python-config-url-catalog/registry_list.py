import requests
from requests.auth import HTTPBasicAuth

from .settings import RegistrySettings


def list_images(settings: RegistrySettings):
    reply = requests.get(settings.url + "/v2/_catalog", auth=HTTPBasicAuth(settings.user, settings.password))
    return reply.json()["repositories"]
