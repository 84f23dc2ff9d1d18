package stats

import (
	"encoding/json"
	"net/http"
	"strings"
)

type Collector struct {
	client *http.Client
}

type Snapshot struct {
	Pulls int `json:"pull_count"`
	Stars int `json:"star_count"`
}

// snapshot reads the counters of one repository ("namespace/name").
func (c *Collector) snapshot(slug string) (*Snapshot, error) {
	uri := "https://hub.docker.com/v2/repositories/" + strings.TrimSpace(
		strings.Trim(
			slug, "\n",
		),
	) + "/"

	res, err := c.client.Get(uri)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var s Snapshot
	if err := json.NewDecoder(res.Body).Decode(&s); err != nil {
		return nil, err
	}
	return &s, nil
}
