import unittest

import docker

from harbor.settings import DEFAULT_ENGINE_API, SOCKET_URL


class DaemonHelperTest(unittest.TestCase):
    def setUp(self):
        self.api = docker.APIClient(base_url=SOCKET_URL, version=DEFAULT_ENGINE_API)

    def test_from_env_keeps_version(self):
        client = docker.from_env(version=DEFAULT_ENGINE_API)
        self.assertEqual(client.api._version, DEFAULT_ENGINE_API)
