package hubclient

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

const (
	APIHost = "hub.docker.com"

	TeamsPath       = "/v2/orgs/%s/groups"
	AccountPath     = "/v2/users/%s"
	AccountOrgsPath = AccountPath + "/orgs"

	ImagesPath      = "/v2/repositories/%s"
	ImageGroupsPath = ImagesPath + "/%s/groups"
)

type Client struct {
	http *http.Client
	base *url.URL
}

func New() *Client {
	return &Client{
		http: http.DefaultClient,
		base: &url.URL{Scheme: "https", Host: APIHost},
	}
}

// endpoint fills a path template and resolves it against the client's base.
func (c *Client) endpoint(template string, args ...interface{}) *url.URL {
	return c.base.ResolveReference(&url.URL{Path: fmt.Sprintf(template, args...)})
}

func (c *Client) do(ctx context.Context, verb string, target *url.URL, out interface{}) error {
	req, err := http.NewRequestWithContext(ctx, verb, target.String(), nil)
	if err != nil {
		return err
	}
	_, err = c.http.Do(req)
	return err
}

func (c *Client) OrgImages(ctx context.Context, org string) error {
	var page struct{ Results []struct{ Name string } }
	return c.do(
		ctx,
		http.MethodGet,
		c.endpoint(ImagesPath, org),
		&page,
	)
}

func (c *Client) ImageGroups(ctx context.Context, org, image string) error {
	return c.do(ctx, http.MethodGet, c.endpoint(ImageGroupsPath, org, image), nil)
}
