"""Defaults shared by the daemon helpers and their tests."""

DEFAULT_ENGINE_API = '1.45'
LOWEST_ENGINE_API = '1.24'
SOCKET_URL = 'unix://var/run/docker.sock'
