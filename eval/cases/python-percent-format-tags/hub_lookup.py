import logging

import requests

HUB_TAG_URL = "https://hub.docker.com/v2/repositories/%s/tags/latest/"


class HubLookup(object):
    @staticmethod
    def latest_info(image):
        reply = requests.get(HUB_TAG_URL % image)
        if reply.status_code != 200:
            logging.debug("Hub answered %s for %s", reply.status_code, image)
            raise Exception()
        return reply.json()
