package hubapi

import (
	"io"
	"net/http"
	"time"
)

// Client talks to one API root; BaseURL is set once by NewClient.
type Client struct {
	BaseURL string
	http    *http.Client
}

func NewClient(root string) *Client {
	return &Client{BaseURL: root, http: &http.Client{Timeout: 20 * time.Second}}
}

func (c *Client) send(verb, rel string, payload io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(verb, c.BaseURL+rel, payload)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return c.http.Do(req)
}
