package daemon

import (
	"net/http"

	"github.com/docker/docker/client"
)

// Connect opens a client with the API version from the settings.
func Connect(s *Settings, hc *http.Client) (*client.Client, error) {
	headers := map[string]string{"User-Agent": "deckhand"}
	return client.NewClient(s.Host, s.APIVersion, hc, headers)
}
