from shipyard.engine import engine_client, high_level


def build_image(path, tag):
    api = engine_client(api_version="1.43")
    return list(api.build(path=path, tag=tag, decode=True))


def prune():
    api = engine_client()
    return api.prune_images()


def inspect(name):
    return high_level().images.get(name)
