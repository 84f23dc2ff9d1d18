"""A small Hub client built on a generic REST wrapper: every attribute or index below
``self.api`` is one path segment, and the final attribute is the HTTP verb."""
from threading import Lock

from restwrap import RestClient, Settings


class HubSession(RestClient):
    def __init__(self, user=None, secret=None, **extra):
        self._user = user
        self._secret = secret
        self._lock = Lock()
        settings = Settings(
            host=extra.pop('host', 'hub.docker.com'),
            https=True,
        )
        self.configure(settings)

    def authenticate(self):
        with self._lock:
            code, reply = self.api.v2.users.login.post(body={
                'username': self._user, 'password': self._secret,
            })
            if code == 200:
                self.token = reply['token']

    def owner_profile(self, owner):
        return self.api.v2.users[owner].get()

    def list_images(self, owner):
        return self.paged(self.api.v2.repositories[owner].get)

    def image(self, owner, image):
        return self.api.v2.repositories[owner][image].get()

    def image_tags(self, owner, image):
        return self.paged(self.api.v2.repositories[owner][image].tags.get)
