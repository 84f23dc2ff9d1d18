# coding: utf-8

"""
    Docker Engine API

    # Versioning

    The API is usually changed in each release, so API calls are versioned to
    ensure that clients don't break. To lock to a specific version of the API,
    you prefix the URL with its version, for example, call `/v1.30/info` to use
    the v1.30 version of the `/info` endpoint.

    If you omit the version-prefix, the current version of the API (v1.45) is
    used. For example, calling `/info` is the same as calling `/v1.45/info`.
"""


class Configuration:
    def __init__(self, host=None):
        self.host = host or "http://localhost"
