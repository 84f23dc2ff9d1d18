from src.listing import team_images

PAGE = {
    "count": 1,
    "next": "https://hub.docker.com/v2/repositories/orbit/?page=2",
    "previous": None,
    "results": [{"name": "relay"}],
}


def test_first_page(monkeypatch):
    monkeypatch.setattr("src.listing.fetch_page", lambda url: PAGE)
    assert team_images("orbit")[0] == "relay"
