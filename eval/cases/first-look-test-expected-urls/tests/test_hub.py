import responses

from shipyard.hub import fetch_repo, repo_url


def test_repo_url():
    assert repo_url("acme", "api") == "https://hub.docker.com/v2/repositories/acme/api/"


def test_repo_url_reversed():
    assert "https://hub.docker.com/v2/repositories/acme/web/" == repo_url("acme", "web")


def test_repo_url_expected_name():
    expected_url = "https://hub.docker.com/v2/repositories/acme/db/"
    assert repo_url("acme", "db") == expected_url


@responses.activate
def test_fetch_repo():
    responses.add(responses.GET, "https://hub.docker.com/v2/repositories/acme/api/", json={"name": "api"})
    assert fetch_repo("acme", "api")["name"] == "api"


def test_repo_url_multiline():
    assert (
        repo_url("acme", "cache")
        == "https://hub.docker.com/v2/repositories/acme/cache/"
    )
