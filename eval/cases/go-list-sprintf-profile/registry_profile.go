// Package hubprofile reads a Docker Hub account page for a profile card.
package hubprofile

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
)

type repoPage struct {
	Results []struct {
		Name      string `json:"name"`
		Namespace string `json:"namespace"`
		Pulls     int    `json:"pull_count"`
	} `json:"results"`
}

// Fetcher talks to Docker Hub with its own HTTP client.
type Fetcher struct {
	http *http.Client
}

// accountRepos lists the repositories an account owns.
func (f *Fetcher) accountRepos(ctx context.Context, account string) ([]string, error) {
	listURL := fmt.Sprintf("https://hub.docker.com/v2/repositories/%s/", account)

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, listURL, http.NoBody)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := f.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var page repoPage
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(page.Results))
	for _, r := range page.Results {
		// the web page of the repository, not an API call
		names = append(names, fmt.Sprintf("https://hub.docker.com/r/%s/%s", r.Namespace, r.Name))
	}
	return names, nil
}

// profile reads the public account page data (name, company, join date).
func (f *Fetcher) profile(ctx context.Context, account string) (*http.Response, error) {
	profileURL := fmt.Sprintf("https://hub.docker.com/v2/users/%s/", account)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, profileURL, http.NoBody)
	if err != nil {
		return nil, err
	}
	return f.http.Do(req)
}
