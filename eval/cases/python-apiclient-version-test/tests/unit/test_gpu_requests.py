import unittest

from docker import APIClient

from . import stub_daemon


class GpuRequestsOnOldDaemonTest(unittest.TestCase):
    def test_device_requests_sent_with_pinned_api(self):
        api = APIClient(version='1.40')
        api.create_container(
            'busybox', 'true',
            host_config=api.create_host_config(device_requests=[{'Count': 1}]),
        )
        call = stub_daemon.last_call()
        self.assertEqual(
            call.url,
            f'{stub_daemon.BASE}/v1.40/containers/create',
        )
