package hubapi

import (
	"net/http"
	"net/url"
)

const hubHost = "hub.docker.com"

// repoURL names one repository; the Hub answers with its card.
func repoURL(owner, name string) *url.URL {
	return &url.URL{Scheme: "https", Host: hubHost, Path: "/v2/repositories/" + owner + "/" + name + "/"}
}

func Card(c *http.Client, owner, name string) (*http.Response, error) {
	return c.Get(repoURL(owner, name).String())
}

func Tags(c *http.Client, owner, name string) (*http.Response, error) {
	u := url.URL{
		Scheme:   "https",
		Host:     hubHost,
		Path:     "/v2/namespaces/" + owner + "/repositories/" + name + "/tags",
		RawQuery: "page_size=100",
	}
	return c.Get(u.String())
}
