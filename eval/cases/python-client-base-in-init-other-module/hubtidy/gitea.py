from hubtidy.rest import RestClient

# A code forge whose package API also has /v2/repositories/... paths: not the Hub.
forge = RestClient("https://forge.example.org/api")


def repositories(org):
    return forge.fetch("/v2/repositories/%s/" % org).json()
