import os

# Same name as the Hub job's setting, but this one points at the internal pull-through mirror.
HUB_API = os.environ.get("MIRROR_API", "https://mirror.registry.example.org/v2")
