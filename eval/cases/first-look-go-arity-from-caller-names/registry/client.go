package registry

import (
	"context"
	"io"
	"net/http"
)

const apiBase = "https://hub.docker.com"

type Client struct{ hc *http.Client }

// Request joins a relative path to the Hub base; absolute URLs (next pages) pass unchanged.
func (c *Client) Request(ctx context.Context, verb, path string, body io.Reader) (*http.Request, error) {
	if len(path) > 0 && path[0] == '/' {
		path = apiBase + path
	}
	return http.NewRequestWithContext(ctx, verb, path, body)
}
