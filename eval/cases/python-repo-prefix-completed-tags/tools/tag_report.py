"""Lists the tags of a team's images and prints the newest of each."""
import requests

IMAGE_ROOT = "https://hub.docker.com/v2/repositories/%s/%s/"


class TagReport:
    def __init__(self, team):
        self.team = team
        self.http = requests.Session()

    def image_root(self, image):
        return "https://hub.docker.com/v2/repositories/{}/{}/".format(self.team, image)

    def tags(self, image):
        return self.http.get(self.image_root(image) + "tags", params={"page_size": 100}).json()["results"]

    def tag_page(self, image, page):
        url = IMAGE_ROOT % (self.team, image) + "tags?page=%d" % page
        return self.http.get(url).json()

    def team_root(self):
        return "https://hub.docker.com/v2/repositories/%s/" % self.team

    def summary(self, image):
        return self.http.get(self.team_root() + image + "/").json()["description"]


if __name__ == "__main__":
    report = TagReport("harbourline")
    for tag in report.tags("gateway"):
        print(tag["name"], tag["last_updated"])
