package client

import (
	"net/http"
	"time"

	"github.com/docker/docker/client"
)

const (
	unsupportedEnvironmentType = "unsupported environment type"
	clientVersionFloor         = "1.37"
	defaultTimeout             = 60 * time.Second
)

// Local returns a client for the local socket; the API version is negotiated with the daemon.
func Local(endpoint string) (*client.Client, error) {
	return client.NewClientWithOpts(
		client.WithHost(endpoint),
		client.WithAPIVersionNegotiation(),
	)
}

// Remote returns a client for a TCP endpoint with a custom HTTP client.
func Remote(endpoint string, hc *http.Client) (*client.Client, error) {
	opts := []client.Opt{
		client.WithHost(endpoint),
		client.WithAPIVersionNegotiation(),
		client.WithHTTPClient(hc),
	}
	return client.NewClientWithOpts(opts...)
}
