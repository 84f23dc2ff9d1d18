package registry

import (
	"context"
	"fmt"
	"net/http"
)

// Manifest fetches the manifest of repository:ref from the registry (distribution) API.
func (r *Registry) Manifest(ctx context.Context, repository, ref string) ([]byte, error) {
	uri := r.url("/v2/%s/manifests/%s", repository, ref)
	r.Logf("registry.manifests uri=%s repository=%s ref=%s", uri, repository, ref)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, uri, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Add("Accept", "application/vnd.docker.distribution.manifest.v2+json")
	return r.do(req)
}

// Delete removes a manifest by digest.
func (r *Registry) Delete(ctx context.Context, repository, digest string) error {
	uri := r.url("/v2/%s/manifests/%s", repository, digest)
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, uri, nil)
	if err != nil {
		return err
	}
	_, err = r.do(req)
	return err
}

func (r *Registry) url(format string, args ...interface{}) string {
	return r.URL + fmt.Sprintf(format, args...)
}
