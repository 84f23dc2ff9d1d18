"""Reads what Docker Hub says about the lab's images."""
import requests

LAB_IMAGES = "https://hub.docker.com/v2/repositories/netlab/?page_size=100"
IMAGE_TAGS = "https://hub.docker.com/v2/repositories/{full_name}/tags/?page_size=100"
IMAGE_INFO = "https://hub.docker.com/v2/repositories/{}/"


def lab_images():
    return [r["name"] for r in requests.get(LAB_IMAGES, timeout=20).json()["results"]]


def tags_of(full_name):
    reply = requests.get(IMAGE_TAGS.format(full_name=full_name), timeout=20)
    return [t["name"] for t in reply.json()["results"]]


def pulls_of(image):
    return requests.get(IMAGE_INFO.format(image), timeout=20).json()["pull_count"]
