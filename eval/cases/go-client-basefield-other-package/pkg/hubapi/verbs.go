package hubapi

import (
	"io"
	"net/http"
)

func (c *Client) Fetch(rel string) (*http.Response, error) {
	return c.send("GET", rel, nil)
}

func (c *Client) Submit(rel string, payload io.Reader) (*http.Response, error) {
	return c.send("POST", rel, payload)
}
