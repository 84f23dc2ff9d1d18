"""Settings shared by the Hub sync jobs."""
import os

HUB_API = "https://hub.docker.com/v2"
PAGE_SIZE = int(os.environ.get("HUB_PAGE_SIZE", "100"))
