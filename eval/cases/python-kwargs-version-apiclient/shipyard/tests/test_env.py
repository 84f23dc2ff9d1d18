import os
import unittest

from docker import APIClient
from docker.utils import kwargs_from_env

from shipyard.defaults import ENGINE_API_VERSION, SCHEMA_VERSION


class EnvClientTest(unittest.TestCase):
    def test_client_from_tls_env(self):
        os.environ.update(DOCKER_HOST="tcp://10.0.0.7:2376", DOCKER_TLS_VERIFY="1")
        kwargs = kwargs_from_env()
        kwargs["version"] = ENGINE_API_VERSION
        client = APIClient(**kwargs)
        self.assertEqual(client.base_url, "https://10.0.0.7:2376")

    def test_manifest_schema(self):
        manifest = {"schemaVersion": SCHEMA_VERSION, "layers": []}
        manifest["version"] = "0.0"
        self.assertIn("layers", manifest)
