package web

import (
	"bytes"
	"io"
	"net/http"
	"strings"
)

// Client adds a base URL and retries to net/http.
type Client struct {
	BaseURL string
	real    *http.Client
}

func New(base string) Client {
	return Client{BaseURL: base, real: &http.Client{}}
}

func (c Client) full(url string) string {
	if strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://") {
		return url
	}
	return c.BaseURL + url
}

func (c Client) PostRequestTo(url string, payload []byte) ([]byte, error) {
	req, _ := http.NewRequest("POST", c.full(url), bytes.NewBuffer(payload))
	req.Header.Set("Content-Type", "application/json")
	return c.do(req)
}

func (c Client) GetRequestTo(url string) ([]byte, error) {
	req, _ := http.NewRequest("GET", c.full(url), nil)
	return c.do(req)
}

func (c Client) DeleteRequestTo(url string) error {
	req, _ := http.NewRequest("DELETE", c.full(url), nil)
	_, err := c.do(req)
	return err
}

func (c Client) do(req *http.Request) ([]byte, error) {
	res, err := c.real.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return io.ReadAll(res.Body)
}
