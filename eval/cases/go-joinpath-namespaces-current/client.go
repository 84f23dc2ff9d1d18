package hubclient

import (
	"fmt"
	"net/http"
	"net/url"
)

type Client struct {
	hubURL *url.URL
	http   *http.Client
}

func New() (*Client, error) {
	hubURL, err := url.Parse("https://registry.hub.docker.com")
	if err != nil {
		return nil, err
	}
	return &Client{hubURL: hubURL, http: http.DefaultClient}, nil
}

func (c *Client) repositoriesURL(namespace string) string {
	return c.hubURL.JoinPath(fmt.Sprintf("/v2/namespaces/%s/repositories", namespace)).String()
}

func (c *Client) tagsURL(namespace, repository string) string {
	return c.hubURL.JoinPath(fmt.Sprintf("/v2/namespaces/%s/repositories/%s/tags", namespace, repository)).String()
}

func (c *Client) repositoryURL(namespace, repository string) string {
	return c.hubURL.JoinPath(fmt.Sprintf("/v2/namespaces/%s/repositories/%s", namespace, repository)).String()
}
