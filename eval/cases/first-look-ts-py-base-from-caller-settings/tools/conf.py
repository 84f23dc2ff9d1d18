class Conf:
    registry_api: str = "https://hub.docker.com/v2"
    timeout: int = 20


conf = Conf()
